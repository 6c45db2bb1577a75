import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { allDice } from "../../../../shell/dice/pool-roll";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { executionOutcome, finalResult, type Judged } from "../../play/cards/resolve";
import type { ShockResult, ShockSeal } from "../../play/cards/card-seal";
import { factsOf, type CardReading } from "./reading";

/**
 * The GM settles a card once its reaction window settled (`judged`: the AC and whether the roll
 * met it), or an execution at once: a hit's damage dice are rolled with Foundry's Roll on the GM's
 * client (so no player can choose them) and shown to whoever sees the card, and the rules compute
 * the damage with its Shock floor; a miss gives its Shock. Source: `002_5e27cdf788b28f5f.txt`
 * §Damage, §Shock, §Execution Attacks.
 */
export async function settle(
  reading: CardReading, seal: ShockSeal, card: ChatMessage.Implementation | null, judged: Judged,
): Promise<ShockResult> {
  const facts = factsOf(reading, seal);
  const dice = new ShownRolls();
  // An execution lands; the target's Physical save is rolled here, on the GM's client. A
  // non-lethal one knocks out on a failed save (the seal says so only with an execution).
  if (seal.execution) {
    const save = await dice.roll("1d20");
    await dice.show(t("FRAY.Shock.Roll.ExecutionSave", { name: reading.target.name }), { card });
    const natural = save.dice[0]?.results[0]?.result ?? 1;
    return executionOutcome(facts, reading.target.statblock.save, natural, !seal.nonLethal);
  }
  if (!judged.hit) return finalResult(facts, judged, null, "");
  const formula = `${facts.weapon.dice}d${facts.weapon.die}`;
  const roll = await dice.roll(formula);
  await dice.show(t("FRAY.Shock.Roll.Damage", { weapon: facts.weapon.name }), { card });
  return finalResult(facts, judged, allDice(roll), formula);
}
