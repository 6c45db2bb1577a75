/**
 * Redraws what an actor sheet shows of its actor's combat (the turn, the actions left, what a
 * blocked Use waits for) when that changes, and only then, and only the parts showing it.
 *
 * Foundry redraws a sheet on its own document's changes only: a Combatant update renders no actor
 * sheet, and a Combat update renders every combatant's actor sheet whole
 * (client/documents/combat.mjs `_onUpdate` → `updateCombatantActors`, `renderContext:
 * "updateCombat"`). So the sheet listens to the combat hooks itself, compares what it would show
 * (`combatState()`, as JSON) with what it showed, and renders `combatParts` alone
 * (AppV2 `render({parts})`, client/applications/api/handlebars-application.mjs) when it differs; a
 * Foundry "updateCombat" render goes through the same check. The editor guard
 * (`editor-guard.ts`) still holds back any of those parts holding an open editor.
 */
interface CombatSheet {
  render(options?: { parts?: string[]; renderContext?: string }): Promise<unknown>;
  _canRender(options: unknown): false | void;
  _onFirstRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _onClose(options: unknown): void;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;

/** Fray's own render context for a combat refresh (beside Foundry's "updateCombat"). */
export const COMBAT_RENDER = "frayCombat";

/** The hooks after which an actor's combat state may have changed (client/documents/combat*.mjs). */
export const COMBAT_HOOKS = [
  "createCombat", "updateCombat", "deleteCombat",
  "createCombatant", "updateCombatant", "deleteCombatant",
] as const;

/**
 * The parts a combat refresh renders: none (null: skip the render) when the state shown is the
 * state now, else the sheet's combat parts.
 * @param shown the JSON of the state at the last render (null before the first).
 */
export function combatRefreshParts(
  shown: string | null, now: string, parts: readonly string[],
): string[] | null {
  return shown === now || !parts.length ? null : [...parts];
}

/** Adds combat refreshes to an actor sheet class; subclasses say what they show and where. */
export function withCombatRefresh<T extends Constructor<CombatSheet>>(Base: T) {
  abstract class CombatRefreshSheet extends Base {
    #hooks: [string, number][] = [];
    #shown: string | null = null;

    /**
     * What the sheet shows of its actor's combat state, as plain data (compared as JSON). The base
     * shows none.
     */
    combatState(): unknown {
      return null;
    }

    /** The parts showing `combatState()`. */
    get combatParts(): readonly string[] {
      return [];
    }

    #stateNow(): string {
      return JSON.stringify(this.combatState() ?? null);
    }

    override _canRender(options: unknown): false | void {
      if (super._canRender(options) === false) return false;
      const o = options as { renderContext?: string; parts?: string[] };
      if (o.renderContext !== "updateCombat" && o.renderContext !== COMBAT_RENDER) return;
      const parts = combatRefreshParts(this.#shown, this.#stateNow(), this.combatParts);
      if (!parts) return false;
      o.parts = parts;
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      this.#shown = this.#stateNow();
    }

    override async _onFirstRender(
      context: Record<string, unknown>,
      options: unknown,
    ): Promise<void> {
      await super._onFirstRender(context, options);
      const refresh = () => void this.render({ renderContext: COMBAT_RENDER });
      for (const hook of COMBAT_HOOKS) this.#hooks.push([hook, Hooks.on(hook, refresh as never)]);
    }

    override _onClose(options: unknown): void {
      super._onClose(options);
      for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
      this.#hooks = [];
    }
  }
  return CombatRefreshSheet;
}
