import type { Cell } from "../../../../engine/space/cell";
import {
  footprintsAdjacent, type Footprint, type FootprintSize,
} from "../../../../engine/space/footprint";
import type { Grid } from "../../../../engine/space/grid";
import { mayStartMoving } from "../../rules/conditions";
import {
  checkMove, provokedBy, squaresOf, threatenerOf, type MoveRefusal,
} from "../../rules/movement";
import type { MovementPower } from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import type { TurnFacts } from "./turn-facts";

/**
 * A combatant's movement in Foundry, pure: the movement power it picks on its sheet (one a
 * round, on its own Movement turn, the GM ruling it), and each move of its token judged against
 * that power (`rules/movement.ts` `checkMove`: its squares as the grid counts them, a Charge's
 * straight line to an enemy, no move while Slowed or Immobilised), summed over the turn's drags.
 * A drag with no power picked takes the shortest default that covers it (Shift for one square,
 * else Walk, Hustle, Run), which later drags of the same turn may lengthen; a picked power stays.
 * The enemies whose squares a provoking power leaves get an opportunity attack. A GM's drag is
 * never refused (a correction, a ruling); it is judged only on the mover's own Movement turn.
 * Difficult terrain costs two squares a square: Foundry's own terrain where a scene has it (a
 * region that modifies movement cost, `shell/movement/watch.ts`), else the GM's call. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement Phase Notes; RULINGS.md §phases Movement
 * powers, Movement power defaults, Opportunity attack.
 */
export interface MoverFacts extends TurnFacts {
  readonly speed: number;
  /** The powers it may use (`movementPowersOf`). */
  readonly powers: readonly MovementPower[];
}

/** The kind of offer an opportunity attack is made from (the shell's offer runtime). */
export const OPPORTUNITY_KIND = "phasesOpportunity";

/** Where an offer's mover was when it left each responder's square (`flags.fray.<this>`). */
export const LEAVING = "phasesLeaving";

/** Why a move or a pick is refused: each a `FRAY.Phases.Refuse.*` key. */
export type MoveRefusalKey =
  | "NotMovement" | "NotYourTurn" | "Down" | "Moved" | "CannotMove" | "NoPower" | "TooFar"
  | "NotStraight" | "NotAtEnemy";

type Ruling = { ok: true; patch: Partial<KeptSource> } | { ok: false; key: MoveRefusalKey };

const REFUSAL_KEYS: Readonly<Record<MoveRefusal, MoveRefusalKey>> = {
  cannotMove: "CannotMove", tooFar: "TooFar", notStraight: "NotStraight", noEnemy: "NotAtEnemy",
  notAtEnemy: "NotAtEnemy",
};

function turnRefusal(facts: MoverFacts): MoveRefusalKey | null {
  if (facts.round < 1 || facts.step !== "movement") return "NotMovement";
  if (!facts.ownTurn) return "NotYourTurn";
  if (!facts.up) return "Down";
  return mayStartMoving(facts.conditions) ? null : "CannotMove";
}

/** A Disengage power's Disadvantage lasts, like the Battle action's, from its round. */
const disengaging = (power: MovementPower, round: number) =>
  (power.kind === "disengage" ? { disengaged: round } : {});

/**
 * The sheet's pick of a movement power (`{ action: "move", power: <id> }`): its own Movement
 * turn, none picked or used yet this round, able to move.
 */
export function ruleMovePower(args: unknown, facts: MoverFacts): Ruling {
  const id = (args as { power?: unknown } | null)?.power;
  const power = facts.powers.find((p) => p.id === id);
  const why = turnRefusal(facts);
  if (why) return { ok: false, key: why };
  if (facts.kept.movement > 0) return { ok: false, key: "Moved" };
  if (!power) return { ok: false, key: "NoPower" };
  return {
    ok: true,
    patch: {
      movement: 1, movePower: power.id, moveSquares: 0, moveAuto: false,
      ...disengaging(power, facts.round),
    },
  };
}

/** A drag as the GM reads it: the walk on the grid, and the enemies standing on it. */
export interface Walk {
  readonly grid: Grid;
  /** Its top-left cell at each step, the start first. */
  readonly cells: readonly Cell[];
  readonly size?: FootprintSize;
  /** The cells it entered through difficult terrain (each costs two squares). */
  readonly difficult?: readonly Cell[];
  /** Each enemy standing, by combatant id, and whether it can make an opportunity attack. */
  readonly enemies: readonly {
    readonly id: string;
    readonly at: Footprint;
    readonly strikes: boolean;
  }[];
}

/** The defaults a drag with no power picked may take, shortest first. */
const AUTO_KINDS = ["shift", "walk", "hustle", "run"] as const;

export type MoveJudgement =
  | {
    readonly ok: true;
    readonly patch: Partial<KeptSource>;
    /** The enemies it provokes (combatant ids), once each, in the order it leaves them. */
    readonly provoked: readonly string[];
    /**
     * The cell (the mover's top-left) each provoked enemy's square was left from: where an
     * opportunity attack that Slows the mover stops it (`rules/movement.ts` `stopWhereSlowed`).
     */
    readonly leaving?: Readonly<Record<string, Cell>>;
  }
  | { readonly ok: false; readonly key: MoveRefusalKey };

/**
 * Judges one drag of the mover's token (a gridless scene's are the GM's call: `walk` null).
 * @param byGM a GM made it: never refused, and judged only on the mover's own Movement turn.
 * @returns what the GM keeps of it and whom it provokes, or why it may not be made.
 */
export function judgeMove(walk: Walk | null, facts: MoverFacts, byGM: boolean): MoveJudgement {
  const why = turnRefusal(facts);
  if (why) return byGM ? { ok: true, patch: {}, provoked: [] } : { ok: false, key: why };
  if (!walk || walk.cells.length < 2) return { ok: true, patch: {}, provoked: [] };
  const kept = facts.kept;
  const picked = kept.movement > 0 ? facts.powers.find((p) => p.id === kept.movePower) : undefined;
  const candidates = picked && !kept.moveAuto ? [picked]
    : facts.powers.filter((p) => (AUTO_KINDS as readonly string[]).includes(p.kind))
      .sort((a, b) => AUTO_KINDS.indexOf(a.kind as never) - AUTO_KINDS.indexOf(b.kind as never));
  let refusal: MoveRefusalKey = "TooFar";
  for (const power of candidates) {
    const left = squaresOf(power, facts.speed) - kept.moveSquares;
    const charging = power.path === "straightAtEnemy";
    const end = walk.cells[walk.cells.length - 1] as Cell;
    const at: Footprint = walk.size ? { origin: end, size: walk.size } : { origin: end };
    const enemy = charging
      ? walk.enemies.find((e) => footprintsAdjacent(walk.grid, at, e.at) === true) : undefined;
    const verdict = checkMove(walk.grid, {
      power: { ...power, squares: { base: "fixed", times: 0, plus: Math.max(0, left) } },
      speed: facts.speed, conditions: facts.conditions, path: walk.cells,
      difficult: walk.difficult ?? [],
      ...(walk.size ? { mover: walk.size } : {}), ...(enemy ? { enemy: enemy.at } : {}),
    });
    if (!verdict) return { ok: true, patch: {}, provoked: [] };
    if (!verdict.ok) {
      refusal = REFUSAL_KEYS[verdict.reason];
      continue;
    }
    const threats = walk.enemies.filter((e) => e.strikes).map((e) => threatenerOf(e.id, e.at));
    const leaves = provokedBy(walk.grid, walk.cells, power, threats, walk.size) ?? [];
    const patch: Partial<KeptSource> = {
      movement: 1, movePower: power.id, moveSquares: kept.moveSquares + verdict.cost,
      moveAuto: !picked || kept.moveAuto, ...disengaging(power, facts.round),
      ...(enemy ? { chargeAt: enemy.id } : {}),
    };
    const leaving: Record<string, Cell> = {};
    for (const l of leaves) leaving[l.id] ??= walk.cells[l.step - 1] as Cell;
    return { ok: true, patch, provoked: Object.keys(leaving), leaving };
  }
  return byGM ? { ok: true, patch: {}, provoked: [] } : { ok: false, key: refusal };
}
