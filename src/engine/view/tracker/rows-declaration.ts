import type { Localize } from "../../i18n";
import type {
  TrackerButton, TrackerHeadingView, TrackerMark, TrackerOrder, Tone,
} from "./row-model";

/**
 * What a ruleset declares of its tracker's rows, pure (no Foundry): the shell's `trackerView`
 * (`shell/applications/tracker/view.ts`) does everything every ruleset does the same way (which
 * rows Foundry drew, group headings at each group's first shown row, the acting mark, the
 * economy's pips with their state and who may flip them, reorder controls for the row's owners),
 * and asks the declaration only for what is the ruleset's own: its groups' headings, its pips,
 * marks, note, buttons and orders. Every text a declaration returns is localized (it gets the
 * `TrackerWords`); what it names by lang key (`acting.label`, the economy's words and states,
 * `reorder`) the shell localizes.
 */

/** What every row's entry has, read from its Combatant (`entryBase`, the shell's tracker app). */
export interface TrackerEntry {
  readonly id: string;
  /** The viewer owns the combatant (its controls: reorder, act next…). */
  readonly isOwner: boolean;
}

/** The combat the rows are built from, for one viewer; a ruleset's input adds its own parts. */
export interface TrackerInput<E extends TrackerEntry = TrackerEntry> {
  /** Every combatant in turn order, hidden ones too (`rendered` says which Foundry drew). */
  readonly entries: readonly E[];
  /** Ids of the rows Foundry rendered (it leaves out combatants hidden from the viewer). */
  readonly rendered: ReadonlySet<string>;
  readonly round: number;
  /** The index of the combatant whose turn it is, in `entries`. */
  readonly turn: number | null;
  readonly started: boolean;
  readonly viewer: { readonly isGM: boolean };
}

/** Localizing: strings by key, and names joined as the world's language lists them. */
export interface TrackerWords {
  readonly t: Localize;
  /** In Foundry `game.i18n.getListFormatter()`; "A, B, and C". */
  readonly listOf: (names: readonly string[]) => string;
}

/** One row as a declaration's functions see it. */
export interface RowContext<I> {
  readonly input: I;
  /** The row's index in turn order. */
  readonly index: number;
  /** Its combatant is acting now: the combat has started and it is the turn's. */
  readonly active: boolean;
  readonly words: TrackerWords;
}

/**
 * A slot of the economy (a Standard action, a Main, an AA) or a pool of points (AP 3 of 5), by
 * lang keys: `word` its short word on the pip, `name` its full name. A slot is used or left; a pool
 * shows its points and reads as spent when empty. Two slots of one kind (wounds' two BA) take two
 * ids and the same words.
 */
export type EconomyPip =
  | { readonly id: string; readonly word: string; readonly name: string; readonly used: boolean }
  | {
    readonly id: string; readonly word: string; readonly name: string;
    readonly value: number; readonly max: number;
  };

export interface EconomyDeclaration<E, I> {
  /** A row's slots and pools in the order shown; none shows no pips (a fallen combatant). */
  pips(entry: E, row: RowContext<I>): readonly EconomyPip[];
  /** The pips' group name read aloud (a lang key); none puts no group around them. */
  readonly label?: string;
  /**
   * A slot's full name with its state (lang keys given `{action}`, the slot's name): used and left
   * ("Move: used", "Move: available"). A pool's is `FRAY.Tracker.Pool` ("AP: 3 of 5").
   */
  readonly states: { readonly used: string; readonly left: string };
  /** Icons of a slot used and left, and of a pool with points (an empty one shows `used`). */
  readonly icons: { readonly used: string; readonly left: string; readonly pool?: string };
  /**
   * `gm`: the GM's pip is a button flipping the slot (the tracker's `flipSlot`), a player's the
   * same button disabled, reporting; `none`: every pip is a named image.
   */
  readonly flip: "gm" | "none";
}

/** A mark named by lang key (the tracker's acting mark). */
export interface MarkDeclaration {
  readonly label: string;
  readonly icon: string;
  readonly tone: Tone;
  readonly look: "badge" | "icon";
  readonly lead?: boolean;
}

export interface TrackerRowsDeclaration<E extends TrackerEntry, I extends TrackerInput<E>> {
  readonly layout: "stacked" | "inline";
  /**
   * Groups headed in the list: a row's group (the same for every row: one heading over the list,
   * as a phase's), and a group's heading, localized.
   */
  readonly groups?: {
    key(entry: E, input: I): string;
    heading(key: string, input: I, words: TrackerWords):
      Pick<TrackerHeadingView, "look" | "title" | "state">;
  };
  /** The mark of the combatant acting now, first among its marks. */
  readonly acting?: MarkDeclaration;
  readonly economy?: EconomyDeclaration<E, I>;
  /** The row's own marks, after the acting mark. */
  marks?(entry: E, row: RowContext<I>): readonly TrackerMark[];
  /** A line of text in the status line (who it is engaged with), localized. */
  note?(entry: E, row: RowContext<I>): string | undefined;
  /** Buttons in the status line (act next), localized. */
  buttons?(entry: E, row: RowContext<I>): readonly TrackerButton[];
  /** Places in the round's orders, side by side before the pips (a phases round). */
  orders?(entry: E, row: RowContext<I>): readonly TrackerOrder[];
  /**
   * Earlier/later buttons among Foundry's controls for the row's owners, running `action` with
   * `data-direction` -1 or 1 (labels are lang keys); other viewers get an empty slot, so the
   * columns stay put. None: no slot at all.
   */
  readonly reorder?: { readonly action: string; readonly earlier: string; readonly later: string };
}
