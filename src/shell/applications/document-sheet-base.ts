import { withSheetModes, type SheetMode } from "./sheet-modes";
import { bindRelativeInputs } from "./relative-input";
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
  render(options?: boolean | { force?: boolean }): Promise<unknown>;
  _renderFrame(options: unknown): Promise<HTMLElement>;
  _prepareContext(options: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
  _configureRenderOptions(options: { parts?: string[] }): void;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onFirstRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onClose(options: unknown): void;
}

/** A sheet class with the play/edit modes of `withSheetModes`. */
export interface ModalSheetClass<D> {
  new (...args: unknown[]): DocumentSheet<D> & { sheetMode: SheetMode; readonly editMode: boolean };
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

/**
 * Foundry's actor and item sheets, with Handlebars parts and play/edit modes, typed for the
 * ruleset's document classes `A` and `I`. Called at a ruleset's module load (inside Foundry).
 */
export function sheetBases<A, I>(): {
  ActorSheetBase: ModalSheetClass<A>;
  ItemSheetBase: ModalSheetClass<I>;
} {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;
  // The mixin's return type keeps only its constraint's members, so the result is named again.
  const modal = <D>(base: unknown) =>
    withSheetModes(base as FacadeClass<D>, modeLabels) as unknown as ModalSheetClass<D>;
  return {
    ActorSheetBase: modal<A>(HandlebarsApplicationMixin(ActorSheetV2)),
    ItemSheetBase: modal<I>(HandlebarsApplicationMixin(ItemSheetV2)),
  };
}

/**
 * Rich text shown in play mode: Foundry's enricher (links, rolls, secrets for owners), as
 * client/applications/sheets/base-sheet.mjs prepares `descriptionHTML`. "" for no text.
 */
export async function enrichForSheet(
  html: string, relativeTo: unknown, owner: boolean,
): Promise<string> {
  if (!html) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    relativeTo: relativeTo as never,
    secrets: owner,
  });
}

/**
 * Makes the sheet's `input[data-relative]` take "-7", "+5" or "12"; a bad entry changes nothing
 * and says why (lang/en.json FRAY.Sheet.RelativeError).
 */
export function bindSheetInputs(root: HTMLElement): void {
  bindRelativeInputs(root, (text) =>
    ui.notifications?.error(t("FRAY.Sheet.RelativeError", { text })));
}

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
