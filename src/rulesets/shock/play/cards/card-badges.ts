import type { ShockCard } from "./card-spec";
import type { Phase, ShockLedger, ShockSeal } from "./card-seal";
import { windowView } from "./card-window";

/**
 * The badges a shock attack card leads with, pure: the result first (hit or miss, a natural 20 or
 * 1 named as such because it decides the roll whatever the AC), then the Shock of a miss, the
 * reactions taken (Total Defense, a screen, Snap Attacks) and where the card stands. Each is a
 * word and an icon (`.fray-badge--<variant>`), never a colour alone.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock, §Total Defense, §Screen an Ally,
 * §Make a Snap Attack, §Execution Attacks; RULINGS.md §shock Attack (natural 20/1 option).
 */
export type BadgeVariant =
  "hit" | "miss" | "crit" | "fumble" | "shock" | "reaction" | "info" | "neutral";

export interface CardBadge {
  readonly variant: BadgeVariant;
  /** `FRAY.Shock.Card.Badge.*`, filled with `amount` where it has one. */
  readonly key: string;
  /** Font Awesome classes of the icon beside the word (decorative: `aria-hidden`). */
  readonly icon: string;
  readonly amount?: number;
}

const badge = (variant: BadgeVariant, name: string, icon: string, amount?: number): CardBadge => ({
  variant, key: `FRAY.Shock.Card.Badge.${name}`, icon: `fa-solid ${icon}`,
  ...(amount === undefined ? {} : { amount }),
});

/** The hit or miss itself: the final result once settled, the GM's reading at posting before. */
function outcome(card: ShockCard, seal: ShockSeal, ledger: ShockLedger): CardBadge {
  const result = ledger.result;
  if (result?.execution) {
    if (result.execution.saved) return badge("hit", "executionSaved", "fa-shield-heart");
    // A non-lethal execution's failed save knocks out (§Execution Attacks).
    return result.execution.outcome === "unconscious"
      ? badge("crit", "executionKnockedOut", "fa-bed")
      : badge("crit", "executionFailed", "fa-skull");
  }
  const hit = result ? result.hit : seal.hit;
  // With the natural 20/1 option a 20 always hits and a 1 always misses.
  if (hit && card.natural === 20) return badge("crit", "natural20", "fa-star");
  if (!hit && card.natural === 1) return badge("fumble", "natural1", "fa-skull-crossbones");
  return hit ? badge("hit", "hit", "fa-crosshairs") : badge("miss", "miss", "fa-xmark");
}

/** The reactions taken on the card, in the order they happened. */
function reactions(seal: ShockSeal, ledger: ShockLedger): CardBadge[] {
  const out: CardBadge[] = [];
  const win = windowView(seal, ledger);
  if (seal.screen?.takenBy || win.heldScreen?.won)
    out.push(badge("reaction", "screened", "fa-people-arrows"));
  if (win.snaps.length) out.push(badge("reaction", "snap", "fa-bolt-lightning"));
  if (win.totalDefense) out.push(badge("reaction", "totalDefense", "fa-shield-halved"));
  return out;
}

/** Every badge of the card, result first. */
export function cardBadges(
  card: ShockCard, seal: ShockSeal | null, ledger: ShockLedger, phase: Phase,
): CardBadge[] {
  if (phase === "refused") return [badge("miss", "refused", "fa-ban")];
  if (!seal) return [badge("info", "unchecked", "fa-hourglass-half")];
  const out = [outcome(card, seal, ledger)];
  const result = ledger.result;
  if (result?.kind === "shock") {
    out.push(badge("shock", result.swarm ? "swarmShock" : "shock", "fa-bolt", result.amount));
  }
  out.push(...reactions(seal, ledger));
  if (ledger.maneuver) {
    const won = ledger.maneuver.won ? "Won" : "Lost";
    out.push(badge("info", `${ledger.maneuver.kind}${won}`, "fa-hand-fist"));
  }
  if (phase === "reactions") out.push(badge("info", "awaiting", "fa-hourglass-half"));
  if (phase === "applied" && ledger.applied) out.push(badge("neutral", "applied", "fa-check"));
  if (phase === "undone") out.push(badge("neutral", "undone", "fa-rotate-left"));
  if (phase === "closed") out.push(badge("neutral", "closed", "fa-lock"));
  return out;
}
