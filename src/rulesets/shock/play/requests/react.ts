import {
  heldAttackerOf, strikerOf, type Reaction, type Snapper,
} from "../cards/card-seal";

/**
 * What the GM decides of an answer to an attack card's reaction window before it plays it
 * (`foundry/gm/react.ts`): the claim that makes each event be played once, whichever GM's client
 * plays it, and how the window's refusals read on the card. Source: `002_5e27cdf788b28f5f.txt`
 * §Total Defense, §Instant Actions, §Make a Snap Attack; RULINGS.md §shock.
 */

/** An answer as the claim reads it, after the card's checks passed. */
export interface ReactClaimFacts {
  /** The card's choice (`totalDefense`, `screen:<id>`, `snap:<id>`, `held:<id>`, `none`). */
  readonly choice: string;
  /** The window's state number, or null when the card never got its window. */
  readonly seq: number | null;
  /** Who the window awaits a Snap Attack's or held attack's outcome from (null: none). */
  readonly awaited: string | null;
  /** Whether that outcome can be read now (its card is done, or a GM ends the wait). */
  readonly reportable: () => boolean;
  /** A "no reaction" is kept already, waiting for that outcome. */
  readonly closing: boolean;
}

/**
 * The claim an answer is played under. A GM's "no reaction" on a card without a window closes it
 * (`close-card`). Otherwise the claim names the state (`seq`) and the path decided on it: the
 * answer played (`react-<seq>`), or a "no reaction" kept until an awaited outcome that cannot be
 * read yet comes (`close-<seq>`), refused while one is kept already (`snapPending`).
 */
export function reactClaim(
  facts: ReactClaimFacts,
): { readonly ok: true; readonly claim: string } | { readonly ok: false; readonly reason: string } {
  if (facts.seq === null) return { ok: true, claim: "close-card" };
  if (facts.choice !== "none" || !facts.awaited || facts.reportable())
    return { ok: true, claim: `react-${facts.seq}` };
  if (facts.closing) return { ok: false, reason: "snapPending" };
  return { ok: true, claim: `close-${facts.seq}` };
}

/** A window's refusal (`engine/resolution/window`) as the card's (`FRAY.Relay.Reason.<key>`). */
export function windowRefusal(reason: string): string {
  const reasons: Record<string, string> = {
    settled: "alreadyApplied", busy: "snapPending", nothingToPass: "notOffered",
  };
  return reasons[reason] ?? reason;
}

/**
 * Why a Snap Attack or held attack taken now is refused: its striker is no longer offered it (a
 * readied weapon that reaches the attacker, and for a held attack the action still held: `offered`,
 * read from the documents now). The key names the kind, `name` the striker as the seal named it.
 * @returns null for an answer that strikes nobody, or a striker still offered it.
 */
export function strikeRefusal(
  choice: Reaction, offered: readonly Snapper[], sealed: readonly Snapper[],
): { readonly key: string; readonly name: string } | null {
  const ally = strikerOf(choice);
  if (!ally || offered.some((s) => s.combatantId === ally)) return null;
  const held = heldAttackerOf(choice) !== null;
  const name = sealed.find((s) => s.combatantId === ally)?.name ?? "";
  return { key: `FRAY.Shock.Refuse.${held ? "HeldGone" : "SnapGone"}`, name };
}
