import type { ChainSpec } from "./dice/chain";
import type { SteppedDieRule } from "./dice/mixed-pool";
import type { SaveTiming } from "./effects/timed";
import type { PointsEconomy } from "./economy/points";
import type { SlotEconomy } from "./economy/slots";
import type { RerollPolicy } from "./initiative/ranked";
import type { TurnScheme } from "./turns/scheme";

/**
 * The shape every ruleset fills in. Each part is a small abstraction the Foundry layer and the
 * headless runner read without knowing which ruleset is active; docs/ARCHITECTURE.md shows how each
 * of the five rules texts maps onto them.
 */
export interface CheckShape {
  /**
   * Base dice and faces: 3d6 (escalation), 1d20 (wounds, shock), 2d6 (phases), 1d100
   * (action-points).
   */
  readonly dice: number;
  readonly faces: number;
  /**
   * How edge changes the pool: `extraDieKeep` adds one die per point and keeps the base count
   * (escalation); `steppedDie` adds one die whose size steps with the edge (phases); `bestOfTwo`
   * rolls the pool twice and keeps the better or worse (action-points); `none` (wounds, shock).
   */
  readonly edge: "extraDieKeep" | "steppedDie" | "bestOfTwo" | "none";
  /**
   * How the check succeeds: the total meets or beats a target (escalation, wounds, shock, phases;
   * the default) or a d100 rolls under the skill with success levels (action-points,
   * `roll-under.ts`).
   */
  readonly resolution?: "meetOrBeat" | "rollUnder";
  /** The most net edge the check expresses (phases: 4, RULINGS.md §phases Edge). */
  readonly edgeCap?: number;
  /** The extra die per edge point for `steppedDie` (phases: `PHASES_STEPPED_DIE`). */
  readonly stepped?: SteppedDieRule;
  /** The die chain a natural maximum or 1 starts (wounds: d4, d6, d8 …, `chain.ts`). */
  readonly chain?: ChainSpec;
}

export interface InitiativeScheme<E> {
  /** bands (escalation), ranked (wounds, action-points), sides (shock), phases (phases). */
  readonly kind: "bands" | "ranked" | "sides" | "phases";
  /** Named groups in order of play, when the scheme has them (bands, sides, phases). */
  readonly groups: readonly string[];
  /** Turn order: negative when `a` acts before `b`. */
  readonly compare: (a: E, b: E) => number;
  /** Whether the order is rolled once (the default) or every round (phases). */
  readonly reroll?: RerollPolicy;
  /** The die the tied roll off on (wounds d20, action-points d10, phases d6; `ranked.ts`). */
  readonly tieDie?: number;
}

/** Action slots per turn and per round; `substitutes` lists [better, lesser] pairs. */
export interface TurnEconomy {
  readonly onTurn: Readonly<Record<string, number>>;
  readonly offTurn: Readonly<Record<string, number>>;
  readonly substitutes: readonly (readonly [string, string])[];
  /**
   * Whether turns are paid in slots (escalation, wounds, shock; the default) or from point pools
   * (action-points). With `points`, `onTurn`/`offTurn` may be empty.
   */
  readonly kind?: "slots" | "points";
  /** The full slot economy, when bags of slots and next-turn debts say more than `substitutes`. */
  readonly slots?: SlotEconomy;
  /** The point pools, caps and limits (action-points, `economy/points.ts`). */
  readonly points?: PointsEconomy;
}

export interface Ruleset<E> {
  readonly id: string;
  /** Localization key of its name. */
  readonly label: string;
  /** The rules text it implements (in shared/rules). */
  readonly source: string;
  readonly check: CheckShape;
  readonly initiative: InitiativeScheme<E>;
  readonly economy: TurnEconomy;
  /** The damage pipeline's steps in order. */
  readonly damage: readonly string[];
  readonly conditions: readonly string[];
  /** Whether the escalation die module runs alongside the initiative scheme. */
  readonly escalationDie: boolean;
  /**
   * When save-ended effects roll their saves (escalation: the bearer's turn end; phases: End
   * phase).
   */
  readonly saveAt?: SaveTiming;
  /**
   * How its encounters run turn by turn (`turns/scheme.ts`): what the shell's Combat and tracker
   * bases run. Typed loosely here: each ruleset's own constant keeps its entry types.
   */
  readonly turns?: TurnScheme<never, never, unknown>;
}
