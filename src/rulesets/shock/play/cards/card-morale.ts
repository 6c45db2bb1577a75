import type { Localize } from "../../../../engine/i18n";

/**
 * The GM's morale whispers as chat content, pure: the offer (why the group checks, 2d6 against
 * its Morale, Roll and Set Morale buttons), the score a roll would use now, and the result (a
 * "They hold" or "They break" badge with its icon, then the roll against the score). Source: `002_5e27cdf788b28f5f.txt` §Morale; RULINGS.md
 * §shock Morale.
 */

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const badge = (variant: string, icon: string, word: string): string =>
  `<span class="fray-badge fray-badge--${variant}"><i class="fa-solid ${icon}" aria-hidden="true">`
  + `</i>${escapeHtml(word)}</span>`;

const frame = (t: Localize, badges: string, body: string): string =>
  `<div class="fray-card shock-morale"><header class="card-header">`
  + `<h3 class="card-title">${escapeHtml(t("FRAY.Shock.Morale.Check"))}</h3></header>`
  + `<div class="card-badges">${badges}</div>${body}</div>`;

const button = (action: string, icon: string, label: string): string =>
  `<button type="button" data-shock-morale="${action}"><i class="fa-solid ${icon}" `
  + `aria-hidden="true"></i>${escapeHtml(label)}</button>`;

/**
 * The offer: `text` is the localized `FRAY.Shock.Morale.Offer` line; then the GM's buttons, Roll
 * and Set the group's Morale. The score is not in it: it is the group's when the GM rolls (the GM's
 * client shows it as it is now, `moraleScoreText`).
 */
export function moraleOfferHtml(text: string, t: Localize): string {
  const buttons = button("roll", "fa-dice", t("FRAY.Shock.Morale.Roll"))
    + button("set", "fa-pen-to-square", t("FRAY.Shock.Morale.SetScore"));
  return frame(t, badge("info", "fa-flag", t("FRAY.Shock.Morale.OfferBadge")),
    `<p>${escapeHtml(text)}</p><div class="card-buttons">${buttons}</div>`);
}

/**
 * The group's score as a roll now would use it: "Morale now: 9 (the highest still in the fight)",
 * "… (set by the GM)", or that nobody is left to check.
 */
export function moraleScoreText(
  morale: { score: number; source: "set" | "highestInFight" } | null, group: string, t: Localize,
): string {
  if (!morale) return t("FRAY.Shock.Morale.NoneLeft", { group });
  return t("FRAY.Shock.Morale.ScoreNow", {
    score: morale.score, source: t(`FRAY.Shock.Morale.ScoreFrom.${morale.source}`),
  });
}

/** The result: the group broke (flees) or holds; `line` is the localized Holds/Breaks line. */
export function moraleResultHtml(broken: boolean, line: string, t: Localize): string {
  const word = t(broken ? "FRAY.Shock.Morale.BreaksBadge" : "FRAY.Shock.Morale.HoldsBadge");
  const mark = broken ? badge("miss", "fa-person-running", word) : badge("hit", "fa-shield", word);
  return frame(t, mark, `<p>${escapeHtml(line)}</p>`);
}
