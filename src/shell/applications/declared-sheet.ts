import type { ListField } from "../../engine/view/list-edits";
import type { SheetOptions, SheetPart } from "./document-sheet-base";
import { headerView } from "../../engine/view/sheet-header";
import { proseOf } from "./enrich";
import { foundryLocalize as t } from "../setup/localize";

/**
 * The shell's sheet partials (`sheet-header.ts`; `prose` for a rich-text field, `status-toggles`,
 * `statuses.ts`), loaded for every part that may include them.
 */
export const SHEET_PARTIALS = ["portrait", "name", "resource-bar", "prose", "status-toggles"]
  .map((p) => `systems/fray/templates/shell/sheet/${p}.hbs`);

/**
 * A ruleset's sheet as a declaration, the shape of dnd5e's AppV2 sheets: its parts (`PARTS`), the
 * context every part reads (`_prepareContext`) and one preparer per part that needs more
 * (`_preparePartContext`), its actions (`DEFAULT_OPTIONS.actions`), its list fields and what it
 * shows of combat. The shell builds the AppV2 class from it (`declareSheet`), on the bases that
 * already give every sheet play/edit modes, read-only viewing, the editor guard, list editing,
 * expandable rows, relative entry, item rows, status toggles, combat refreshes and drops. What
 * Foundry calls, and where (client/applications/api/):
 * - `DEFAULT_OPTIONS` merged down the class chain (application.mjs
 *   `_initializeApplicationOptions`):
 *   `fray <ruleset> sheet <actor|item>` + `classes`, `position`, submit on change, resizable;
 *   the declared `actions` beside the bases' own;
 * - `PARTS` = `parts`, and `_configureRenderParts` (handlebars-application.mjs) keeps the ones
 *   `partsFor` names for this document (an item sheet's body by item type) and adds the shell's
 *   sheet partials to each part's `templates` (`_preRender` loads them, registered by path);
 * - `_prepareContext` (document-sheet.mjs adds `document`, `source`, `editable`, `rootId`):
 *   `actor` or `item`, `system`, `documentUuid`, the shared `header` (`headerView`), the
 *   enriched `biographyHTML` (actors) or `descriptionHTML` (items) (`enrich.ts`), then
 *   `context`'s result;
 * - `_preparePartContext(partId)`: `partContext[partId]`'s result, merged into the shared context
 *   (so `_onRender` sees what was rendered, as Foundry recommends);
 * - `_attachPartListeners`: the shell's listeners, then `attachPart`.
 */
export type SheetAction<S> = (sheet: S, event: PointerEvent, target: HTMLElement) => unknown;
export type PartPreparer<S> = (
  sheet: S, context: Record<string, unknown>, options: unknown,
) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;

export interface SheetDeclaration<S> {
  /**
   * The class's name. Foundry keys a registered sheet by it (`fray.<name>`,
   * client/applications/apps/document-sheet-config.mjs `registerSheet`: a user's sheet choice
   * names it) and calls its render hooks by it (`render<name>`).
   */
  readonly name: string;
  /** Window classes beside `fray <ruleset> sheet <actor|item>` (e.g. `character`). */
  readonly classes?: readonly string[];
  readonly position?: SheetOptions["position"];
  readonly parts: Readonly<Record<string, SheetPart>>;
  /** The parts this document shows, of `parts` (all when absent). */
  partsFor?(sheet: S): readonly string[];
  /** The context every part reads, built once per render. */
  context?(sheet: S, options: unknown): Promise<Record<string, unknown>>;
  /** What one part alone reads, prepared only when that part renders. */
  readonly partContext?: Readonly<Record<string, PartPreparer<S>>>;
  /** Click actions by `data-action`, called with the sheet. */
  readonly actions?: Readonly<Record<string, SheetAction<S>>>;
  /** The list fields the templates edit (`data-list`), see `sheet-kit.ts`. */
  readonly lists?: Readonly<Record<string, ListField>>;
  /**
   * Actor sheets: what the sheet shows of its actor's combat (compared as JSON) and the parts
   * showing it, redrawn alone when it changes (`combat-refresh.ts`).
   */
  readonly combat?: { state(sheet: S): unknown; readonly parts: readonly string[] };
  /** Listeners a rendered part needs beyond the shell's. */
  attachPart?(sheet: S, partId: string, element: HTMLElement): void;
}

/** The base members `declareSheet` overrides (the shell's bases, v13 shapes). */
export interface DeclaredBase {
  readonly document: {
    readonly system?: unknown; readonly uuid?: string; readonly name?: string | null;
    readonly img?: string | null; readonly isOwner?: boolean;
  };
  _configureRenderParts(options: unknown): Record<string, SheetPart>;
  _prepareContext(options: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(
    partId: string, context: Record<string, unknown>, options: unknown,
  ): Promise<Record<string, unknown>>;
  _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base (TS2545)
export type Constructor<T> = abstract new (...args: any[]) => T;

/**
 * The AppV2 sheet class `declaration` describes, on `Base` (the shell's actor or item base).
 * @param kind the document's context key (`actor`, `item`) and window class.
 * @param classes the ruleset's window classes (`fray escalation sheet`).
 */
export function declareSheet<S, T extends Constructor<DeclaredBase>>(
  Base: T, kind: "actor" | "item", classes: readonly string[], declaration: SheetDeclaration<S>,
): T {
  const d = declaration;
  const actions = Object.fromEntries(Object.entries(d.actions ?? {}).map(([id, run]) => [
    id,
    function (this: S, event: PointerEvent, target: HTMLElement) {
      return run(this, event, target);
    },
  ]));
  abstract class DeclaredSheet extends Base {
    static DEFAULT_OPTIONS: SheetOptions = {
      classes: [...classes, kind, ...(d.classes ?? [])],
      ...(d.position ? { position: d.position } : {}),
      form: { submitOnChange: true },
      window: { resizable: true },
      actions: actions as SheetOptions["actions"],
    };

    static PARTS = d.parts;

    static LISTS = d.lists ?? {};

    override _configureRenderParts(options: unknown): Record<string, SheetPart> {
      const parts = super._configureRenderParts(options);
      const shown = d.partsFor?.(this as unknown as S);
      if (shown) for (const id of Object.keys(parts)) if (!shown.includes(id)) delete parts[id];
      for (const part of Object.values(parts)) {
        part.templates = [...(part.templates ?? []), ...SHEET_PARTIALS];
      }
      return parts;
    }

    override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
      const context = await super._prepareContext(options);
      const doc = this.document;
      Object.assign(context, {
        [kind]: doc, system: doc.system, documentUuid: doc.uuid, header: headerView(doc, kind, t),
      }, await proseOf(doc, kind));
      if (d.context) Object.assign(context, await d.context(this as unknown as S, options));
      return context;
    }

    override async _preparePartContext(
      partId: string, context: Record<string, unknown>, options: unknown,
    ): Promise<Record<string, unknown>> {
      const shared = await super._preparePartContext(partId, context, options);
      const prepare = d.partContext && Object.hasOwn(d.partContext, partId)
        ? d.partContext[partId] : undefined;
      const own = await prepare?.(this as unknown as S, shared, options);
      return own ? Object.assign(shared, own) : shared;
    }

    // The combat refresh's members (`combat-refresh.ts`; an item sheet never reads them).
    combatState(): unknown {
      return d.combat ? d.combat.state(this as unknown as S) : null;
    }

    get combatParts(): readonly string[] {
      return d.combat?.parts ?? [];
    }

    override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
      super._attachPartListeners(partId, element, options);
      d.attachPart?.(this as unknown as S, partId, element);
    }
  }
  Object.defineProperty(DeclaredSheet, "name", { value: d.name });
  return DeclaredSheet;
}
