import { foundryLocalize as t } from "../setup/localize";
import { combatFor } from "../combat/located";
import { bindRelativeInputs } from "./relative-input";
import {
  applyListOp, listEditMessage, listOf, type ListField, type ListOp,
} from "../../engine/view/list-edits";

/**
 * What every ruleset's sheets do the same way, as AppV2 actions (`DEFAULT_OPTIONS.actions`,
 * client/applications/api/application.mjs `#onClickAction`: a click on `[data-action]` calls the
 * handler with the sheet as `this`) and per-part listeners (`_attachPartListeners`,
 * handlebars-application.mjs `_replaceHTML`, so a part a render kept is never bound twice):
 *
 * - list editing (`list-edits.ts`): `listAdd`, `listRemove`, `listMove` and `listToggle` on a
 *   control inside `[data-list="<id>"]` (its row's `data-index`, a move's `data-to`, a toggle's
 *   `data-value`), and a change of an input `[data-list-field="<field>"]` in a row; the lists are
 *   the class's `LISTS`. One update writes the whole new list; a refused edit writes nothing,
 *   says why and redraws the sheet (dropping what was typed);
 * - expandable rows: `toggleRow` opens or folds the row `[data-row-id]`, remembered while the sheet
 *   is open (`expanded`); it only shows, so it stays enabled for a user who may only look;
 * - relative number entry on every `input[data-relative]` ("-7", "+5", "12").
 *
 * Actor sheets add `withEmbeddedItems`: their item rows' edit and delete, status toggles, and the
 * combat their actor fights in.
 */
interface KitBase {
  readonly document: unknown;
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  render(options?: boolean | { parts?: string[] }): Promise<unknown>;
  _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;
type Handler<S> = (this: S, event: PointerEvent, target: HTMLElement) => unknown;

/** A document as the kit writes it (Foundry's ClientDocument#update). */
interface Writable {
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * Actions that only show something: DocumentSheetV2 disables them with every other control for a
 * user who may only look, and the kit enables them again.
 */
export const VIEW_ACTIONS: readonly string[] = ["toggleRow"];

/** The `data-<key>` of `target` or its nearest ancestor that has one. */
const dataOf = (target: HTMLElement, key: string): string | undefined => {
  const name = key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return target.closest<HTMLElement>(`[data-${key}]`)?.dataset[name];
};

/**
 * The list op a control asks for (null when the control does not say enough). Pure over the DOM,
 * so the templates' attributes are tested without Foundry.
 */
export function listOpOf(action: string, target: HTMLElement): ListOp | null {
  const index = Number(dataOf(target, "index"));
  switch (action) {
    case "listAdd": return { op: "add" };
    case "listRemove": return { op: "remove", index };
    case "listMove": return { op: "move", index, to: Number(target.dataset.to) };
    case "listToggle": return target.dataset.value === undefined ? null
      : { op: "toggle", value: target.dataset.value };
    default: return null;
  }
}

/** Adds list editing, expandable rows and relative entry to a sheet class. */
export function withSheetKit<T extends Constructor<KitBase>>(Base: T) {
  abstract class KitSheet extends Base {
    /** The list fields this sheet edits, by the id its templates give `data-list`. */
    static LISTS: Readonly<Record<string, ListField>> = {};

    static DEFAULT_OPTIONS = {
      actions: Object.fromEntries(
        ["listAdd", "listRemove", "listMove", "listToggle"].map((action) => [
          action,
          function (this: KitSheet, _event: PointerEvent, target: HTMLElement) {
            const op = listOpOf(action, target);
            const list = dataOf(target, "list");
            if (op && list) return this.editList(list, op);
          } satisfies Handler<KitSheet>,
        ]).concat([["toggleRow", KitSheet.#onToggleRow]]),
      ),
    };

    /** Rows the user expanded (their `data-row-id`); kept across re-renders of the open sheet. */
    readonly expanded = new Set<string>();

    /**
     * Applies `op` to the list `id` of the document and writes the whole new list in one update;
     * a refused edit writes nothing, warns with the reason and redraws the sheet.
     */
    async editList(id: string, op: ListOp): Promise<void> {
      const lists = (this.constructor as unknown as { LISTS: Record<string, ListField> }).LISTS;
      const field = Object.hasOwn(lists, id) ? lists[id] : undefined;
      if (!field || !this.isEditable) return;
      let next: unknown[];
      try {
        next = applyListOp(field, listOf(this.document, field), op);
      } catch (err) {
        const labels = field.kind === "entries" ? field.fieldLabels : "";
        const reason = listEditMessage(err, t, labels);
        ui.notifications?.warn(t("FRAY.Sheet.ListEdit.Refused", { reason }));
        void this.render();
        return;
      }
      await (this.document as Writable).update({ [field.path]: next });
    }

    override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
      super._attachPartListeners(partId, element, options);
      bindRelativeInputs(element, (text) =>
        ui.notifications?.error(t("FRAY.Sheet.RelativeError", { text })));
      // Entry fields have no `name`, so the form's own submit skips them; each change is one edit.
      for (const input of element.querySelectorAll<HTMLInputElement>("[data-list-field]")) {
        input.addEventListener("change", () => {
          const list = dataOf(input, "list");
          const index = Number(dataOf(input, "index"));
          const field = input.dataset.listField ?? "";
          if (list) void this.editList(list, { op: "edit", index, field, value: input.value });
        });
      }
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      // DocumentSheetV2 disables every control for a user who may only look (`_toggleDisabled`,
      // client/applications/api/document-sheet.mjs); showing a row's details changes nothing.
      if (this.isEditable) return;
      for (const action of VIEW_ACTIONS) {
        const controls = this.element.querySelectorAll<HTMLButtonElement>(
          `[data-action="${action}"]`);
        for (const control of controls) control.disabled = false;
      }
    }

    static async #onToggleRow(this: KitSheet, _event: PointerEvent, target: HTMLElement) {
      const id = dataOf(target, "row-id");
      if (!id) return;
      if (!this.expanded.delete(id)) this.expanded.add(id);
      await this.render();
    }
  }
  return KitSheet;
}

/** The members of an actor document the actor kit uses (client/documents/actor.mjs). */
export interface KitActor {
  readonly items: { get(id: string): KitItem | undefined };
  readonly token?: unknown;
  toggleStatusEffect(id: string): Promise<unknown>;
}
/** The members of an item the actor kit uses (client/documents/item.mjs, client-document.mjs). */
export interface KitItem {
  readonly id: string | null;
  readonly sheet: { render(force: boolean): unknown } | null;
  deleteDialog(): Promise<unknown>;
}
/** A started combat as the kit reads it (shell/combat/turn-combat.ts `combatantOf`). */
export interface KitCombat {
  readonly started: boolean;
  combatantOf(actor: unknown): unknown;
}

interface ActorKitBase {
  readonly document: unknown;
  readonly rulesetActive: boolean;
}

/**
 * Adds what an actor sheet does with its actor's items, statuses and combat: `editItem` and
 * `deleteItem` on a row `[data-item-id]` (Foundry's item sheet; Foundry's delete dialog, which asks
 * first), `toggleStatus` on `[data-status]` (Actor#toggleStatusEffect), and `startedCombat` and
 * `combatant`, none while the world plays another ruleset (its combat is not this ruleset's).
 */
export function withEmbeddedItems<T extends Constructor<ActorKitBase>>(Base: T) {
  abstract class ItemsSheet extends Base {
    static DEFAULT_OPTIONS = {
      actions: {
        editItem: ItemsSheet.#onEditItem,
        deleteItem: ItemsSheet.#onDeleteItem,
        toggleStatus: ItemsSheet.#onToggleStatus,
      },
    };

    /** The embedded item a control's row names (`data-item-id`). */
    itemFrom(target: HTMLElement): KitItem | undefined {
      const id = dataOf(target, "item-id");
      return id ? (this.document as KitActor).items.get(id) : undefined;
    }

    /**
     * The started encounter the actor fights in (else the one this client views, if started)
     * while the world plays this sheet's ruleset; null otherwise.
     */
    get startedCombat(): KitCombat | null {
      const actor = this.document as Actor.Implementation;
      const combat = combatFor(actor) as unknown as KitCombat | null;
      return this.rulesetActive && combat?.started ? combat : null;
    }

    /** The actor's combatant in the started combat (an unlinked token's by its token). */
    get combatant(): unknown {
      return this.startedCombat?.combatantOf(this.document) ?? null;
    }

    static async #onEditItem(this: ItemsSheet, _event: PointerEvent, target: HTMLElement) {
      await this.itemFrom(target)?.sheet?.render(true);
    }

    static async #onDeleteItem(this: ItemsSheet, _event: PointerEvent, target: HTMLElement) {
      await this.itemFrom(target)?.deleteDialog();
    }

    static async #onToggleStatus(this: ItemsSheet, _event: PointerEvent, target: HTMLElement) {
      const id = dataOf(target, "status");
      if (id) await (this.document as KitActor).toggleStatusEffect(id);
    }
  }
  return ItemsSheet;
}
