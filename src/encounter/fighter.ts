import type { ConditionId } from "../rules/escalation/conditions";
import type { DamageType, Duration } from "../rules/escalation/constants";
import { healthState, type HealthState } from "../rules/escalation/health";
import type { Statblock } from "../rules/escalation/statblock";
import type { Side } from "./events";

/** A condition on a fighter in a running encounter, with how it ends. */
export interface ActiveCondition {
  readonly id: ConditionId;
  readonly duration: Duration;
  /** Ongoing damage per turn (only for `ongoing`). */
  readonly amount: number;
  readonly damageType: DamageType;
  /** `endOfNextTurn` applied during the bearer's own turn must survive that turn's end. */
  skipNextEnd: boolean;
}

/** The mutable state of one combatant in a headless encounter. */
export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  readonly side: Side;
  readonly order: number;
  hp: number;
  state: HealthState;
  conditions: ActiveCondition[];
  /** The ids of `conditions`, kept in step by `setConditions` (read on every attack). */
  ids: readonly ConditionId[];
  /** Ids of Encounter/Daily/Recharge abilities already used this fight (a handful at most). */
  readonly expended: string[];
}

const NONE: readonly ConditionId[] = [];

export function createFighter(block: Statblock, side: Side, order: number, key = block.name): Fighter {
  return { key, block, side, order, hp: block.hpMax, state: "healthy", conditions: [], ids: NONE, expended: [] };
}

export function conditionIds(f: Fighter): readonly ConditionId[] {
  return f.ids;
}

/** Replaces a fighter's conditions and their id list together. */
export function setConditions(f: Fighter, conditions: ActiveCondition[]): void {
  f.conditions = conditions;
  f.ids = conditions.length === 0 ? NONE : conditions.map((c) => c.id);
}

/** Recomputes the health state; returns it when it changed, else null. */
export function refreshState(f: Fighter): HealthState | null {
  const next = healthState(f.hp, f.block.hpMax, f.block.isPC);
  if (next === f.state) return null;
  f.state = next;
  return next;
}

/** Gives each fighter a unique display key ("Goblin Skulker", "Goblin Skulker 2", …). */
export function uniqueKeys(blocks: readonly Statblock[]): string[] {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const b of blocks) total.set(b.name, (total.get(b.name) ?? 0) + 1);
  return blocks.map((b) => {
    const n = (seen.get(b.name) ?? 0) + 1;
    seen.set(b.name, n);
    return (total.get(b.name) ?? 0) > 1 ? `${b.name} ${n}` : b.name;
  });
}
