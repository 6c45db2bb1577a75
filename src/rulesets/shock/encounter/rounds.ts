import { runSync } from "../../../engine/dice/plan";
import { sidesPlan } from "../../../engine/initiative/sides";
import type { FightRules } from "../../../engine/runner/fight";
import type { FightLog } from "../../../engine/runner/log";
import { FRESH_BUDGET, SURPRISED_BUDGET } from "../rules/actions";
import { INITIATIVE_DIE, PARTY_SIDE } from "../rules/constants";
import { sideEntries, surpriseActors } from "../rules/initiative";
import { UNARMED } from "../rules/statblock";
import { dealDamage, rollDice } from "./damage";
import { upOf, type Context } from "./context";
import type { ShockEvent } from "./events";
import { execute } from "./execution";
import { isUp, weaponsFor, type Fighter } from "./fighter";
import { holds } from "./hold";
import { SPOT_DIE, spotOf, type Spot } from "./position";
import { planSwarms, type SwarmRole } from "./swarm-plan";
import { takeHeldAction, takeTurn } from "./turn";

/** Execution attacks made before the fight (fighter keys). */
export interface Execution {
  readonly assailant: string;
  readonly victim: string;
}

/**
 * shock's steps of the engine's fight loop (`engine/runner/fight.ts`). Before round 1 the field
 * (each fighter's spot, set or rolled) and any execution attacks; a surprise round (round 0) in
 * which the surprised sides sit out; then the sides roll initiative once, and each round every
 * side plays one block of turns in that order, its members' order set when the side comes up (the
 * swarm plan puts assistants first, strikers last). A round ends with held actions taken or lost
 * and grapplers' unarmed damage. Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise,
 * §Line of Sight and Cover, §Execution Attacks, §Make a Swarm Attack, §Hold An Action,
 * §Grappling; RULINGS.md §shock Side initiative, Sides.
 */
export class ShockRounds implements FightRules<Fighter, string, ShockEvent> {
  readonly upcoming: Fighter[] = [];
  readonly surprise: boolean;
  /** Every side: the party first, then the foe sides in the order their members are listed. */
  private readonly sides: readonly string[];
  private readonly surprised: readonly string[];
  private readonly acting: readonly string[];
  /** The sides in initiative order, once rolled. */
  private order: readonly string[] = [];
  /** The sides playing this round, in order (the acting ones in the surprise round). */
  private blocks: readonly string[] = [];
  /** The swarm roles of the side acting now (`swarm-plan.ts`). */
  private roles: ReadonlyMap<string, SwarmRole> | null = null;

  /**
   * @param surprised sides caught unawares (those not in the fight are ignored).
   * @param spots each fighter's starting spot by key; without them every fighter rolls its spot.
   */
  constructor(
    readonly ctx: Context,
    readonly log: FightLog<ShockEvent>,
    readonly maxRounds: number,
    surprised: readonly string[],
    private readonly spots: Readonly<Record<string, Spot>> | undefined,
    private readonly executions: readonly Execution[],
  ) {
    const foeSides = new Set<string>();
    for (const f of ctx.fighters) if (!f.party) foeSides.add(f.side);
    this.sides = [PARTY_SIDE, ...foeSides];
    this.surprised = surprised.filter((s) => this.sides.includes(s));
    this.acting = surpriseActors(this.sides, this.surprised);
    this.surprise = this.surprised.length > 0;
  }

  winner(): string | null {
    return winnerOf(this.ctx);
  }

  /**
   * The field, then the executions in order, until one side is out.
   * @throws RangeError when an execution names a fighter that is not in the fight.
   */
  opening(): string | null {
    const { ctx } = this;
    rollField(ctx, this.spots);
    for (const x of this.executions) {
      const assailant = ctx.byKey.get(x.assailant);
      const victim = ctx.byKey.get(x.victim);
      if (!assailant || !victim) {
        throw new RangeError(`no fighter ${assailant ? x.victim : x.assailant} for an execution`);
      }
      execute(ctx, assailant, victim, weaponsFor(assailant, "melee")[0] ?? UNARMED);
      const won = this.winner();
      if (won) return won;
    }
    return null;
  }

  /** The surprised sit out no longer; each side rolls 1d8, never again this fight. */
  initiative(): void {
    const { ctx } = this;
    ctx.sittingOut.clear();
    const party: Fighter["block"][] = [];
    for (const f of ctx.fighters) if (f.party) party.push(f.block);
    const entries = sideEntries(party, this.sides.slice(1));
    const rolled = runSync(sidesPlan(entries, INITIATIVE_DIE), ctx.roller);
    this.order = rolled.order;
    if (!ctx.record) return;
    const sides = rolled.rolls.map((r) => ({ ...r, tieBreaks: [...r.tieBreaks] }));
    ctx.emit({ kind: "initiative", round: 0, sides, order: [...rolled.order] });
  }

  roundEvent(round: number): ShockEvent {
    if (round > 0) return { kind: "round", round };
    return {
      kind: "surprise", round: 0, surprised: [...this.surprised], acting: [...this.acting],
    };
  }

  startRound(round: number): null {
    const { ctx } = this;
    ctx.round = round;
    this.blocks = round === 0 ? this.acting : this.order;
    startRound(ctx, this.blocks, round === 0 ? this.surprised : NO_SIDES);
    return null;
  }

  /** Side `block` of the round comes up: its members still up, in the order its swarm plan sets. */
  startBlock(block: number): boolean {
    const side = this.blocks[block];
    if (side === undefined) return false;
    const { ctx } = this;
    ctx.pending.delete(side);
    // Overwritten, then cut to length: emptying an array gives its storage up, and the next push
    // reserves room for sixteen again (two blocks a round, thousands of fights a second).
    const members = this.upcoming;
    let n = 0;
    // Its members up, in listed order, are those of its party's list (`upOf`): the party side's
    // whole list, a foe side's among every foe side's.
    for (const f of upOf(ctx, side === PARTY_SIDE)) if (f.side === side) members[n++] = f;
    // Only when it changes: setting an array's length calls a builtin even when it is the same.
    if (members.length !== n) members.length = n;
    this.roles = planSwarms(ctx, members);
    return true;
  }

  takesTurn(f: Fighter): boolean {
    return isUp(f);
  }

  turnEvent(f: Fighter, round: number): ShockEvent {
    return { kind: "turn", round, side: f.side, actor: f.key };
  }

  takeTurn(f: Fighter): boolean {
    const roles = this.roles;
    takeTurn(this.ctx, f, roles !== null && roles.size ? roles.get(f.key) : undefined);
    return true;
  }

  endRound(): string | null {
    return endRound(this.ctx);
  }
}

const NO_SIDES: readonly string[] = [];

/**
 * The field: each fighter's starting spot, as set or rolled on the spot die, in one event.
 * Source: `002_5e27cdf788b28f5f.txt` §Line of Sight and Cover; `position.ts`.
 */
function rollField(ctx: Context, set: Readonly<Record<string, Spot>> | undefined): void {
  const spots: { actor: string; die: number | null; spot: Spot }[] = [];
  for (const f of ctx.fighters) {
    const die = set ? null : ctx.roller.die(SPOT_DIE);
    f.spot = die === null ? (set?.[f.key] ?? "open") : spotOf(die);
    f.located = f.spot !== "shadow";
    if (ctx.record) spots.push({ actor: f.key, die, spot: f.spot });
  }
  if (ctx.record) ctx.emit({ kind: "field", round: 0, spots });
}

/**
 * A new round: every budget fresh, no swarm gathered, screens count attackers anew. In the free
 * round of a surprise, the `surprised` sides sit it out: nothing in their budgets pays for an
 * action, Instants included, and they make no Attack of Opportunity (§Surprise).
 */
function startRound(ctx: Context, sides: readonly string[], surprised: readonly string[]): void {
  for (const side of sides) ctx.pending.add(side);
  for (const side of surprised) ctx.sittingOut.add(side);
  // Clearing a Set allocates a new table even when it is empty: clear only what holds something.
  if (ctx.swarms.size) ctx.swarms.clear();
  // Nobody sits out but in a surprise round: no side to look up for each fighter then.
  const sitting = ctx.sittingOut.size > 0;
  for (const f of ctx.fighters) {
    f.budget = sitting && ctx.sittingOut.has(f.side) ? SURPRISED_BUDGET : FRESH_BUDGET;
    if (f.screenedAttackers.size) f.screenedAttackers.clear();
  }
}

/**
 * End of round: held actions still waiting are taken or lost (§Hold An Action), then each grappled
 * defender takes unarmed damage from each grappler (§Grappling).
 */
function endRound(ctx: Context): string | null {
  for (const f of ctx.fighters) {
    if (!holds(f) || !isUp(f)) continue;
    takeHeldAction(ctx, f);
    const w = winnerOf(ctx);
    if (w) return w;
  }
  for (const target of ctx.fighters) {
    if (!target.grappledBy.size) continue;
    for (const k of [...target.grappledBy]) {
      const g = ctx.byKey.get(k) as Fighter;
      if (!isUp(target) || !isUp(g)) continue;
      const w = g.block.weapons.find((x) => x.unarmed) ?? UNARMED;
      const dice = rollDice(ctx, w);
      const attr = Math.max(...w.attributes.map((a) => g.block.attributes[a]));
      const base = Math.max(
        0,
        dice.reduce((s, d) => s + d, 0) + attr + w.magic + g.block.skills.brawl,
      );
      dealDamage(ctx, g.key, target, base, {
        attack: null, reason: "grapple", dice, base, swarmBonus: 0, floor: 0, absorbedBy: null,
      });
    }
  }
  return winnerOf(ctx);
}

/** The party when no foe can act, "foes" when no party member can, else null. */
function winnerOf(ctx: Context): string | null {
  // Asked after every turn: each side's fighters up are listed once per state change (`upOf`).
  const party = upOf(ctx, true).length > 0;
  const foes = upOf(ctx, false).length > 0;
  return !foes ? PARTY_SIDE : !party ? "foes" : null;
}
