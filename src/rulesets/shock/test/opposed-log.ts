import type { OpposedRoll } from "../../../engine/dice/opposed";
import type { OpposedSideLog, ShockEvent } from "../encounter/events";

/**
 * An opposed check recomputed from its log event alone (RULINGS.md §shock Opposed checks: 2d6 +
 * attribute modifier + skill each side, ties re-rolled): every total from its dice and its side's
 * modifiers; for each opponent, every comparison but the last a tie and the last deciding who won;
 * the single side's rolls exactly its one roll then its re-rolls pair by pair; and the screener
 * who takes the attack, the worst-rolling winner (002 §Screen an Ally).
 */
export interface Recomputed {
  /** What does not add up (empty: the log recomputes). */
  readonly problems: string[];
  /** The opponent with the lowest decisive total among those who beat the single side, or null. */
  readonly worstWinner: string | null;
}

const same = (a: OpposedRoll | undefined, b: OpposedRoll | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

function rollProblems(side: OpposedSideLog, r: OpposedRoll, where: string): string[] {
  const out: string[] = [];
  const natural = r.dice.reduce((s, d) => s + d, 0);
  const modifier = side.modifiers.reduce((s, m) => s + m.value, 0);
  if (r.dice.length !== 2 || r.dice.some((d) => d < 1 || d > 6)) out.push(`${where}: not 2d6`);
  if (r.natural !== natural) out.push(`${where}: natural ${r.natural}, dice say ${natural}`);
  if (r.total !== natural + modifier) out.push(`${where}: total ${r.total} ≠ ${natural + modifier}`);
  return out;
}

export function recomputeOpposed(e: Extract<ShockEvent, { kind: "opposed" }>): Recomputed {
  const problems: string[] = [];
  const { single } = e;
  single.rolls.forEach((r, i) => problems.push(...rollProblems(single, r, `${single.id} #${i}`)));
  const rerolls: OpposedRoll[] = [];
  let worst: { id: string; total: number } | null = null;
  for (const o of e.others) {
    const where = `${e.purpose} ${single.id} vs ${o.id}`;
    o.rolls.forEach((r, i) => problems.push(...rollProblems(o, r, `${o.id} #${i}`)));
    if (!o.rolls.length || o.rolls.length !== o.against.length) {
      problems.push(`${where}: ${o.rolls.length} rolls against ${o.against.length}`);
      continue;
    }
    if (!same(o.against[0], single.rolls[0])) problems.push(`${where}: not the single roll first`);
    rerolls.push(...o.against.slice(1));
    const last = o.rolls.length - 1;
    for (let i = 0; i < last; i++) {
      if (o.against[i]!.total !== o.rolls[i]!.total) problems.push(`${where}: #${i} is no tie`);
    }
    const mine = o.against[last]!.total;
    const theirs = o.rolls[last]!.total;
    if (mine === theirs) problems.push(`${where}: ends on a tie`);
    if ((mine > theirs) !== o.singleWins) problems.push(`${where}: the wrong winner`);
    if (theirs > mine && (!worst || theirs < worst.total)) worst = { id: o.id, total: theirs };
  }
  const expected = [single.rolls[0], ...rerolls];
  if (e.others.length && JSON.stringify(expected) !== JSON.stringify(single.rolls)) {
    problems.push(`${e.purpose} ${single.id}: its rolls are not its one roll and its re-rolls`);
  }
  return { problems, worstWinner: worst?.id ?? null };
}
