/**
 * One resolution of an action against a defender, with windows in which others may interject:
 *
 *   declare → (declare-stage interjections: e.g. a screen redirects the attack) → roll →
 *   (reactions, offered after the roll is seen: each may change the outcome) → final → damage
 *   steps
 *
 * The state `S` is the ruleset's own (an attack plan and outcome, a target, flags); this module
 * only sequences pure steps and records each interjection with the state before and after it, so a
 * log and a chat card can show what changed the result. Shock's Screen an Ally (declare) and Total
 * Defense and Snap Attack (react), and action-points' Dodge and Parry (react, an opposed check
 * after a would-hit) are all interjections. Source: `002_5e27cdf788b28f5f.txt` §Combat Action
 * Types (Instant actions "even after the dice have already been rolled"), §Total Defense, §Screen
 * an Ally.
 *
 * This is the closure form: one synchronous run whose steps roll and change the runner's own
 * objects as they go (shock's runner uses it). A window that must also be played across requests,
 * its state stored between them, is written once as a `WindowDefinition` (`window/`), which a
 * runner plays with `runWindow` and Foundry one request at a time (shock's is
 * `rulesets/shock/rules/reaction-window.ts`).
 */

export type WindowStage = "declare" | "react";

export interface Interjection<S> {
  /** What it is, e.g. `totalDefense`, `screen`, `snapAttack`, `dodge`. */
  readonly id: string;
  /** Who takes it (a combatant key). */
  readonly by: string;
  readonly stage: WindowStage;
  /**
   * Whether it may be taken on this state (e.g. the Main action is unspent, the roll would hit).
   */
  readonly available: (state: S) => boolean;
  /** The state after it. It may roll (an opposed check) through a roller it closes over. */
  readonly apply: (state: S) => S;
}

/**
 * A damage step: a named pure change of the state after the final result (roll, Shock, floor…).
 */
export interface DamageStep<S> {
  readonly id: string;
  readonly apply: (state: S) => S;
}

export interface WindowPlan<S> {
  readonly declared: S;
  readonly interjections: readonly Interjection<S>[];
  /** Rolls the action (the state with its outcome). */
  readonly roll: (state: S) => S;
  /**
   * The owner's choice at a stage: one of `offered` (each is available and not yet taken), or null
   * to close the stage. Asked again after each interjection, since one may open or close others.
   */
  readonly choose: (
    stage: WindowStage, state: S, offered: readonly Interjection<S>[],
  ) => Interjection<S> | null;
  /** The steps from the final result to damage, in order; none when the result deals nothing. */
  readonly damage: (final: S) => readonly DamageStep<S>[];
  /**
   * Whether an interjection ended the resolution before damage (e.g. a snap attack felled the
   * attacker).
   */
  readonly cancelled?: (state: S) => boolean;
}

/** An interjection or damage step taken, with the state before and after it. */
export interface WindowStep<S> {
  readonly stage: WindowStage | "damage";
  readonly id: string;
  /** Who took it (empty for damage steps). */
  readonly by: string;
  readonly before: S;
  readonly after: S;
}

export interface WindowResult<S> {
  readonly declared: S;
  /** The state right after the roll, before any reaction. */
  readonly rolled: S;
  /** The state after every reaction: what the damage steps start from. */
  readonly final: S;
  /** The state after the damage steps (equal to `final` when cancelled). */
  readonly resolved: S;
  readonly steps: readonly WindowStep<S>[];
  readonly cancelled: boolean;
}

/** Interjections a stage would offer now: of that stage, available, and not yet taken. */
export function offered<S>(
  plan: WindowPlan<S>, stage: WindowStage, state: S, taken: ReadonlySet<Interjection<S>>,
): Interjection<S>[] {
  return plan.interjections.filter((i) => i.stage === stage && !taken.has(i) && i.available(state));
}

/** `offered` over a list of those taken: a window takes few, and a Set per window cost more. */
function offeredNow<S>(
  plan: WindowPlan<S>, stage: WindowStage, state: S, taken: readonly Interjection<S>[],
): Interjection<S>[] {
  const out: Interjection<S>[] = [];
  for (const i of plan.interjections) {
    if (i.stage === stage && !taken.includes(i) && i.available(state)) out.push(i);
  }
  return out;
}

const never = (): boolean => false;

/**
 * One stage: offer, let the owner choose, apply, until it closes or the resolution is cancelled.
 */
function runStage<S>(
  plan: WindowPlan<S>,
  name: WindowStage,
  start: S,
  taken: Interjection<S>[],
  steps: WindowStep<S>[],
  cancelled: (state: S) => boolean,
): S {
  let state = start;
  for (;;) {
    if (cancelled(state)) return state;
    const offers = offeredNow(plan, name, state, taken);
    if (!offers.length) return state;
    const pick = plan.choose(name, state, offers);
    if (!pick) return state;
    if (!offers.includes(pick))
      throw new Error(`${pick.id} by ${pick.by} was not offered at ${name}`);
    taken.push(pick);
    const after = pick.apply(state);
    steps.push({ stage: name, id: pick.id, by: pick.by, before: state, after });
    state = after;
  }
}

/**
 * Runs a plan through its stages. Each interjection is taken at most once.
 * @throws Error when `choose` returns an interjection that was not offered.
 */
export function resolveWindow<S>(plan: WindowPlan<S>): WindowResult<S> {
  const steps: WindowStep<S>[] = [];
  const taken: Interjection<S>[] = [];
  const cancelled = plan.cancelled ?? never;
  const declared = runStage(plan, "declare", plan.declared, taken, steps, cancelled);
  if (cancelled(declared)) {
    return {
      declared: plan.declared,
      rolled: declared,
      final: declared,
      resolved: declared,
      steps,
      cancelled: true,
    };
  }
  const rolled = plan.roll(declared);
  const final = runStage(plan, "react", rolled, taken, steps, cancelled);
  if (cancelled(final)) {
    return { declared: plan.declared, rolled, final, resolved: final, steps, cancelled: true };
  }
  let resolved = final;
  for (const step of plan.damage(final)) {
    const after = step.apply(resolved);
    steps.push({ stage: "damage", id: step.id, by: "", before: resolved, after });
    resolved = after;
  }
  return { declared: plan.declared, rolled, final, resolved, steps, cancelled: false };
}
