/**
 * Keeps an open rich-text editor on a sheet. Foundry re-renders a document's sheets whenever the
 * document changes (client/documents/abstract/client-document.mjs `_onUpdate` → `render` with
 * `renderContext: "update<Document>"`) and every combatant's actor when its combat changes
 * (client/documents/combat.mjs `updateCombatantActors`, `renderContext: "updateCombat"`). Each
 * render replaces the parts it renders (client/applications/api/handlebars-application.mjs
 * `_replaceHTML`), so a `<prose-mirror>` being typed in is detached and its text lost: the element
 * saves on disconnect, but its change event no longer reaches the form
 * (client/applications/elements/prosemirror-editor.mjs `disconnectedCallback` → `#save`).
 *
 * A render Foundry or Fray triggers (one with a `renderContext`) therefore leaves out the parts
 * holding an open editor, and renders them once the editor closes (the element fires `close` when
 * it is saved and deactivated). Renders the user asks for (the mode toggle, a row opened) carry no
 * `renderContext` and render what they ask.
 */
interface GuardedSheet {
  readonly element: HTMLElement;
  render(options?: { parts?: string[] }): Promise<unknown>;
  _renderHTML(context: Record<string, unknown>, options: unknown): Promise<unknown>;
  _onFirstRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;

/** Render options as HandlebarsApplicationMixin reads them (`parts` filled in by then). */
export interface PartRenderOptions {
  parts?: string[];
  isFirstRender?: boolean;
  renderContext?: string;
}

/**
 * The parts under `root` holding an editor that is open now: a `<prose-mirror>` adds the class
 * `active` while it edits (prosemirror-editor.mjs `#activateEditor`) and removes it when saved.
 * Parts are the elements Foundry marks `data-application-part` (handlebars-application.mjs).
 */
export function partsWithOpenEditor(root: ParentNode): Set<string> {
  const parts = new Set<string>();
  for (const editor of root.querySelectorAll("prose-mirror.active")) {
    const part = editor.closest<HTMLElement>("[data-application-part]")?.dataset.applicationPart;
    if (part) parts.add(part);
  }
  return parts;
}

/**
 * Splits the parts a render asks for into those it may replace now and those it must hold back
 * because they hold an open editor. Only renders with a `renderContext` (Foundry's or Fray's own
 * refreshes) hold parts back; the first render and the user's own renders replace everything.
 */
export function partsToReplace(
  options: PartRenderOptions,
  open: ReadonlySet<string>,
): { render: string[]; held: string[] } {
  const asked = options.parts ?? [];
  if (options.isFirstRender || !options.renderContext) return { render: [...asked], held: [] };
  return {
    render: asked.filter((p) => !open.has(p)),
    held: asked.filter((p) => open.has(p)),
  };
}

/** Adds the editor guard to an AppV2 Handlebars sheet class. */
export function withEditorGuard<T extends Constructor<GuardedSheet>>(Base: T) {
  abstract class EditorGuardedSheet extends Base {
    /** Parts a render left out because of an open editor: rendered when it closes. */
    #held = new Set<string>();

    override async _renderHTML(context: Record<string, unknown>, options: unknown) {
      const o = options as PartRenderOptions;
      const { render, held } = partsToReplace(o, partsWithOpenEditor(this.element));
      for (const part of held) this.#held.add(part);
      if (held.length) o.parts = render;
      return super._renderHTML(context, options);
    }

    override async _onFirstRender(
      context: Record<string, unknown>,
      options: unknown,
    ): Promise<void> {
      await super._onFirstRender(context, options);
      this.element.addEventListener("close", (event) => {
        const target = event.target as HTMLElement | null;
        if (target?.tagName !== "PROSE-MIRROR" || !this.#held.size) return;
        const parts = [...this.#held];
        this.#held.clear();
        void this.render({ parts });
      });
    }
  }
  return EditorGuardedSheet;
}
