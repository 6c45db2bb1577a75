/**
 * The shape every ruleset fills in. Each part is a small abstraction the Foundry layer and the
 * headless runner read without knowing which ruleset is active; docs/ARCHITECTURE.md shows how each
 * of the five rules texts maps onto them.
 */
export interface CheckShape {
  /** Base dice and faces: 3d6 (escalation), 1d20 (wounds, shock), 2d6 (phases), 1d100 (action-points). */
  readonly dice: number;
  readonly faces: number;
  /**
   * How edge changes the pool: `extraDieKeep` adds one die per point and keeps the base count
   * (escalation); `steppedDie` adds one die whose size steps with the edge (phases); `bestOfTwo`
   * rolls the pool twice and keeps the better or worse (action-points); `none` (wounds, shock).
   */
  readonly edge: "extraDieKeep" | "steppedDie" | "bestOfTwo" | "none";
}

export interface InitiativeScheme<E> {
  /** bands (escalation), ranked (wounds, action-points), sides (shock), phases (phases). */
  readonly kind: "bands" | "ranked" | "sides" | "phases";
  /** Named groups in order of play, when the scheme has them (bands, sides, phases). */
  readonly groups: readonly string[];
  /** Turn order: negative when `a` acts before `b`. */
  readonly compare: (a: E, b: E) => number;
}

/** Action slots per turn and per round; `substitutes` lists [better, lesser] pairs. */
export interface TurnEconomy {
  readonly onTurn: Readonly<Record<string, number>>;
  readonly offTurn: Readonly<Record<string, number>>;
  readonly substitutes: readonly (readonly [string, string])[];
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
}
