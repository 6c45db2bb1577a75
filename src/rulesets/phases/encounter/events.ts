import type { EdgeSource } from "../../../engine/dice/edge";
import type {
  AttackEvent as RunnerAttack, ConditionEvent as RunnerCondition, DamageEvent as RunnerDamage,
  FallEvent, OutcomeEvent, RoundEvent, TurnEvent,
} from "../../../engine/runner/events";
import type { AttackKind, ConditionId, MovementKind, Tier } from "../rules/constants";
import type { DurationName } from "../rules/durations";

/**
 * What a headless `phases` fight reports, one event per line of the log. Every number can be
 * recomputed from the statblocks and the dice in the events: the battlefield (each combatant's
 * square on a square grid with equidistant diagonals, and the squares of difficult terrain), each
 * phase as it opens, every initiative roll (2d6, INT, AGI, the tie-break d6s), each seize and the
 * round's Movement and Battle orders, each move (its power, every square of its path, its cost
 * against its allowance, the difficult squares entered, the opportunity attacks it provoked),
 * every attack (all its dice with the stepped die named, the kept dice, each edge source by name,
 * ATK against DEF), each damage with the attack it comes from and HP before and after, each
 * condition and mark with its source, cause and duration, and each End-phase save with its 2d6.
 * The kinds every runner shares (round, turn, attack, damage, condition, state, end:
 * `engine/runner/events.ts`) carry phases' payload here.
 * Source: `003_d18720f6cd315cc2.txt`; RULINGS.md §phases.
 */

/** A square of the grid: row `i`, column `j` (Foundry's `GridOffset2D`, engine `space/cell.ts`). */
export interface Square {
  i: number;
  j: number;
}

export type Side = "party" | "foes";

/** The phases a round is played in (§Combat Round). */
export type Phase = "initiative" | "movement" | "battle" | "end";

/**
 * What a condition event names: one of the four conditions a power inflicts, or a mark a round's
 * choice leaves (`seized`, `defending`, a movement power's edge or Run's no Attack by the power's
 * kind, an `other` power's as `move:<id>`).
 */
export type Mark = ConditionId | "seized" | "defending" | Exclude<MovementKind, "other">
  | `move:${string}`;

export interface FieldFighter {
  actor: string;
  side: Side;
  tier: Tier;
  square: Square;
  hp: number;
  hpMax: number;
  speed: number;
}

export interface InitiativeRoll {
  actor: string;
  /** The 2d6. */
  dice: number[];
  int: number;
  agi: number;
  /** 2d6 + INT + AGI. */
  score: number;
  /** The d6s it rolled off with, in order (empty when it was not tied). */
  tieBreaks: number[];
}

/** What provoked an opportunity attack: the mover left `square`, which the attacker threatens. */
export interface Trigger {
  kind: "leave";
  mover: string;
  square: Square;
}

/**
 * One attack roll. `dice` holds every die rolled in the pool's order (the 2d6, then the stepped
 * die when the edge is not 0, of `extraDie` faces); `kept` the two that count; `natural` their sum
 * and `total` it plus `atk`, a hit when at least `def`.
 */
export interface AttackEvent extends RunnerAttack {
  power: string;
  attackKind: AttackKind;
  /** A free basic melee attack on a mover leaving a threatened square. */
  opportunity: boolean;
  trigger: Trigger | null;
  /** Squares between the two (1: adjacent). */
  distance: number;
  atk: number;
  def: number;
  /** Every edge source by name (`rules/edge.ts`): + Advantage, − Disadvantage. */
  sources: EdgeSource[];
  /** Their net, each name once (engine `netEdge`). */
  net: number;
  /** The net within ±4: the stepped die's step. */
  edge: number;
  /** The stepped die's faces, or null at edge 0. */
  extraDie: number | null;
  kept: number[];
}

/** HP lost to an attack: its dice and bonus, a miss's share when the power deals damage on one. */
export interface DamageEvent extends RunnerDamage {
  reason: "hit" | "miss";
  die: number;
  bonus: number;
  /** On a miss: what the power deals then. */
  onMiss: "full" | "half" | null;
}

/** A condition or mark begins or ends. */
export interface ConditionEvent extends RunnerCondition {
  condition: Mark;
  /** How long it lasts (when it began), else null. */
  duration: DurationName | null;
  /**
   * Why: `hit` or `miss` (a power's effect), `seize`, `move`, `defend`, `disengage`, and for an
   * end `save`, `failedSave` (a sustained effect), `endOfRound`, `turnStart` (Defend), `item`.
   */
  reason: string;
}

export type PhasesEvent =
  /** The battlefield as the fight begins: a square grid, each combatant's square. */
  | {
    kind: "field"; round: 0; grid: "square"; diagonals: "equidistant"; difficult: Square[];
    fighters: FieldFighter[];
  }
  | RoundEvent
  /** A phase of the round opens. */
  | { kind: "phase"; round: number; phase: Phase }
  /** The round's initiative rolls, in listed order, and the order they make (highest first). */
  | { kind: "initiative"; round: number; rolls: InitiativeRoll[]; order: string[] }
  /** A combatant seizes the initiative (its mark follows as a condition event). */
  | { kind: "seize"; round: number; actor: string }
  /** The round's orders after seizing: Movement (lowest first) and Battle (highest first). */
  | { kind: "orders"; round: number; movement: string[]; battle: string[]; seizers: string[] }
  | (TurnEvent & { side: Side; phase: "movement" | "battle" })
  /**
   * A move with a movement power (or Battle-phase Disengage): every square from the start,
   * its cost (difficult squares count 2) against the power's squares, the opportunity attacks it
   * provoked (their ids), and why it stopped short (`slowed`, `immobilised`, `down`), if it did.
   */
  | {
    kind: "move"; round: number; actor: string; power: string; movement: MovementKind;
    phase: "movement" | "battle";
    path: Square[]; cost: number; allowance: number; difficult: Square[];
    provoked: string[]; stopped: "slowed" | "immobilised" | "down" | null;
    /** The foe a straight-at-an-enemy power (Charge) was used at, else null. */
    at: string | null;
  }
  /** A Movement turn without a move: why (`immobilised`, `slowed`, or it stays). */
  | { kind: "hold"; round: number; actor: string; reason: "immobilised" | "slowed" | "stays" }
  /** Who threatens the square a mover leaves: each makes its opportunity attack next. */
  | { kind: "provoked"; round: number; actor: string; square: Square; threateners: string[] }
  | AttackEvent
  | DamageEvent
  /** A Battle action other than Attack (Disengage's move follows as a move event). */
  | {
    kind: "action"; round: number; actor: string;
    action: "defend" | "delay" | "activateItem" | "disengage";
    /** Delay: the combatant it acts after; Activate Item: the item's name. */
    target: string | null;
  }
  /** HP an activated item restored. */
  | {
    kind: "heal"; round: number; actor: string; item: string; dice: number[]; die: number;
    bonus: number; amount: number; hpBefore: number; hpAfter: number;
  }
  | ConditionEvent
  /** An End-phase save: 2d6, 7 or higher ends a save-ended effect or keeps a sustained one. */
  | {
    kind: "save"; round: number; actor: string; condition: ConditionId;
    duration: "saveEnds" | "sustained"; dice: number[]; total: number; success: boolean;
  }
  | FallEvent<"down" | "defeated">
  | OutcomeEvent;

export interface PhasesEncounterResult {
  readonly winner: string;
  readonly rounds: number;
  readonly events: PhasesEvent[];
}
