/**
 * A client Combat of Foundry v13's own (client/documents/combat.mjs) as the Foundry tier's turn
 * tests drive it: each `update` is applied as the server sends it back (`updateSource`), then
 * `_onUpdate` runs as on every client, as if written by `by`; the turn events `_manageTurnEvents`
 * sets off are kept, so `settle` waits for them (and for those they set off in turn). And the
 * active GM, whose claims (shell/gm/claim.ts) live in its own User's flags. Nothing of Foundry's
 * is copied here.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

export interface DrivenCombat {
  readonly combat: Any;
  /** Waits for every turn event set off so far, and those they set off. */
  settle(): Promise<void>;
  /** Runs a control (`startCombat`, `nextTurn`…) and waits for its turn events. */
  run(control: string): Promise<void>;
}

/**
 * A combat of class `Combat` from `data`, its updates written by user `by`.
 * `combatants`: also write combatant updates (`updateEmbeddedDocuments`) back at once.
 */
export function drivenCombat(
  Combat: Any, data: object, by: string, { combatants = false } = {},
): DrivenCombat {
  const combat = new Combat(data);
  let pending: Promise<unknown> | null = null;
  const manage = combat._manageTurnEvents.bind(combat);
  combat._manageTurnEvents = () => (pending = manage());
  combat.update = async (changes: Any, options: Any = {}) => {
    const diff = combat.updateSource(changes);
    combat._onUpdate(diff, options, by);
    return combat;
  };
  if (combatants) {
    combat.updateEmbeddedDocuments = async (_name: string, updates: Any[]) => {
      for (const u of updates) combat.combatants.get(u._id).updateSource(u);
      return [];
    };
  }
  const settle = async () => {
    while (pending) {
      const p = pending;
      pending = null;
      await p;
    }
  };
  return {
    combat, settle,
    run: async (control) => {
      await combat[control]();
      await settle();
    },
  };
}

/** The active GM: its `update` writes dotted paths into itself, as claims are stored. */
export function activeGM(id: string): Any {
  const user: Any = {
    id, name: "Gamemaster", isGM: true, isActiveGM: true, flags: {},
    async update(changes: Record<string, unknown>) {
      for (const [path, value] of Object.entries(changes)) {
        const parts = path.split(".");
        const last = parts.pop() as string;
        let here = user;
        for (const p of parts) here = (here[p] ??= {});
        if (last.startsWith("-=")) delete here[last.slice(2)];
        else here[last] = value;
      }
      return user;
    },
  };
  return user;
}

/**
 * What a client Combat test of a ruleset sets on Foundry's globals (after `loadClient`): the
 * world's ruleset, its Combat, Combatant and (when given) Actor classes in `CONFIG`, the kept
 * store's version as migrated, and no tracker, canvas, other users, turn time or combat sounds.
 */
export async function wireRulesetCombat(ruleset: string, classes: {
  readonly Combat: Any; readonly Combatant: Any; readonly Actor?: Any;
}): Promise<void> {
  const g = globalThis as Record<string, Any>;
  (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset(ruleset);
  const { KEPT_VERSION } = await import("../../src/shell/combat/kept");
  g.CONFIG.Combat.documentClass = classes.Combat;
  g.CONFIG.Combatant.documentClass = classes.Combatant;
  if (classes.Actor) g.CONFIG.Actor.documentClass = classes.Actor;
  const get = g.game.settings.get;
  g.game.settings.get = (scope: string, key: string) =>
    (key === "keptEconomy" ? KEPT_VERSION : get(scope, key));
  g.ui.combat = { viewed: null, render: () => undefined };
  g.canvas = { ready: false };
  g.game.users = Object.assign([], { get: () => undefined });
  g.CONFIG.time = { turnTime: 0, roundTime: 6 };
  g.CONFIG.Combat.sounds = {};
}

/**
 * A stand-in for Foundry's `Roll` giving the dice a test names, in order (`NdF` rolls N of them;
 * 1 once they run out): the tier runs no Foundry dice engine.
 */
export function standInRoll(dice: number[]): Any {
  return class {
    dice: { results: { result: number }[] }[] = [];
    total = 0;
    constructor(readonly formula: string) {}
    async evaluate() {
      const count = Number(/^(\d+)d/.exec(this.formula)?.[1] ?? 1);
      const results = Array.from({ length: count }, () => ({ result: dice.shift() ?? 1 }));
      this.dice = [{ results }];
      this.total = results.reduce((n, r) => n + r.result, 0);
      return this;
    }
    toJSON() {
      return { formula: this.formula, total: this.total };
    }
  };
}
