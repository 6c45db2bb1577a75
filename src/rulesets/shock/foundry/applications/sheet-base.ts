import { withSheetModes, type SheetMode } from "../../../../shell/applications/sheet-modes";
import { bindRelativeInputs } from "../../../../shell/applications/relative-input";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import type { ShockItem } from "../documents/item";

/**
 * Shallow typings of the AppV2 sheet bases shock's sheets extend. fvtt-types 13.345.1 types
 * `HandlebarsApplicationMixin(ActorSheetV2)` so deeply that checking overrides exceeds the
 * compiler's instantiation depth (TS2589), so the sheets extend the runtime classes through this
 * facade, which names the members they use with their v13 shapes
 * (client/applications/api/handlebars-application.mjs, client/applications/api/application.mjs,
 * client/applications/api/document-sheet.mjs, client/applications/sheets/*.mjs).
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
    partId: string, context: Record<string, unknown>, options: unknown,
  ): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _configureRenderOptions(options: { parts?: string[] }): void;
}

export interface DocumentSheetClass<D> {
  new (...args: unknown[]): DocumentSheet<D>;
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

/** A sheet class with the shell's play/edit modes (`withSheetModes`). */
export interface ModalSheetClass<D> {
  new (...args: unknown[]): DocumentSheet<D> & { sheetMode: SheetMode; readonly editMode: boolean };
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

// The shell's play/edit toggle, labelled with the shell's strings (lang/en.json FRAY.Sheet.Mode).
const modeLabels = () => ({
  toEdit: t("FRAY.Sheet.Mode.ToEdit"),
  toPlay: t("FRAY.Sheet.Mode.ToPlay"),
});

// The mixin's return type loses the facade's members (TypeScript's mixin typing keeps only the
// constraint's), so the result is named again with both.
export const ActorSheetBase = withSheetModes(
  HandlebarsApplicationMixin(ActorSheetV2) as unknown as DocumentSheetClass<ShockActor>, modeLabels,
) as unknown as ModalSheetClass<ShockActor>;
export const ItemSheetBase = withSheetModes(
  HandlebarsApplicationMixin(ItemSheetV2) as unknown as DocumentSheetClass<ShockItem>, modeLabels,
) as unknown as ModalSheetClass<ShockItem>;

/**
 * Enriches a document's HTML field for display (links, rolls, secrets for owners), with
 * Foundry's own enricher (client/applications/ux/text-editor.mjs `enrichHTML`).
 */
export async function enriched(html: string, owner: { isOwner: boolean }): Promise<string> {
  if (!html) return "";
  const editor = foundry.applications.ux.TextEditor.implementation;
  return editor.enrichHTML(html, { secrets: owner.isOwner, relativeTo: owner as never });
}

/**
 * Makes the sheet's `input[data-relative]` (HP) take "-7", "+5" or "12"; a bad entry changes
 * nothing and says why (lang/en.json FRAY.Sheet.RelativeError).
 */
export function bindSheetInputs(root: HTMLElement): void {
  bindRelativeInputs(root, (text) =>
    ui.notifications?.error(t("FRAY.Sheet.RelativeError", { text })),
  );
}

/** DEFAULT_OPTIONS of a sheet (merged by Foundry with its parents'). */
export interface SheetOptions {
  classes?: string[];
  position?: { width?: number; height?: number | "auto" };
  window?: { resizable?: boolean };
  form?: { submitOnChange?: boolean; closeOnSubmit?: boolean };
  actions?: Record<string, (this: never, event: PointerEvent, target: HTMLElement) => unknown>;
}

export interface SheetPart {
  template: string;
  /** Partials the part's template includes (HandlebarsApplicationMixin loads them first). */
  templates?: string[];
  scrollable?: string[];
}

export const TEMPLATES = "systems/fray/templates/shock";
