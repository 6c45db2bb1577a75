import type { Localize } from "../../../../engine/i18n";
import {
  groupHeadings, type TrackerHeadingView, type TrackerMark, type TrackerRowView, type TrackerView,
} from "../../../../shell/applications/tracker-rows";
import { mayActNext, rowBadges, type TrackerRow } from "./tracker-view";
import { INITIATIVE_DIE } from "../../rules/constants";

/**
 * What shock's tracker adds to Foundry's own, in the shell's row model
 * (`shell/applications/tracker-rows.ts`; pure, so the browser test splices exactly what the
 * tracker does): a heading before each side's first shown combatant (its name, its initiative as
 * "d8 die + bonus" and result, surprised), and in each row one line: the acting mark, Main and Move
 * as pips with their word, an icon and their state in the name and tooltip ("Move: used"), the
 * marks (holding, disengaged, Total Defense) as named icons, how long a fallen PC has been down,
 * and "act next" named for the combatant. The line is always there and never wraps, so a row keeps
 * its height whatever it shows.
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

const MARK_ICONS: Readonly<Record<string, string>> = {
  "FRAY.Shock.Sheet.Holding": "fa-hourglass-half",
  "FRAY.Shock.Sheet.Disengaged": "fa-person-walking-arrow-right",
  "FRAY.Shock.Action.totalDefense": "fa-shield-halved",
};

function sideHeading(beforeId: string, side: SideInfo, t: Localize): TrackerHeadingView {
  const roll = side.roll;
  const state: TrackerHeadingView["state"][number][] = [];
  if (!roll) state.push({ text: t("FRAY.Shock.Combat.NotRolled") });
  else {
    const label = t("FRAY.Shock.Combat.SideInitiative", { result: roll.result });
    state.push({ label, icon: "fa-dice-d20", tone: "info", look: "badge" });
    const form =
      roll.bonus === 0 ? "SideRollBare" : roll.bonus < 0 ? "SideRollMinus" : "SideRollPlus";
    const detail = { die: roll.die ?? 0, bonus: Math.abs(roll.bonus) };
    if (roll.die !== null) state.push({ text: t(`FRAY.Shock.Combat.${form}`, detail) });
  }
  if (side.surprised) {
    const label = t("FRAY.Shock.Combat.Surprised");
    state.push({ label, icon: "fa-eye-slash", tone: "miss", look: "badge" });
  }
  return { beforeId, group: side.id, look: "side", title: side.name, state };
}

function row(entry: TrackerEntry, state: TrackerState, index: number, t: Localize): TrackerRowView {
  const badges = rowBadges(entry, state.round);
  const active = state.started && state.turn === index;
  const marks: TrackerMark[] = [];
  if (active) {
    marks.push({ label: t("FRAY.Shock.Combat.Acting"), icon: "fa-play", tone: "crit", look: "icon",
      lead: true });
  }
  const down = badges.downFor !== null && entry.isPC;
  if (down) {
    marks.push({
      label: t("FRAY.Shock.Combat.DownShort", { rounds: badges.downFor ?? 0 }),
      tooltip: t("FRAY.Shock.Combat.DownFor", { rounds: badges.downFor ?? 0 }),
      icon: "fa-heart-crack", tone: "miss", look: "badge",
    });
  }
  const [main, move, ...rest] = badges.left;
  const pips = down ? [] : [main, move].flatMap((p) => (p ? [p] : [])).map((p) => {
    const word = t(p.key);
    const label = t("FRAY.Shock.Combat.Pip", {
      action: word, state: t(`FRAY.Shock.Combat.PipState.${p.left ? "left" : "used"}`),
    });
    const icon = p.left ? "fa-circle-check" : "fa-circle-xmark";
    return { id: p.key, word, label, used: !p.left, icon, press: "image" } as const;
  });
  if (!down) {
    for (const m of rest) {
      marks.push({ label: t(m.key), icon: MARK_ICONS[m.key] ?? "fa-circle-info", tone: "info",
        look: "icon" });
    }
  }
  // A fallen combatant does not act, so it is not offered to act next.
  const actNext = mayActNext(state.entries, index, state.turn, state.started) && entry.isOwner
    && badges.downFor === null;
  const label = t("FRAY.Shock.Combat.ActNextNamed", { name: entry.name });
  return {
    id: entry.id, active, layout: "inline", pips, marks, reorder: null,
    buttons: actNext ? [{ action: "shockActNext", icon: "fa-forward", label }] : [],
  };
}

/** The headings and rows for the rendered rows. */
export function trackerView(state: TrackerState, t: Localize): TrackerView {
  const sides = state.entries.map((e) => ({ id: e.id, group: e.side }));
  const groups = groupHeadings(sides, state.rendered);
  return {
    headings: groups.map((h) => sideHeading(h.beforeId, state.sides.find((s) => s.id === h.group)
      ?? { id: h.group, name: h.group, roll: null, surprised: false }, t)),
    rows: state.entries.flatMap((entry, index) => (state.rendered.has(entry.id)
      ? [row(entry, state, index, t)] : [])),
  };
}
