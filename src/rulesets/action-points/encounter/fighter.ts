import type { PointsEconomy } from "../../../engine/economy/points";
import { sizeRank } from "../rules/constants";
import { apEconomy } from "../rules/pools";
import type { ApWindowFighter } from "../rules/reaction-window";
import { reachWith, sizeReach, type Spell, type Statblock, type Weapon } from "../rules/statblock";
import type { Hex, Side } from "./events";
import { cellsAt, shapeOf, type Shape } from "./field";
import { PlanShelf } from "./check-roll";
import { PointsLedger } from "./points-ledger";

/**
 * A combatant during a headless `action-points` fight: its statblock and what changes — HP, its
 * AP/RP/FP pools (engine `economy/points.ts` over `apEconomy`), its place on the hex grid, and the
 * conditions the runner plays (prone, grappling or grappled, Total Defense). A combatant at 0 HP
 * is out: a PC is down, an NPC defeated. Source: `004_2cc57162401858c9.txt` §Action Economy,
 * §Reach, §Grapple, §Total Defense; RULINGS.md §action-points Pools, Hit points.
 */
export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  readonly side: Side;
  readonly party: boolean;
  readonly econ: PointsEconomy;
  readonly arms: Arms;
  readonly shape: Shape;
  /** Small 0, Medium 1, Large 2, Huge 3. */
  readonly sizeRank: number;
  hp: number;
  /** At 0 HP: out of the fight. */
  out: boolean;
  /** Its AP, RP and FP (the engine's point economy, played in place). */
  readonly points: PointsLedger;
  /** Its token's top-left hex and every hex it covers. */
  at: Hex;
  cells: Hex[];
  /** Surprised: it sits out the surprise round and starts with empty pools. */
  surprised: boolean;
  prone: boolean;
  /** Total Defense until the start of its next turn: Advantage on its reactions. */
  totalDefense: boolean;
  /** The one it holds in a grapple, and the one holding it. */
  grappling: Fighter | null;
  grappledBy: Fighter | null;
  /** Attacks made this turn (a dual wielder's second swing is its off hand's). */
  swings: number;
  /** This turn's walk toward a foe found no way (not tried again until its next turn). */
  walkBlocked: boolean;
  /** What a reaction window reads of it (`attack-window.ts`, brought up to date there). */
  readonly window: ApWindowFighter;
  /**
   * Whether it passes every reaction, by situation, as found (`reaction-tactics.ts`
   * `takesNoReaction`: 0 not yet asked, 1 no, 2 yes); a fight reusing it keeps what it found.
   */
  readonly passes: Uint8Array;
  /** Its attacks' check plans at hand (`check-roll.ts` `planFor`). */
  readonly plans: PlanShelf;
}

/**
 * The weapons and spells a statblock fights with, sorted once (shared by every fighter of it).
 */
export interface Arms {
  /** Its best readied main-hand melee weapon (by mean damage), or null. */
  readonly main: Weapon | null;
  /** A readied off-hand melee weapon besides the main one, or null. */
  readonly offHand: Weapon | null;
  /** Its best readied ranged weapon, or null. */
  readonly ranged: Weapon | null;
  /** Its damaging spells, best mean damage per AP first. */
  readonly spells: readonly Spell[];
  /**
   * Hexes it threatens: the higher of its size's reach and its readied melee weapons' (they do not
   * stack); 0 without a readied melee weapon, since threat is where it can strike in melee.
   */
  readonly reach: number;
  /** Its size's own reach (a touch spell's, an off hand's at arm's length). */
  readonly ownReach: number;
  /** The longest range it shoots or casts at without penalty (0: none). */
  readonly range: number;
  /** It would rather shoot or cast than close in. */
  readonly prefersRange: boolean;
}

const meanDamage = (d: { dice: number; die: number; bonus: number }): number =>
  (d.dice * (d.die + 1)) / 2 + d.bonus;

const arms = new WeakMap<Statblock, Arms>();

/** What a statblock fights with (made once per statblock). */
export function armsOf(block: Statblock): Arms {
  let a = arms.get(block);
  if (a) return a;
  const melee = block.weapons.filter((w) => w.readied && w.kind === "melee");
  const best = (list: Weapon[]) =>
    list.reduce<Weapon | null>(
      (b, w) => (!b || meanDamage(w.damage) > meanDamage(b.damage) ? w : b), null,
    );
  const main = best(melee.filter((w) => !w.offHand)) ?? best(melee);
  const offHand = melee.find((w) => w !== main && w.offHand) ?? null;
  const ranged = best(block.weapons.filter((w) => w.readied && w.kind === "ranged"));
  const spells = [...block.spells].sort((x, y) =>
    meanDamage(y.damage) / Math.max(1, y.ap) - meanDamage(x.damage) / Math.max(1, x.ap));
  const own = melee.length ? sizeReach(block.size) : 0;
  const reach = melee.reduce((r, w) => Math.max(r, reachWith(block, w)), own);
  const shoots = ranged !== null && block.skills.ranged > block.skills.melee;
  const casts = spells.length > 0 && block.skills.arcana > block.skills.melee;
  const range = Math.max(ranged?.range ?? 0, ...spells.map((x) => (x.kind === "ranged" ? x.range : 0)));
  a = {
    main, offHand, ranged, spells, reach, ownReach: sizeReach(block.size), range,
    prefersRange: shoots || casts,
  };
  arms.set(block, a);
  return a;
}

/**
 * How many situations `Fighter.passes` keeps: its edge (−1 to +1) by the attack's level rank (0
 * to 5) by the attacker's size rank (0 to 3) in melee, or 4 for a ranged attack.
 */
export const PASS_SITUATIONS = 3 * 6 * 5;

/** A fighter at `at`, its pools as combat starts (empty when surprised). */
export function createFighter(
  block: Statblock, key: string, side: Side, at: Hex, surprised: boolean,
): Fighter {
  const econ = apEconomy(block);
  const shape = shapeOf(block.size);
  return {
    key, block, side, party: side === "party", econ, arms: armsOf(block), shape,
    sizeRank: sizeRank(block.size), hp: block.hpMax, out: false,
    points: new PointsLedger(econ, surprised), at, cells: cellsAt(shape, at), surprised,
    prone: false, totalDefense: false, grappling: null, grappledBy: null, swings: 0, walkBlocked: false,
    window: {
      rp: 0, agility: block.skills.agility, athletics: block.skills.athletics,
      melee: block.skills.melee, endurance: block.skills.endurance, shield: block.shield,
      size: sizeRank(block.size), edge: 0, riposte: null,
    },
    passes: new Uint8Array(PASS_SITUATIONS), plans: new PlanShelf(),
  };
}

/**
 * The same fighter at the start of another fight with the same line-up (a runner's unrecorded
 * fights reuse their fighters: `simulate.ts`): full HP, fresh pools, no condition.
 */
export function resetFighter(f: Fighter, surprised: boolean): void {
  f.hp = f.block.hpMax;
  f.out = false;
  f.points.reset(surprised);
  f.surprised = surprised;
  f.prone = false;
  f.totalDefense = false;
  f.grappling = null;
  f.grappledBy = null;
  f.swings = 0;
  f.walkBlocked = false;
}

/**
 * Where AP, RP and FP stand among every fighter's pools: every fighter's economy is `apEconomy`'s
 * (`createFighter`), whose pools are always the same three in the same order, so one ledger's
 * places are all of theirs (read here from one, not looked up by name at each read).
 */
const PLACES = new PointsLedger(apEconomy({ pools: { ap: 0, rp: 0, fp: 0 } }));
const AP_AT = PLACES.indexOf("ap");
const RP_AT = PLACES.indexOf("rp");
const FP_AT = PLACES.indexOf("fp");

/** Its pool now. */
export const pool = (f: Fighter, name: "ap" | "rp" | "fp"): number =>
  f.points.valueAt(name === "ap" ? AP_AT : name === "rp" ? RP_AT : FP_AT);

/** Whether it is still in the fight. */
export const isUp = (f: Fighter): boolean => !f.out;

/** Mean damage of a weapon's or spell's dice and bonus. */
export { meanDamage };
