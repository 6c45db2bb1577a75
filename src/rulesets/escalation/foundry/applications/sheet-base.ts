import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";

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
  _preparePartContext(partId: string, context: Record<string, unknown>, options: unknown): Promise<Record<string, unknown>>;
  _configureRenderOptions(options: { parts?: string[] }): void;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  readonly element: HTMLElement;
}

export interface HandlebarsDocumentSheetClass<D> {
  new (...args: never[]): HandlebarsDocumentSheet<D>;
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const ActorSheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2) as unknown as HandlebarsDocumentSheetClass<FrayActor>;
export const ItemSheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2) as unknown as HandlebarsDocumentSheetClass<FrayItem>;

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
  scrollable?: string[];
}
