import { edgePool, keepDice, poolFormula, type PoolSpec } from "../../../engine/dice/pool";
import { netEdge, type EdgeSource } from "../../../engine/dice/edge";
import { CONDITION_IDS, CONDITIONS, expandConditions, type ConditionId } from "./conditions";
import { NATURAL_CRIT, NATURAL_CRIT_FAIL, type DamageType, type Defense } from "./constants";
import { escalationBonus } from "./escalation-die";

/**
 * The attack check of the `escalation` ruleset: 3d6 + Level + Volition + Escalation + bonuses
 * against the target's AC, PD or MD, with an edge pool.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Resistance and Weakness, §Conditions and
 * Effects; RULINGS.md §escalation Attack, Crit range, Edge.
 */
export interface AttackerInput {
  readonly level: number;
  readonly volition: number;
  readonly isPC: boolean;
  /** NPCs add the escalation die only when this is set. */
  readonly usesEscalation: boolean;
  /** Condition ids on the attacker (unknown ids are ignored). */
  readonly conditions: Iterable<string>;
  /** Penalty to Volition (e.g. from healing with no recoveries left); subtracted. */
  readonly volitionPenalty?: number;
}

export interface TargetInput {
  readonly defenses: Readonly<Record<Defense, number>>;
  readonly conditions: Iterable<string>;
  readonly weaknesses: readonly DamageType[];
  /** The target is Grabbed by this attacker (then the attacker has 1 Advantage). */
  readonly grabbedByAttacker?: boolean;
  /** Penalty to all defenses; subtracted. */
  readonly defensePenalty?: number;
}

export interface AttackRequest {
  readonly attacker: AttackerInput;
  readonly target: TargetInput;
  readonly defense: Defense;
  /** The escalation die's current value (0..6). */
  readonly escalationDie: number;
  /** Damage types the attack deals (for Weakness); empty means `weapon`. */
  readonly damageTypes: readonly DamageType[];
  /** Extra Advantage (+) or Disadvantage (−) chosen on the roll dialog. */
  readonly manualEdge?: number;
  /** Flat bonus to the total from other effects. */
  readonly bonus?: number;
  /**
   * A Coup de Grace (checked by `coupDeGraceBlock`): the attack hits and crits whatever the dice.
   */
  readonly coupDeGrace?: boolean;
}

export interface AttackPlan {
  readonly pool: PoolSpec;
  readonly level: number;
  readonly volition: number;
  readonly escalation: number;
  readonly bonus: number;
  /** Everything added to the natural. */
  readonly modifier: number;
  readonly edge: number;
  readonly edgeSources: readonly EdgeSource[];
  readonly defense: Defense;
  readonly defenseValue: number;
  /** Lowest natural that crits this target with this attack (15..17). */
  readonly critMin: number;
  /** Coup de Grace: hit and crit on any dice. */
  readonly autoCrit: boolean;
}

export interface AttackOutcome {
  readonly dice: readonly number[];
  readonly kept: readonly number[];
  readonly natural: number;
  readonly total: number;
  readonly hit: boolean;
  readonly crit: boolean;
  readonly critFail: boolean;
}

/** The edge source names of each condition, built once (an attack with edge names several). */
const sourceNames = (side: string) =>
  Object.fromEntries(CONDITION_IDS.map((id) => [id, `${side}:${id}`])) as Readonly<
    Record<ConditionId, string>
  >;
const ATTACKER_SOURCE = sourceNames("attacker");
const TARGET_SOURCE = sourceNames("target");

/** Every edge source on an attack, named so that the same condition never counts twice. */
function edgeSourcesFor(
  request: AttackRequest,
  attackerConditions: ReadonlySet<ConditionId>,
  targetConditions: ReadonlySet<ConditionId>,
): EdgeSource[] {
  const sources: EdgeSource[] = [];
  for (const id of attackerConditions) {
    const amount = CONDITIONS[id].attackEdge;
    if (amount) sources.push({ source: ATTACKER_SOURCE[id], amount });
  }
  for (const id of targetConditions) {
    const effect = CONDITIONS[id];
    if (effect.edgeAgainst) sources.push({ source: TARGET_SOURCE[id], amount: effect.edgeAgainst });
    if (effect.grabbed && request.target.grabbedByAttacker)
      sources.push({ source: TARGET_SOURCE[id], amount: 1 });
  }
  if (request.manualEdge)
    sources.push({ source: "manual", amount: Math.trunc(request.manualEdge) });
  return sources;
}

function hasEffect(
  ids: ReadonlySet<ConditionId>,
  flag: "escalationAsZero" | "basicAttacksOnly",
): boolean {
  for (const id of ids) if (CONDITIONS[id][flag]) return true;
  return false;
}

/** The natural at and above which this attack crits this target. */
export function critThreshold(targetConditions: Iterable<ConditionId>, weak: boolean): number {
  let lower = 0;
  for (const id of targetConditions) lower += CONDITIONS[id].critRangeAgainst;
  return critMinimum(lower, weak);
}

/** `critThreshold` from the target's summed `critRangeAgainst`. */
export function critMinimum(critRangeAgainst: number, weak: boolean): number {
  return NATURAL_CRIT - (weak ? 1 : 0) - critRangeAgainst;
}

/**
 * Whether the target is weak to one of the attack's damage types (empty means `weapon`). Plain
 * loops: every simulated attack comes here, and most targets have no weakness.
 */
export function weakTo(
  weaknesses: readonly DamageType[],
  damageTypes: readonly DamageType[],
): boolean {
  if (!weaknesses.length) return false;
  for (const t of damageTypes.length ? damageTypes : WEAPON_ONLY)
    if (weaknesses.includes(t)) return true;
  return false;
}

/** The Foundry formula of a plan, e.g. `4d6kh3 + 3 + 2 + 1` (zero terms left out). */
export function attackFormula(plan: AttackPlan): string {
  const parts = [
    poolFormula(plan.pool),
    plan.level,
    plan.volition,
    plan.escalation,
    plan.bonus,
  ].filter((p) => p !== 0);
  return parts.map(String).join(" + ").replace(/\+ -/g, "- ");
}

const WEAPON_ONLY: readonly DamageType[] = ["weapon"];

/**
 * One defense's value. Spelled out: `defenses[defense]` with three different names at one place is
 * a megamorphic keyed load in V8, paid on every simulated attack.
 */
export function defenseOf(defenses: Readonly<Record<Defense, number>>, defense: Defense): number {
  return defense === "ac" ? defenses.ac : defense === "pd" ? defenses.pd : defenses.md;
}

/** Says what to roll and what the dice will be compared with. Pure: no dice are rolled here. */
export function planAttack(request: AttackRequest): AttackPlan {
  const { attacker, target } = request;
  const attackerConditions = expandConditions(attacker.conditions);
  const targetConditions = expandConditions(target.conditions);
  const edgeSources = edgeSourcesFor(request, attackerConditions, targetConditions);
  const edge = netEdge(edgeSources);
  const pool = edgePool(3, 6, edge);
  const escalation = escalationBonus(request.escalationDie, {
    isPC: attacker.isPC,
    usesEscalation: attacker.usesEscalation,
    shaken: hasEffect(attackerConditions, "escalationAsZero"),
  });
  const volition = attacker.volition - (attacker.volitionPenalty ?? 0);
  const bonus = request.bonus ?? 0;
  const modifier = attacker.level + volition + escalation + bonus;
  const weak = weakTo(target.weaknesses, request.damageTypes);
  return {
    pool,
    level: attacker.level,
    volition,
    escalation,
    bonus,
    modifier,
    edge,
    edgeSources,
    defense: request.defense,
    defenseValue: defenseOf(target.defenses, request.defense) - (target.defensePenalty ?? 0),
    critMin: critThreshold(targetConditions, weak),
    autoCrit: request.coupDeGrace ?? false,
  };
}

/**
 * What the dice mean. A Coup de Grace hits and crits. Otherwise natural 3 always misses (crit
 * fail); a natural at or above the crit threshold always hits and crits; otherwise total ≥
 * defense hits.
 * @param dice every die of the pool, as rolled (by Foundry's Roll or the seeded roller).
 * @throws RangeError when the dice do not match the plan's pool.
 */
export function resolveAttack(plan: AttackPlan, dice: readonly number[]): AttackOutcome {
  const { kept, natural } = keepDice(plan.pool, dice);
  return attackOutcome(plan, dice, kept, natural);
}

/**
 * `resolveAttack` once the natural is known (the headless runner sums the kept dice as it rolls
 * them when it records no event, and passes empty `dice` and `kept`).
 */
export function attackOutcome(
  plan: Pick<AttackPlan, "modifier" | "autoCrit" | "critMin" | "defenseValue">,
  dice: readonly number[], kept: readonly number[], natural: number,
): AttackOutcome {
  const bits = outcomeBits(plan, natural);
  const total = natural + plan.modifier;
  return {
    dice,
    kept,
    natural,
    total,
    hit: (bits & HIT) !== 0,
    crit: (bits & CRIT) !== 0,
    critFail: (bits & CRIT_FAIL) !== 0,
  };
}

/** `outcomeBits`' flags. */
export const HIT = 1;
export const CRIT = 2;
export const CRIT_FAIL = 4;

/**
 * `attackOutcome`'s hit, crit and crit fail as `HIT | CRIT | CRIT_FAIL` bits: the headless runner's
 * unrecorded attacks read them without building the outcome.
 */
export function outcomeBits(
  plan: Pick<AttackPlan, "modifier" | "autoCrit" | "critMin" | "defenseValue">,
  natural: number,
): number {
  if (plan.autoCrit) return HIT | CRIT;
  if (natural === NATURAL_CRIT_FAIL) return CRIT_FAIL;
  if (natural >= plan.critMin) return HIT | CRIT;
  return natural + plan.modifier >= plan.defenseValue ? HIT : 0;
}
