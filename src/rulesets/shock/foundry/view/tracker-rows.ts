import type { Localize } from "../../../../engine/i18n";
import { escapeHtml } from "./card-morale";
import { mayActNext, rowBadges, sideHeadings, type TrackerRow } from "./tracker-view";
import { INITIATIVE_DIE } from "../../rules/constants";

/**
 * What shock's tracker adds to Foundry's own (templates/sidebar/tabs/combat/tracker.hbs, rendered
 * by client/applications/sidebar/tabs/combat-tracker.mjs), as HTML built here, pure, so the
 * browser test splices exactly what the tracker does: a heading `<li>` before each side's first
 * shown combatant (its name, its initiative as "d8 die + bonus" and result, surprised), and in each
 * row a state line: Main and Move as `.fray-pip`s with their word, an icon and their state in the
 * name and tooltip ("Move: used"), the marks (holding, disengaged, Total Defense) as icons named
 * the same way, how long a fallen PC has been down, and "act next" named for the combatant. The
 * line is always there and never wraps, so a row keeps its height whatever it shows.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise, §Combat Action Types.
 */
export interface TrackerEntry extends TrackerRow {
  readonly name: string;
  readonly isPC: boolean;
  /** The viewer owns it (may pick it to act next). */
  readonly isOwner: boolean;
}

export interface SideInfo {
  readonly id: string;
  /** Localized ("the party", "the foes"). */
  readonly name: string;
  /** The side's roll once made: the d8, the bonus and the result; null before. */
  readonly roll: {
    readonly die: number | null;
    readonly bonus: number;
    readonly result: number;
  } | null;
  readonly surprised: boolean;
}

export interface TrackerState {
  /** The combatants in turn order. */
  readonly entries: readonly TrackerEntry[];
  /** The ids Foundry's template rendered (hidden combatants are left out for players). */
  readonly rendered: ReadonlySet<string>;
  readonly sides: readonly SideInfo[];
  readonly round: number;
  readonly turn: number | null;
  readonly started: boolean;
}

export interface TrackerExtras {
  readonly headings: readonly { readonly beforeId: string; readonly html: string }[];
  readonly rows: readonly { readonly id: string; readonly html: string }[];
}

/**
 * A side's roll from its CombatantGroup: the result is the group's initiative; the d8 and the
 * bonus are the group's `fray` flags as the side rolled (documents/combat.ts). A group made before
 * they were kept (or with flags that are no d8 face) shows its result alone (`die` null).
 */
export function sideRollOf(
  initiative: number | null, flags: { readonly die?: unknown; readonly bonus?: unknown },
): SideInfo["roll"] {
  if (initiative === null) return null;
  const { die, bonus } = flags;
  const face = Number.isInteger(die) && (die as number) >= 1 && (die as number) <= INITIATIVE_DIE;
  const known =
    face && Number.isInteger(bonus) && (die as number) + (bonus as number) === initiative;
  return known ? { die: die as number, bonus: bonus as number, result: initiative }
    : { die: null, bonus: 0, result: initiative };
}

const attr = escapeHtml;

/** A named icon: a word for screen readers and the tooltip, the icon for the eye. */
const mark = (cls: string, icon: string, label: string): string =>
  `<span class="${cls}" role="img" aria-label="${attr(label)}" data-tooltip="${attr(label)}">`
  + `<i class="fa-solid ${icon}" aria-hidden="true"></i></span>`;

function sideHeading(side: SideInfo, t: Localize): string {
  const roll = side.roll;
  let initiative =
    `<span class="shock-side-roll">${escapeHtml(t("FRAY.Shock.Combat.NotRolled"))}</span>`;
  if (roll) {
    const form =
      roll.bonus === 0 ? "SideRollBare" : roll.bonus < 0 ? "SideRollMinus" : "SideRollPlus";
    const detail = roll.die === null ? "" : `<span class="shock-side-roll">${escapeHtml(t(
      `FRAY.Shock.Combat.${form}`, { die: roll.die, bonus: Math.abs(roll.bonus) },
    ))}</span>`;
    initiative = `<span class="fray-badge fray-badge--info"><i class="fa-solid fa-dice-d20" `
      + `aria-hidden="true"></i>${escapeHtml(t("FRAY.Shock.Combat.SideInitiative",
        { result: roll.result }))}</span>${detail}`;
  }
  const surprised = side.surprised
    ? `<span class="fray-badge fray-badge--miss">`
      + `<i class="fa-solid fa-eye-slash" aria-hidden="true">`
      + `</i>${escapeHtml(t("FRAY.Shock.Combat.Surprised"))}</span>`
    : "";
  return `<li class="shock-side-heading" data-side="${attr(side.id)}"><h4 class="shock-side-name">${
    escapeHtml(side.name)}</h4><div class="shock-side-state">${initiative}${surprised}</div></li>`;
}

function rowState(
  entry: TrackerEntry, state: TrackerState, index: number, t: Localize,
): string {
  const badges = rowBadges(entry, state.round);
  const parts: string[] = [];
  const active = state.started && state.turn === index;
  if (active) parts.push(mark("shock-mark shock-acting", "fa-play", t("FRAY.Shock.Combat.Acting")));
  if (badges.downFor !== null && entry.isPC) {
    const full = t("FRAY.Shock.Combat.DownFor", { rounds: badges.downFor });
    parts.push(`<span class="fray-badge fray-badge--miss" data-tooltip="${attr(full)}">`
      + `<i class="fa-solid fa-heart-crack" aria-hidden="true"></i>`
      + `${escapeHtml(t("FRAY.Shock.Combat.DownShort", { rounds: badges.downFor }))}</span>`);
  } else {
    const [main, move, ...marks] = badges.left;
    const pips = [main, move].filter((p) => p !== undefined).map((p) => {
      const word = t(p.key);
      const label = t("FRAY.Shock.Combat.Pip", {
        action: word, state: t(`FRAY.Shock.Combat.PipState.${p.left ? "left" : "used"}`),
      });
      const icon = p.left ? "fa-circle-check" : "fa-circle-xmark";
      return (
        `<span class="fray-pip${p.left ? "" : " used"}" role="img" aria-label="${attr(label)}" `
        + `data-tooltip="${attr(label)}"><i class="fa-solid ${icon}" aria-hidden="true"></i>`
        + `${escapeHtml(word)}</span>`
      );
    });
    parts.push(`<span class="fray-pips">${pips.join("")}</span>`);
    const icons: Record<string, string> = {
      "FRAY.Shock.Sheet.Holding": "fa-hourglass-half",
      "FRAY.Shock.Sheet.Disengaged": "fa-person-walking-arrow-right",
      "FRAY.Shock.Action.totalDefense": "fa-shield-halved",
    };
    for (const m of marks)
      parts.push(mark("shock-mark", icons[m.key] ?? "fa-circle-info", t(m.key)));
  }
  // A fallen combatant does not act, so it is not offered to act next.
  const actNext = mayActNext(state.entries, index, state.turn, state.started) && entry.isOwner
    && badges.downFor === null;
  if (actNext) {
    const label = t("FRAY.Shock.Combat.ActNextNamed", { name: entry.name });
    parts.push(`<button type="button" class="shock-act-next" data-action="shockActNext" `
      + `aria-label="${attr(label)}" data-tooltip="${attr(label)}">`
      + `<i class="fa-solid fa-forward" aria-hidden="true"></i></button>`);
  }
  return `<div class="shock-row-state">${parts.join("")}</div>`;
}

/** The headings and row lines for the rendered rows. */
export function trackerExtras(state: TrackerState, t: Localize): TrackerExtras {
  const headings = sideHeadings(state.entries, state.rendered).map((h) => {
    const side = state.sides.find((s) => s.id === h.side)
      ?? { id: h.side, name: h.side, roll: null, surprised: false };
    return { beforeId: h.beforeId, html: sideHeading(side, t) };
  });
  const rows = state.entries.flatMap((entry, index) => state.rendered.has(entry.id)
    ? [{ id: entry.id, html: rowState(entry, state, index, t) }]
    : []);
  return { headings, rows };
}
