import type { RollPlan } from "../dice/plan";
import type { PointsEconomy } from "../economy/points";
import type { SlotEconomy } from "../economy/slots";
import type { RerollPolicy } from "../initiative/ranked";

/**
 * A turn scheme: how a ruleset's encounter runs turn by turn, declared once and pure, so the
 * shell's Combat and tracker bases run every ruleset the same way (`shell/combat/turn-combat.ts`,
 * `shell/applications/tracker/`). It says how initiative is had (a roll plan, rolled once
 * or each round, by each combatant or by each group, or placed by a rule), the steps of a round
 * (one ordered pass, or phases each with its order), the action economy (slots or point pools:
 * which edges refill or empty them is read from the economy itself), the groups the tracker heads
 * (bands, sides) and the surprise round.
 * Sources: `000_c2dc3d650823e22d.txt` §Initiative, §Actions, §Surprise;
 * `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise, §Combat Action Types;
 * `003_d18720f6cd315cc2.txt` §Combat Round; `004_2cc57162401858c9.txt` §Round Structure,
 * §Actions/Turn Cheat Sheet.
 */

/** A turn's or a round's start or end: where a scheme's work (and its economy's) happens. */
export const TURN_EDGE_KINDS = ["turnStart", "turnEnd", "roundStart", "roundEnd"] as const;
export type TurnEdgeKind = (typeof TURN_EDGE_KINDS)[number];

/**
 * How initiative is had. `by`: each combatant rolls (wounds, phases, action-points), each group
 * rolls once for its members (shock's sides), or no one rolls and a rule places each combatant
 * (escalation's bands). `reroll`: rolled once for the encounter, or afresh at each round's start
 * (phases). `plan` rolls it: the units' roll entries in, the result out (an order and the dice),
 * so Foundry and the headless runner ask for the same dice in the same order (`dice/plan.ts`).
 */
export interface InitiativeSpec<R = unknown, O = unknown> {
  readonly by: "combatant" | "group" | "placed";
  readonly reroll: RerollPolicy;
  readonly plan?: (units: readonly R[]) => RollPlan<O>;
}

/**
 * One step of a round. `order`: its turns follow the initiative order, the same order reversed
 * (phases' Movement: lowest first), or it has no turns of its own (phases' Initiative and End).
 * `markedLast`: combatants carrying this mark take their turns after everyone else in an
 * `initiative` step, so before everyone in a `reversed` one (phases' seizers: first to move, last
 * to fight). A ruleset of one ordered pass declares one step.
 */
export interface RoundStep {
  readonly id: string;
  readonly order: "initiative" | "reversed" | "none";
  readonly markedLast?: string;
}

/** The action economy a combatant spends: named slots, or point pools. */
export type EconomySpec =
  | { readonly kind: "slots"; readonly slots: SlotEconomy }
  | { readonly kind: "points"; readonly points: PointsEconomy };

/**
 * The groups the tracker heads: none, headings the order already makes (escalation's bands: a
 * combatant's band is its own data), or groups that are documents of their own (shock's sides, as
 * v13 CombatantGroups, keeping their roll).
 */
export interface GroupSpec {
  readonly kind: "none" | "headings" | "documents";
  /** The groups' names in order of play, when fixed (the five bands); empty when rolled (sides). */
  readonly names: readonly string[];
}

/**
 * The surprise round, played as the tracker's first round when the GM marked it before the start.
 * `marks`: whom the GM marks: the combatants who act in it (escalation's ambushers, `max` of them),
 * or the groups that sit it out (shock's surprised sides give the others a free round). Either way
 * the round opens on the first combatant who acts (the `combatStart` hook) and `nextTurn` skips
 * those who do not.
 */
export interface SurpriseSpec {
  readonly marks: "actors" | "sittersOut";
  readonly unit: "combatant" | "group";
  readonly max?: number;
}

/**
 * A ruleset's turn scheme. `E` is what its turn order compares (a combatant's band and place, its
 * side's rank and place); `compare` is negative when `a` acts before `b`.
 */
export interface TurnScheme<E = unknown, R = unknown, O = unknown> {
  readonly initiative: InitiativeSpec<R, O>;
  readonly compare: (a: E, b: E) => number;
  readonly steps: readonly RoundStep[];
  readonly economy: EconomySpec;
  readonly groups: GroupSpec;
  readonly surprise?: SurpriseSpec;
}

/** One ordered pass a round: the step of rulesets without phases. */
export const ONE_PASS: readonly RoundStep[] = [{ id: "turns", order: "initiative" }];

/**
 * The edges at which the economy refills or empties, read from its own declaration: slots refilled
 * each turn come back at the turn's start, slots refilled each round at the round's start; a pool
 * refilled at the turn's start, lost or decaying at its end, and per-round tallies likewise.
 * @returns the edges in `TURN_EDGE_KINDS` order.
 */
export function economyEdges(economy: EconomySpec): TurnEdgeKind[] {
  const edges = new Set<TurnEdgeKind>();
  if (economy.kind === "slots") {
    for (const slot of Object.values(economy.slots.slots)) {
      edges.add(slot.refill === "turn" ? "turnStart" : "roundStart");
    }
  } else {
    const { pools, caps, limits } = economy.points;
    for (const pool of Object.values(pools)) {
      if (pool.atTurnStart === "refill") edges.add("turnStart");
      if (pool.atTurnEnd !== "keep") edges.add("turnEnd");
    }
    // Tallies of the turn reset with it; tallies of the round at the round's start.
    for (const per of [...Object.values(caps), ...Object.values(limits)].map((c) => c.per)) {
      edges.add(per === "turn" ? "turnStart" : "roundStart");
    }
  }
  return TURN_EDGE_KINDS.filter((e) => edges.has(e));
}

/** Whether initiative is rolled again as each round starts (phases' Initiative phase). */
export function rollsEachRound(scheme: Pick<TurnScheme, "initiative">): boolean {
  return scheme.initiative.reroll === "eachRound";
}

/**
 * Each step's turn order from the initiative order: `initiative` steps keep it with the marked
 * combatants moved last (in their own initiative order), `reversed` steps take that order
 * backwards, `none` steps have no turns.
 * @param order combatant ids, first in initiative first.
 * @param marked each mark's combatant ids (phases: `{ seize: [...] }`).
 * @throws RangeError when an id repeats.
 */
export function stepOrders(
  steps: readonly RoundStep[], order: readonly string[],
  marked: Readonly<Record<string, readonly string[]>> = {},
): Map<string, string[]> {
  if (new Set(order).size !== order.length) throw new RangeError("initiative ids must be distinct");
  const out = new Map<string, string[]>();
  for (const step of steps) {
    if (step.order === "none") {
      out.set(step.id, []);
      continue;
    }
    const last = new Set(step.markedLast ? marked[step.markedLast] ?? [] : []);
    const forward = [...order.filter((id) => !last.has(id)), ...order.filter((id) => last.has(id))];
    out.set(step.id, step.order === "reversed" ? forward.reverse() : forward);
  }
  return out;
}

/**
 * The next turn of a surprise round: the first index after `from` whose combatant acts in it, or
 * null when none is left (the round is over). −1 for the round's first turn.
 * @param acts whether each turn's combatant acts in the surprise round, in turn order.
 */
export function nextSurpriseTurn(acts: readonly boolean[], from: number): number | null {
  for (let i = Math.max(-1, from) + 1; i < acts.length; i++) if (acts[i]) return i;
  return null;
}

/**
 * Whether a combatant acts in the surprise round: marked itself (`actors`, by combatant or by
 * group), or not in a marked group (`sittersOut`).
 * @param marked the GM's marks (combatant ids or group ids, as the scheme's `unit` says).
 * @param ids the combatant's id and its group's.
 */
export function actsInSurprise(
  spec: SurpriseSpec, marked: readonly string[],
  ids: { readonly id: string; readonly group: string },
): boolean {
  const hit = marked.includes(spec.unit === "combatant" ? ids.id : ids.group);
  return spec.marks === "actors" ? hit : !hit;
}
