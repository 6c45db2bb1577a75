import type { OpposedSide } from "../../../engine/dice/opposed";
import { KeyedSet, KeySet } from "../../../engine/runner/key-set";
import { FRESH_BUDGET, type Budget } from "../rules/actions";
import { PARTY_SIDE } from "../rules/constants";
import { pairDamageApplies, type ShockGuard } from "../rules/damage";
import { canAct, type HealthState } from "../rules/health";
import { dualWields, UNARMED, wieldedPair, type Statblock, type Weapon } from "../rules/statblock";
import type { Spot } from "./position";

/**
 * A combatant during a headless `shock` fight: its statblock and everything that changes — HP,
 * health state, this round's budget, adjacency (engaged pairs), the shield's use this round, Total
 * Defense, a charge's AC penalty, grapples, screens, lying prone, and the spot it stands on (cover
 * or shadow, `position.ts`). Positions are abstract: two lines `gap` feet apart; a fighter's
 * `advance` is how far it has come towards the other line.
 */
export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  readonly side: string;
  readonly party: boolean;
  readonly group: string;
  readonly dualWield: boolean;
  /** What its statblock's weapons allow (shared by every fighter of the same statblock). */
  readonly arms: Arms;
  hp: number;
  state: HealthState;
  budget: Budget;
  advance: number;
  /** Keys of the foes it is adjacent to (symmetric). */
  readonly engaged: KeyedSet<Fighter>;
  /** The round its shield last ignored a Shock. */
  shieldRound: number;
  /** Total Defense until the start of its next turn. */
  totalDefense: boolean;
  /** The round it charged (−2 AC until that round ends). */
  chargeRound: number;
  /** Who it grapples (one at most) and who grapples it. */
  grappling: string | null;
  readonly grappledBy: KeySet;
  /**
   * The ally it screens until the start of its next turn, and the attackers screened this round.
   */
  screening: string | null;
  readonly screenedAttackers: KeySet;
  /** The round it fell to 0 (PCs: the rounds since the fall are shown). */
  fellRound: number | null;
  /** Its side of a screen's opposed check, made on its first screen (`attack-window.ts`). */
  screenSide: OpposedSide | null;
  /** Lying prone (knocked down by a shove) until it stands up (a Move). */
  prone: boolean;
  /** What its place on the field gives it against shots, until it moves from there. */
  spot: Spot;
  /** In shadow: whether its foes know where it is (it attacked, or a foe stands next to it). */
  located: boolean;
}

/**
 * The weapons a statblock fights with, sorted once: the tactics ask for them at every decision.
 * The lists are shared; nobody may change them.
 */
export interface Arms {
  /** Readied melee weapons, or its unarmed attack when it has none. */
  readonly melee: readonly Weapon[];
  /** Readied ranged and thrown weapons. */
  readonly ranged: readonly Weapon[];
  /** Its unarmed attack alone (what a grappling or grappled fighter may use). */
  readonly unarmed: readonly Weapon[];
  /** Holds a readied melee weapon, not just its fists. */
  readonly meleeWeapon: boolean;
  /** Its best readied weapon is a ranged or thrown one (while it is free to use it). */
  readonly prefersRange: boolean;
  /** The two weapons it wields at once (`wieldedPair`), or null. */
  readonly pair: readonly [Weapon, Weapon] | null;
}

const armories = new WeakMap<Statblock, Arms>();

function armsOf(block: Statblock): Arms {
  let arms = armories.get(block);
  if (arms) return arms;
  const unarmed = [block.weapons.find((w) => w.unarmed) ?? UNARMED];
  const ready = block.weapons.filter((w) => w.readied);
  const melee = ready.filter((w) => w.kind === "melee");
  const ranged = ready.filter((w) => w.kind !== "melee");
  // A sidearm no bigger than a d6 (a dagger) does not make a fighter a melee fighter.
  const heavy = melee.some((w) => !w.unarmed && w.dice * w.die > 6);
  arms = {
    melee: melee.length ? melee : unarmed,
    ranged,
    unarmed,
    meleeWeapon: melee.some((w) => !w.unarmed),
    prefersRange: ranged.length > 0 && !heavy,
    pair: wieldedPair(block),
  };
  armories.set(block, arms);
  return arms;
}

export function createFighter(block: Statblock, key: string, side: string): Fighter {
  return {
    key,
    block,
    side,
    party: side === PARTY_SIDE,
    group: block.group,
    dualWield: dualWields(block),
    arms: armsOf(block),
    hp: block.hpMax,
    state: "up",
    budget: FRESH_BUDGET,
    advance: 0,
    engaged: new KeyedSet(),
    shieldRound: -1,
    totalDefense: false,
    chargeRound: -1,
    grappling: null,
    grappledBy: new KeySet(),
    screening: null,
    screenedAttackers: new KeySet(),
    fellRound: null,
    screenSide: null,
    prone: false,
    spot: "open",
    located: true,
  };
}

/**
 * Makes a fighter of an earlier fight start afresh, exactly as `createFighter` makes it: full HP,
 * up, a fresh budget, back on its line, nobody adjacent, grappled or screened, no shield used, no
 * charge, standing in the open. Its screen side depends on its key and statblock alone, so it
 * stays.
 */
export function resetFighter(f: Fighter): void {
  f.hp = f.block.hpMax;
  f.state = "up";
  f.budget = FRESH_BUDGET;
  f.advance = 0;
  f.engaged.clear();
  f.shieldRound = -1;
  f.totalDefense = false;
  f.chargeRound = -1;
  f.grappling = null;
  f.grappledBy.clear();
  f.screening = null;
  f.screenedAttackers.clear();
  f.fellRound = null;
  f.prone = false;
  f.spot = "open";
  f.located = true;
}

export const isUp = (f: Fighter): boolean => canAct(f.state);

/** Foes are on opposite sides of the party line: the party against every other side. */
export const hostile = (a: Fighter, b: Fighter): boolean => a.party !== b.party;

/**
 * Whether `f`'s hit with `weapon` on a target `feet` away (0: adjacent) gets the dual-wielding +2:
 * one of its two wielded weapons, the target within range of both (`dualWieldDamageApplies`).
 */
export function dualBonus(f: Fighter, weapon: Weapon, feet: number): boolean {
  return f.dualWield && pairDamageApplies(f.arms.pair, weapon, feet);
}

/** What protects it from Shock now. */
export function guardOf(f: Fighter, round: number): ShockGuard {
  const shieldReady = f.block.shield && f.shieldRound !== round;
  return { totalDefense: f.totalDefense, immune: false, shieldReady };
}

/** Readied weapons of a kind; grappling or grappled fighters fight unarmed only (§Grappling). */
export function weaponsFor(f: Fighter, kind: "melee" | "ranged"): readonly Weapon[] {
  if (f.grappling || f.grappledBy.size) return kind === "melee" ? f.arms.unarmed : NONE;
  return kind === "melee" ? f.arms.melee : f.arms.ranged;
}
const NONE: readonly Weapon[] = [];

/** Armed for melee with a real weapon (an Attack of Opportunity needs one). */
export function armedForMelee(f: Fighter): boolean {
  return !f.grappling && !f.grappledBy.size && f.arms.meleeWeapon;
}

/** Whether it fights from range: its best readied weapon is a ranged or thrown one. */
export function prefersRange(f: Fighter): boolean {
  return !f.grappling && !f.grappledBy.size && f.arms.prefersRange;
}

/** Makes two fighters adjacent. */
export function engage(a: Fighter, b: Fighter): void {
  a.engaged.add(b);
  b.engaged.add(a);
}

/** Ends every adjacency of `f` (it moved away, fled or fell). */
export function disengageAll(f: Fighter): void {
  const { engaged } = f;
  for (let i = 0; i < engaged.size; i++) engaged.itemAt(i).engaged.delete(f.key);
  engaged.clear();
}
