import type { ShockActor } from "../documents/actor";
import type { ShockItem } from "../documents/item";

/**
 * Shallow typings of the AppV2 sheet bases shock's sheets extend. fvtt-types 13.345.1 types
 * `HandlebarsApplicationMixin(ActorSheetV2)` so deeply that checking overrides exceeds the
 * compiler's instantiation depth (TS2589), so the sheets extend the runtime classes through this
 * facade, which names the members they use with their v13 shapes
 * (client/applications/api/handlebars-application.mjs, client/applications/sheets/*.mjs).
 */
export interface DocumentSheet<D> {
  readonly document: D;
  readonly isEditable: boolean;
  render(options?: boolean | { force?: boolean }): Promise<unknown>;
  _preparePartContext(
    partId: string, context: Record<string, unknown>, options: unknown,
  ): Promise<Record<string, unknown>>;
  _configureRenderOptions(options: { parts?: string[] }): void;
  readonly element: HTMLElement;
}

export interface DocumentSheetClass<D> {
  new (...args: never[]): DocumentSheet<D>;
  DEFAULT_OPTIONS: object;
  PARTS: object;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;

const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;
export const ActorSheetBase =
  HandlebarsApplicationMixin(ActorSheetV2) as unknown as DocumentSheetClass<ShockActor>;
export const ItemSheetBase =
  HandlebarsApplicationMixin(ItemSheetV2) as unknown as DocumentSheetClass<ShockItem>;

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
  scrollable?: string[];
}

export const TEMPLATES = "systems/fray/templates/shock";
