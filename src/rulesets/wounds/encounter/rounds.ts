import type { FightRules } from "../../../engine/runner/fight";
import type { FightLog } from "../../../engine/runner/log";
import { NOTHING_OWED } from "../rules/recovery";
import { mpAfterBattle } from "../rules/spells";
import { upOf, type Context } from "./context";
import type { Side, WoundsEvent } from "./events";
import { layField } from "./field";
import { derivedOf, distance, type Fighter } from "./fighter";
import { allowanceOf, move } from "./movement";
import type { Delays } from "./delay";
import { scriptedHeals, type ScriptedHeal } from "./healing";
import { setOrder } from "./order";
import { isSick, mayAct, slotsAtRoundStart, strike } from "./strike";
import { chooseAim, pickTarget } from "./tactics";
import { emitLying, turnSlots } from "./recovery";
import { settleSummons } from "./thralls";
import { playTurn } from "./turn";

/**
 * wounds' steps of the engine's fight loop (`engine/runner/fight.ts`). Before round 1: the field
 * (and any unit lying prone or disarmed), then the opening strike of the unit that started the
 * fight (if one did: it sneaks up at half speed, unless Maneuverer, and strikes undetected, so its
 * target is flat-footed and takes sneak damage), then the order, set once: Agility highest first,
 * ties rolled off on a d20, the starter last. Each round: Free Hit Slots refilled, scripted heals
 * (`healing.ts`), then one block of turns in that order (summons join it and act once their
 * sickness ends; a scripted delay puts a turn later in the round: `delay.ts`). No surprise
 * round: the text has none. At the end the winners' MP refill, then summons are kept as thralls
 * or vanish. Source:
 * `001_dbc5fcc02a99a518.txt` §Combat rules, §Initiative/Initiating, §Free Hits, §Sneak Damage;
 * RULINGS.md §wounds Initiative, Summons.
 */
export class WoundsRounds implements FightRules<Fighter, Side, WoundsEvent> {
  readonly upcoming: Fighter[] = [];
  readonly surprise = false;
  /** The unit whose place just came up and who delayed: it takes no turn there. */
  private delayed: Fighter | null = null;

  constructor(
    readonly ctx: Context,
    readonly log: FightLog<WoundsEvent>,
    readonly maxRounds: number,
    private readonly gap: number,
    private readonly initiator: Fighter | null,
    private readonly delays: Delays | null = null,
    private readonly heals: readonly ScriptedHeal[] | null = null,
  ) {}

  winner(): Side | null {
    const party = upOf(this.ctx, "party").length > 0;
    if (party && upOf(this.ctx, "foes").length > 0) return null;
    return party ? "party" : "foes";
  }

  opening(): Side | null {
    const { ctx, initiator: f } = this;
    layField(ctx, this.gap);
    if (ctx.record) {
      ctx.emit({
        kind: "field", round: 0, fighters: ctx.fighters.map((x) => {
          const d = derivedOf(x, 0);
          return {
            actor: x.key, side: x.side, square: { ...x.at }, hp: x.hp, hpMax: x.block.hpMax,
            mp: x.mp, accuracy: x.block.accuracy, agility: x.block.agility,
            strength: x.block.strength, armor: x.block.armor, movement: d.movement,
            meleeZone: d.meleeZone,
          };
        }),
      });
      emitLying(ctx);
    }
    if (!f) return null;
    if (ctx.record) ctx.emit({ kind: "opening", round: 0, actor: f.key });
    const target = pickTarget(ctx, f);
    if (!target) return null;
    const zone = derivedOf(f, 0).meleeZone;
    const melee = f.arms.melee && !f.arms.prefersRange ? f.arms.melee : null;
    if (melee) {
      move(ctx, f, {
        goal: target.at, within: zone, allowance: allowanceOf(f, 0, "sneaking"), paid: "none",
        mode: "sneaking", disengaged: false, watched: false,
      });
    }
    const weapon = melee && distance(f.at, target.at) <= zone ? melee : f.arms.ranged;
    if (!weapon) return null;
    strike(ctx, f, target, weapon, "opening", chooseAim(ctx, f, target, weapon), true);
    return this.winner();
  }

  initiative(): void {
    const { ctx, initiator } = this;
    const units = ctx.fighters.filter((f) => !f.out);
    const entries = units.map((f) => ({
      id: f.key, agility: derivedOf(f, 1).agility, initiator: f === initiator,
    }));
    setOrder(ctx, units, entries);
    if (ctx.record) {
      ctx.emit({
        kind: "initiative", round: 1,
        entries: entries.map((e) => ({
          actor: e.id, agility: e.agility, initiator: e.initiator,
          rollOffs: [...(ctx.order.find((o) => o.id === e.id)?.tiebreaks ?? [])],
        })),
        order: ctx.order.map((o) => o.id),
      });
    }
  }

  roundEvent(round: number): WoundsEvent {
    return { kind: "round", round };
  }

  startRound(round: number): null {
    const { ctx } = this;
    ctx.round = round;
    for (const f of ctx.fighters) f.freeUsed = 0;
    this.delays?.startRound();
    if (this.heals !== null) scriptedHeals(ctx, this.heals);
    if (ctx.record) {
      ctx.emit({
        kind: "slots", round, slots: ctx.fighters.filter((f) => !f.out).map((f) => ({
          actor: f.key, agility: derivedOf(f, round).agility, slots: slotsAtRoundStart(f, round),
          sick: isSick(f, round),
        })),
      });
    }
    return null;
  }

  startBlock(block: number): boolean {
    if (block > 0) return false;
    this.upcoming.length = 0;
    for (const f of this.ctx.units) this.upcoming.push(f);
    return true;
  }

  /** A scripted delay puts its turn back in `upcoming` (`delay.ts`); nothing can fall. */
  beforeTurn(f: Fighter): boolean {
    if (this.delays !== null && this.delays.delay(this.ctx, f, this.upcoming)) this.delayed = f;
    return false;
  }

  takesTurn(f: Fighter): boolean {
    if (this.delayed === f) {
      this.delayed = null;
      return false;
    }
    return mayAct(f, this.ctx.round);
  }

  /** Its turn's slots: a full turn, less what standing up off its turn spent of it. */
  turnEvent(f: Fighter, round: number): WoundsEvent {
    const s = turnSlots(f, round);
    return {
      kind: "turn", round, actor: f.key, side: f.side, attack: s.attack, move: s.move,
      bonus: s.bonus,
    };
  }

  takeTurn(f: Fighter): boolean {
    f.bought.atTurnStart();
    f.attackLeft = 1;
    f.moveLeft = 1;
    f.bonusUsed = 0;
    if (f.owed !== NOTHING_OWED) {
      // Standing up off its turn spent these of this turn (`recovery.ts`).
      f.attackLeft -= Math.min(1, f.owed.attack);
      f.moveLeft -= Math.min(1, f.owed.move);
      f.bonusUsed = f.owed.bonus;
      f.owed = NOTHING_OWED;
    }
    playTurn(this.ctx, f);
    return true;
  }

  endTurn(f: Fighter): void {
    f.bought.atTurnEnd();
    f.attackLeft = 0;
    f.moveLeft = 0;
  }

  /**
   * The winners' MP refill (§Combat rules), summons aside; then summons still in the fight are
   * kept as thralls or vanish (`thralls.ts`), paid from the MP their summoners have then, as in
   * Foundry, where a summoner answers the thrall offer once the battle is over.
   */
  closing(winner: Side | "draw"): void {
    const { ctx } = this;
    for (const f of ctx.fighters) {
      if (f.out || f.side !== winner || f.summoned !== null) continue;
      const mpBefore = f.mp;
      f.mp = mpAfterBattle(f.mp, f.block.mpMax, true);
      if (ctx.record && f.mp !== mpBefore) {
        ctx.emit({ kind: "refill", round: ctx.round, actor: f.key, mpBefore, mpAfter: f.mp });
      }
    }
    settleSummons(ctx);
  }
}
