import { withSheetModes, type SheetMode } from "./sheet-modes";
import { withRulesetView } from "./ruleset-view";
import { withEditorGuard } from "./editor-guard";
import { withCombatRefresh } from "./combat-refresh";
import { withOwnItemsOnly } from "./item-drops";
import { withEmbeddedItems, withSheetKit, type KitCombat, type KitItem } from "./sheet-kit";
import {
  declareSheet, type Constructor, type DeclaredBase, type SheetDeclaration,
} from "./declared-sheet";
import type { ListOp } from "../../engine/view/list-edits";
import { foundryLocalize as t } from "../setup/localize";

/**
 * The AppV2 sheet bases every ruleset's sheets extend, with the shell's play/edit modes.
 *
 * fvtt-types 13.345.1 types `HandlebarsApplicationMixin(ActorSheetV2)` so deeply that checking a
 * subclass's overrides exceeds the compiler's instantiation depth (TS2589) or, with several sheets,
 * its memory. The sheets therefore extend the real runtime classes through this facade, which names
 * the members they use with their v13 shapes (client/applications/api/handlebars-application.mjs,
 * application.mjs, document-sheet.mjs, client/applications/sheets/*.mjs).
 */
export interface DocumentSheet<D> {
  readonly document: D;
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  readonly window: { close: HTMLElement | null };
  render(
    options?: boolean | { force?: boolean; parts?: string[]; renderContext?: string },
  ): Promise<unknown>;
  _canRender(options: unknown): false | void;
  _renderFrame(options: unknown): Promise<HTMLElement>;
  _renderHTML(context: Record<string, unknown>, options: unknown): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
  _configureRenderOptions(options: { parts?: string[] }): void;
  /** The part descriptors of a render (handlebars-application.mjs, a copy of `PARTS`). */
  _configureRenderParts(options: unknown): Record<string, SheetPart>;
  /** Called for each part a render replaced (handlebars-application.mjs `_replaceHTML`). */
  _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onFirstRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onClose(options: unknown): void;
  /** Actor sheets: a dropped Item (client/applications/sheets/actor-sheet.mjs). */
  _onDropItem(event: DragEvent, item: unknown): Promise<unknown>;
  /** Whether the world plays the sheet's ruleset (`ruleset-view.ts`); read-only otherwise. */
  readonly rulesetActive: boolean;
}

/** What an actor sheet adds: its actor's combat state and the parts showing it. */
export interface CombatShown {
  combatState(): unknown;
  readonly combatParts: readonly string[];
}

/** What every sheet of the shell has (`sheet-modes.ts`, `sheet-kit.ts`). */
export interface SheetView<D> extends DocumentSheet<D> {
  sheetMode: SheetMode;
  readonly editMode: boolean;
  /** Rows the user expanded (`toggleRow`), by their `data-row-id`. */
  readonly expanded: Set<string>;
  /** Applies a list op to one of the class's `LISTS` and writes the new list. */
  editList(id: string, op: ListOp): Promise<void>;
}

/** What an actor sheet adds (`sheet-kit.ts` `withEmbeddedItems`, `combat-refresh.ts`). */
export interface ActorSheetView<A> extends SheetView<A>, CombatShown {
  itemFrom(target: HTMLElement): KitItem | undefined;
  readonly startedCombat: KitCombat | null;
  readonly combatant: unknown;
}

/** A sheet class of the shell. */
export interface ModalSheetClass<V> {
  new (...args: unknown[]): V;
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

interface FacadeClass<D> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base (TS2545)
  new (...args: any[]): DocumentSheet<D>;
}

// The toggle's labels are the shell's strings (lang/en.json FRAY.Sheet.Mode).
const modeLabels = () => ({
  toEdit: t("FRAY.Sheet.Mode.ToEdit"),
  toPlay: t("FRAY.Sheet.Mode.ToPlay"),
});

// The note on an inactive ruleset's sheet (lang/en.json FRAY.Sheet.OtherRuleset; each ruleset
// names itself under FRAY.Ruleset.Short).
const otherRulesetNote = (ruleset: string) => (active: string) =>
  t("FRAY.Sheet.OtherRuleset", {
    ruleset: t(`FRAY.Ruleset.Short.${ruleset}`),
    active: t(`FRAY.Ruleset.Short.${active}`),
  });

/**
 * Foundry's actor and item sheets for the documents of `ruleset`, with Handlebars parts, typed for
 * its document classes `A` and `I`. Both have play/edit modes (`sheet-modes.ts`), are read-only
 * with a note while the world plays another ruleset (`ruleset-view.ts`) and keep an open editor
 * through Foundry's re-renders (`editor-guard.ts`); actor sheets also redraw their combat parts
 * when their actor's combat state changes (`combat-refresh.ts`) and take dropped items of
 * `itemTypes` only (`item-drops.ts`). Called at a ruleset's module load (inside Foundry).
 */
export function sheetBases<A, I>(ruleset: string, itemTypes: readonly string[]): {
  ActorSheetBase: ModalSheetClass<ActorSheetView<A>>;
  ItemSheetBase: ModalSheetClass<SheetView<I>>;
} {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;
  const note = otherRulesetNote(ruleset);
  const refusal = (item: string) =>
    t("FRAY.Sheet.DropRefused", { item, ruleset: t(`FRAY.Ruleset.Short.${ruleset}`) });
  // Each mixin's return type keeps only its constraint's members, so the result is named again.
  const shared = <D>(base: unknown) =>
    withSheetKit(withSheetModes(
      withEditorGuard(withRulesetView(base as FacadeClass<D>, ruleset, note)),
      modeLabels,
    ));
  const actorBase = withCombatRefresh(
    withOwnItemsOnly(HandlebarsApplicationMixin(ActorSheetV2) as unknown as FacadeClass<A>,
      itemTypes, refusal),
  );
  return {
    ActorSheetBase: withEmbeddedItems(shared<A>(actorBase)) as unknown as
      ModalSheetClass<ActorSheetView<A>>,
    ItemSheetBase: shared<I>(HandlebarsApplicationMixin(ItemSheetV2)) as unknown as
      ModalSheetClass<SheetView<I>>,
  };
}

/**
 * A ruleset's sheet classes from their declarations (`declared-sheet.ts`), on the shell's bases
 * for the documents of `ruleset`: `actorSheet(declaration)` and `itemSheet(declaration)` each
 * return the AppV2 class to register. Called at a ruleset's module load (inside Foundry).
 * @param itemTypes the item subtypes its actor sheets take when dropped.
 */
export function rulesetSheets<A, I>(ruleset: string, itemTypes: readonly string[]) {
  const { ActorSheetBase, ItemSheetBase } = sheetBases<A, I>(ruleset, itemTypes);
  const classes = ["fray", ruleset, "sheet"];
  type Ctor = Constructor<DeclaredBase>;
  return {
    actorSheet: (declaration: SheetDeclaration<ActorSheetView<A>>) =>
      declareSheet(ActorSheetBase as unknown as Ctor, "actor", classes, declaration) as unknown as
        ModalSheetClass<ActorSheetView<A>>,
    itemSheet: (declaration: SheetDeclaration<SheetView<I>>) =>
      declareSheet(ItemSheetBase as unknown as Ctor, "item", classes, declaration) as unknown as
        ModalSheetClass<SheetView<I>>,
  };
}

export { enrichForSheet } from "./enrich";

/** DEFAULT_OPTIONS of a sheet (merged by Foundry with its parents'). */
export interface SheetOptions {
  classes?: string[];
  position?: { width?: number; height?: number | "auto" };
  window?: { resizable?: boolean; icon?: string };
  form?: { submitOnChange?: boolean; closeOnSubmit?: boolean };
  actions?: Record<string, (this: never, event: PointerEvent, target: HTMLElement) => unknown>;
}

export interface SheetPart {
  template: string;
  /** Partials the part's template includes (HandlebarsApplicationMixin loads them first). */
  templates?: string[];
  scrollable?: string[];
}
