import type { Spell } from "./statblock";
/**
 * Spells: a cast time in actions, each paid with an Attack or a Move Action (`economy.ts`
 * `castAction`), an MP cost, and an upkeep for those kept up. A spell whose cast time a turn's
 * two such actions cannot pay, or that has an upkeep, is channeled: its caster is flat-footed
 * until it is cast or cancelled, unless it has Battle Caster (`states.ts`). The winners' MP refill
 * at the end of the battle. Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Attack Action,
 * §Move Action, §Channeling, §Combat rules; RULINGS.md §wounds Spells, Summons (End of battle).
 */

/** Actions a turn can put towards a cast time: its Attack and its Move Action. */
export const CAST_ACTIONS_PER_TURN = 2;

/** Turns a cast takes if each pays all it can (0 for a spell of no cast time). */
export const turnsToCast = (spell: Pick<Spell, "castTime">): number =>
  Math.ceil(spell.castTime / CAST_ACTIONS_PER_TURN);

/** Whether casting it is channeling: more than one turn, or an upkeep. */
export const isChanneled = (spell: Pick<Spell, "castTime" | "upkeep">): boolean =>
  turnsToCast(spell) > 1 || spell.upkeep > 0;

/** A cast under way: actions paid so far. */
export interface Casting {
  readonly spellId: string;
  readonly paid: number;
}

export const CAST_REFUSALS = ["noMp", "alreadyCast"] as const;
export type CastRefusal = (typeof CAST_REFUSALS)[number];

/**
 * Starts a cast: its MP are paid now (refused without enough), nothing of its cast time yet.
 * @returns the MP left and the casting, or the refusal.
 */
export function beginCast(
  mp: number, spell: Pick<Spell, "id" | "mp">,
): { ok: true; mp: number; casting: Casting } | { ok: false; reason: CastRefusal } {
  if (mp < spell.mp) return { ok: false, reason: "noMp" };
  return { ok: true, mp: mp - spell.mp, casting: { spellId: spell.id, paid: 0 } };
}

/**
 * One more action paid towards the cast time. @returns the casting and whether the spell is cast.
 * @throws RangeError when the spell is already cast.
 */
export function payCastAction(
  casting: Casting, spell: Pick<Spell, "castTime">,
): { casting: Casting; cast: boolean } {
  if (casting.paid >= spell.castTime) throw new RangeError("the spell is already cast");
  const next = { ...casting, paid: casting.paid + 1 };
  return { casting: next, cast: next.paid >= spell.castTime };
}

/** Whether a cast of no cast time is done as it begins. */
export const castAtOnce = (spell: Pick<Spell, "castTime">): boolean => spell.castTime === 0;

/** MP after the battle: full for the winners, unchanged for the rest. */
export const mpAfterBattle = (mp: number, mpMax: number, won: boolean): number =>
  (won ? mpMax : mp);

/**
 * A spell attack's damage from `count` Bonus Actions spent improving it as it strikes: its
 * `improvement` each (0 for a spell with none). The text leaves each spell's option to its notes;
 * Fray's spells state theirs as damage per Bonus Action (see `encounter/readings.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting ("change or improve its effects using bonus
 * actions"), §Bonus Actions ("Toggle the effects of spells cast").
 * @throws RangeError for a count that is not a whole number ≥ 0.
 */
export function improvementDamage(spell: Pick<Spell, "improvement">, count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`improvements: ${count}`);
  return spell.improvement * count;
}
