import type { FightRules } from "../../../engine/runner/fight";
import type { FightLog } from "../../../engine/runner/log";
import { MARK_DURATIONS } from "../rules/durations";
import { upOf, type Context } from "./context";
import { endPhase, logMark } from "./effects";
import type { Phase, PhasesEvent, Side } from "./events";
import { layField } from "./field";
import type { Fighter } from "./fighter";
import { rollInitiative } from "./initiative";
import { seizes } from "./tactics";
import { battleTurn, movementTurn } from "./turn";

/**
 * phases' steps of the engine's fight loop (`engine/runner/fight.ts`). Before round 1, the field.
 * Each round: the Initiative phase (everyone still in the fight rolls 2d6 + INT + AGI, ties
 * rolled off; then those who will seize the initiative say so), the Movement phase as one block
 * of turns lowest first with seizers first, the Battle phase as a second block highest first
 * with seizers last, and the End phase (saves, then what ends with the round). No surprise
 * round: the text has none. Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative Phase,
 * §Movement Phase, §Battle Phase, §End Phase; RULINGS.md §phases Round, Seizing.
 */
export class PhasesRounds implements FightRules<Fighter, Side, PhasesEvent> {
  readonly upcoming: Fighter[] = [];
  readonly surprise = false;
  /** This round's fighters in the fight, listed order; its Battle order; its seizers. */
  private readonly rolling: Fighter[] = [];
  private readonly battle: Fighter[] = [];

  constructor(
    readonly ctx: Context,
    readonly log: FightLog<PhasesEvent>,
    readonly maxRounds: number,
    private readonly gap: number,
  ) {}

  /** The falls counted when nobody had won yet: asked after every turn, it changes with a fall. */
  private undecidedAt = -1;

  winner(): Side | null {
    const { ctx } = this;
    if (ctx.fallen === this.undecidedAt) return null;
    const party = upOf(ctx, "party").length > 0;
    if (party && upOf(ctx, "foes").length > 0) {
      this.undecidedAt = ctx.fallen;
      return null;
    }
    return party ? "party" : "foes";
  }

  opening(): null {
    layField(this.ctx, this.gap);
    return null;
  }

  roundEvent(round: number): PhasesEvent {
    return { kind: "round", round };
  }

  private phase(phase: Phase): void {
    const { ctx } = this;
    ctx.phase = phase;
    if (ctx.record) ctx.emit({ kind: "phase", round: ctx.round, phase });
  }

  /** The Initiative phase: the rolls, the seizers, the orders. */
  startRound(round: number): null {
    const { ctx, rolling, battle } = this;
    ctx.round = round;
    this.phase("initiative");
    rolling.length = 0;
    for (const f of ctx.fighters) {
      f.moved = false;
      f.acted = false;
      f.delayed = false;
      if (!f.out) rolling.push(f);
    }
    rollInitiative(ctx, rolling, battle);
    if (ctx.record) {
      ctx.emit({
        kind: "initiative", round,
        rolls: rolling.map((f) => ({
          actor: f.key, dice: [f.die1, f.die2], int: f.block.int, agi: f.block.agi, score: f.score,
          tieBreaks: [...f.tieBreaks],
        })),
        order: battle.map((f) => f.key),
      });
    }
    let seizers = 0;
    for (const f of rolling) {
      if (!seizes(ctx, f)) continue;
      f.seized = true;
      seizers++;
      if (ctx.record) ctx.emit({ kind: "seize", round, actor: f.key });
      logMark(ctx, f, "seized", true, f.key, "seize", MARK_DURATIONS.seized);
    }
    if (seizers > 0) {
      // Seizers after everyone else, in their initiative order (engine `phaseOrders`).
      const stay = battle.filter((f) => !f.seized);
      const seized = battle.filter((f) => f.seized);
      battle.length = 0;
      battle.push(...stay, ...seized);
    }
    if (ctx.record) {
      const keys = battle.map((f) => f.key);
      ctx.emit({
        kind: "orders", round, movement: [...keys].reverse(), battle: keys,
        seizers: battle.filter((f) => f.seized).map((f) => f.key),
      });
    }
    return null;
  }

  /** Block 0 the Movement phase (the Battle order reversed), block 1 the Battle phase. */
  startBlock(block: number): boolean {
    if (block > 1) return false;
    const { battle, upcoming } = this;
    this.phase(block === 0 ? "movement" : "battle");
    const n = battle.length;
    for (let k = 0; k < n; k++) upcoming[k] = battle[block === 0 ? n - 1 - k : k] as Fighter;
    if (upcoming.length !== n) upcoming.length = n;
    return true;
  }

  takesTurn(f: Fighter): boolean {
    return !f.out;
  }

  turnEvent(f: Fighter, round: number): PhasesEvent {
    const phase = this.ctx.phase === "movement" ? "movement" : "battle";
    return { kind: "turn", round, actor: f.key, side: f.side, phase };
  }

  takeTurn(f: Fighter): boolean {
    if (this.ctx.phase === "movement") {
      movementTurn(this.ctx, f);
      return true;
    }
    return battleTurn(this.ctx, f, this.upcoming);
  }

  /** The End phase. Nobody falls in it. */
  endRound(): null {
    this.phase("end");
    endPhase(this.ctx);
    return null;
  }
}
