import { claimOnce } from "../gm/claim";

/**
 * Claims the work of one turn or round edge of an encounter once, whichever of the active GM's
 * clients runs it. v13 runs turn and round events on every client whose user is the active GM
 * (client/documents/combat.mjs `_onUpdate` → `#triggerTurnEvents`), so a GM with two tabs runs
 * each twice; a ledger kept on the combat (read, then written) cannot tell two tabs apart, the
 * claim can. Call it after the ledger says the edge is due and before writing the ledger.
 * @param key the edge as the ruleset names it (`start:3:abc`, `round:3`…).
 */
export function claimEdge(combat: { readonly id: string | null }, key: string): Promise<boolean> {
  return claimOnce(`edge.${combat.id ?? ""}.${key.replace(/[^A-Za-z0-9_-]/g, "_")}`);
}
