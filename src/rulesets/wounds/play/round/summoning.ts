/**
 * The summons a caster holds in a wounds battle, pure: its combat's summons it made, still up.
 * Its token is the shell's summon (`shell/documents/summon-beside.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Summoning Slots ("under your control"); RULINGS.md §wounds
 * Summons.
 */

/** A combatant as the slot count reads it. */
export interface HeldSummon {
  /** Its summoner's combatant id, as the GM keeps it ("" none). */
  readonly summoner: string;
  /** Up, and not marked defeated. */
  readonly up: boolean;
}

/**
 * The summons `casterId` holds now: those it summoned in this combat that are still up (one
 * defeated no longer fills a slot: it is out of the battle).
 */
export const summonsHeld = (combatants: readonly HeldSummon[], casterId: string): number =>
  combatants.filter((c) => c.summoner === casterId && c.up).length;
