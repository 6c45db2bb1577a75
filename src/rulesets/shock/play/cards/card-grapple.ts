import type { Localize } from "../../../../engine/i18n";
import type { CarryMode } from "./grapple";
import type { BadgeVariant } from "./card-badges";
import { escapeHtml } from "./card-morale";

/**
 * The grapple cards the GM posts, pure: breaking free, moving a grappled foe and the damage at a
 * round's end. Each leads with its result as badges (a word and an icon, `.fray-badge--<variant>`,
 * never a colour alone), like the attack card (`card-badges.ts`), then one line per check or blow.
 * Source: `002_5e27cdf788b28f5f.txt` §Grappling; RULINGS.md §shock Grappling (one break-free
 * check against every grappler).
 */
export interface GrappleBadge {
  readonly variant: BadgeVariant;
  /** `FRAY.Shock.Grapple.Badge.*`, filled with `count` where it has one. */
  readonly key: string;
  readonly icon: string;
  readonly count?: number;
}

const badge = (
  variant: BadgeVariant,
  name: string,
  icon: string,
  count?: number,
): GrappleBadge => ({
  variant,
  key: `FRAY.Shock.Grapple.Badge.${name}`,
  icon: `fa-solid ${icon}`,
  ...(count === undefined ? {} : { count }),
});

/**
 * A break-free check's badges: free of every grappler, free of some (how many) and still held by
 * the rest, or still held.
 */
export function breakFreeBadges(escaped: number, grapplers: number): GrappleBadge[] {
  if (escaped >= grapplers) return [badge("hit", "free", "fa-unlock")];
  if (escaped === 0) return [badge("miss", "stillHeld", "fa-lock")];
  return [badge("info", "freeOf", "fa-unlock", escaped), badge("miss", "stillHeld", "fa-lock")];
}

/** Moving a grappled foe: carried or thrown (won), or the foe broke free (lost). */
export function carryBadges(won: boolean, mode: CarryMode): GrappleBadge[] {
  if (!won) return [badge("miss", "brokeFree", "fa-link-slash")];
  return mode === "carry"
    ? [badge("hit", "carried", "fa-people-carry-box")]
    : [badge("hit", "thrown", "fa-person-falling")];
}

/** The end of a round: grapple damage dealt, and how many defenders fell to it. */
export function roundEndBadges(fallen: number): GrappleBadge[] {
  const out = [badge("shock", "damage", "fa-hand-fist")];
  if (fallen > 0) out.push(badge("crit", "fell", "fa-heart-crack", fallen));
  return out;
}

/** The card as chat content: its title, its badges, then its lines (all text escaped). */
export function grappleCardHtml(
  title: string, badges: readonly GrappleBadge[], lines: readonly string[], t: Localize,
): string {
  const marks = badges.map((b) => `<span class="fray-badge fray-badge--${b.variant}">`
    + `<i class="${b.icon}" aria-hidden="true"></i>`
    + `${escapeHtml(t(b.key, b.count === undefined ? {} : { count: b.count }))}</span>`).join("");
  return `<div class="fray-card shock-grapple"><header class="card-header"><h3 class="card-title">${
    escapeHtml(title)}</h3></header><div class="card-badges">${marks}</div>${
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}</div>`;
}
