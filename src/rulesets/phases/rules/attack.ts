import type { EdgeSource } from "../../../engine/dice/edge";
import {
  keepMixedDice, mixedPoolChanceAtLeast, mixedPoolFormula, PHASES_STEPPED_DIE, steppedDiePool,
  type MixedPoolResult, type MixedPoolSpec,
} from "../../../engine/dice/mixed-pool";
import {
  footprintDistance, footprintsAdjacent, type Footprint,
} from "../../../engine/space/footprint";
import type { Grid } from "../../../engine/space/grid";
import type { AttackEdge } from "./edge";
import type { AttackPower, ConditionEffect, Damage } from "./statblock";

/**
 * A `phases` attack: 2d6 (with the stepped die of its edge, two kept) + the attacker's ATK
 * against the target's DEF, a hit when the total is at least the DEF; the power's damage on a
 * hit, on a miss only what the power says (none unless stated), and its effects on a hit (an
 * effect marked so on a miss too). No natural rule: the text gives none.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack), §Advantage / Disadvantage;
 * RULINGS.md §phases Battle phase, Powers.
 */
export interface AttackPlan {
  readonly pool: MixedPoolSpec;
  /** Foundry's formula of the pool (engine `mixedPoolFormula`), ATK not included. */
  readonly formula: string;
  readonly atk: number;
  readonly def: number;
  readonly edge: number;
  readonly sources: readonly EdgeSource[];
}

/** An attack rolled: every die and which were kept, the total and whether it hit. */
export interface AttackRoll {
  readonly roll: MixedPoolResult;
  readonly total: number;
  readonly hit: boolean;
}

/** What to roll for an attack by `atk` on `def` with an edge (`edge.ts`). */
export function planAttack(atk: number, def: number, edge: AttackEdge): AttackPlan {
  return {
    pool: edge.pool, formula: mixedPoolFormula(edge.pool), atk, def, edge: edge.edge,
    sources: edge.sources,
  };
}

/**
 * The attack's outcome from every die rolled, in the pool's order (2d6, then the stepped die).
 * @throws RangeError when the dice do not fit the pool.
 */
export function resolveAttack(plan: AttackPlan, dice: readonly number[]): AttackRoll {
  const roll = keepMixedDice(plan.pool, dice);
  const total = roll.natural + plan.atk;
  return { roll, total, hit: total >= plan.def };
}

/**
 * The exact chance to hit at a net `edge` (capped at ±4) with `margin` = ATK − DEF: the hits of
 * all equally likely outcomes of the pool, `hits / total`.
 * @throws RangeError when `edge` or `margin` is not an integer.
 */
export function hitChance(edge: number, margin: number): { hits: number; total: number } {
  if (!Number.isInteger(margin)) throw new RangeError(`margin must be an integer, got ${margin}`);
  return mixedPoolChanceAtLeast(steppedDiePool(PHASES_STEPPED_DIE, edge), margin, 0);
}

/** Foundry's formula of a damage roll: `2d6 + 3`, `1d8`, `4` (no dice), `1d6 - 1`. */
export function damageFormula(damage: Damage): string {
  const dice = damage.dice > 0 ? `${damage.dice}d${damage.die}` : "";
  if (!dice) return String(damage.bonus);
  if (damage.bonus === 0) return dice;
  return `${dice} ${damage.bonus < 0 ? "-" : "+"} ${Math.abs(damage.bonus)}`;
}

/**
 * The damage an attack deals: on a hit the dice plus the bonus; on a miss none, half of that
 * (rounded down) or all of it as the power's `miss` says. Never below 0.
 * @param dice the damage dice rolled (`damage.dice` values of 1..`die`; none for a miss that
 *   deals nothing).
 * @throws RangeError when damage is due and the dice do not fit the formula.
 */
export function damageDealt(
  power: Pick<AttackPower, "damage" | "miss">, hit: boolean, dice: readonly number[],
): number {
  if (!hit && power.miss === "none") return 0;
  const d = power.damage;
  const bad = (v: number) => !Number.isInteger(v) || v < 1 || v > d.die;
  if (dice.length !== d.dice || dice.some(bad)) {
    throw new RangeError(`expected ${d.dice}d${d.die}, got [${dice.join(", ")}]`);
  }
  const full = Math.max(0, dice.reduce((n, v) => n + v, d.bonus));
  return hit || power.miss === "full" ? full : Math.floor(full / 2);
}

/** Whether damage dice are rolled for this outcome (none for a miss that deals nothing). */
export function rollsDamage(power: Pick<AttackPower, "miss">, hit: boolean): boolean {
  return hit || power.miss !== "none";
}

/** The effects an attack inflicts: all on a hit, on a miss those marked `onMiss`. */
export function effectsInflicted(
  power: Pick<AttackPower, "effects">, hit: boolean,
): ConditionEffect[] {
  return power.effects.filter((e) => hit || e.onMiss);
}

/**
 * Whether a power reaches a target: a melee power an adjacent token (`footprintsAdjacent`: each
 * square next to the attacker, §Movement Phase Notes), a ranged one a token within its range in
 * squares as the grid measures them (`footprintDistance`).
 * @returns `null` on a gridless grid (the GM's call).
 */
export function reaches(
  grid: Grid, power: Pick<AttackPower, "kind" | "range">, attacker: Footprint, target: Footprint,
): boolean | null {
  if (grid.kind === "gridless") return null;
  if (power.kind === "melee") return footprintsAdjacent(grid, attacker, target);
  const d = footprintDistance(grid, attacker, target) as number;
  return d >= 1 && d <= power.range + 1e-9;
}
