import type { Modifier } from "../../../engine/dice/check";
import type { OneAgainstMany, OpposedSide } from "../../../engine/dice/opposed";
import {
  OPPOSED_DICE, OPPOSED_FACES, SIZE_PENALTIES, type Attribute, type Skill, type SizeClass,
} from "./constants";
import type { Statblock } from "./statblock";

/**
 * Opposed checks of the `shock` ruleset: 2d6 + attribute modifier + skill on each side, ties
 * re-rolled (the engine's `opposedPlan`). Shove (STR with Brawl or Exert), grapple and moving a
 * grappled foe (STR/Brawl), breaking free (one STR/Brawl check against every grappler) and the
 * screen (STR or DEX with the most applicable combat skill). The attacker takes −2 against larger
 * humanoids and −4 against barely plausible ones.
 * Source: `002_5e27cdf788b28f5f.txt` §Shoving, §Grappling, §Screen an Ally; RULINGS.md §shock
 * Opposed checks, Grappling, Screen.
 */
type Checker = Pick<Statblock, "name" | "attributes" | "skills">;

/** One side: the better of the attribute choices with the better of the skill choices. */
export function opposedSide(
  id: string, who: Checker, attributes: readonly Attribute[], skills: readonly Skill[],
  extra: readonly Modifier[] = [],
): OpposedSide {
  const attr = attributes.reduce((b, a) => (who.attributes[a] > who.attributes[b] ? a : b));
  const skill = skills.reduce((b, s) => (who.skills[s] > who.skills[b] ? s : b));
  const modifiers: Modifier[] = [
    { source: `attribute:${attr}`, value: who.attributes[attr] },
    { source: `skill:${skill}`, value: who.skills[skill] },
    ...extra.filter((m) => m.value !== 0),
  ];
  return { id, dice: OPPOSED_DICE, faces: OPPOSED_FACES, modifiers };
}

const sizeTerm = (size: SizeClass): Modifier[] =>
  SIZE_PENALTIES[size] ? [{ source: `size:${size}`, value: SIZE_PENALTIES[size] }] : [];
type Party = { id: string; who: Checker };

/** Shove after a hit: STR/Brawl or STR/Exert on both sides, the attacker's size penalty. */
export function shoveSides(
  attacker: Party, defender: Party, size: SizeClass = "manSized",
): [OpposedSide, OpposedSide] {
  return [
    opposedSide(attacker.id, attacker.who, ["str"], ["brawl", "exert"], sizeTerm(size)),
    opposedSide(defender.id, defender.who, ["str"], ["brawl", "exert"]),
  ];
}

/** Grapple after an unarmed hit (and moving a grappled foe): STR/Brawl on both sides. */
export function grappleSides(
  attacker: Party, defender: Party, size: SizeClass = "manSized",
): [OpposedSide, OpposedSide] {
  return [
    opposedSide(attacker.id, attacker.who, ["str"], ["brawl"], sizeTerm(size)),
    opposedSide(defender.id, defender.who, ["str"], ["brawl"]),
  ];
}

/**
 * Breaking free: the defender's STR/Brawl and each grappler's (size penalties are the grappler's).
 */
export function breakFreeSides(
  defender: Party, grapplers: readonly (Party & { size?: SizeClass })[],
): { single: OpposedSide; others: OpposedSide[] } {
  return {
    single: opposedSide(defender.id, defender.who, ["str"], ["brawl"]),
    others: grapplers.map((g) => (
      opposedSide(g.id, g.who, ["str"], ["brawl"], sizeTerm(g.size ?? "manSized"))
    )),
  };
}

/**
 * The grapplers a break-free check escapes: those the defender beat. Ruling on the text's silence:
 * a grappler who won its comparison keeps its hold; the others let go.
 */
export function escapedFrom(result: OneAgainstMany): string[] {
  return result.pairs.filter((p) => p.singleWins).map((p) => p.id);
}

/** A screen check: STR or DEX with the most applicable (here: best) combat skill, on both sides. */
export function screenSide(id: string, who: Checker): OpposedSide {
  return opposedSide(id, who, ["str", "dex"], ["stab", "shoot", "brawl"]);
}

/** Attackers a screener can block each round: its highest combat skill (0: it cannot screen). */
export function screenCapacity(who: Pick<Statblock, "skills">): number {
  return Math.max(0, who.skills.stab, who.skills.shoot, who.skills.brawl);
}
