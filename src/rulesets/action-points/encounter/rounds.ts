import type { FightRules } from "../../../engine/runner/fight";
import type { FightLog } from "../../../engine/runner/log";
import { rollInitiativeOrder } from "../rules/initiative";
import { upOf, type Context } from "./context";
import type { ApEvent, Hex, Side } from "./events";
import { isUp, pool, type Fighter } from "./fighter";
import { roundStarts, surpriseOver } from "./ledger";
import { placeAt } from "./position";
import { endTurn, takeTurn } from "./turn";

/**
 * action-points' steps of the engine's fight loop (`engine/runner/fight.ts`). Before anyone acts,
 * the field (the party on one line, the foes on another `gap` hexes away) and initiative: 1d10 +
 * Agility modifier for everyone, the surprised too, ties re-rolled among the tied, fixed for the
 * fight. With a surprise, round 0 is played in that order by the surprisers alone, the surprised
 * holding 0 AP, RP and FP, which get their starting FP as round 1 begins. Each round every
 * combatant still in the fight takes its turn in initiative order; once-a-round actions and the
 * reaction FP come back as the round starts. Source: `004_2cc57162401858c9.txt` §Round Structure,
 * §Initiative, §Surprise Attacks; RULINGS.md §action-points Initiative, Surprise.
 */
export class ApRounds implements FightRules<Fighter, Side, ApEvent> {
  readonly upcoming: Fighter[] = [];
  readonly surprise: boolean;
  /** Initiative order, once rolled. */
  private order: readonly Fighter[] = [];

  constructor(
    readonly ctx: Context,
    readonly log: FightLog<ApEvent>,
    readonly maxRounds: number,
    private readonly gap: number,
  ) {
    // Counted, with no list made (a fight each, thousands a second).
    let surprised = 0;
    for (const f of ctx.fighters) if (f.surprised) surprised++;
    this.surprise = surprised > 0 && surprised < ctx.fighters.length;
  }

  winner(): Side | null {
    const party = upOf(this.ctx, "party").length > 0;
    if (party && upOf(this.ctx, "foes").length > 0) return null;
    return party ? "party" : "foes";
  }

  /** The field, then initiative. */
  opening(): null {
    layField(this.ctx, this.gap);
    this.rollInitiative();
    return null;
  }

  private rollInitiative(): void {
    const { ctx } = this;
    const rolled = rollInitiativeOrder(entriesOf(ctx.fighters), ctx.roller);
    // Pushed, not made by its size (which V8 keeps with holes).
    const order: Fighter[] = [];
    for (let k = 0; k < rolled.length; k++) {
      order.push(ctx.byKey.get((rolled[k] as (typeof rolled)[number]).id) as Fighter);
    }
    this.order = order;
    if (!ctx.record) return;
    ctx.emit({
      kind: "initiative", round: 0,
      rolls: ctx.fighters.map((f) => {
        const r = rolled.find((x) => x.id === f.key) as (typeof rolled)[number];
        return {
          actor: f.key, dice: [...r.dice], modifier: f.block.agilityModifier, score: r.score,
          tieBreaks: [...r.tiebreaks],
        };
      }),
      order: rolled.map((r) => r.id),
    });
  }

  roundEvent(round: number): ApEvent {
    if (round > 0) return { kind: "round", round };
    const keys = (surprised: boolean) =>
      this.order.filter((f) => f.surprised === surprised).map((f) => f.key);
    return { kind: "surprise", round: 0, surprised: keys(true), acting: keys(false) };
  }

  startRound(round: number): null {
    const { ctx } = this;
    ctx.round = round;
    for (const f of ctx.fighters) roundStarts(f);
    if (round === 1 && this.surprise) {
      for (const f of ctx.fighters) {
        if (!f.surprised) continue;
        f.surprised = false;
        if (isUp(f)) surpriseOver(ctx, f);
      }
    }
    return null;
  }

  startBlock(block: number): boolean {
    if (block > 0) return false;
    // The loop took every turn of the last block from the front, so the list is empty here: it
    // is overwritten, then cut to length only when that changes (setting a length calls a
    // builtin, and emptying a list gives its storage up).
    const up = this.upcoming;
    const order = this.order;
    for (let k = 0; k < order.length; k++) up[k] = order[k] as Fighter;
    if (up.length !== order.length) up.length = order.length;
    return true;
  }

  takesTurn(f: Fighter): boolean {
    return isUp(f) && !f.surprised;
  }

  turnEvent(f: Fighter, round: number): ApEvent {
    return { kind: "turn", round, actor: f.key, side: f.side };
  }

  takeTurn(f: Fighter): boolean {
    takeTurn(this.ctx, f);
    return true;
  }

  endTurn(f: Fighter): void {
    endTurn(this.ctx, f);
  }
}

/** Each fighter's initiative entry, made once per list of fighters (see `entriesOf`). */
const entries = new WeakMap<readonly Fighter[], readonly InitiativeEntry[]>();
type InitiativeEntry = { readonly id: string; readonly agilityModifier: number };

/**
 * The fighters' initiative entries (key and Agility modifier), in listed order: made once per
 * list, since an unrecorded fight plays on its line-up's fighters again (`simulate.ts`) and
 * neither changes; the initiative roll only reads them.
 */
function entriesOf(fighters: readonly Fighter[]): readonly InitiativeEntry[] {
  let e = entries.get(fighters);
  if (!e) {
    e = fighters.map((f) => ({ id: f.key, agilityModifier: f.block.agilityModifier }));
    entries.set(fighters, e);
  }
  return e;
}

/** How many hexes along its row a token spans where it stands now, from its top-left hex. */
function widthOf(f: Fighter): number {
  let most = -Infinity;
  for (const c of f.cells) if (c.q > most) most = c.q;
  return most - f.at.q + 1;
}

/**
 * The field as the fight begins: the party along one row of hexes, the foes along another `gap`
 * hexes away, each token a hex apart from the next, both lines centred on each other; logged with
 * every fighter's size, hexes, reach, HP and pools.
 */
function layField(ctx: Context, gap: number): void {
  const line = (side: Side, r: number) => {
    // Two passes over the side, with no list made (one field a fight, thousands a second).
    let span = -1;
    for (const f of ctx.fighters) if (f.side === side) span += widthOf(f) + 1;
    // Centred on q = 0 along the row (axial q shifts by −r/2 to stay over the party's line).
    // A small integer, never −0 (`field.ts` `hexOf`).
    let q = (0 - Math.floor(span / 2) - Math.floor(r / 2)) | 0;
    for (const f of ctx.fighters) {
      if (f.side !== side) continue;
      const width = widthOf(f);
      placeAt(ctx, f, { q, r } satisfies Hex);
      q += width + 1;
    }
  };
  line("party", 0);
  line("foes", gap);
  if (!ctx.record) return;
  ctx.emit({
    kind: "field", round: 0, grid: "hex", coordinates: "axial",
    fighters: ctx.fighters.map((f) => ({
      actor: f.key, side: f.side, size: f.block.size, hex: { ...f.at },
      cells: f.cells.map((c) => ({ ...c })), reach: f.arms.reach, hp: f.hp,
      pools: { ap: pool(f, "ap"), rp: pool(f, "rp"), fp: pool(f, "fp") },
    })),
  });
}
