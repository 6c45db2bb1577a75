import { textField, type Fields } from "../../../../engine/requests/fields";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { combatOfActor, startedOn } from "../../../../shell/combat/located";
import type { Recorder } from "../../../../shell/cards/recorder";
import { playerOwners } from "../../../../shell/documents/owners";
import { summonBeside } from "../../../../shell/documents/summon-beside";
import { setStatuses } from "../../../../shell/documents/statuses";
import { withPutBack } from "../../../../shell/gm/put-back";
import { registerTokenRequest } from "../../../../shell/relay/token-requests";
import type { RelayResult } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import { isWoundsActor } from "../../play/actors/unit";
import {
  castOutsideCombat, channelingKept, SUMMON_OUTSIDE, type CastDone,
} from "../../play/round/cast";
import { storedSummonMark } from "../../play/round/summon-marks";
import { thrallEntry, thrallNote } from "../../play/round/thrall-offer";
import { upkeepAtTurnStart } from "../../play/round/upkeep";
import type { WoundsActor } from "../documents/actor";
import { summonsStanding, type WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/** The compendium of wounds' NPCs a spell's `summon` may name (`manifest.ts`). */
const NPC_PACK = "fray.wounds-npcs";

/**
 * The active GM's work after a cast press it allowed (its spend verdict's `after`): the MP paid, a
 * summon. Whole or not at all (`shell/gm/put-back.ts`): a summon that cannot be made gives back
 * the MP and what was made, and throws; the shell puts the press's kept fields back and sets
 * channeling only once this work is done (`shell/combat/kept-spend.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling, §Summoning Slots.
 * @throws Error (localized) when the summon cannot be made.
 */
export async function afterCast(combat: WoundsCombat, c: WoundsCombatant, done: CastDone):
  Promise<void> {
  const actor = c.actor;
  if (!actor) return;
  await withPutBack(async (recorder) => {
    recorder.watch(actor, ["system.mp.value"]);
    if (done.mp !== null) await actor.update({ "system.mp.value": done.mp } as Actor.UpdateData);
    if (done.summon) await summonUnit(combat, c, done.summon, recorder);
  });
}

/**
 * GM, as `c`'s turn starts: the upkeep of the spell it keeps up (`play/round/upkeep.ts`) paid
 * from its MP. Short of them (or of the spell), it ends: its channeling too unless a cast under
 * way channels, and the table is told. Source: `001_dbc5fcc02a99a518.txt` §Channeling.
 */
export async function payUpkeep(combat: WoundsCombat, c: WoundsCombatant): Promise<void> {
  const actor = c.actor as WoundsActor | null;
  if (!actor || !isWoundsActor(actor) || !c.id) return;
  const { mp, spells } = actor.statblock;
  const due = upkeepAtTurnStart(c.data, mp, spells, actor.health !== "up");
  if (due?.mp != null) await actor.update({ "system.mp.value": due.mp } as Actor.UpdateData);
  if (!due || due.mp !== null) return;
  await combat.keep({ [c.id]: due.patch });
  await setStatuses(actor, { [STATUS_OF_CAUSE.channeling]: channelingKept(c.data) });
  const data = { name: actor.name ?? "", spell: due.ended?.spell ?? "" };
  const line = t(`FRAY.Wounds.Upkeep.${due.ended?.reason ?? "noMp"}`, data);
  await postNote({ content: noteHtml("wounds", [line]) });
}

/** The unit `summon` names, summoned by `owner` beside `beside` in battle `battle` ("" none). */
const placeSummon = (beside: TokenDocument.Implementation | null, owner: WoundsActor,
  summon: string, battle: string, recorder: Recorder) => summonBeside(beside, owner, NPC_PACK,
  summon, storedSummonMark({ summoner: owner.uuid, battle, thrall: false }), recorder);

/**
 * Summons the unit `summon` names beside `caster` (`shell/documents/summon-beside.ts`): its
 * token, marked its summoner's, and its combatant kept as summoned this round by `caster`,
 * placed among newcomers in the order.
 * @throws Error (localized) when no such unit, no caster token or no room is found.
 */
async function summonUnit(
  combat: WoundsCombat, caster: WoundsCombatant, summon: string, recorder: Recorder,
): Promise<void> {
  const { actor, token } = await placeSummon(caster.token, caster.actor as WoundsActor, summon,
    combat.id ?? "", recorder);
  const [joined] = (await combat.createEmbeddedDocuments("Combatant", [{
    tokenId: token.id, sceneId: token.parent?.id, actorId: actor.id,
    hidden: caster.token?.hidden ?? false,
  } as Combatant.CreateData])) ?? [];
  if (!joined?.id) throw new Error(t("FRAY.Summon.NoJoin", { name: token.name ?? "" }));
  recorder.created(joined);
  const kept = { summoned: combat.round, summoner: caster.id ?? "" };
  const thrallCost = (actor as WoundsActor).statblock.thrallCost;
  await combat.keep({ [joined.id]: { ...kept, thrallCost } });
  await combat.rollInitiative(joined.id);
}

/**
 * GM: a summoning spell cast outside a battle from `token` (its owner or a GM asks, `spellId`):
 * ruled by `castOutsideCombat` against the summons its actor holds anywhere; its unit placed
 * beside the token, of no battle (it vanishes as one begins on its scene: `battle-end.ts`
 * `startBattle`), its MP paid, and the thrall offer whispered to the caster's owners and the
 * GMs. Source: `001_dbc5fcc02a99a518.txt` §Thralling, §Summoning Slots.
 */
async function summonOutside(token: TokenDocument.Implementation, actor: Actor.Implementation,
  payload: Fields): Promise<RelayResult> {
  const caster = actor as WoundsActor;
  const name = caster.name ?? "";
  const refuse = (key: string): RelayResult =>
    ({ ok: false, reason: `FRAY.Wounds.Refuse.${key}`, data: { name } });
  if (!isWoundsActor(caster)) return { ok: false, reason: "noTarget" };
  // Not while a battle is under way there: a player could leave its combat, cast, and come back.
  if (combatOfActor(caster) || startedOn(token.parent?.id)) return refuse("InBattle");
  const block = caster.statblock;
  const spell = block.spells.find((s) => s.id === textField(payload.spellId));
  const done = castOutsideCombat(block, spell, summonsStanding(caster.uuid));
  if (typeof done === "string") return refuse(done);
  if (!done.summon) return refuse("NotSummoning");
  return withPutBack(async (recorder) => {
    // Paid first, given back when the summon cannot stand (`shell/gm/put-back.ts`).
    recorder.watch(caster, ["system.mp.value"]);
    await caster.update({ "system.mp.value": done.mp } as Actor.UpdateData);
    const made = await placeSummon(token, caster, done.summon, "", recorder);
    const entry = thrallEntry(made.token.id ?? "", made.token, caster,
      (made.actor as WoundsActor).statblock.thrallCost);
    const note = thrallNote([entry], t, true);
    await postNote({ ...note, whisperAlso: playerOwners(caster) });
    return { ok: true };
  });
}

/** Registers the cast outside a battle (during `init`). */
export const registerSummonOutside = (): void =>
  registerTokenRequest(SUMMON_OUTSIDE, summonOutside);
