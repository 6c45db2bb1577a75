import type { GroupControls } from "./group-menu";
import type { GridKind } from "./position-note";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../../engine/view/tracker/rows-declaration";

/**
 * Everything a ruleset says of its combat tracker; the shell's one tracker class (`app.ts`,
 * `rulesetTracker`) does the rest. Foundry v13's tracker is
 * client/applications/sidebar/tabs/combat-tracker.mjs (parts from templates/sidebar/tabs/combat/);
 * the shell adds the ruleset's part above its list, the rows (`rows`, built by `view.ts` and
 * spliced into Foundry's list after each render), the ruleset's buttons (`actions`), its entries in
 * each combatant's context menu (`entries`, after Foundry's own), and, for rulesets whose
 * combatants take their group's initiative, Foundry's initiative controls acting on the group
 * (`groupInitiative`). What a viewer may do is declared with each control (`gm`, `shown`) and
 * checked again when it is pressed.
 */
export interface TrackerDeclaration<
  C extends Combat.Implementation, E extends TrackerEntry, I extends TrackerInput<E>,
> {
  /**
   * The class's name (`FrayCombatTracker`): AppV2 names the hooks it calls after every class in the
   * chain (`render<name>`, `get<name>ContextOptions`: client/applications/api/application.mjs
   * `#callHooks`), so a ruleset's tracker keeps its own beside Foundry's `renderCombatTracker`.
   */
  readonly name: string;
  /** The tracker's own classes (scoping its stylesheet), beside Foundry's and `fray-combat`. */
  readonly classes: readonly string[];
  /** The ruleset's part between Foundry's header and list, and its render context. */
  readonly part?: {
    readonly id: string;
    readonly template: string;
    context(combat: C | null, isGM: boolean): Record<string, unknown>;
  };
  /** The grids the ruleset's position rules read (`position-note.ts`); squares by default. */
  readonly positionGrids?: readonly Exclude<GridKind, "gridless">[];
  /** The rows, pure (`engine/view/tracker/rows-declaration.ts`). */
  readonly rows: TrackerRowsDeclaration<E, I>;
  /**
   * The rows' input from the viewed combat: `base` is what the shell reads itself (the rendered
   * rows, round, turn, start, viewer); the ruleset adds its entries in turn order (`entryBase`
   * gives each one's id and ownership) and anything its headings read.
   */
  read(combat: C, base: Omit<TrackerInput, "entries">): I;
  /** The GM flips a slot's pip (the economy's `flip: "gm"`): `pip` is the slot's id. */
  flipSlot?(combatant: Combatant.Implementation, pip: string): Promise<unknown>;
  /** The ruleset's buttons (in its part and its rows), by `data-action`. */
  readonly actions?: Readonly<Record<string, TrackerAction<C>>>;
  /** Its entries in a combatant's context menu, after Foundry's own. */
  readonly entries?: readonly MenuEntryDeclaration<C>[];
  /** Combatants take their group's initiative: Foundry's row controls act on the group. */
  readonly groupInitiative?: {
    controls(combat: C): GroupControls;
    /** Lang keys of the row menu's Clear and Reroll of the group. */
    readonly names: { readonly clear: string; readonly reroll: string };
    /** Lang key of the refusal of a typed total (`{text}`). */
    readonly badEntry: string;
  };
}

/** A button pressed: the viewed combat, the button, and its row's combatant id ("" outside one). */
export interface TrackerPress<C> {
  readonly combat: C;
  readonly target: HTMLElement;
  readonly combatantId: string;
}

/**
 * A ruleset's button. `gm`: only a GM's press does anything (the button is drawn for GMs; a
 * player's press, from a stale or forged page, is ignored). `row`: it acts on its row's combatant
 * and does nothing outside a row. A refusal the ruleset throws becomes a warning.
 */
export interface TrackerAction<C> {
  readonly gm?: boolean;
  readonly row?: boolean;
  run(press: TrackerPress<C>): Promise<unknown>;
}

/** The row a context menu was opened on. */
export interface MenuRow<C> {
  readonly combat: C;
  /** The row's combatant id, and the combatant when the combat still has it. */
  readonly id: string;
  readonly combatant: Combatant.Implementation | undefined;
  readonly isGM: boolean;
}

/**
 * An entry in a combatant's context menu: its name (a lang key, `data` lang keys formatted into
 * it), its Font Awesome icon, to whom it shows on which row, and what it does. A refusal the
 * ruleset throws becomes a warning and changes nothing.
 */
export interface MenuEntryDeclaration<C> {
  readonly name: string;
  readonly data?: Readonly<Record<string, string>>;
  readonly icon: string;
  shown(row: MenuRow<C>): boolean;
  run(row: MenuRow<C>): Promise<unknown>;
}
