import { derive, type Derived } from "../rules/derived";
import { focused } from "../rules/feats";
import type { Spell, Statblock, Weapon } from "../rules/statblock";
import { NOTHING_OWED, type TurnCounts } from "../rules/recovery";
import { isChanneled, type Casting } from "../rules/spells";
import { NO_STATES, withCause, withoutCause, type UnitStates } from "../rules/states";
import { isNoWard, wardOf } from "../rules/upkeep";
import { penaltiesVaryByRound, type Wound } from "../rules/wounds";
import type { Side, Square } from "./events";
import { PurchaseCounts } from "./purchase-counts";

/**
 * A unit during a headless `wounds` fight: its statblock and what changes — HP and MP, its
 * wounds (each with its aim and round), its Bonus Action purchases, its states, its square, the
 * slots of its turn and the free hit slots used this round; for a summon, the round it came and
 * its summoner. At 0 HP it is out of the fight: a PC down, any other unit defeated; a fatal blow
 * kills it. Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds.
 */

/** What a statblock fights with, picked once. */
export interface Arms {
  /** Its melee weapon of the highest mean damage, or null. */
  readonly melee: Weapon | null;
  readonly ranged: Weapon | null;
  /** It would rather shoot: its best ranged weapon's mean is at least its best melee's. */
  readonly prefersRange: boolean;
  /** Its attack spell of the highest mean damage that one turn casts, or null. */
  readonly attackSpell: Spell | null;
  /** That spell's damage as the ranged weapon it strikes like, or null. */
  readonly spellWeapon: Pick<Weapon, "id" | "name" | "kind" | "damage"> | null;
  /** Whether each of those is one of its Weapon Focus weapons (`rules/feats.ts` `focused`). */
  readonly meleeFocus: boolean;
  readonly rangedFocus: boolean;
  readonly spellFocus: boolean;
  /** Its first summoning spell one turn casts, or null. */
  readonly summonSpell: Spell | null;
  /**
   * Its attack spell of the highest mean damage that takes more than one turn and has no upkeep
   * (channeled: `channel.ts`), when it has no attack spell one turn casts; else null.
   */
  readonly channelSpell: Spell | null;
  /** That spell's damage as the ranged weapon it strikes like, or null. */
  readonly channelWeapon: Pick<Weapon, "id" | "name" | "kind" | "damage"> | null;
  /**
   * Its first spell kept up for a ward (an upkeep, a ward, no attack, no summon) that one turn
   * casts (`upkeep.ts`), or null.
   */
  readonly wardSpell: Spell | null;
}

export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  readonly side: Side;
  readonly arms: Arms;
  hp: number;
  mp: number;
  out: boolean;
  /** How it left the fight (`strike.ts` `fall`), or null while it is in it. */
  fell: "down" | "defeated" | "dead" | null;
  /** Replaced by a new list when a wound is added, never changed in place (`derivedOf`). */
  wounds: readonly Wound[];
  /** Its Bonus Action purchases, counted in place. */
  readonly bought: PurchaseCounts;
  states: UnitStates;
  readonly at: Square;
  /** The turn's Attack and Move Actions left, Bonus Actions used; free hit slots used. */
  attackLeft: number;
  moveLeft: number;
  bonusUsed: number;
  freeUsed: number;
  /** What its next turn owes for standing up off its turn (`rules/recovery.ts`). */
  owed: TurnCounts;
  /** A channeled cast under way (`channel.ts`), or null. */
  casting: Casting | null;
  /** The spell it keeps up (always on: `upkeep.ts`), or null. Set through `keepUp`. */
  upkept: Spell | null;
  /** A summon: the round it was summoned in, and its summoner's key; else null. */
  readonly summoned: number | null;
  readonly summoner: string | null;
  /** The summoner itself (whose slot it frees when it falls), or null. */
  readonly summonedBy: Fighter | null;
  /** Summons it holds now. */
  summons: number;
  /**
   * `derivedOf`'s last answer: its values for the wounds list `derivedFor` in `derivedRound`
   * (with the ward of `upkept`: `keepUp` forgets the answer), and whether they may differ in
   * another round (`penaltiesVaryByRound`).
   */
  derived: Derived | null;
  derivedFor: readonly Wound[] | null;
  derivedRound: number;
  derivedVaries: boolean;
}

const mean = (d: { dice: number; die: number; bonus: number }) =>
  (d.dice * (d.die + 1)) / 2 + d.bonus;

const best = (ws: readonly Weapon[]) =>
  ws.reduce<Weapon | null>((b, w) => (b && mean(b.damage) >= mean(w.damage) ? b : w), null);

/**
 * What a statblock fights with (made once per statblock and roster of summonable units:
 * `roster.ts`).
 * @param summonable whether a spell's unit can be summoned in this fight.
 */
export function armsOf(block: Statblock, summonable: (name: string) => boolean): Arms {
  const melee = best(block.weapons.filter((w) => w.kind === "melee"));
  const ranged = best(block.weapons.filter((w) => w.kind === "ranged"));
  const quick = block.spells.filter((s) => s.castTime >= 1 && s.castTime <= 2 && s.upkeep === 0);
  const attackSpell = quick.filter((s) => s.damage)
    .reduce<Spell | null>((b, s) => (b && mean(b.damage!) >= mean(s.damage!) ? b : s), null);
  const asWeapon = (s: Spell | null) => (s?.damage ? {
    id: s.id, name: s.name, kind: "ranged" as const, damage: s.damage,
  } : null);
  const spellWeapon = asWeapon(attackSpell);
  const channelSpell = attackSpell ? null : block.spells
    .filter((s) => s.damage && s.upkeep === 0 && isChanneled(s))
    .reduce<Spell | null>((b, s) => (b && mean(b.damage!) >= mean(s.damage!) ? b : s), null);
  const focus = (w: Pick<Weapon, "id" | "name"> | null) => w !== null && focused(block.feats, w);
  return {
    melee, ranged,
    prefersRange: ranged !== null && (melee === null || mean(ranged.damage) >= mean(melee.damage)),
    attackSpell, spellWeapon,
    meleeFocus: focus(melee), rangedFocus: focus(ranged), spellFocus: focus(spellWeapon),
    summonSpell: quick.find((s) => s.summon !== "" && summonable(s.summon)) ?? null,
    channelSpell, channelWeapon: asWeapon(channelSpell),
    wardSpell: block.spells.find((s) => s.upkeep > 0 && s.castTime >= 1 && s.castTime <= 2
      && !s.damage && !s.summon && !isNoWard(s.ward)) ?? null,
  };
}

/**
 * No wound: every unit's list as a fight begins (lists are replaced, never changed). Not frozen:
 * V8 walks a frozen array's `for…of` through the generic iterator, an object per step, and the
 * rules walk a unit's wounds each time its values are derived.
 */
const NO_WOUNDS: readonly Wound[] = [];

/** A unit as the fight begins (or as it is summoned): full HP, its MP, no wound. */
export function createFighter(
  block: Statblock, key: string, side: Side, arms: Arms,
  summon: { round: number; summoner: Fighter } | null = null,
): Fighter {
  return {
    key, block, side, arms, hp: block.hp, mp: block.mp, out: false, fell: null,
    wounds: NO_WOUNDS,
    bought: new PurchaseCounts(), states: NO_STATES, at: { i: 0, j: 0 }, attackLeft: 0,
    moveLeft: 0, bonusUsed: 0, freeUsed: 0, owed: NOTHING_OWED, casting: null, upkept: null,
    summoned: summon?.round ?? null,
    summoner: summon?.summoner.key ?? null, summonedBy: summon?.summoner ?? null, summons: 0,
    derived: null, derivedFor: null, derivedRound: -1, derivedVaries: false,
  };
}

/**
 * Makes a unit of the line-up from an earlier fight begin afresh, exactly as `createFighter`
 * makes it (its key, side, statblock and arms stay; it is nobody's summon). What it derived
 * without a wound still holds: a fresh unit's list is the same empty one.
 */
export function resetFighter(f: Fighter): void {
  f.hp = f.block.hp;
  f.mp = f.block.mp;
  f.out = false;
  f.fell = null;
  f.wounds = NO_WOUNDS;
  f.bought.clear();
  f.states = NO_STATES;
  f.at.i = 0;
  f.at.j = 0;
  f.attackLeft = 0;
  f.moveLeft = 0;
  f.bonusUsed = 0;
  f.freeUsed = 0;
  f.owed = NOTHING_OWED;
  f.casting = null;
  keepUp(f, null);
  f.summons = 0;
}

/**
 * Keeps `spell` up (null: none), its ward now in every value derived (`derivedOf` works them out
 * again) and its caster channeling while it is (flat-footed unless Battle Caster).
 */
export function keepUp(f: Fighter, spell: Spell | null): void {
  f.upkept = spell;
  f.derived = null;
  const channelingStill = spell !== null || f.casting !== null;
  f.states = channelingStill ? withCause(f.states, "channeling")
    : withoutCause(f.states, "channeling");
}

/**
 * Its values with its wounds as of `round` (`rules/derived.ts` `derive`). Asked many times a
 * turn, they are worked out again only when its wounds list changed, or the round did and its
 * wounds make the round matter: a statblock never changes, and a wound replaces the list
 * (`afterHit`) rather than growing it in place.
 */
export function derivedOf(f: Fighter, round: number): Derived {
  if (f.derived === null || f.derivedFor !== f.wounds
    || (f.derivedRound !== round && f.derivedVaries)) {
    f.derived = derive(f.block, f.wounds, round, wardOf(f.upkept));
    f.derivedFor = f.wounds;
    f.derivedRound = round;
    f.derivedVaries = penaltiesVaryByRound(f.wounds);
  }
  return f.derived;
}

/** Whether `weapon` is one of `f`'s Weapon Focus weapons: read once for those it fights with. */
export function focusOn(f: Fighter, weapon: Pick<Weapon, "id" | "name">): boolean {
  const { arms } = f;
  if (weapon === arms.melee) return arms.meleeFocus;
  if (weapon === arms.ranged) return arms.rangedFocus;
  if (weapon === arms.spellWeapon) return arms.spellFocus;
  return focused(f.block.feats, weapon);
}

/** Bonus Actions left this turn (weakening wounds taken mid-turn lower them). */
export const bonusLeft = (f: Fighter, round: number): number =>
  Math.max(0, derivedOf(f, round).bonusActions - f.bonusUsed);

/** Free hit slots left this round (wounds to Agility lower them). */
export const freeHitsLeft = (f: Fighter, round: number): number =>
  Math.max(0, derivedOf(f, round).freeHitSlots - f.freeUsed);

/**
 * The item it holds: the weapon it fights with first (its ranged one when it would rather shoot,
 * else its melee one, else its ranged one), or null. Disarmed, it is this one it lost.
 */
export const heldWeapon = (f: Fighter): Weapon | null =>
  (f.arms.prefersRange || f.arms.melee === null ? f.arms.ranged : f.arms.melee);

/**
 * The weapon it strikes a free hit with: its melee weapon, else its ranged one; disarmed, not the
 * one it lost (`encounter/readings.ts`).
 */
export function freeHitWeapon(f: Fighter): Weapon | null {
  const { melee, ranged } = f.arms;
  if (!f.states.disarmed) return melee ?? ranged;
  const held = heldWeapon(f);
  return melee !== null && melee !== held ? melee : ranged !== held ? ranged : null;
}

/** Squares between two squares, diagonals counting 1. */
export const distance = (a: Square, b: Square): number =>
  Math.max(Math.abs(a.i - b.i), Math.abs(a.j - b.j));
