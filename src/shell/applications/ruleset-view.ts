import { activeRuleset } from "../setup/active-ruleset";

/**
 * Sheets for every ruleset's documents in every world. Foundry picks a document's sheet by its
 * subtype from `CONFIG.<Document>.sheetClasses` and falls back to its bare `BaseSheet` (name and
 * image, editable) when none is registered (client/documents/abstract/client-document.mjs
 * `_getSheetClass`), so the entry point registers every ruleset's own sheets in every world. A
 * document of a ruleset the world does not play opens in its own ruleset's sheet, read-only: its
 * rules (actions, combat, the GM's handlers) are not installed, so nothing on it can be played,
 * and a note at the top of the window says why and what to do. Read-only is DocumentSheetV2's own:
 * with `isEditable` false it disables every form control after each render and offers no drop
 * (client/applications/api/document-sheet.mjs `_onRender` → `_toggleDisabled`,
 * client/applications/sheets/actor-sheet.mjs `_canDragDrop`/`_canDragStart`).
 */
interface RulesetSheet {
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;

/** The class of the note an inactive ruleset's sheet shows first in its window. */
export const OTHER_RULESET_NOTE = "fray-ruleset-note";

/** The note's markup (a `.fray-note`, styles/_components.scss), its text escaped. */
export function rulesetNoteHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<p class="${OTHER_RULESET_NOTE} fray-note" role="note">${escaped}</p>`;
}

/**
 * Makes a sheet of `ruleset` read-only, with a note, while the world plays another ruleset.
 * @param note called at render time with the world's ruleset id: the note's localized text.
 */
export function withRulesetView<T extends Constructor<RulesetSheet>>(
  Base: T,
  ruleset: string,
  note: (active: string) => string,
) {
  abstract class RulesetViewSheet extends Base {
    /** The ruleset whose documents this sheet shows. */
    readonly ruleset = ruleset;

    /** Whether the world plays this sheet's ruleset: only then can its document be played. */
    get rulesetActive(): boolean {
      return activeRuleset() === ruleset;
    }

    // DocumentSheetV2's getter (client/applications/api/document-sheet.mjs), read by Foundry and
    // by the mode toggle (shell/applications/sheet-modes.ts).
    override get isEditable(): boolean {
      return super.isEditable && this.rulesetActive;
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      const content = this.element.querySelector<HTMLElement>(".window-content") ?? this.element;
      const shown = content.querySelector(`:scope > .${OTHER_RULESET_NOTE}`);
      if (this.rulesetActive) {
        shown?.remove();
        return;
      }
      const text = note(activeRuleset());
      if (shown) shown.textContent = text;
      else content.insertAdjacentHTML("afterbegin", rulesetNoteHtml(text));
    }
  }
  return RulesetViewSheet;
}
