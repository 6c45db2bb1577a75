import { expect } from "vitest";
import { validate } from "../../src/engine/schema/spec";
import { distance } from "../../src/engine/space/measure";
import type { Cell } from "../../src/engine/space/cell";
import { gridFromFoundry } from "../../src/engine/space/grid";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/action-points/play/data/kept-spec";
import { reachWith, threatWeapon } from "../../src/rulesets/action-points/rules/statblock";
import { ACTORS, CIDS, keptOfCombatant, type ApWorld, type Who } from "../support/action-points-world";
import { snapshot } from "./action-points-fuzz-checks";

/**
 * What action-points' request fuzz (`action-points-requests-fuzz.test.ts`) checks, written from
 * the rules text rather than read from Fray's own rulings: what each action costs, what a move on
 * the map costs and whether it may be made, and whom a move or a Stand Up provokes; the world as
 * snapshots (with the world actors of unlinked tokens, which the fight never changes); and the
 * bounds that always hold. The grid's measures are the engine's, which the Foundry tier checks
 * against Foundry's own (test/foundry/space-grid.test.ts).
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions (the cost table), §Reaction
 * Attacks, §Threat Range, §Taking a Step, §Movement; RULINGS.md §action-points Costs, Pools.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** AP by action, from the rules' table (Stand Up: RULINGS' 1 AP; a spell: its own). */
export const AP_COST: Readonly<Record<string, number>> = {
  move: 1, attack: 2, draw: 1, feint: 1, flowState: 1, grapple: 2, grappleUpkeep: 2, disarm: 2,
  shove: 1, step: 1, totalDefense: 3, tumble: 1, standUp: 1,
};
/** The actions usable once a round, by the kept mark that counts them. */
export const ONCE_A_ROUND: Readonly<Record<string, keyof KeptSource>> = {
  feint: "feint", shove: "shove", step: "step",
};
/** At most 2 AP of movement a turn. */
export const MOVE_AP_MAX = 2;

/** The documents by key (`snapshot`), and `<who>.world`: an unlinked token's world actor. */
export function snap(w: ApWorld): Map<string, string> {
  const out = snapshot(w);
  for (const k of ACTORS) {
    const base = w.worldActors[k];
    if (base !== w.actors[k]) out.set(`${k}.world`, JSON.stringify([base.system, [...base.statuses]]));
  }
  return out;
}

export const changed = (a: Map<string, string>, b: Map<string, string>): string[] =>
  [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));

/** A token's space `[column, row]` now. */
export function cellOf(w: ApWorld, who: Who): Cell {
  const t = w.tokens[who];
  return t._positionToGridOffset({});
}

const gridOf = (w: ApWorld) => gridFromFoundry(w.scene.grid.type);

/** A combatant's actor stands: HP left, and not marked defeated. */
export const up = (w: ApWorld, who: Who) =>
  w.actors[who].health === "up" && !w.combatants[who].isDefeated;

/**
 * The enemies who may make a reaction attack on `mover` leaving the spaces `left` (or acting in
 * them): of another side as the GM keeps sides, standing, with 1 RP and a melee weapon in hand
 * whose reach takes in one of those spaces, other than its own (§Reaction Attacks, §Threat Range).
 */
export function threatenedBy(w: ApWorld, mover: Who, left: readonly Cell[]): Set<string> {
  const side = w.combatants[mover].side;
  const grid = gridOf(w);
  const out = new Set<string>();
  for (const e of ACTORS) {
    const c = w.combatants[e];
    const block = w.actors[e].statblock;
    const melee = threatWeapon(block);
    if (e === mover || c.side === side || !up(w, e) || keptOfCombatant(c).rp < 1 || !melee) continue;
    const reach = reachWith(block, melee);
    // (A token standing in the enemy's own space is not in its threat range: the engine's reading,
    // engine/space/reach.ts; the rules speak of the hexes around it.)
    const within = (d: number | null) => d !== null && d >= 1 && d <= reach;
    if (left.some((cell) => within(distance(grid, cellOf(w, e), cell)))) out.add(c.id);
  }
  return out;
}

/** The responders of the offers posted between two snapshots of the world's offers. */
export function newOffers(w: ApWorld, before: Set<string>): { ids: string[]; against: string }[] {
  return [...w.messages.values()].filter((m) => !m.deleted && m.flags?.fray?.offer && !before.has(m.id))
    .map((m) => ({ ids: m.flags.fray.offer.responders.map((r: any) => r.combatantId).sort(), against: m.flags.fray.offer.targetTokenUuid }));
}

/** What a move of `hexes` on the map does to the mover's kept fields, or why it may not be made. */
export type MoveOutcome = { ok: true; patch: Partial<KeptSource> } | { ok: false };

/**
 * A move of `hexes` by `who` from the rules: in its own turn, up and not prone, before a
 * Total Defense ended its turn; a Take a Step's one hex costs nothing more; else each Move Speed
 * of hexes this turn costs 1 AP, at most 2 AP of movement a turn (§Actions, §Taking a Step).
 */
export function moveOutcome(w: ApWorld, who: Who, kept: KeptSource, hexes: number): MoveOutcome {
  if (hexes === 0) return { ok: true, patch: {} };
  const own = w.combat.combatant?.id === CIDS[who];
  if (!own || !up(w, who) || kept.totalDefense || w.actors[who].statuses.has("prone")) return { ok: false };
  if (kept.stepping && hexes === 1) return { ok: true, patch: { stepping: false } };
  const speed = Math.max(1, w.actors[who].statblock.moveHexes);
  const moved = kept.moveHexes + hexes;
  const owed = Math.max(0, Math.ceil(moved / speed) - kept.moveAp);
  if (owed > kept.ap || kept.moveAp + owed > MOVE_AP_MAX) return { ok: false };
  return { ok: true, patch: { ap: kept.ap - owed, moveAp: kept.moveAp + owed, moveHexes: moved, stepping: false } };
}

/**
 * What always holds: HP within 0..max; every combatant's kept fields valid data, AP within 0 and
 * its pool's full value, RP within 0 and its full value with Total Defense's +1 RP on top (the
 * rules give it, they do not cap it), FP not negative, movement AP at most 2.
 */
export function expectBounds(w: ApWorld, when: string): void {
  for (const k of ACTORS) {
    const { value, max } = w.actors[k].system.hp;
    expect(Number.isInteger(value) && value >= 0 && value <= max, `${k}'s HP ${value}/${max} (${when})`).toBe(true);
    const kept = keptOfCombatant(w.combatants[k]);
    expect(validate(KEPT_SPEC, kept), `${k}'s kept fields (${when})`).toEqual([]);
    const pools = w.actors[k].statblock.pools;
    expect(kept.ap >= 0 && kept.ap <= pools.ap, `${k}'s AP ${kept.ap}/${pools.ap} (${when})`).toBe(true);
    expect(kept.rp >= 0 && kept.rp <= pools.rp + 1, `${k}'s RP ${kept.rp}/${pools.rp} (${when})`).toBe(true);
    expect(kept.fp >= 0, `${k}'s FP ${kept.fp} (${when})`).toBe(true);
    expect(kept.moveAp <= MOVE_AP_MAX, `${k}'s movement AP ${kept.moveAp} (${when})`).toBe(true);
  }
}
