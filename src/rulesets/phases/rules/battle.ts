import { BATTLE_ACTIONS, type BattleAction, type ConditionId } from "./constants";
import { mayStartMoving } from "./conditions";
import type { Activatable, MovementPower } from "./statblock";

/**
 * The Battle-phase actions open to a combatant on its Battle turn, and Activate Item's use of an
 * item. Attack is closed after a movement power that forbids it (Run); Disengage shifts 2 squares,
 * so it needs a mover that may move; Activate Item needs an item with a use left (or used at
 * will); Delay and Defend are always open. Source: `003_d18720f6cd315cc2.txt` §Battle Actions;
 * RULINGS.md §phases Battle phase, Movement power defaults (Run: no Attack this round).
 */
export interface BattleState {
  /** The movement power it used this round, if any. */
  readonly moved: Pick<MovementPower, "forbidsAttack"> | null;
  readonly conditions: readonly ConditionId[];
  readonly activatables: readonly Pick<Activatable, "uses">[];
  /** It has an attack power. */
  readonly hasAttack: boolean;
}

/** Whether an activatable item can be used now: at will, or with a use left. */
export const usable = (item: Pick<Activatable, "uses">): boolean =>
  item.uses.max === 0 || item.uses.value > 0;

/** The actions open to it, in the text's order. */
export function battleActions(state: BattleState): BattleAction[] {
  return BATTLE_ACTIONS.filter((a) => {
    switch (a) {
      case "attack": return state.hasAttack && !(state.moved?.forbidsAttack ?? false);
      case "activateItem": return state.activatables.some(usable);
      case "disengage": return mayStartMoving(state.conditions);
      default: return true;
    }
  });
}

/**
 * Activating an item: its uses after one is spent (unchanged at will), or a refusal.
 */
export function activate(
  item: Pick<Activatable, "uses">,
): { ok: true; uses: { value: number; max: number } } | { ok: false; reason: "noUses" } {
  if (!usable(item)) return { ok: false, reason: "noUses" };
  const { value, max } = item.uses;
  return { ok: true, uses: { value: max === 0 ? value : value - 1, max } };
}
