/**
 * The default `action-points` fights (pack NPC slugs, repeats allowed): the four pregens against
 * goblins and bandits, and two more line-ups the tests and trials play.
 */
export const DEFAULT_AP_FOES = [
  "goblin-cutter", "goblin-cutter", "goblin-slinger", "bandit-thug", "bandit-bowman",
  "bandit-captain",
] as const;

/** Large brutes with a pike line: reach 2, parrying larger creatures, Large footprints. */
export const BRUTE_FOES = ["ogre", "hobgoblin-pikeman", "hobgoblin-pikeman"] as const;

/** Casters behind a dire wolf and a troll. */
export const CULT_FOES = ["cultist-adept", "cultist-adept", "dire-wolf", "troll"] as const;
