import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { engagedWithIn, popOffIn } from "../documents/combat-engagement";
import { planDisengage, resolveDisengage } from "../../rules/disengage";
import { foundryList, foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import { timingOf } from "../../play/actors/timed-effects";
import { sealOf, type AttackSeal } from "../../play/cards/card-seal";
import { trustedRecords } from "../../../../shell/cards/records";
import { grabberAmong } from "../../play/cards/hits-this-round";
import { disengageLine } from "../../play/views/action-lines";

/** Whether its grabber, not hit by it this round, is among the foes (`grabberAmong`). */
function grabbedByFoe(combat: FrayCombat, actor: FrayActor, foes: readonly string[]): boolean {
  if (!actor.statuses.has("grabbed")) return false;
  const sources = actor.timedEffects.filter((e) => e.statuses.has("grabbed"))
    .map((e) => timingOf(e)?.source ?? "");
  return grabberAmong(sources, foes, attackSeals(), {
    actorUuid: actor.uuid, combatId: combat.id ?? "", round: combat.round,
    tokenOf: (id) => combat.combatants.get(id)?.token?.uuid ?? "",
  });
}

/** Every sealed attack card in the chat log (this client's copy of it). */
function attackSeals(): AttackSeal[] {
  return (game.messages?.contents ?? []).flatMap((m) => {
    if (m.type !== "escalationAttack") return [];
    // Only seals the GM wrote on a card it took over: a player's unsealed card proves no hit.
    const seal = sealOf(trustedRecords(m)?.seal);
    return seal?.kind === "attack" ? [seal] : [];
  });
}

/**
 * Disengaging from every engaged foe: a Move action and a 3d6 check against 11 (+1 per extra foe);
 * Grabbed gives 1 Disadvantage when its grabber is among them and was not hit by it this round;
 * Stuck cannot. A failure still spends the move
 * action; a success pops the combatant off them. Source: `000_c2dc3d650823e22d.txt` §Disengaging
 * and Popping Off; `disengage.ts`.
 * @throws Error (localized) when not engaged, Stuck, or without a move action; nothing changes.
 */
export async function disengage(combat: FrayCombat, combatantId: string): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor as FrayActor | null | undefined;
  if (!combatant || !actor) return;
  const foes = engagedWithIn(combat, combatantId);
  const fromGrabber = grabbedByFoe(combat, actor, foes);
  const planned = planDisengage({ enemies: foes.length, conditions: actor.statuses, fromGrabber });
  if ("block" in planned) throw new Error(t(planned.block, { name: actor.name }));
  if (!(await combat.spendAction(combatantId, "move"))) {
    const name = t("FRAY.Disengage.Name");
    throw new Error(t("FRAY.Use.NoAction", { name, action: t("FRAY.Action.move") }));
  }
  const { roll, dice } = await rollPool(planned.plan.pool);
  const r = resolveDisengage(planned.plan, dice);
  const names = foundryList(foes.map((id) => combat.combatants.get(id)?.name ?? ""));
  if (r.success) await popOffIn(combat, combatantId, foes);
  const line = disengageLine(actor.name, names, { ...r, target: planned.plan.target }, t);
  await postEvent(t("FRAY.Disengage.Name"), [line], {
    rolls: [roll], actor,
  });
}
