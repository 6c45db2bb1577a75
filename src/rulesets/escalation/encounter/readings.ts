import type { AbilityEntry, Statblock } from "../rules/statblock";

/**
 * How the headless runner plays the pack abilities whose effect is only in their description (in
 * Foundry their card shows the description and the table applies it). Each reading stays as close
 * to the words as the runner's positionless fight allows:
 * - Second Wind ("catch your breath ... spend a recovery"): its user heals with a recovery.
 * - Word of Mending ("lets an ally spend a recovery"): an ally heals with one of its recoveries.
 * - Fold Space ("step ... to somewhere nearby, popping free of every foe"): its user pops free of
 *   every foe it is engaged with, with no check; a Stuck user cannot (§Conditions: Stuck cannot
 *   "pop free").
 * - Hold the Line ("until your next turn the foes beside you find no gap to slip through"): until
 *   the start of its user's next turn, the foes engaged with it cannot disengage from it.
 * - Slip Away (Interrupt; "when a foe swings at you, you are already elsewhere"): a foe's melee
 *   attack on its user has no effect, and the user pops free of that foe; not when Stuck.
 * - Ward of the Oath (Interrupt; "as an ally is struck, throw your faith between them and harm"):
 *   a hit on an ally deals it no damage (the hit's conditions still land).
 * Abilities not named here are played from their data: attacks as attacks, and a healing ability
 * heals the most hurt of its user and its allies.
 */
export type Reading =
  | { readonly kind: "heal"; readonly who: "self" | "ally" | "any" }
  | { readonly kind: "popFree" }
  | { readonly kind: "holdTheLine" }
  | { readonly kind: "slipAway" }
  | { readonly kind: "ward" };

/** Keyed by the ability's name as the packs (and every copy on an actor) spell it. */
const READINGS: Readonly<Record<string, Reading>> = {
  "Second Wind": { kind: "heal", who: "self" },
  "Word of Mending": { kind: "heal", who: "ally" },
  "Fold Space": { kind: "popFree" },
  "Hold the Line": { kind: "holdTheLine" },
  "Slip Away": { kind: "slipAway" },
  "Ward of the Oath": { kind: "ward" },
};

/** The reading of one ability, or null for an attack (or an ability the runner has no use for). */
export function readingOf(entry: AbilityEntry): Reading | null {
  const named = READINGS[entry.name];
  if (named) return named;
  if (entry.system.heal !== "none" && entry.system.defense === "none")
    return { kind: "heal", who: "any" };
  return null;
}

/** A statblock's abilities that are not attacks, by what the runner does with them. */
export interface Utilities {
  /** Healing abilities, with whom each heals. */
  readonly heals: readonly {
    readonly entry: AbilityEntry;
    readonly who: "self" | "ally" | "any";
  }[];
  readonly popFree: AbilityEntry | null;
  readonly holdTheLine: AbilityEntry | null;
  readonly slipAway: AbilityEntry | null;
  readonly ward: AbilityEntry | null;
  /** True when the statblock has none of them (most monsters): the turn skips every check. */
  readonly none: boolean;
}

const cache = new WeakMap<Statblock, Utilities>();

/** The utilities of a statblock, computed once per statblock. */
export function utilitiesOf(block: Statblock): Utilities {
  let u = cache.get(block);
  if (u) return u;
  const heals: { entry: AbilityEntry; who: "self" | "ally" | "any" }[] = [];
  let popFree: AbilityEntry | null = null;
  let holdTheLine: AbilityEntry | null = null;
  let slipAway: AbilityEntry | null = null;
  let ward: AbilityEntry | null = null;
  for (const entry of block.abilities) {
    const r = readingOf(entry);
    if (!r) continue;
    if (r.kind === "heal") heals.push({ entry, who: r.who });
    else if (r.kind === "popFree") popFree ??= entry;
    else if (r.kind === "holdTheLine") holdTheLine ??= entry;
    else if (r.kind === "slipAway") slipAway ??= entry;
    else ward ??= entry;
  }
  const none = !heals.length && !popFree && !holdTheLine && !slipAway && !ward;
  u = { heals, popFree, holdTheLine, slipAway, ward, none };
  cache.set(block, u);
  return u;
}
