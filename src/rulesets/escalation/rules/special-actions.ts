import type { ActionsUsed } from "./actions";
import { CONDITIONS, expandConditions } from "./conditions";
import { DEFAULT_SAVE, planSave, type SavePlan } from "./save";
import { ONE_ROUND_SAVE, type Duration } from "./constants";

/**
 * Rally, Coup de Grace, sustaining, and Confused's check on non-attack actions.
 * Source: `000_c2dc3d650823e22d.txt` §Rally, §Coup de Grace, §Ability Entries (Sustain),
 * §Conditions and Effects (Confused, Helpless); RULINGS.md §escalation Rally, Coup de Grace.
 */

/**
 * Rally's save against one effect: the effect's own save for save-ends effects (ongoing damage
 * included), 13+ against a one-round effect; + the escalation die either way.
 */
export function planRallySave(
  effect: { duration: Duration; saveTarget: number },
  escalationDie: number,
  conditions: Iterable<string>,
): SavePlan {
  const target = effect.duration === "saveEnds" ? effect.saveTarget : ONE_ROUND_SAVE;
  return planSave(conditions, target, escalationDie);
}

/**
 * The instance a Rally saves against when the player leaves the choice to Fray: the first
 * save-ends instance (ongoing damage included), else the first one-round instance (one that ends
 * at the end of someone's next turn); null when there is neither (end-of-encounter effects are not
 * saved against). Source: `000_c2dc3d650823e22d.txt` §Rally ("one instance of ongoing damage or
 * one save ends effect (or a 13+ save against a one-round effect)").
 */
export function rallyTarget<T extends { readonly duration: Duration }>(
  instances: readonly T[],
): T | null {
  const saveEnds = instances.find((e) => e.duration === "saveEnds");
  return (
    saveEnds
    ?? instances.find((e) => e.duration === "endOfNextTurn" || e.duration === "endOfSourceNextTurn")
    ?? null
  );
}

export type CoupDeGraceBlock =
  | "FRAY.CoupDeGrace.NotHelpless"
  | "FRAY.CoupDeGrace.NotEngaged"
  | "FRAY.CoupDeGrace.OneTarget"
  | "FRAY.CoupDeGrace.Actions";

/**
 * Whether a Coup de Grace may be made: one target, engaged with the attacker and Helpless, and
 * the attacker still has its Standard, Move and Quick actions (all three are spent).
 */
export function coupDeGraceBlock(request: {
  readonly targetConditions: Iterable<string>;
  readonly engaged: boolean;
  readonly targets: number;
  readonly actions: ActionsUsed;
}): CoupDeGraceBlock | null {
  if (request.targets !== 1) return "FRAY.CoupDeGrace.OneTarget";
  if (![...expandConditions(request.targetConditions)].some((id) => CONDITIONS[id].coupDeGrace))
    return "FRAY.CoupDeGrace.NotHelpless";
  if (!request.engaged) return "FRAY.CoupDeGrace.NotEngaged";
  const { standard, move, quick } = request.actions;
  if (standard || move || quick) return "FRAY.CoupDeGrace.Actions";
  return null;
}

/** The actions a Coup de Grace spends. */
export const COUP_DE_GRACE_SPENDS: ActionsUsed = {
  standard: true,
  move: true,
  quick: true,
  interrupt: false,
};

/** The sustain roll of a `Sustain X` ability (3d6 ≥ X, with the bearer's save edge). */
export function planSustain(sustain: number, conditions: Iterable<string>): SavePlan {
  if (!Number.isInteger(sustain) || sustain < 1)
    throw new RangeError(`not a sustained ability (Sustain ${sustain})`);
  return planSave(conditions, sustain);
}

/**
 * A Confused bearer using a non-attack ability, or an attack that deals no damage, first saves
 * 11+; on a failure it takes damage equal to its tier. Returns null when not Confused.
 */
export function confusedActionCheck(conditions: Iterable<string>): SavePlan | null {
  const ids = expandConditions(conditions);
  for (const id of ids) if (CONDITIONS[id].oddNaturalSelfDamage) return planSave(ids, DEFAULT_SAVE);
  return null;
}

/**
 * A character's tier from its level. The text names tiers without defining them; Fray follows the
 * usual split of ten levels: 1–4 tier 1, 5–7 tier 2, 8+ tier 3 (docs/RULINGS-FRAY.md).
 */
export function tierOf(level: number): number {
  return level >= 8 ? 3 : level >= 5 ? 2 : 1;
}
