import { keptPath } from "../../../../shell/combat/kept-record";
import { refuse, type CardStep } from "../../../../shell/cards/kind";
import type { Recorder } from "../../../../shell/cards/recorder";
import { ledgerOf, sealOf, type AppliedStep, type ShockLedger } from "../../play/cards/card-seal";
import { targetOf } from "../../play/cards/card-window";
import { checkApply, parseApplyRequest, type ApplyRequest } from "../../play/cards/relay-check";
import { damageApplied } from "../../play/cards/apply-damage";
import { goneOf, readCard, targetState, type CardReading } from "./reading";
import { offerMorale } from "../chat/morale";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { KNOCKED_OUT_MARKS, KNOCKED_OUT_STATUS } from "../../play/round/health";

/**
 * The author (or the GM) applies a settled card: a hit's damage, or a miss's Shock through the
 * target's guard now (Total Defense stops it; a ready shield ignores the first Shock each round and
 * is then spent; a swarm's Shock passes a shield). Then a PC at 0 HP is Mortally Injured (its fall
 * round kept on its combatant), an NPC at 0 is defeated, and its morale group is checked at the
 * ruled triggers. A failed execution save takes all the target's HP; a non-lethal one knocks it
 * out instead (`KNOCKED_OUT_STATUS`: a PC not dying, an NPC out of the fight without the `dead`
 * overlay). Source: `002_5e27cdf788b28f5f.txt` §Shock, §Damage, §Total Defense, §Morale,
 * §Execution Attacks; RULINGS.md §shock (Mortally Injured, Morale).
 */
export const APPLY_STEP: CardStep<ApplyRequest> = {
  parse: parseApplyRequest,
  check({ records, sender }) {
    const ledger = ledgerOf(records.ledger);
    const verdict = checkApply(sealOf(records.seal), ledger, sender);
    // Damage and a maneuver in lieu of it exclude each other: one claim for both.
    return verdict.ok ? { ok: true, claim: "apply" } : verdict;
  },
  async run({ records, sender }, recorder) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    // The target now: the sealed one, or the ally whose held screen took the attack.
    const target = seal ? { ...seal, tokenUuid: targetOf(seal, ledger).tokenUuid } : null;
    const reading = target ? readCard(target) : null;
    if (!target || !ledger.result) return refuse("noTarget");
    // Said plainly when the attacker, its weapon or the target was deleted since.
    if (!reading) return refuse(`shockGone.${goneOf(target) ?? "target"}`);
    const applied = await deal(reading, ledger.result, sender.id, recorder);
    return { ok: true, ledger: { applied }, recordAs: "apply" };
  },
};

/**
 * Deals a settled result, recording for Undo what it changes: the shield's use (owed back only
 * in the round it was spent: every shield is ready again after it), the target's HP (a hit that
 * leaves it standing may have later hits on top; one that fells it must still be as it left it),
 * its mortal marks, its combatant's fall round and defeat, and a knock-out's `unconscious` status.
 */
async function deal(
  reading: CardReading, result: NonNullable<ShockLedger["result"]>, by: string, recorder: Recorder,
): Promise<AppliedStep> {
  const { target, combat, combatant } = reading;
  const wasUp = target.health === "up";
  const inRound = Boolean(combatant && combat?.started);
  const round = inRound ? combat?.round ?? 0 : 0;
  const { dealt, absorbedBy, shieldSpent, knockedOut } =
    damageApplied(result, targetState(reading), target.hp.value, inRound);
  if (inRound && combatant && combat) {
    // The shield and the fall round are kept on the combat (shell/combat/kept.ts).
    const guard = { uuid: combat.uuid ?? "", path: "round", equals: round };
    const id = combatant.id ?? "";
    recorder.watch(combat, [keptPath(id, "shieldUsed")], { guard });
    recorder.watch(combat, [keptPath(id, "fellRound")]);
    recorder.watch(combatant, ["defeated"]);
  }
  const max = { uuid: target.uuid ?? "", path: "system.hp.max" };
  recorder.watch(target, ["system.hp.value"], {
    add: { "system.hp.value": (_before, after) => (after > 0 ? { nowMin: 1, max } : null) },
  });
  recorder.watch(target, ["system.mortal"]);
  if (shieldSpent && combatant && combat)
    await combat.keep({ [combatant.id ?? ""]: { shieldUsed: true } });
  const { before, after } = knockedOut
    ? await knockOut(target, recorder)
    : await target.changeHp(-dealt);
  if (wasUp) await markFall(combat, combatant, target);
  return {
    by, dealt, absorbedBy, hpBefore: before, hpAfter: after, shieldSpent, round,
    ...(knockedOut ? { knockedOut } : {}),
  };
}

/**
 * GM: a non-lethal execution's failed save. The `unconscious` status goes on first, so the
 * actor's marker sync (`syncHealthStatuses`, after the HP write) sees it and puts no `dead`
 * overlay on an NPC; an effect's creation re-prepares its actor before the await returns, so
 * `statuses` has it (client/data/client-backend.mjs `_createDocuments` → `parent.reset()`). Then
 * HP 0, and for a PC the marks of one knocked out, not dying (written with the HP, so the actor's
 * `_preUpdate` keeps them).
 */
async function knockOut(
  target: ShockActor, recorder: Recorder,
): Promise<{ before: number; after: number }> {
  const before = target.hp.value;
  const had = new Set(target.effects.keys());
  await target.toggleStatusEffect(KNOCKED_OUT_STATUS, { active: true });
  // Undo must find the status as the knock-out left it.
  for (const effect of target.effects)
    if (!had.has(effect.id ?? "")) recorder.created(effect, { required: true });
  const mortal = target.isPC ? { mortal: KNOCKED_OUT_MARKS } : {};
  await target.update({ system: { hp: { value: 0 }, ...mortal } } as Actor.UpdateData);
  return { before, after: 0 };
}

/**
 * GM, after damage to a combatant that was up: if it fell, its fall round is kept, an NPC is
 * defeated and its morale group checked (RULINGS.md §shock Mortally Injured, Morale).
 */
export async function markFall(
  combat: ShockCombat | null, combatant: ShockCombatant | null, target: ShockActor,
): Promise<void> {
  if (target.health === "up" || !combatant || !combat?.started) return;
  await combat.keep({ [combatant.id ?? ""]: { fellRound: combat.round } });
  await combatant.update({ defeated: !target.isPC } as Combatant.UpdateData);
  if (!target.isPC) await offerMorale(combat, target);
}
