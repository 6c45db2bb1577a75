import type { Localize } from "../../../../engine/i18n";
import type {
  TrackerHeadingView, TrackerMark,
} from "../../../../engine/view/tracker/row-model";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../../../engine/view/tracker/rows-declaration";
import { mayActNext, rowBadges, type TrackerRow } from "./tracker-view";
import { INITIATIVE_DIE } from "../../rules/constants";

/**
 * shock's rows in the shell's tracker (`shell/applications/tracker/`; pure, so the browser test
 * splices exactly what the tracker does): a heading before each side's first shown combatant (its
 * name, its initiative as "d8 die + bonus" and result, surprised), and in each row one line: the
 * acting mark, Main and Move as pips with their word, an icon and their state in the name and
 * tooltip ("Move: used"), the marks (holding, disengaged, Total Defense) as named icons, how long a
 * fallen PC has been down, and "act next" named for the combatant. The line is always there and
 * never wraps, so a row keeps its height whatever it shows.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise, §Combat Action Types.
 */
export interface ShockEntry extends TrackerEntry, TrackerRow {
  readonly name: string;
  readonly isPC: boolean;
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

/** The rows' input: the shell's, and each side's heading. */
export interface ShockTrackerInput extends TrackerInput<ShockEntry> {
  readonly sides: readonly SideInfo[];
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

function sideHeading(
  side: SideInfo, t: Localize,
): Pick<TrackerHeadingView, "look" | "title" | "state"> {
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
  return { look: "side", title: side.name, state };
}

/** A fallen PC: how many rounds it has been down, else null. */
function downFor(entry: ShockEntry, round: number): number | null {
  const down = rowBadges(entry, round).downFor;
  return entry.isPC ? down : null;
}

export const SHOCK_ROWS: TrackerRowsDeclaration<ShockEntry, ShockTrackerInput> = {
  layout: "inline",
  groups: {
    key: (entry) => entry.side,
    heading: (side, input, { t }) => sideHeading(input.sides.find((s) => s.id === side)
      ?? { id: side, name: side, roll: null, surprised: false }, t),
  },
  acting: {
    label: "FRAY.Shock.Combat.Acting", icon: "fa-play", tone: "crit", look: "icon", lead: true,
  },
  economy: {
    // Main and Move; a fallen PC shows none.
    pips: (entry, { input }) => (downFor(entry, input.round) !== null ? []
      : rowBadges(entry, input.round).left.slice(0, 2)
        .map((p) => ({ id: p.key, word: p.key, name: p.key, used: !p.left }))),
    states: { used: "FRAY.Shock.Combat.PipUsed", left: "FRAY.Shock.Combat.PipLeft" },
    icons: { used: "fa-circle-xmark", left: "fa-circle-check" },
    flip: "none",
  },
  marks: (entry, { input, words: { t } }) => {
    const down = downFor(entry, input.round);
    if (down !== null) {
      return [{
        label: t("FRAY.Shock.Combat.DownShort", { rounds: down }),
        tooltip: t("FRAY.Shock.Combat.DownFor", { rounds: down }),
        icon: "fa-heart-crack", tone: "miss", look: "badge",
      }];
    }
    return rowBadges(entry, input.round).left.slice(2).map((m): TrackerMark => ({
      label: t(m.key), icon: MARK_ICONS[m.key] ?? "fa-circle-info", tone: "info", look: "icon",
    }));
  },
  // An owner picks who of the acting side acts next; a fallen combatant does not act.
  buttons: (entry, { input, index, words: { t } }) => {
    const may = mayActNext(input.entries, index, input.turn, input.started) && entry.isOwner
      && rowBadges(entry, input.round).downFor === null;
    const label = t("FRAY.Shock.Combat.ActNextNamed", { name: entry.name });
    return may ? [{ action: "shockActNext", icon: "fa-forward", label }] : [];
  },
};
