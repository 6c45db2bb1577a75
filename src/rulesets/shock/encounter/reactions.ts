import { canSnapAttack, canTotalDefense, maySnapAt } from "../rules/actions";
import type { AttackPlan, AttackOutcome } from "../rules/attack";
import { TOTAL_DEFENSE_AC } from "../rules/constants";
import { absorbShock, maxDamage, missShock } from "../rules/damage";
import type { Weapon } from "../rules/statblock";
import type { Context } from "./context";
import { dualBonus, guardOf, isUp, weaponsFor, type Fighter } from "./fighter";
import {
  ATTACKER_PRONE, attackOdds, attackPlan, FULL_COVER, HALF_COVER, hitChance, hitSpread, IN_MELEE,
  LONG_RANGE, NATURALS, PRONE_FAR, PRONE_NEAR, SHIELD_READY, situationKey, SNAP, TARGET_CHARGED,
  TARGET_DEFENDING, UNLOCATED, UNSEEN, type Odds,
} from "./attack-memo";
import { distance, reachOf } from "./position";

/**
 * The runner's choices that weigh odds: which weapon, whether to take Total Defense after seeing
 * a roll, whether to Snap Attack an attacker before its damage lands. Each reads the exact
 * probabilities of the rules (`rules/odds.ts`), as a careful table would estimate them.
 */

/** Whether a foe still up is adjacent to `f` (a ranged or thrown attack suffers then). */
export function inMelee(ctx: Context, f: Fighter): boolean {
  const { engaged } = f;
  for (let i = 0; i < engaged.size; i++) {
    if (isUp(engaged.itemAt(i))) return true;
  }
  return false;
}

/**
 * `dualBonus` of `f`'s hit with `weapon` on `target` where they stand now. Only a dual-wielder is
 * asked how far it is (a look-up of its adjacent foes): every other gets no bonus at any distance.
 */
export function dualBonusOn(ctx: Context, f: Fighter, weapon: Weapon, target: Fighter): boolean {
  return f.dualWield && dualBonus(f, weapon, distance(ctx, f, target));
}

/**
 * The situation of `attacker`'s attack on `target` with `weapon` now, as a key of `attack-memo.ts`:
 * the target's charge and Total Defense, the natural option, whether a foe is in melee range of the
 * attacker, and the text's table as the positions give it (`position.ts`): a prone target next to
 * the attacker or further off, the attacker prone, past the weapon's normal range, the target's
 * cover or shadow. Null when the weapon cannot reach the target (past its long range).
 * @param flags the attack's own: CHARGE, SNAP (and SHIELD_READY is added here for odds).
 */
export function situationNow(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon, melee: boolean, flags = 0,
  swarmOthers = 0,
): number | null {
  const shieldReady = target.block.shield && target.shieldRound !== ctx.round;
  let facts = flags | (target.chargeRound === ctx.round ? TARGET_CHARGED : 0)
    | (target.totalDefense ? TARGET_DEFENDING : 0)
    | (melee ? IN_MELEE : 0) | (ctx.naturals ? NATURALS : 0) | (shieldReady ? SHIELD_READY : 0)
    | (attacker.prone ? ATTACKER_PRONE : 0);
  // Most questions are about melee on a foe standing: they need no adjacency or distance.
  if (!target.prone && weapon.kind === "melee")
    return situationKey(target.block.ac, facts, swarmOthers);
  if (attacker.engaged.has(target.key)) {
    if (target.prone) facts |= PRONE_NEAR;
  } else if (weapon.kind !== "melee") {
    // Not adjacent: what is left of the gap (`position.ts` feetBetween, without its adjacency
    // test).
    const feet = Math.max(5, ctx.gap - attacker.advance - target.advance);
    if (feet > reachOf(weapon)) return null;
    if (feet > weapon.range.normal) facts |= LONG_RANGE;
    if (target.prone) facts |= PRONE_FAR;
    facts |= spotFlags(target.spot);
    if (target.spot === "shadow" && !target.located) facts |= UNLOCATED;
  }
  return situationKey(target.block.ac, facts, swarmOthers);
}
/** A spot's situation flag, by a switch (a table read by the spot's name went megamorphic). */
function spotFlags(spot: Fighter["spot"]): number {
  switch (spot) {
    case "halfCover":
      return HALF_COVER;
    case "fullCover":
      return FULL_COVER;
    case "shadow":
      return UNSEEN;
    default:
      return 0;
  }
}

/** The odds of `f`'s attack on `target` with `weapon` now (cached); forbidden when out of reach. */
function oddsNow(
  ctx: Context,
  f: Fighter,
  target: Fighter,
  weapon: Weapon,
  melee: boolean,
  snap = false,
  swarmOthers = 0,
): Odds {
  const key = situationNow(ctx, f, target, weapon, melee, snap ? SNAP : 0, swarmOthers);
  return key === null ? OUT_OF_REACH : attackOdds(f.block, weapon, key);
}
const OUT_OF_REACH: Odds = { forbidden: true, value: 0 };

/**
 * Expected damage of `f`'s attack on `target` with `weapon` in a situation `flags` adds to now's.
 */
export function expectedWith(
  ctx: Context, f: Fighter, target: Fighter, weapon: Weapon, flags: number,
): number {
  const key = situationNow(ctx, f, target, weapon, inMelee(ctx, f), flags);
  return key === null ? 0 : attackOdds(f.block, weapon, key).value;
}

/** Expected damage of `f`'s attack on `target` with `weapon` (a swarm's striker: `swarmOthers`). */
export function expected(
  ctx: Context,
  f: Fighter,
  target: Fighter,
  weapon: Weapon,
  swarmOthers = 0,
): number {
  return oddsNow(ctx, f, target, weapon, inMelee(ctx, f), false, swarmOthers).value;
}

/**
 * The weapon `f` would use on `target`: `melee` (adjacent), `ranged` (shooting or throwing), `snap`
 * (melee when adjacent to it, else ranged when no foe is adjacent), or null when none can be used.
 */
export function bestWeapon(
  ctx: Context, f: Fighter, target: Fighter, mode: "melee" | "ranged" | "snap",
): Weapon | null {
  let kind: "melee" | "ranged" = "melee";
  if (mode !== "snap") kind = mode;
  else if (!f.engaged.has(target.key)) {
    // Not next to it: a shot, unless some other foe is next to it.
    if (f.engaged.size) return null;
    kind = "ranged";
  }
  const weapons = weaponsFor(f, kind);
  // No situation forbids a melee attack (the table's two that do are shots': `attack-memo.ts`
  // keeps them out of a melee key) and a melee weapon reaches (`situationNow`): a fighter's only
  // one needs no weighing.
  if (kind === "melee" && weapons.length === 1) return weapons[0] as Weapon;
  const melee = inMelee(ctx, f);
  let best: Weapon | null = null;
  let value = -1;
  for (const w of weapons) {
    const odds = oddsNow(ctx, f, target, w, melee, mode === "snap");
    if (odds.forbidden) continue;
    if (odds.value > value) {
      best = w;
      value = odds.value;
    }
  }
  return best;
}

/**
 * The most `f` expects from one shot at `target` now (−1 when it cannot shoot it); `melee`:
 * whether a foe is next to `f` (asked once by a caller that weighs many targets).
 */
export function shotValue(
  ctx: Context, f: Fighter, target: Fighter, melee = inMelee(ctx, f),
): number {
  let value = -1;
  for (const w of weaponsFor(f, "ranged")) {
    const odds = oddsNow(ctx, f, target, w, melee);
    if (!odds.forbidden && odds.value > value) value = odds.value;
  }
  return value;
}

/** The most `f` expects to deal this round with one attack on any foe still up. */
export function ownValue(ctx: Context, f: Fighter): number {
  let best = 0;
  const melee = inMelee(ctx, f);
  const close = weaponsFor(f, "melee");
  const far = weaponsFor(f, "ranged");
  for (const foe of ctx.fighters) {
    if (foe.party === f.party || !isUp(foe)) continue;
    for (const w of close) best = Math.max(best, oddsNow(ctx, f, foe, w, melee).value);
    for (const w of far) best = Math.max(best, oddsNow(ctx, f, foe, w, melee).value);
  }
  return best;
}

/**
 * Total Defense after seeing the roll (§Total Defense), while the Main is unspent: when +2 AC
 * turns this hit into a miss and the hit could drop the defender or is worth more than its own
 * attack this round; or when the miss's Shock (a swarm's included) would drop it.
 */
export function wantsTotalDefense(
  ctx: Context, defender: Fighter, attacker: Fighter, weapon: Weapon,
  plan: AttackPlan, outcome: AttackOutcome, swarm: boolean,
): boolean {
  if (!canTotalDefense(defender.budget)) return false;
  const dual = dualBonusOn(ctx, attacker, weapon, defender);
  if (outcome.hit) {
    const byNatural = outcome.decidedBy === "natural";
    if (byNatural || outcome.total >= plan.check.target + TOTAL_DEFENSE_AC) return false;
    const max = maxDamage(attacker.block, weapon, dual);
    if (max >= defender.hp) return true;
    return hitSpread(attacker.block, weapon, plan.check.target).mean >= ownValue(ctx, defender);
  }
  const miss = missShock(attacker.block, weapon, plan.check.target, swarm, dual);
  const shock = absorbShock(miss, guardOf(defender, ctx.round));
  return shock.amount >= defender.hp;
}

/**
 * A Snap Attack on an attacker whose hit has not yet dealt damage (§Make a Snap Attack): the
 * snapper may snap, has its Main, can reach the attacker, the hit could drop the ward, and the
 * snap fells the attacker at least a quarter of the time.
 */
export function wantsSnapAttack(
  ctx: Context, snapper: Fighter, attacker: Fighter, ward: Fighter, weapon: Weapon,
): boolean {
  if (!isUp(snapper) || !snapper.block.snapAttack || !canSnapAttack(true, snapper.budget))
    return false;
  if (!hitCouldDrop(ctx, attacker, ward, weapon)) return false;
  const w = bestWeapon(ctx, snapper, attacker, "snap");
  if (!w) return false;
  return killChance(ctx, snapper, attacker, w) >= SNAP_KILL_CHANCE;
}

/** The least chance of felling the attacker for which the tactics snap. */
const SNAP_KILL_CHANCE = 0.25;

/**
 * Whether `attacker`'s hit with `weapon` could drop `ward` (its most damage reaches the HP): a
 * Snap Attack is wanted only then. Nothing in an attack's window changes it (damage lands after).
 */
export function hitCouldDrop(
  ctx: Context, attacker: Fighter, ward: Fighter, weapon: Weapon,
): boolean {
  const dual = dualBonusOn(ctx, attacker, weapon, ward);
  return maxDamage(attacker.block, weapon, dual) >= ward.hp;
}

/**
 * Whether `snapper` could want a Snap Attack on `attacker` in its window at all: it may snap
 * (its statblock, up, its Main) and some weapon of its reaches the attacker. Nothing in the
 * window changes this (no one moves in it; an attacker a snap drops ends it); `wantsSnapAttack`
 * adds the odds, which a snap in the same window may change.
 */
export function couldSnapAttack(ctx: Context, snapper: Fighter, attacker: Fighter): boolean {
  // The reach last: `maySnapAt` asks it only of one who may snap (a search of its weapons).
  return maySnapAt(isUp(snapper), snapper.block.snapAttack, snapper.budget, true) &&
    bestWeapon(ctx, snapper, attacker, "snap") !== null;
}

/** `snapIntent`'s answers: no snap possible; one the tactics could want; one they want now. */
export const NO_SNAP = 0;
export const COULD_SNAP = 1;
export const WANTS_SNAP = 2;
export type SnapIntent = typeof NO_SNAP | typeof COULD_SNAP | typeof WANTS_SNAP;

/**
 * `couldSnapAttack` and, for a hit that could drop the ward (`hitCouldDrop`, the caller's to
 * know), `wantsSnapAttack` now, with one search of the snapper's weapons: `wantsSnapAttack` asks
 * the same of the snapper (up, its statblock, its Main) and weighs the weapon this search finds.
 */
export function snapIntent(ctx: Context, snapper: Fighter, attacker: Fighter): SnapIntent {
  // The reach last: `maySnapAt` asks it only of one who may snap (a search of its weapons).
  if (!maySnapAt(isUp(snapper), snapper.block.snapAttack, snapper.budget, true)) return NO_SNAP;
  const w = bestWeapon(ctx, snapper, attacker, "snap");
  if (!w) return NO_SNAP;
  return killChance(ctx, snapper, attacker, w) >= SNAP_KILL_CHANCE ? WANTS_SNAP : COULD_SNAP;
}

/** P(the snap hits and its damage drops the target to 0). */
function killChance(ctx: Context, snapper: Fighter, target: Fighter, weapon: Weapon): number {
  const key = situationNow(ctx, snapper, target, weapon, inMelee(ctx, snapper), SNAP);
  if (key === null) return 0;
  const spread = hitSpread(
    snapper.block,
    weapon,
    attackPlan(snapper.block, weapon, key).check.target,
  );
  let kills = 0;
  spread.amounts.forEach((amount, i) => {
    if (amount >= target.hp) kills += spread.counts[i] as number;
  });
  return hitChance(snapper.block, weapon, key) * (kills / spread.total);
}
