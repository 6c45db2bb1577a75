import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { registerCombatantRequest, senderOwns } from "../../../../shell/relay/combatant-requests";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { refuse } from "../../../../shell/cards/kind";
import { combatOfToken } from "../../../../shell/combat/located";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { keptPath } from "../../../../shell/combat/kept-record";
import { withPutBack } from "../../../../shell/gm/put-back";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { mayActNext, turnRefusal } from "../../play/round/sides";
import { REQUESTS } from "../../play/requests/names";
import { firstAidRefusal, readFirstAidRequest } from "../../play/requests/combatant-request";
import { BUDGET_FIELDS } from "../../play/data/combatant-spec";
import { offerOpportunity } from "./opportunity";

/**
 * What players ask the active GM to do in a shock combat, because it writes documents a player's
 * client may not (Foundry v13 common/documents/combat.mjs lets players change only a Combat's turn
 * and round and their own combatants; groups need an ASSISTANT to create; an ally's actor needs its
 * owner): rolling side initiative, choosing who acts next within a side (renumbers the side), and
 * first aid on a fallen ally. Each re-checks from the documents that the sender acts for whom it
 * names. Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Use a Skill; RULINGS.md §shock.
 */


export function registerCombatRequests(): void {
  registerCombatantRequest<ShockCombat>(REQUESTS.actNext, async (combat, id) => {
    const c = combat.combatants.get(id) as ShockCombatant;
    const acting = (combat.combatant as { side?: string } | null)?.side ?? null;
    const at = combat.turns.findIndex((x) => x.id === id);
    if (!mayActNext(combat.started, acting, c.side, at, combat.turn)) return refuse("notYourTurn");
    await combat.actNext(id);
    return { ok: true };
  });
  registerRequest(REQUESTS.firstAid, firstAid);
}

/**
 * First aid (Use a Skill: a Main action that provokes) stabilises a Mortally Injured PC at 0 HP
 * (RULINGS.md §shock). When the target lies in a started encounter (the one its token is in,
 * whichever one the GM views), the helper must fight in it, on its side's turn, and its Main is
 * spent; outside any encounter nobody counts actions.
 */
async function firstAid(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = readFirstAidRequest(payload);
  if (!p) return refuse("badRequest");
  const helper = fromUuidSync(p.helperUuid) as ShockActor | null;
  const token = fromUuidSync(p.tokenUuid) as TokenDocument.Implementation | null;
  const target = (token?.actor ?? null) as ShockActor | null;
  if (!helper || !target) return refuse("noTarget");
  if (!senderOwns(sender, helper)) return refuse("notOwner");
  const why = firstAidRefusal(helper.health, target.health, helper === target);
  if (why) throw new Error(t(why.key, { name: (why.who === "helper" ? helper : target).name }));
  const combat = (token ? combatOfToken(token)?.combat ?? null : null) as ShockCombat | null;
  const c = combat?.combatantOf(helper as Actor.Implementation);
  if (combat && !c) return refuse("notInCombat");
  const outOfTurn = combat && c ? turnRefusal("useSkill", combat.turnStateOf(c)) : null;
  if (outOfTurn) throw new Error(t(outOfTurn));
  // Not stabilised or not told (the target deleted meanwhile, a write or the card refused): the
  // Main and the marks are put back (`shell/gm/put-back.ts`).
  return withPutBack(async (recorder) => {
    if (combat && c) recorder.watch(combat, BUDGET_FIELDS.map((f) => keptPath(c.id ?? "", f)));
    recorder.watch(target, ["system.mortal"]);
    if (combat && c && !(await combat.spend(c, "useSkill")))
      throw new Error(t("FRAY.Shock.Refuse.Spent.useSkill"));
    await target.stabilise();
    // First aid is Use a Skill: it provokes from adjacent foes armed for melee (§Use a Skill).
    if (combat && c) await offerOpportunity(combat, c);
    const line = t("FRAY.Shock.FirstAid.Done", { helper: helper.name, target: target.name });
    await postNote({ content: noteHtml("shock", [line]), alias: helper.name });
    return { ok: true };
  });
}
