// Moved to src/engine/view/sheet-header.ts (pure and neutral: a ruleset's play/ may use
// it). This re-export only keeps escalation's importers building until its own play/ split
// points them there; then delete it.
export * from "../../engine/view/sheet-header";
