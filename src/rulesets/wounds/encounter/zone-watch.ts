import { FREE_MOVE_IN_ZONE } from "../rules/constants";
import type { MoveTrigger } from "../rules/free-hits";
import type { Fighter } from "./fighter";

/**
 * One enemy watching its melee zone as a unit moves (`movement.ts`), step by step: the rules'
 * `moveProvokes` (`rules/free-hits.ts`) reads the whole list of where the mover stood, and the
 * runner asked it again after every step, over a list it grew; this keeps only what that reading
 * needs (whether the mover stood inside at its last square, and how many steps it took within
 * the zone) and answers for the new square alone. A watcher stops watching once provoked (one
 * free hit a move), so its first trigger is the rules' first trigger.
 * `test/zone-watch.test.ts` holds it equal to `moveProvokes` on every prefix of random paths.
 * Source: `001_dbc5fcc02a99a518.txt` §Free Hits; RULINGS.md §wounds Free hit slots.
 */
export class ZoneWatch {
  /** The watching enemy, and its melee zone in spaces. */
  enemy: Fighter | null = null;
  zone = 0;
  /** Whether the mover stood inside the zone at its last square. */
  inside = false;
  /** Steps taken within the zone so far. */
  within = 0;
  /** Provoked already (or no longer watching). */
  done = false;

  /** Starts watching for `enemy` (zone `zone`) with the mover standing inside or not. */
  start(enemy: Fighter, zone: number, inside: boolean): void {
    this.enemy = enemy;
    this.zone = zone;
    this.inside = inside;
    this.within = 0;
    this.done = false;
  }

  /** The mover's next square is inside the zone or not: what it provokes now, or null. */
  step(inside: boolean): MoveTrigger | null {
    if (!this.inside) {
      this.inside = inside;
      return null;
    }
    if (!inside) return "leftZone";
    this.within++;
    return this.within > FREE_MOVE_IN_ZONE ? "movedWithin" : null;
  }
}
