import { rollUnderFormula } from "../../../../engine/dice/roll-under";
import type { PostedCard, SealResult } from "../../../../shell/cards/kind";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { resolveCheck, type CheckPlan } from "../../rules/checks";
import type { ApCard } from "../../play/cards/card-spec";
import { allDice } from "../../../../shell/dice/pool-roll";
import {
  actorPlan, maneuverPatches, maneuverRefusal, maneuverResult, targetPlan, type Maneuver,
  type ManeuverSeal, type RolledCheck,
} from "../../play/cards/maneuver";
import { pushBackMove } from "../../play/cards/card-steps";
import { fieldOf, type CardReading } from "./reading";
import { shiftBy } from "./steps";
import { maneuverFacts } from "../../play/cards/field";
import { offerTumble } from "../gm/reaction-attacks";

/**
 * The active GM's seal of a maneuver card (a special action that is a check): the checks
 * recomputed from the documents (`play/cards/maneuver.ts`), its AP paid (or breaking free's once
 * a round), both d100 checks rolled by the GM's own client and shown as the card is seen, and
 * what it did written at once, watched by the seal's recorder: the grapple and Feint marks and
 * the use to what the GM keeps, a Shove's prone as the target's status, a failed Tumble Through's
 * reaction attack offered to that enemy alone, a push back's token moved one hex straight away
 * (a rule's move: it provokes nothing). Source: `004_2cc57162401858c9.txt` §Special Actions.
 */
async function rolled(plan: CheckPlan, name: string, dice: ShownRolls): Promise<RolledCheck> {
  const roll = await dice.roll(rollUnderFormula(plan.edge), name);
  const result = resolveCheck(plan, allDice(roll));
  return { plan, dice: result.dice, roll: result.roll, level: result.level };
}

export async function sealManeuver(
  posted: PostedCard, card: ApCard, m: Maneuver, reading: CardReading,
): Promise<SealResult> {
  const field = fieldOf(reading);
  const facts = maneuverFacts(field, card);
  const may = maneuverRefusal(m, facts);
  if ("refused" in may) return { ok: false, refused: may.refused };
  const dice = new ShownRolls();
  const actor = await rolled(actorPlan(m, facts), reading.attacker.name ?? "", dice);
  const against = targetPlan(m, facts);
  const target = against ? await rolled(against, reading.target.name ?? "", dice) : null;
  await dice.show(card.itemName, { card: posted.message });
  const result = maneuverResult(m, facts, actor.level, target?.level ?? null, card.shove);
  const { combat, attackerCombatant: a, targetCombatant: b } = reading;
  if (combat) {
    await combat.keepRecorded(maneuverPatches({ actor: a?.id, target: b?.id }, may.pay, result),
      posted.recorder);
  }
  if (result.shove.includes("prone")) {
    posted.recorder.watchEmbedded(reading.target, "ActiveEffect", "effects");
    await reading.target.toggleStatusEffect("prone", { active: true });
  }
  const push = result.shove.includes("pushBack") ? pushBackMove(field) : null;
  if (push) await shiftBy(push, posted.recorder);
  if (result.provokes && combat && a && b?.id) await offerTumble(combat, a, b.id, posted.recorder);
  const seal: ManeuverSeal = {
    maneuver: m, poster: posted.poster.id ?? "", actor, target, result,
    names: { actor: reading.attacker.name ?? "", target: card.targetName },
  };
  return { ok: true, seal };
}
