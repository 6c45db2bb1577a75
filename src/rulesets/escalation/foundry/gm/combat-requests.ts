import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayItem } from "../documents/item";
import { registerRequest, type RelayResult } from "../../../../shell/relay/gm-relay";
import {
  combatantOfRequest, registerCombatantRequest, senderOwns,
} from "../../../../shell/relay/combatant-requests";
import { isFields, textField as text } from "../../../../engine/requests/fields";
import { REQUESTS } from "../../play/requests/names";
import type { Sender } from "../../play/requests/relay-check";
import { disengage } from "../chat/disengage";
import { rollDeathSave, stabilizeActor } from "../chat/death-save";
import { fightInSpirit } from "../chat/party-actions";
import { spiritOf, spiritRequestRefusal } from "../../play/actors/spirit";
import { helpRefusal } from "../../play/requests/help-check";
import { sustainAbility } from "../chat/sustain";
import { actRefusal } from "../../play/actors/may-act";
import { BANDS, type Band } from "../../rules/constants";
import { spiritRefusal, type SpiritBoon } from "../../rules/fight-in-spirit";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { sameJson } from "../../../../engine/deltas/delta";

/**
 * What players ask the active GM to do in a combat, because it writes documents a player's client
 * may not write (Foundry v13 common/documents/combat.mjs lets players change only a Combat's turn,
 * round and their own combatants; combatant.mjs lets owners change only their own combatant;
 * actors and their effects need ownership): reordering, Delay and readied actions (other
 * combatants and the turn), disengaging (the combat's engagement flags), stabilising and granting a
 * Last Gasp save (an ally's actor), Fight in Spirit (an ally's effects) and sustaining (the
 * targets' effects). Each re-checks, from the documents, that the sender may act for whom it names.
 */
const refuse = (reason: string): RelayResult => ({ ok: false, reason });
const onCombatant = registerCombatantRequest<FrayCombat>;

/** The combatant whose turn it is, when the sender acts for it (the helper of stabilise/grant). */
function currentHelper(combat: FrayCombat, sender: Sender) {
  const current = combat.combatant;
  if (!combat.started || !current?.id) return null;
  return senderOwns(sender, current) ? current : null;
}

export function registerCombatRequests(): void {
  onCombatant(REQUESTS.shift, async (combat, id, payload) => {
    await combat.shiftInGroup(id, payload.direction === -1 ? -1 : 1);
    return { ok: true };
  });
  onCombatant(REQUESTS.delay, async (combat, id, payload) => {
    if (!(BANDS as readonly unknown[]).includes(payload.band)) return refuse("badRequest");
    await combat.delayCombatant(id, payload.band as Band).catch(() => {
      throw new Error(t("FRAY.Combat.DelayInvalid"));
    });
    return { ok: true };
  });
  onCombatant(REQUESTS.ready, async (combat, id) => {
    const trigger = combat.combatant?.id;
    if (!combat.started || !trigger) return refuse("notInCombat");
    if (trigger === id) return refuse("notYourTurn");
    // A readied action is an action: not for one who may not act now (`mayAct`: Dying, making
    // Last Gasp saves, back up only from its next turn…; §Dying and Death, §Last Gasp Saves).
    const readier = combat.combatants.get(id)?.actor as FrayActor | null | undefined;
    const cannot = readier ? actRefusal(readier) : null;
    if (readier && cannot)
      throw new Error(t(cannot, { actor: readier.name, name: t("FRAY.Ready.Name") }));
    await combat.takeReadiedAction(id, trigger);
    return { ok: true };
  });
  onCombatant(REQUESTS.disengage, async (combat, id) => {
    if (!combat.started) return refuse("notInCombat");
    // A combatant whose actor is gone has nobody to disengage (`disengage` would do nothing).
    if (!combat.combatants.get(id)?.actor) return refuse("noTarget");
    await disengage(combat, id);
    return { ok: true };
  });
  onCombatant(REQUESTS.spirit, async (combat, id, payload) => {
    const giver = combat.combatants.get(id)?.actor as FrayActor | null | undefined;
    const ally = combat.combatants.get(text(payload.allyId) ?? "")?.actor as
      FrayActor | null | undefined;
    if (!combat.started) return refuse("notInCombat");
    const bad = spiritRequestRefusal(giver ?? null, ally ?? null, ally === giver, payload.boon);
    if (bad) return refuse(bad);
    // On the giver's own turn, one boon (read from the documents: a boon it gave still holds).
    const given = combat.combatants.contents.some((c) =>
      (c.actor?.effects.contents ?? []).some((e) => spiritOf(e)?.source === id));
    const refusal = spiritRefusal({ giversTurn: combat.combatant?.id === id, givenThisTurn: given });
    if (refusal) return refuse(refusal);
    await fightInSpirit(giver!, id, ally!, payload.boon as SpiritBoon);
    return { ok: true };
  });
  registerRequest(REQUESTS.stabilise, async (payload, sender) =>
    helped(payload, sender, "stabilise"),
  );
  registerRequest(REQUESTS.grantSave, async (payload, sender) =>
    helped(payload, sender, "grantSave"),
  );
  registerRequest(REQUESTS.sustain, async (payload, sender) => {
    if (!isFields(payload)) return refuse("badRequest");
    const actor = (await fromUuid(
      (text(payload.actorUuid) ?? "") as `Actor.${string}`,
    )) as FrayActor | null;
    if (!actor || !senderOwns(sender, actor)) return refuse("notOwner");
    const item = actor.items.get(text(payload.itemId) ?? "") as FrayItem | undefined;
    if (!item) return refuse("noTarget");
    await sustainAbility(actor, item);
    return { ok: true };
  });
}

/**
 * Stabilising a Dying ally or granting a Last Gasp save: a Standard action of the combatant whose
 * turn it is, for someone else. Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp.
 */
async function helped(
  payload: unknown,
  sender: Sender,
  kind: "stabilise" | "grantSave",
): Promise<RelayResult> {
  if (!isFields(payload)) return refuse("badRequest");
  const { combat, combatant } = combatantOfRequest<FrayCombat>(payload, sender, "targetId");
  const target = combatant?.actor as FrayActor | null | undefined;
  if (!combat || !combatant || !target?.isPC) return refuse("noTarget");
  const helper = currentHelper(combat, sender);
  if (!helper?.id) return refuse("notYourTurn");
  if (helper.id === combatant.id) return refuse("badRequest");
  const name = t(kind === "stabilise" ? "FRAY.DeathSave.Stabilise" : "FRAY.DeathSave.GrantSave");
  const cannot = helpRefusal(kind, target);
  if (cannot) throw new Error(t(cannot, { name: target.name }));
  const actions = structuredClone(combat.actionsOf(helper.id));
  const death = structuredClone(target.death);
  if (!(await combat.spendAction(helper.id, "standard"))) {
    throw new Error(t("FRAY.Use.NoAction", { name, action: t("FRAY.Action.standard") }));
  }
  try {
    if (kind === "stabilise") await stabilizeActor(target, helper.name ?? "");
    else await rollDeathSave(target, true);
  } catch (err) {
    // The target was not helped (its death track as it was: it was deleted meanwhile, or the
    // write was refused): the helper keeps its action. Helped, only the chat card failed: paid.
    if (sameJson(target.death, death))
      await combat.markActions(helper.id, actions).catch(() => undefined);
    throw err;
  }
  return { ok: true };
}
