import { compareRanked, MAX_ROLL_OFFS, type RankedEntry } from "../../../engine/initiative/ranked";
import type { DiceRoller } from "../../../engine/dice/roller";
import { INITIATIVE_TIE_DIE } from "../rules/constants";
import { initiativePlan, joinPlan, type InitiativeEntry } from "../rules/initiative";
import type { Context } from "./context";
import { runLabelled } from "./dice";
import type { Fighter } from "./fighter";

/**
 * The battle's order in a headless `wounds` fight: set once by Agility with d20 roll-offs among
 * the tied (the rules' `initiativePlan`), a summon joining after those it does not beat (the
 * rules' `joinPlan`), kept both as the rules' ranked entries (the log's) and as the units
 * themselves (`Context.units`), so a round lays out its turns without looking units up by key.
 * A recorded fight runs the rules' plans; an unrecorded one ranks without a generator, the
 * key strings and maps that find the tied, or a copy of each entry per roll-off
 * ({@link rankQuick}, {@link joinAt}: `test/order.test.ts` holds them equal to the plans, dice
 * and order). Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating; RULINGS.md §wounds
 * Initiative, Summons.
 */

/** A ranked entry whose roll-offs grow in place while it is ranked, and its entry's index. */
type Ranking = RankedEntry & { readonly tiebreaks: number[]; readonly at: number };

/** Whether two entries are still tied: the same flag, score and roll-offs so far. */
function tied(a: Ranking, b: Ranking): boolean {
  if (a.last !== b.last || a.score !== b.score || a.tiebreaks.length !== b.tiebreaks.length) {
    return false;
  }
  for (let k = 0; k < a.tiebreaks.length; k++) {
    if (a.tiebreaks[k] !== b.tiebreaks[k]) return false;
  }
  return true;
}

/**
 * The order `initiativePlan(entries)` gives with `roller`'s dice: every roll-off round, each
 * entry tied with another rolls a d20 in the entries' order, until none is tied (at most
 * `MAX_ROLL_OFFS` rounds); then highest first, the starter last. Each entry says which of
 * `entries` it ranks (`at`).
 */
export function rankQuick(entries: readonly InitiativeEntry[], roller: DiceRoller): Ranking[] {
  const ranked: Ranking[] = entries.map((e, at) => ({
    id: e.id, score: e.agility, last: e.initiator === true, dice: [], tiebreaks: [], at,
  }));
  const rolls: boolean[] = ranked.map(() => false);
  for (let round = 0; round < MAX_ROLL_OFFS; round++) {
    let any = false;
    for (let a = 0; a < ranked.length; a++) {
      rolls[a] = false;
      for (let b = 0; b < ranked.length && !rolls[a]; b++) {
        if (a !== b && tied(ranked[a] as Ranking, ranked[b] as Ranking)) rolls[a] = any = true;
      }
    }
    if (!any) break;
    // Every tied entry's die is part of one request in the plan: all are rolled before any is
    // added, so an entry's new roll-off never unties or ties another within the round.
    for (let a = 0; a < ranked.length; a++) {
      if (rolls[a]) (ranked[a] as Ranking).tiebreaks.push(roller.die(INITIATIVE_TIE_DIE));
    }
  }
  return ranked.sort(compareRanked);
}

/**
 * Where `newcomer` joins an order set before (`joinPlan` with one newcomer, which rolls nothing:
 * one unit is never tied): after every entry it does not beat by flag or score.
 */
export function joinAt(order: readonly RankedEntry[], newcomer: InitiativeEntry): number {
  const last = newcomer.initiator === true;
  const at = order.findIndex((e) => (last !== e.last ? e.last : newcomer.agility > e.score));
  return at < 0 ? order.length : at;
}

/** Sets the battle's order of `units` (`entries[k]` is `units[k]`'s) and the units in it. */
export function setOrder(
  ctx: Context, units: readonly Fighter[], entries: readonly InitiativeEntry[],
): void {
  ctx.units.length = 0;
  if (!ctx.record) {
    const ranked = rankQuick(entries, ctx.roller);
    ctx.order = ranked;
    for (const e of ranked) ctx.units.push(units[e.at] as Fighter);
    return;
  }
  ctx.order = runLabelled(initiativePlan(entries), ctx.roller).result;
  for (const e of ctx.order) ctx.units.push(units[entries.findIndex((x) => x.id === e.id)]!);
}

/** A summon `unit` joins the order with its Agility. */
export function addToOrder(ctx: Context, unit: Fighter): void {
  const entry = { id: unit.key, agility: unit.block.agility };
  if (ctx.record) {
    ctx.order = runLabelled(joinPlan(ctx.order, [entry]), ctx.roller).result;
    ctx.units.splice(ctx.order.findIndex((e) => e.id === unit.key), 0, unit);
    return;
  }
  const at = joinAt(ctx.order, entry);
  ctx.order.splice(at, 0, {
    id: entry.id, score: entry.agility, last: false, dice: [], tiebreaks: [],
  });
  ctx.units.splice(at, 0, unit);
}
