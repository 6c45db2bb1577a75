import type { Localize } from "../../../../engine/i18n";
import type { EndPhaseCondition, EndPhaseLine } from "./end-phase";

/**
 * The End phase's one card, pure: its lines as the GM keeps them in the card's flags
 * (`flags.fray.endPhase.lines`), each save rolled with its 2d6 and what it did, or a player's
 * character's save still to roll, which its owner's (or the GM's) press on the card rolls; the
 * rolled lines then take the place of the waiting ones. Source: `003_d18720f6cd315cc2.txt`
 * §End Phase; RULINGS.md §phases End phase.
 */
export interface EndPhaseCardLine {
  /** Whose condition it is (a combatant id). */
  readonly bearer: string;
  readonly text: string;
  /** A save still to roll. */
  readonly pending: boolean;
}

/**
 * A waiting line for each save of `saves` (offered to its bearer's owners).
 * @param names each bearer's name by combatant id.
 */
export function pendingLines(
  saves: readonly EndPhaseCondition[], names: ReadonlyMap<string, string>, t: Localize,
): EndPhaseCardLine[] {
  return saves.map((s) => ({
    bearer: s.bearer, pending: true,
    text: t("FRAY.Phases.EndPhase.Pending", {
      name: names.get(s.bearer) ?? "", condition: t(`FRAY.Phases.Condition.${s.condition}`),
    }),
  }));
}

/** Rolled lines as the card keeps them. */
export const rolledLines = (lines: readonly EndPhaseLine[]): EndPhaseCardLine[] =>
  lines.map((l) => ({ bearer: l.bearer, text: l.text, pending: false }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The card's lines as kept in its flags (the caller checks the card is a GM's), malformed ones
 * left out; none when the flags hold none.
 */
export function cardLinesOf(flags: unknown): EndPhaseCardLine[] {
  const fray = isRecord(flags) ? flags.fray : null;
  const end = isRecord(fray) ? fray.endPhase : null;
  const lines = isRecord(end) && Array.isArray(end.lines) ? end.lines : [];
  return lines.flatMap((l: unknown) => {
    if (!isRecord(l) || typeof l.bearer !== "string" || typeof l.text !== "string"
      || typeof l.pending !== "boolean") return [];
    return [{ bearer: l.bearer, text: l.text, pending: l.pending }];
  });
}

/**
 * The card's lines once `bearer`'s saves are rolled: its waiting lines give way to `rolled`,
 * where the first of them stood (at the end when none waited); every other line as it was.
 */
export function withRolled(
  lines: readonly EndPhaseCardLine[], bearer: string, rolled: readonly EndPhaseLine[],
): EndPhaseCardLine[] {
  const waiting = (l: EndPhaseCardLine) => l.pending && l.bearer === bearer;
  const at = lines.findIndex(waiting);
  const kept = lines.filter((l) => !waiting(l));
  const place = at < 0 ? kept.length : lines.slice(0, at).filter((l) => !waiting(l)).length;
  return [...kept.slice(0, place), ...rolledLines(rolled), ...kept.slice(place)];
}
