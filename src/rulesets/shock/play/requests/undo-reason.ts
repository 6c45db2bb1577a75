/**
 * Why an Undo of a card's Apply is refused, as the card's refusal key
 * (`FRAY.Relay.Reason.<key>`), from the card runtime's reason and the path of the first change it
 * cannot invert exactly (`shell/cards/requests.ts` `undoStep`): the target's HP was hit or healed
 * after a fall (a hit that left it standing may have later hits on top), its shield was used again
 * in the round it was spent, or its mortal marks, fall round or defeat changed since. Source:
 * RULINGS.md §shock (Mortally Injured, NPC defeated); `002_5e27cdf788b28f5f.txt` §Shock.
 */
export function undoReason(reason: string, path: string): string {
  if (reason === "gone") return "noTarget";
  if (path === "system.hp.value") return "shockUndo.hpChangedSince";
  // Kept on the combat now (`flags.fray.kept.<id>.shieldUsed`); a Combatant's before the store.
  if (path === "system.shieldUsed" || path.endsWith(".shieldUsed"))
    return "shockUndo.shieldChangedSince";
  return "shockUndo.marksChangedSince";
}
