import type { Grid } from "../../../engine/space/grid";

/**
 * What the tracker says when the encounter's scene has a grid the ruleset's position rules do not
 * read (a gridless scene, or hexes for a ruleset of squares): who stands next to whom, reach and
 * opportunity attacks are then the GM's call, and the table should know it rather than wonder why
 * no offer comes.
 */
export type GridKind = Grid["kind"];

/**
 * The lang key of the note for an encounter on `grid`, or null when the ruleset reads it (or the
 * encounter has no scene yet). Pure.
 * @param reads the grid kinds the ruleset's position rules read
 */
export function positionNoteKey(
  grid: GridKind | null,
  reads: readonly Exclude<GridKind, "gridless">[],
): string | null {
  if (grid === null || (grid !== "gridless" && reads.includes(grid))) return null;
  return grid === "gridless" ? "FRAY.Tracker.PositionsGridless" : "FRAY.Tracker.PositionsHex";
}

/**
 * Puts the note (or no note, for null) just above Foundry's tracker list; calling it again
 * replaces it. Plain DOM and no closure, so the browser test runs this very function.
 */
export function placePositionNote(list: Element, text: string | null): void {
  list.parentElement?.querySelector(":scope > .fray-position-note")?.remove();
  if (!text) return;
  const note = document.createElement("p");
  note.className = "fray-note fray-position-note";
  note.setAttribute("role", "note");
  note.textContent = text;
  list.before(note);
}
