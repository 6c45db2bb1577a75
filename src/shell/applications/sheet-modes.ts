/**
 * Play and edit modes for a document sheet, the pattern of dnd5e's v4 sheets: in play a sheet
 * shows what a player needs at the table (values, Use buttons, one-line summaries); in edit mode it
 * shows the configuration fields. The toggle is a header control on the window frame, added after
 * Foundry builds the frame (client/applications/api/application.mjs `_renderFrame` returns the
 * frame element; document-sheet.mjs inserts its own controls before `window.close` the same way).
 * Only an editable sheet offers edit mode; the mode is per open sheet, never stored.
 */

export const SHEET_MODES = ["play", "edit"] as const;
export type SheetMode = (typeof SHEET_MODES)[number];

/** The members of a Foundry AppV2 document sheet this mixin uses (v13 shapes). */
interface ModalSheet {
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  readonly window: { close: HTMLElement | null };
  render(options?: boolean | { force?: boolean }): Promise<unknown>;
  _renderFrame(options: unknown): Promise<HTMLElement>;
  _prepareContext(options: unknown): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;

/** Labels the toggle needs, already localized (the shell reads no ruleset's keys). */
export interface ModeLabels {
  toEdit: string;
  toPlay: string;
}

/**
 * Adds play/edit modes to a sheet class. Context gains `mode`, `editMode` (editable and in edit
 * mode) and `playMode`; the window gets the class `fray-mode-<mode>`.
 * @param labels called at render time, so they are localized after `i18nInit`.
 */
export function withSheetModes<T extends Constructor<ModalSheet>>(
  Base: T,
  labels: () => ModeLabels,
) {
  abstract class ModalSheetClass extends Base {
    /** Sheets open in play mode; a player switches to edit mode to change configuration. */
    sheetMode: SheetMode = "play";

    get editMode(): boolean {
      return this.isEditable && this.sheetMode === "edit";
    }

    override async _renderFrame(options: unknown): Promise<HTMLElement> {
      const frame = await super._renderFrame(options);
      if (!this.isEditable || !this.window.close) return frame;
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "header-control icon fa-solid fa-pen-to-square fray-mode-toggle";
      toggle.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        this.sheetMode = this.sheetMode === "edit" ? "play" : "edit";
        void this.render();
      });
      this.window.close.insertAdjacentElement("beforebegin", toggle);
      return frame;
    }

    override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
      const context = await super._prepareContext(options);
      return {
        ...context,
        mode: this.sheetMode,
        editMode: this.editMode,
        playMode: !this.editMode,
      };
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      for (const mode of SHEET_MODES)
        this.element.classList.toggle(`fray-mode-${mode}`, this.sheetMode === mode);
      const toggle = this.element.querySelector<HTMLButtonElement>(".fray-mode-toggle");
      if (!toggle) return;
      const { toEdit, toPlay } = labels();
      const label = this.editMode ? toPlay : toEdit;
      toggle.setAttribute("aria-label", label);
      toggle.dataset.tooltip = label;
      toggle.setAttribute("aria-pressed", String(this.editMode));
    }
  }
  return ModalSheetClass;
}
