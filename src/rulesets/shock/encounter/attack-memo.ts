import { checkOdds, sumDistribution } from "../../../engine/dice/check";
import { planAttack, type AttackPlan, type AttackRequest } from "../rules/attack";
import { CHARGE_AC, SWARM_ASSISTANTS_MAX, TOTAL_DEFENSE_AC } from "../rules/constants";
import { dualWieldDamageApplies, hitDamage } from "../rules/damage";
import { expectedDamage, representative } from "../rules/odds";
import type { Situation } from "../rules/situations";
import { dualWields, type Statblock, type Weapon } from "../rules/statblock";

/**
 * The runner plans the same attacks over and over, and weighs their exact odds for every weapon
 * choice, swarm plan and Total Defense decision (each answer enumerates the d20 and the damage
 * dice). Both depend only on the attacker's statblock, the weapon and a few small facts of the
 * moment, so each is computed once and kept: per statblock (statblocks are read-only), then per
 * weapon, then per situation packed into one number (no record to build per question). Across
 * fights too: the bench and the trials replay the same statblocks thousands of times. Cached plans
 * are shared: nobody may change them.
 */
export interface Odds {
  /** The attack cannot be made (a bow in melee). */
  readonly forbidden: boolean;
  /** Expected damage (`rules/odds.ts`), 0 when forbidden. */
  readonly value: number;
}

/**
 * Flags of a situation key: the target charged this round (−2 AC), is in Total Defense (+2 AC).
 */
export const TARGET_CHARGED = 1;
export const TARGET_DEFENDING = 2;
/** The attack is a charge, a snap attack. */
export const CHARGE = 4;
export const SNAP = 8;
/** A foe is in melee range of the attacker (matters for ranged and thrown weapons only). */
export const IN_MELEE = 16;
/** The natural 20/1 option. */
export const NATURALS = 32;
/** The target's shield will ignore the next Shock (odds only: a plan does not depend on it). */
export const SHIELD_READY = 64;
/** The situations table (`rules/situations.ts`): the target lies prone next to the attacker… */
export const PRONE_NEAR = 128;
/** …or prone further off (shots only); the attacker lies prone (melee only). */
export const PRONE_FAR = 256;
export const ATTACKER_PRONE = 512;
/** Past the weapon's normal range; the target's half or full cover (shots only). */
export const LONG_RANGE = 1024;
export const HALF_COVER = 2048;
export const FULL_COVER = 4096;
/** The target cannot be seen, its place known or not (shots only). */
export const UNSEEN = 8192;
export const UNLOCATED = 16384;
const SWARM_SHIFT = 15;
/**
 * Where the dual-wielding +2 is judged for odds: only the two wielded melee weapons get it, and the
 * runner strikes with them only at arm's length (0 ft).
 */
const MELEE_FEET = 0;
const AC_SCALE = 1 << 18;
/** What only shots care about, and what only melee cares about. */
const SHOTS_ONLY = IN_MELEE | PRONE_FAR | LONG_RANGE | HALF_COVER | FULL_COVER | UNSEEN | UNLOCATED;
const MELEE_ONLY = ATTACKER_PRONE;

/** Each situation flag and the toggle of the text's table it stands for. */
const TOGGLES: readonly (readonly [number, Situation])[] = [
  [PRONE_NEAR, "adjacentProne"], [PRONE_FAR, "distantProne"], [ATTACKER_PRONE, "meleeWhileProne"],
  [LONG_RANGE, "longRange"], [HALF_COVER, "halfCover"], [FULL_COVER, "fullCover"],
  [UNSEEN, "unseenKnown"], [UNLOCATED, "unseenUnknown"],
];

/**
 * One number per situation: the flags above, the other swarm assailants (the bonus stops at
 * four: 3 bits), and the target's AC before adjustments in what is left.
 */
export function situationKey(ac: number, flags: number, swarmOthers: number): number {
  return ac * AC_SCALE + flags + (Math.min(swarmOthers, SWARM_ASSISTANTS_MAX) << SWARM_SHIFT);
}

/**
 * The caches of one attacker's attacks with one weapon, each by situation key (spreads by AC).
 * One record per statblock and weapon serves all four: the tactics ask about one attacker's
 * weapons many times in a row (every target, each weapon in turn), and ask its plan, odds and hit
 * chance in turn.
 */
interface WeaponMemo {
  readonly weapon: Weapon;
  readonly plans: Map<number, AttackPlan>;
  readonly odds: Map<number, Odds>;
  readonly chances: Map<number, number>;
  readonly spreads: Map<number, HitSpread>;
  /** The plan and odds last asked for, by key (-1: none): asked again for the same situation. */
  planKey: number;
  plan: AttackPlan | null;
  oddsKey: number;
  lastOdds: Odds | null;
}
/**
 * Each statblock's weapon records, in the order first asked, found by a scan (a statblock has a
 * few weapons); the last statblock asked about keeps its list at hand, so that asking about its
 * weapons in turn looks nothing up by key (two keyed lookups a question, where the tactics weigh
 * each weapon against each target, came to a few percent of a fight).
 */
const memos = new WeakMap<Statblock, WeaponMemo[]>();
let lastAttacker: Statblock | null = null;
let lastMemos: WeaponMemo[] = [];

function memoOf(attacker: Statblock, weapon: Weapon): WeaponMemo {
  if (lastAttacker !== attacker) {
    let list = memos.get(attacker);
    if (!list) memos.set(attacker, (list = []));
    lastAttacker = attacker;
    lastMemos = list;
  }
  const list = lastMemos;
  for (let k = 0; k < list.length; k++) {
    const m = list[k] as WeaponMemo;
    if (m.weapon === weapon) return m;
  }
  const memo: WeaponMemo = {
    weapon, plans: new Map(), odds: new Map(), chances: new Map(), spreads: new Map(),
    planKey: -1, plan: null, oddsKey: -1, lastOdds: null,
  };
  list.push(memo);
  return memo;
}

/** The key without the facts this weapon's attack does not depend on (so equal cases share). */
function relevant(key: number, weapon: Weapon, ignore: number): number {
  return key & ~(weapon.kind === "melee" ? ignore | SHOTS_ONLY : ignore | MELEE_ONLY);
}

function requestOf(attacker: Statblock, weapon: Weapon, key: number): AttackRequest {
  const flags = key & (AC_SCALE - 1);
  const acAdjustments = [];
  if (flags & TARGET_CHARGED) acAdjustments.push({ source: "charge", value: CHARGE_AC });
  if (flags & TARGET_DEFENDING)
    acAdjustments.push({ source: "totalDefense", value: TOTAL_DEFENSE_AC });
  const situations: Situation[] = [];
  for (const [flag, id] of TOGGLES) if (flags & flag) situations.push(id);
  return {
    attacker, weapon, ac: (key - flags) / AC_SCALE, acAdjustments, charge: Boolean(flags & CHARGE),
    snap: Boolean(flags & SNAP), swarmOthers: flags >> SWARM_SHIFT, dualWield: dualWields(attacker),
    dualWieldDamage: dualWieldDamageApplies(attacker, weapon, MELEE_FEET),
    inMelee: Boolean(flags & IN_MELEE), naturals: Boolean(flags & NATURALS), situations,
  };
}

/**
 * `planAttack` of `attacker`'s attack with `weapon` in the situation `key`, from the cache when
 * known.
 */
export function attackPlan(attacker: Statblock, weapon: Weapon, key: number): AttackPlan {
  const k = relevant(key, weapon, SHIELD_READY);
  const memo = memoOf(attacker, weapon);
  if (memo.planKey === k) return memo.plan as AttackPlan;
  let plan = memo.plans.get(k);
  if (!plan) memo.plans.set(k, (plan = planAttack(requestOf(attacker, weapon, k))));
  memo.planKey = k;
  memo.plan = plan;
  return plan;
}

/**
 * The odds of `attacker`'s attack with `weapon` in the situation `key`, from the cache when known.
 */
export function attackOdds(attacker: Statblock, weapon: Weapon, key: number): Odds {
  const k = relevant(key, weapon, 0);
  const memo = memoOf(attacker, weapon);
  if (memo.oddsKey === k) return memo.lastOdds as Odds;
  const known = memo.odds;
  let found = known.get(k);
  if (!found) {
    const request = requestOf(attacker, weapon, k);
    const guard = {
      totalDefense: Boolean(k & TARGET_DEFENDING),
      immune: false,
      shieldReady: Boolean(k & SHIELD_READY),
    };
    found = {
      forbidden: planAttack(request).forbidden !== null,
      value: expectedDamage(request, guard),
    };
    known.set(k, found);
  }
  memo.oddsKey = k;
  memo.lastOdds = found;
  return found;
}

/** P(hit) of `attacker`'s attack with `weapon` in the situation `key`: successes / d20 outcomes. */
export function hitChance(attacker: Statblock, weapon: Weapon, key: number): number {
  const k = relevant(key, weapon, SHIELD_READY);
  const known = memoOf(attacker, weapon).chances;
  let found = known.get(k);
  if (found === undefined) {
    const { successes, total } = checkOdds(attackPlan(attacker, weapon, k).check);
    known.set(k, (found = successes / total));
  }
  return found;
}

/**
 * A hit's damage at one AC over every sum of the weapon's dice, as `rules/odds.ts` enumerates it.
 */
export interface HitSpread {
  /**
   * Each possible sum's damage, in order of the sum, and how many of `total` face rolls give it.
   */
  readonly amounts: readonly number[];
  readonly counts: readonly number[];
  readonly total: number;
  readonly mean: number;
}

/** The spread of `attacker`'s hit damage with `weapon` against the adjusted AC `ac` (no swarm). */
export function hitSpread(attacker: Statblock, weapon: Weapon, ac: number): HitSpread {
  const known = memoOf(attacker, weapon).spreads;
  let found = known.get(ac);
  if (!found) {
    const { counts, total } = sumDistribution(weapon.dice, weapon.die);
    const dualWield = dualWieldDamageApplies(attacker, weapon, MELEE_FEET);
    const amounts: number[] = [];
    const weights: number[] = [];
    let sum = 0;
    counts.forEach((c, n) => {
      if (!c) return;
      // The dice only matter through their sum except for the cap, so one representative per sum is
      // exact.
      const dice = representative(n, weapon.dice, weapon.die);
      const amount = hitDamage({ wielder: attacker, weapon, dice, ac, dualWield }).amount;
      amounts.push(amount);
      weights.push(c);
      sum += c * amount;
    });
    known.set(ac, (found = { amounts, counts: weights, total, mean: sum / total }));
  }
  return found;
}
