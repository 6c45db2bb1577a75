import type { Modifier } from "../../../engine/dice/check";
import type {
  AttackEvent as RunnerAttack, DamageEvent as RunnerDamage, FallEvent, OutcomeEvent, RoundEvent,
  TurnEvent,
} from "../../../engine/runner/events";
import type {
  OneAgainstMany, OpposedResult, OpposedRoll, OpposedSide,
} from "../../../engine/dice/opposed";
import type { ActionId } from "../rules/actions";
import type { ShockAbsorber } from "../rules/damage";
import type { HealthState } from "../rules/health";
import type { MoraleScoreSource, MoraleTrigger } from "../rules/morale";
import type { Spot } from "./position";

/**
 * What a headless `shock` fight reports, one event per line of the log. Every number can be
 * recomputed from the pack data and the dice in the event: initiative dice and bonuses, each
 * attack's d20 and modifiers by source and the AC with its adjustments, each damage's dice and
 * floor, each opposed check's every roll on every side, tie re-rolls included (grapple, breaking
 * free, screen, shove), each
 * morale roll, the spots rolled for the field (each kept until the fighter's first move), a
 * shadowed fighter found, and every change of lying prone, which the attacks' situational modifiers
 * read. The kinds every runner shares (round, turn, attack, damage, state, end:
 * `engine/runner/events.ts`) carry shock's payload here; stabilize and move mean what they mean
 * in escalation's log.
 */
export type AttackKind =
  "normal" | "charge" | "snap" | "swarm" | "opportunity" | "grapple" | "held";

/** One d20 attack roll against AC. */
export interface AttackEvent extends RunnerAttack {
  weapon: string;
  attackKind: AttackKind;
  /** Feet between attacker and target (0: adjacent), what range and the situations read. */
  feet: number;
  modifiers: Modifier[];
  ac: number; acAdjustments: Modifier[]; targetAc: number;
  decidedBy: "natural" | "total";
  /** The weapon's Shock rating (`ac: null` for `X/-`), null when it has none. */
  shock: { amount: number; ac: number | null } | null;
  /** The ward this attack was aimed at before a screener took it (null: not screened). */
  screenedFrom: string | null;
}

/** HP lost: a hit's damage, a miss's Shock, a swarm's, a grapple's or an execution's. */
export interface DamageEvent extends RunnerDamage {
  reason: "hit" | "shock" | "swarm" | "grapple" | "execution";
  /** Dice + flat terms before the swarm bonus and the Shock floor (0 for Shock). */
  base: number;
  /** Swarm bonus damage actually added. */
  swarmBonus: number;
  /** The miss Shock a hit may not fall below (for Shock: the Shock itself). */
  floor: number;
  /** What absorbed the Shock (amount 0), else null. */
  absorbedBy: ShockAbsorber | null;
}

/**
 * What paid for an action: the Main, the Move, the Main spent as a second Move, both (a charge),
 * or nothing (a Free action).
 */
export type Paid = "main" | "move" | "mainAsMove" | "mainAndMove" | "free";

/** The actions that move their actor: each pays for one move event. */
export type MoveAction = Extract<ActionId, "run" | "charge" | "screen">;

/**
 * A fighter moves. Every move but a push is one action of the mover's, logged just before it
 * with the same `paid`: a Run (the Move, or the Main as a second Move), a Charge (Main and Move),
 * a Screen (a Move). A push is forced on the target by the shover's attack (`action` null, `paid`
 * "forced"). So the log alone shows each mover within its one Move and one Main a round.
 */
export interface MoveEvent {
  kind: "move"; round: number; actor: string; to: string | null; feet: number;
  reason: "engage" | "charge" | "withdraw" | "screen" | "pushed";
  action: MoveAction | null;
  paid: Paid | "forced";
}

/** One side of an opposed check as the log shows it: who, its modifiers by source, its rolls. */
export interface OpposedSideLog {
  id: string;
  modifiers: Modifier[];
  rolls: OpposedRoll[];
}

/**
 * One opponent of the single side: its rolls, and the single side's roll each was compared with
 * (`against`, parallel: the first is the single side's one roll, each later one its re-roll after
 * a tie with this opponent alone). Every comparison but the last is a tie; the last decides.
 */
export interface OpposedOtherLog extends OpposedSideLog {
  against: OpposedRoll[];
  /** Whether the single side beat this opponent. */
  singleWins: boolean;
}

/**
 * An opposed check as the log shows it: the single side with every roll it made, in the order
 * rolled, and each opponent with its comparisons, so a reader can recompute every winner.
 */
export interface OpposedLog {
  single: OpposedSideLog;
  others: OpposedOtherLog[];
}

function sideLog(side: OpposedSide, rolls: OpposedRoll[]): OpposedSideLog {
  return { id: side.id, modifiers: [...side.modifiers], rolls };
}

/** A two-sided check (`opposedPlan`: `a` against `b`, both rolling again on a tie) for the log. */
export function pairLog(a: OpposedSide, b: OpposedSide, r: OpposedResult): OpposedLog {
  const mine = r.rolls.map((x) => x.a);
  return {
    single: sideLog(a, mine),
    others: [{ ...sideLog(b, r.rolls.map((x) => x.b)), against: mine, singleWins: r.winner === "a" }],
  };
}

/**
 * A one-against-many check (`oneAgainstManyPlan`) for the log: the single side's one roll, then
 * its re-rolls pair by pair, and each opponent's rolls against them.
 */
export function oneAgainstManyLog(
  single: OpposedSide, others: readonly OpposedSide[], r: OneAgainstMany,
): OpposedLog {
  const rolls: OpposedRoll[] = [r.single];
  const logs = r.pairs.map((p, i): OpposedOtherLog => {
    const against = p.rolls.map((x) => x.single);
    for (let k = 1; k < against.length; k++) rolls.push(against[k] as OpposedRoll);
    return {
      ...sideLog(others[i] as OpposedSide, p.rolls.map((x) => x.other)), against,
      singleWins: p.singleWins,
    };
  });
  return { single: sideLog(single, rolls), others: logs };
}

export type ShockEvent =
  | {
      kind: "initiative"; round: number;
      sides: {
        id: string;
        die: number;
        bonus: number;
        result: number;
        favoured: boolean;
        tieBreaks: number[];
      }[];
      order: string[];
    }
  /** Opens the surprise round (round 0), in place of a round event. */
  | { kind: "surprise"; round: 0; surprised: string[]; acting: string[] }
  | RoundEvent
  | (TurnEvent & { side: string })
  | { kind: "action"; round: number; actor: string; action: ActionId; paid: Paid }
  | MoveEvent
  | AttackEvent
  | DamageEvent
  | {
      kind: "reaction"; round: number; actor: string;
      reaction: "totalDefense" | "snapAttack" | "screen" | "heldAction";
      attack: string; changed: boolean;
    }
  | { kind: "swarmAssist"; round: number; actor: string; target: string; assistants: number }
  | ({ kind: "opposed"; round: number; purpose: "grapple" | "breakFree" | "screen" | "shove" }
    & OpposedLog)
  | { kind: "grapple"; round: number; grappler: string; target: string; held: boolean }
  | { kind: "opportunity"; round: number; attacker: string; target: string }
  | { kind: "screen"; round: number; actor: string; ward: string; capacity: number }
  | {
      kind: "save"; round: number; actor: string; purpose: "execution";
      /** The attack it answers. */
      attack: string;
      dice: number[];
      natural: number;
      modifiers: Modifier[];
      total: number;
      target: number;
      success: boolean;
    }
  | {
      kind: "field";
      round: 0;
      /**
       * Each fighter's starting spot and the d6 that gave it (null: the spot was set, not rolled).
       */
      spots: { actor: string; die: number | null; spot: Spot }[];
    }
  /** A fighter in shadow is found where it stands (moving off a spot shows in its move event). */
  | { kind: "spot"; round: number; actor: string; spot: Spot; located: boolean }
  | { kind: "prone"; round: number; actor: string; prone: boolean; reason: "shoved" | "stood" }
  | {
      kind: "shove"; round: number; attacker: string; target: string; attack: string;
      result: "prone" | "pushed" | "resisted";
    }
  /** A held action taken when the round ends, or lost with nothing left to do. */
  | { kind: "held"; round: number; actor: string; outcome: "roundEnd" | "lost" }
  | FallEvent<HealthState>
  | { kind: "stabilize"; round: number; actor: string; target: string }
  | {
      kind: "morale"; round: number; group: string; triggers: MoraleTrigger[];
      dice: number[]; total: number;
      /** The group's one score, and whether its GM set it or it is its members' highest. */
      score: number; scoreFrom: MoraleScoreSource;
      result: "holds" | "breaks";
    }
  | OutcomeEvent;

export interface ShockEncounterResult {
  readonly winner: string;
  readonly rounds: number;
  readonly events: ShockEvent[];
}
