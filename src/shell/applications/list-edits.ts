/**
 * Moved to the engine (`engine/view/list-edits.ts`: pure and neutral, so a ruleset's play/ reads it);
 * this re-export serves the importers not moved yet (shock's, on its own branch).
 */
export * from "../../engine/view/list-edits";
