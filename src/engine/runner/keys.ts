/**
 * Each combatant's key in a runner's log: its name, numbered when the name repeats in the line-up
 * ("Goblin Skulker 1", "Goblin Skulker 2"; a name that does not repeat stays as it is). Keys are
 * unique in a fight: events name combatants by key, and the runners key their tables by it.
 */
export function uniqueKeys(blocks: readonly { readonly name: string }[]): string[] {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const b of blocks) total.set(b.name, (total.get(b.name) ?? 0) + 1);
  return blocks.map((b) => {
    const n = (seen.get(b.name) ?? 0) + 1;
    seen.set(b.name, n);
    return asPropertyName((total.get(b.name) ?? 0) > 1 ? `${b.name} ${n}` : b.name);
  });
}

/**
 * The same text, as the name an object property is stored under. In V8 such a string is unique
 * (internalized), so two different keys compare unequal by identity alone instead of character
 * by character; the runners compare keys (with effects' bearers and sources, the turn's owner, in
 * adjacency sets) at every step, and keys of one line-up often differ only at the end.
 */
function asPropertyName(text: string): string {
  const holder: Record<string, true> = { [text]: true };
  for (const name in holder) return name;
  return text;
}
