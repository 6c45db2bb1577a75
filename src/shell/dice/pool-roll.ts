import { poolFormula, type PoolSpec } from "../../engine/dice/pool";

/**
 * Rolling an engine dice pool in Foundry: the rules plan a pool (`engine/dice/pool.ts`), Foundry's
 * Roll rolls it (so it can be shown as a roll, in its roll mode, and Dice So Nice animates it),
 * and the rules read every die and decide which are kept.
 * @returns the evaluated Roll (to attach to a chat card) and every die it rolled.
 */
export async function rollPool(pool: PoolSpec): Promise<{ roll: Roll; dice: number[] }> {
  const roll = await new Roll(poolFormula(pool)).evaluate();
  return { roll, dice: allDice(roll) };
}

/**
 * Every die the roll's first dice term rolled, in order, kept or not: a `kh`/`kl` modifier marks
 * the dropped dice inactive but leaves them in `results` (client/dice/terms/die.mjs `keep`, dice.mjs `_keepOrDrop`), and
 * the rules decide what is kept. Empty for a roll without dice.
 */
export function allDice(roll: Roll): number[] {
  return roll.dice[0]?.results.map((r) => r.result) ?? [];
}
