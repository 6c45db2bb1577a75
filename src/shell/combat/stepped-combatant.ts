import { FrayCombatantBase } from "../documents/combatant";
import { orderedSteps } from "../../engine/turns/round-turns";
import type { RoundStep } from "../../engine/turns/scheme";

/**
 * The Combatant of a round of steps (`stepped-combat.ts`). When combatants are created, updated
 * or deleted during a turn, core works out the turn to keep on a clone of the Combat with the
 * change applied, as the index of the acting combatant's first turn in it
 * (client/documents/combatant.mjs `_preCreateOperation`, `_preUpdateOperation`,
 * `_preDeleteOperation`: `turns.findIndex`), and every client sets that turn without turn events
 * (client/documents/combat.mjs `#onModifyCombatants`). In a round of steps a combatant stands in
 * the turns once per step, so the first index is its Movement turn: a change in the Battle phase
 * threw the round back into Movement. Here the same combatant's index is taken in the step the
 * round stands in. When the acting combatant itself is deleted, the turn goes to the next one
 * left in that step (the step's first, then its last, when none is after it).
 */

/** What the correction reads of a Combat: its steps, turn and turns (a stepped Combat's). */
interface SteppedTurns {
  readonly steps: readonly RoundStep[];
  readonly turn: number | null;
  readonly turns: readonly { readonly id: string | null }[];
  clone(): SteppedTurns & {
    updateSource(changes: object): unknown;
    readonly combatants: { delete(id: string): unknown };
    setupTurns(): unknown;
  };
}

type Operation = {
  parent?: unknown; combatTurn?: number; turnEvents?: boolean; ids?: string[]; updates?: object[];
};

const isStepped = (parent: unknown): parent is SteppedTurns =>
  typeof parent === "object" && parent !== null && "steps" in parent && "shownTurns" in parent;

/** The step turn `turn` of `turns` stands in, and how many turns a step has. */
function stepOf(turns: number, steps: number, turn: number): { step: number; count: number } {
  const count = turns / steps;
  return { step: Math.floor(turn / Math.max(1, count)), count };
}

/**
 * The turn to keep after the change core simulated on `after` (the clone, set up): `id`'s turn
 * in the step `parent` stands in, or null when it has none there.
 */
function inStep(parent: SteppedTurns, after: SteppedTurns, id: string): number | null {
  const steps = orderedSteps(parent.steps).length || 1;
  const { step } = stepOf(parent.turns.length, steps, parent.turn ?? 0);
  const { count } = stepOf(after.turns.length, steps, 0);
  const at = after.turns.findIndex((t, i) => t.id === id && Math.floor(i / count) === step);
  return at >= 0 ? at : null;
}

/** Who keeps the turn when the acting combatant is deleted: the next left in the same step. */
function survivor(parent: SteppedTurns, gone: readonly string[]): string | null {
  const steps = orderedSteps(parent.steps).length || 1;
  const { step, count } = stepOf(parent.turns.length, steps, parent.turn ?? 0);
  const start = step * count;
  const left = (i: number) => !gone.includes(parent.turns[i]?.id ?? "");
  for (let i = (parent.turn ?? 0) + 1; i < start + count; i++) {
    if (left(i)) return parent.turns[i]?.id ?? null;
  }
  for (let i = start; i < (parent.turn ?? 0); i++) if (left(i)) return parent.turns[i]?.id ?? null;
  return null;
}

/**
 * Core's kept turn moved into the step the round stands in: the same combatant core kept (its
 * index in `after`), or a deleted acting combatant's survivor in its step.
 */
function correct(operation: Operation, after: SteppedTurns, deleted: readonly string[]): void {
  const parent = operation.parent as SteppedTurns;
  const acting = parent.turn === null ? null : parent.turns[parent.turn]?.id ?? null;
  if (acting === null) return;
  // Core's own pick of a deleted acting combatant's survivor reads no turn (it compares with
  // `this.turn` in a static method) and names none: the survivor is worked out here.
  const leaving = deleted.includes(acting);
  if (!leaving && typeof operation.combatTurn !== "number") return;
  const id = leaving ? survivor(parent, deleted) : acting;
  const at = id === null ? null : inStep(parent, after, id);
  if (at === null) return;
  operation.combatTurn = at;
  // The survivor's turn begins (the one deleted ended with it), as core's next survivor's does.
  operation.turnEvents = leaving;
}

/** The Combat core's simulation sets up, with the same change (see the module's note). */
function simulated(operation: Operation, change: (c: ReturnType<SteppedTurns["clone"]>) => void) {
  const combat = (operation.parent as SteppedTurns).clone();
  change(combat);
  combat.setupTurns();
  return combat;
}

export class FraySteppedCombatant extends FrayCombatantBase {
  static override async _preCreateOperation(
    ...args: Parameters<typeof Combatant._preCreateOperation>
  ): Promise<void> {
    await super._preCreateOperation(...args);
    const [documents, operation] = args as unknown as [{ toObject(): object }[], Operation];
    if (!isStepped(operation.parent)) return;
    const after = simulated(operation, (c) =>
      c.updateSource({ combatants: documents.map((d) => d.toObject()) }));
    correct(operation, after, []);
  }

  static override async _preUpdateOperation(
    ...args: Parameters<typeof Combatant._preUpdateOperation>
  ): Promise<void> {
    const [, operation] = args as unknown as [unknown, Operation];
    // A turn the writer named (a reorder's, `turn-combat.ts` `writeTurnOrder`) is kept as named.
    const named = operation.combatTurn !== undefined;
    await super._preUpdateOperation(...args);
    if (named || !isStepped(operation.parent)) return;
    const after = simulated(operation, (c) => c.updateSource({ combatants: operation.updates }));
    correct(operation, after, []);
  }

  static override async _preDeleteOperation(
    ...args: Parameters<typeof Combatant._preDeleteOperation>
  ): Promise<void> {
    await super._preDeleteOperation(...args);
    const [, operation] = args as unknown as [unknown, Operation];
    if (!isStepped(operation.parent)) return;
    const ids = operation.ids ?? [];
    const after = simulated(operation, (c) => {
      for (const id of ids) c.combatants.delete(id);
    });
    correct(operation, after, ids);
  }
}
