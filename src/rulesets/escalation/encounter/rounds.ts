import type { FightRules } from "../../../engine/runner/fight";
import type { FightLog } from "../../../engine/runner/log";
import { escalationForRound } from "../rules/escalation-die";
import { canAct } from "../rules/health";
import type { TurnContext } from "./context";
import { startRound, startTurn } from "./economy";
import type { EncounterEvent, Side } from "./events";
import { compareFighters, inFight, isUp, type Fighter } from "./fighter";
import { deathSave, fightInSpirit } from "./survival";
import { takeReadied, takeTurn } from "./turn";
import { endEncounterEffects, endOfTurn } from "./turn-end";

/**
 * escalation's steps of the engine's fight loop (`engine/runner/fight.ts`): each round one block
 * of turns in band order (bands moved by Delay and readied actions last round reorder it), the
 * escalation die set for the round, the Interrupt back and last round's readied actions lapsed;
 * readied actions taken right before their trigger's turn; a dead PC's turn spent Fighting in
 * Spirit; a Dying PC's or one in Last Gasp saves spent on its death save; ongoing damage and saves
 * at each turn's end (`turn-end.ts`); every effect ends with the encounter. The surprise round
 * (round 0) is the ambushers' alone. Source: `000_c2dc3d650823e22d.txt` §Combat Sequence,
 * §Surprise and Ambushes, §Escalation Die, §Delaying your Turn, §Readying an Action,
 * §Dying and Death, §Fight in Spirit.
 */
export class EscalationRounds implements FightRules<Fighter, Side, EncounterEvent> {
  readonly upcoming: Fighter[];
  readonly surprise: boolean;

  /**
   * @param order every fighter in turn order (sorted again when a band moved).
   * @param ambushers who acts in the surprise round (none: no surprise round).
   * @param ambush whether the escalation die starts at 1 in round 1 (`escalationForRound`).
   * @param flee whether the party flees a fight gone bad (`partyShouldFlee`).
   */
  constructor(
    readonly ctx: TurnContext,
    readonly log: FightLog<EncounterEvent>,
    readonly maxRounds: number,
    private readonly order: Fighter[],
    private readonly ambushers: readonly Fighter[],
    private readonly ambush: { readonly ambush: boolean },
    private readonly flee: boolean,
  ) {
    this.upcoming = ctx.upcoming;
    // The surprise round is round 0 of a fight that has rounds at all.
    this.surprise = ambushers.length > 0 && maxRounds > 0;
  }

  winner(): Side | null {
    return this.ctx.winner();
  }

  roundEvent(round: number): EncounterEvent {
    return { kind: "round", round, escalation: escalationForRound(round, this.ambush) };
  }

  startRound(round: number): Side | null {
    const { ctx } = this;
    ctx.round = round;
    ctx.escalation = escalationForRound(round, this.ambush);
    // Bands moved last round (Delay, readied actions) reorder the turns from this one on.
    if (ctx.reordered) this.order.sort(compareFighters);
    ctx.reordered = false;
    startRoundFor(ctx.fighters);
    ctx.readiedThisRound = false;
    ctx.upcoming.length = 0;
    for (const f of round === 0 ? this.ambushers : this.order) ctx.upcoming.push(f);
    if (this.flee && round > 0 && partyShouldFlee(ctx.fighters)) {
      if (ctx.record) ctx.emit({ kind: "flee", round });
      return "enemies";
    }
    return null;
  }

  /** One block a round: `startRound` laid out the whole order. */
  startBlock(block: number): boolean {
    return block === 0;
  }

  beforeTurn(actor: Fighter): boolean {
    this.ctx.turn = null;
    return takeReadiedOn(actor, this.ctx);
  }

  takesTurn(actor: Fighter): boolean {
    if (actor.dead) {
      fightInSpirit(actor, this.ctx);
      return false;
    }
    if (!inFight(actor)) return false;
    this.ctx.turn = actor.key;
    return true;
  }

  turnEvent(actor: Fighter, round: number): EncounterEvent {
    return { kind: "turn", round, actor: actor.key };
  }

  /**
   * Dying characters and those held in Last Gasp saves roll a death save instead of acting; the
   * turn has begun all the same (what lasts "until your next turn" ends). A Delay takes no turn,
   * and its end is not processed.
   */
  takeTurn(actor: Fighter): boolean {
    const { ctx } = this;
    let acts = isUp(actor);
    if (actor.state === "dying" || actor.death.lastGasp) {
      startTurn(actor, ctx.round);
      acts = deathSave(actor, ctx) && isUp(actor);
    }
    return !(acts && takeTurn(actor, ctx) === "delayed");
  }

  endTurn(actor: Fighter): void {
    endOfTurn(actor, this.ctx);
  }

  closing(): void {
    endEncounterEffects(this.ctx.fighters, this.ctx);
  }
}

/**
 * The runner's reading of a party deciding to flee: at the start of a round, fewer than half of
 * the party can act and the foes still standing have more HP left than the party does.
 */
export function partyShouldFlee(fighters: readonly Fighter[]): boolean {
  let members = 0;
  let up = 0;
  let partyHp = 0;
  let foeHp = 0;
  for (const f of fighters) {
    if (f.side === "party") {
      members++;
      if (canAct(f.state)) {
        up++;
        partyHp += f.hp;
      }
    } else if (canAct(f.state)) foeHp += f.hp;
  }
  return up > 0 && up * 2 < members && foeHp > partyHp;
}

/** At the start of a round the Interrupt is back, and nothing has been hit "this round" yet. */
function startRoundFor(fighters: readonly Fighter[]): void {
  for (const f of fighters) {
    startRound(f);
    if (f.hitThisRound.length) f.hitThisRound = [];
    // A readied action not taken in its round lapses.
    f.readied = null;
  }
}

/**
 * Readied actions waiting for `trigger`'s turn are taken right before it, until one side is out;
 * returns whether any was.
 */
function takeReadiedOn(trigger: Fighter, ctx: TurnContext): boolean {
  if (!ctx.readiedThisRound) return false;
  let taken = false;
  for (const f of ctx.fighters) {
    if (f.readied?.trigger !== trigger.key) continue;
    if (taken && ctx.winner()) return true;
    takeReadied(f, trigger, ctx);
    taken = true;
  }
  return taken;
}
