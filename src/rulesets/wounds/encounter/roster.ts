import type { Statblock } from "../rules/statblock";
import { armsOf, type Arms } from "./fighter";

/**
 * The units spells may summon in a headless `wounds` fight, by actor id or name (the first of a
 * name wins), and what each statblock fights with (`fighter.ts` `armsOf`: it depends on the
 * statblock and on which units can be summoned, nothing else), worked out once per list of
 * summonable units rather than for every fight and every summon. Source: RULINGS.md §wounds
 * Summons.
 */
export class Roster {
  readonly #byName = new Map<string, Statblock>();
  readonly #arms = new Map<Statblock, Arms>();

  constructor(summonable: readonly Statblock[]) {
    for (const b of summonable) {
      if (!this.#byName.has(b.name)) this.#byName.set(b.name, b);
      this.#byName.set(b.id, b);
    }
  }

  /** The unit a spell names (actor id or name), or undefined. */
  get(name: string): Statblock | undefined {
    return this.#byName.get(name);
  }

  /** What `block` fights with in fights of this roster (made at the first ask). */
  armsOf(block: Statblock): Arms {
    let arms = this.#arms.get(block);
    if (!arms) this.#arms.set(block, (arms = armsOf(block, (name) => this.#byName.has(name))));
    return arms;
  }
}

const NONE: readonly Statblock[] = [];
const rosters = new WeakMap<readonly Statblock[], Roster>();

/**
 * The roster of a list of summonable units (none: nobody), the same for the same list: a list
 * is read once, as the line-up's lists are (`engine/runner/lineup.ts`), so a caller with other
 * units passes another list rather than changing this one.
 */
export function rosterOf(summonable: readonly Statblock[] = NONE): Roster {
  let roster = rosters.get(summonable);
  if (!roster) rosters.set(summonable, (roster = new Roster(summonable)));
  return roster;
}
