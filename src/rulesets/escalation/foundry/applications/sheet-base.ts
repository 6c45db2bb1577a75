import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import { withSheetModes } from "../../../../shell/applications/sheet-modes";

/**
 * Shallow typings of the AppV2 sheet bases Fray extends.
 *
 * fvtt-types 13.345.1 types `HandlebarsApplicationMixin(ActorSheetV2)` so deeply that checking a
 * subclass's overrides exceeds the compiler's instantiation depth (TS2589) or, with several sheets,
 * its memory. Fray's sheets therefore extend the real runtime classes through this facade, which
 * names exactly the members they use with their v13 shapes.
 */
export interface HandlebarsDocumentSheet<D> {
  readonly document: D;
  readonly isEditable: boolean;
  render(options?: boolean | { force?: boolean }): Promise<unknown>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
  _configureRenderOptions(options: { parts?: string[] }): void;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onFirstRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onClose(options: unknown): void;
  _renderFrame(options: unknown): Promise<HTMLElement>;
  _prepareContext(options: unknown): Promise<Record<string, unknown>>;
  readonly element: HTMLElement;
  readonly window: { close: HTMLElement | null };
}

export interface HandlebarsDocumentSheetClass<D> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base (TS2545)
  new (...args: any[]): HandlebarsDocumentSheet<D>;
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

// The window classes carry the ruleset's id, so its stylesheet is scoped `.fray.escalation.sheet`.

const { HandlebarsApplicationMixin } = foundry.applications.api;

const modeLabels = () => ({
  toEdit: game.i18n!.localize("FRAY.Sheet.Mode.ToEdit"),
  toPlay: game.i18n!.localize("FRAY.Sheet.Mode.ToPlay"),
});

/**
 * Fray's actor and item sheet bases, with play and edit modes (shell/applications/sheet-modes.ts).
 */
export const ActorSheetBase = withSheetModes(
  HandlebarsApplicationMixin(
    foundry.applications.sheets.ActorSheetV2,
  ) as unknown as HandlebarsDocumentSheetClass<FrayActor>,
  modeLabels,
);
export const ItemSheetBase = withSheetModes(
  HandlebarsApplicationMixin(
    foundry.applications.sheets.ItemSheetV2,
  ) as unknown as HandlebarsDocumentSheetClass<FrayItem>,
  modeLabels,
);

/**
 * Rich text shown in play mode: Foundry's enricher (links, rolls, secrets for owners), as
 * client/applications/sheets/base-sheet.mjs prepares `descriptionHTML`.
 */
export async function enrich(
  html: string,
  relativeTo: foundry.abstract.Document.Any,
  owner: boolean,
): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    relativeTo,
    secrets: owner,
  });
}

/** DEFAULT_OPTIONS of a Fray sheet (merged by Foundry with its parents'). */
export interface SheetOptions {
  classes?: string[];
  position?: { width?: number; height?: number | "auto" };
  window?: { resizable?: boolean; icon?: string };
  form?: { submitOnChange?: boolean; closeOnSubmit?: boolean };
  actions?: Record<string, (this: never, event: PointerEvent, target: HTMLElement) => unknown>;
}
export interface SheetPart {
  template: string;
  /** Partials the part uses, loaded and registered by their path (handlebars-application.mjs). */
  templates?: string[];
  scrollable?: string[];
}
