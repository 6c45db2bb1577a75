import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { executionOutcome, finalResult, hitsAc, acNow } from "../chat/resolve";
import type { ShockResult, ShockSeal } from "../chat/card-seal";
import { factsOf, targetState, type CardReading } from "./reading";

/**
 * The GM settles a card once its reactions are in: at the target's AC now (Total Defense counted),
 * a hit's damage dice are rolled with Foundry's Roll on the GM's client (so no player can choose
 * them) and shown to whoever sees the card and the rules compute the damage with its Shock floor; a miss gives its Shock.
 * Source: `002_5e27cdf788b28f5f.txt` §Damage, §Shock.
 */
export async function settle(
  reading: CardReading, seal: ShockSeal, card: ChatMessage.Implementation | null = null,
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
  const state = targetState(reading);
  if (!hitsAc(seal.natural, seal.total, acNow(state))) return finalResult(facts, state, null, "");
  const formula = `${facts.weapon.dice}d${facts.weapon.die}`;
  const roll = await dice.roll(formula);
  await dice.show(t("FRAY.Shock.Roll.Damage", { weapon: facts.weapon.name }), { card });
  return finalResult(facts, state, roll.dice[0]?.results.map((r) => r.result) ?? [], formula);
}
