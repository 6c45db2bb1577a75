/**
 * Fray's readings where `003_d18720f6cd315cc2.txt` is silent and RULINGS.md §phases does not speak
 * yet, as these rules play them (each named so the lead can settle it in RULINGS.md):
 * - Slowed ends a movement "at any point during" it, so a mover already Slowed when its movement
 *   starts moves no square (`conditions.ts` `mayStartMoving`), and a Slowed combatant cannot
 *   Disengage in the Battle phase either.
 * - An opportunity attack comes as the mover leaves the square; when it Slows the mover, the mover
 *   stays in the square it was leaving (`movement.ts` `stopWhereSlowed`).
 * - A Charge's "straight line" is the grid's line from start to end (engine `space/measure.ts`
 *   `line`), ending adjacent to the enemy charged; the line is checked cell by cell.
 * - Half damage on a miss (a power's `miss: "half"`) rounds down.
 * - The same edge source counts once (engine `dice/edge.ts`): Disengaging twice, or a Disengage
 *   move and a Disengage action, are one Disadvantage.
 * - Melee powers reach adjacent squares only; a ranged power reaches a target within its range
 *   as the grid measures it, an adjacent one included, with no penalty.
 * - Activate Item spends the item's use; an item with `uses.max` 0 is used at will.
 * - The text has no surprise round and no natural rule on attacks or saves.
 */
export {};
