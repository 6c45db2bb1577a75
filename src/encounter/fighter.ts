import type { ConditionId } from "../rules/escalation/conditions";
import { FRESH_DEATH_TRACK, type DeathTrack } from "../rules/escalation/death-save";
import type { TimedEffect } from "../rules/escalation/durations";
import { healthState, type HealthState } from "../rules/escalation/health";
import type { AbilityEntry, Statblock } from "../rules/escalation/statblock";
import type { Side } from "./events";
import type { SpiritBoon } from "../rules/escalation/fight-in-spirit";

/**
 * The mutable state of one combatant in a headless encounter. A PC's fighter lives for a whole
 * adventuring day (HP, recoveries, penalty and expended powers carry from fight to fight); its
 * effects and death track belong to one encounter.
 */
export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  readonly side: Side;
  readonly order: number;
  hp: number;
  state: HealthState;
  /** Effects on this fighter, each a timed instance (see `durations.ts`). */
  effects: TimedEffect[];
  /** The condition ids of `effects`, kept in step by `setEffects` (read on every attack). */
  ids: readonly ConditionId[];
  /** Ids of Encounter/Daily/Recharge abilities used and not yet restored. */
  readonly expended: string[];
  recoveries: number;
  /** −1 Volition and defenses per heal taken with no recovery left, until a Full Rest. */
  penalty: number;
  death: DeathTrack;
  /** Four failed death saves. */
  dead: boolean;
  /** Keys of the foes engaged with this fighter (this encounter). */
  readonly engaged: Set<string>;
  /** Fight in Spirit boons on this fighter, each with the key of who gave it. */
  boons: { readonly boon: SpiritBoon; readonly source: string }[];
  /** A `Sustain X` ability this fighter keeps going, and the effect instances it holds up. */
  sustaining: { readonly ability: AbilityEntry; readonly keys: readonly string[] } | null;
}

const NONE: readonly ConditionId[] = [];

/** Abilities a statblock starts with expended (its stored `used` flags), computed once per statblock. */
const startExpended = new WeakMap<Statblock, readonly string[]>();

export function createFighter(block: Statblock, side: Side, order: number, key = block.name): Fighter {
  let expended = startExpended.get(block);
  if (!expended) startExpended.set(block, (expended = block.abilities.filter((a) => a.system.used && a.system.frequency !== "atWill").map((a) => a.id)));
  return {
    key, block, side, order, hp: block.hpMax, state: "healthy", effects: [], ids: NONE,
    expended: expended.length ? [...expended] : [],
    recoveries: block.recoveriesMax, penalty: 0, death: FRESH_DEATH_TRACK, dead: false, engaged: new Set(), boons: [], sustaining: null,
  };
}

export function conditionIds(f: Fighter): readonly ConditionId[] {
  return f.ids;
}

/** Replaces a fighter's effects and their condition id list together. */
export function setEffects(f: Fighter, effects: TimedEffect[]): void {
  f.effects = effects;
  f.ids = effects.length === 0 ? NONE : effects.map((c) => c.condition);
}

/** Recomputes the health state; returns it when it changed, else null. */
export function refreshState(f: Fighter): HealthState | null {
  const next = healthState(f.hp, f.block.hpMax, f.block.isPC);
  if (next === f.state) return null;
  f.state = next;
  return next;
}

/** Able to take actions: Healthy or Staggered, and not held in Last Gasp saves. */
export function isUp(f: Fighter): boolean {
  return (f.state === "healthy" || f.state === "staggered") && !f.death.lastGasp;
}

/** Still in the fight: able to act, or a Dying PC who is not dead (it rolls death saves). */
export function inFight(f: Fighter): boolean {
  return !f.dead && f.state !== "defeated";
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
