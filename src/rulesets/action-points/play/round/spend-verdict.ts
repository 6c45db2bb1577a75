import { isFields } from "../../../../engine/requests/fields";
import type { Statblock } from "../../rules/statblock";
import { pointsOf, type KeptSource } from "../data/kept-spec";
import { flowRuling, parseFlow } from "./flow-rule";
import { moveRuling, type MoveRuling } from "./movement";
import { parseReady, readyRuling } from "./ready";
import { spendRuling, type SpendRuling } from "./spend-rule";

/**
 * What the active GM reads of a combatant in a started combat before it rules on what it asks
 * (never from the request): what it keeps, its statblock, whose turn it is, whether it stands and
 * lies prone. From them, one ruling for any spend a player's client asks (`ruleSpend`: a Flow
 * action, a Ready, or an action of its turn) and for a move on the map (`ruleMove`).
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions; RULINGS.md §action-points.
 */
export interface CombatantFacts {
  readonly kept: KeptSource;
  readonly block: Statblock;
  /** It is this combatant's turn. */
  readonly ownTurn: boolean;
  /** Some combatant's turn is on. */
  readonly someoneActing: boolean;
  /** Up, and not marked defeated. */
  readonly up: boolean;
  readonly prone: boolean;
  /** It acts last in the order this round. */
  readonly last?: boolean;
}

/** A spend as sent (`{flow}`, `{ready}` or `{action, spellId?}`), ruled from the facts. */
export function ruleSpend(args: unknown, f: CombatantFacts): SpendRuling {
  const flow = parseFlow(args);
  if (flow) return flowRuling(flow, { block: f.block, up: f.up }, pointsOf(f.kept));
  if (isFields(args) && args.ready !== undefined) return readyRuling(parseReady(args), f);
  const spellId = isFields(args) ? args.spellId : undefined;
  const spell = f.block.spells.find((s) => s.id === spellId);
  return spendRuling(args, {
    kept: f.kept, pools: f.block.pools, ownTurn: f.ownTurn, up: f.up,
    spellAp: spell ? spell.ap : null, prone: f.prone,
  }, pointsOf(f.kept));
}

/** A move of `hexes` on the map, ruled from the facts (`movement.ts`). */
export function ruleMove(hexes: number, f: CombatantFacts): MoveRuling {
  return moveRuling(hexes, {
    kept: f.kept, pools: f.block.pools, speed: f.block.moveHexes, ownTurn: f.ownTurn, up: f.up,
    prone: f.prone,
  });
}
