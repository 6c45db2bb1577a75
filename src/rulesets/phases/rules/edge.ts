import { netEdge, type EdgeSource } from "../../../engine/dice/edge";
import {
  clampSteppedEdge, PHASES_STEPPED_DIE, steppedDiePool, type MixedPoolSpec,
} from "../../../engine/dice/mixed-pool";
import type { AttackKind, ConditionId, EdgeScope, MovementKind, Tier } from "./constants";
import { CONDITION_RULES, conditionSet } from "./conditions";

export type { EdgeSource };

/**
 * The edge of a `phases` attack from its named sources: each tier the attacker is above its
 * target one Advantage, each below one Disadvantage; the attacker Dazed; the target Exposed; a
 * target that seized the initiative this round; a target Defending; the edges of the attacker's
 * movement powers still running (Hustle, Charge at this target in melee, Disengage, as the items
 * say). Different sources stack, the same source counts once, and the net is capped at 4 either
 * way, which picks the stepped die (engine `PHASES_STEPPED_DIE`).
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage, §Movement Phase (seizing),
 * §Battle Actions (tiers, Defend, Disengage); RULINGS.md §phases Edge, Battle phase, Movement
 * power defaults, Conditions.
 */

/** The edge a movement power gives its mover's attacks, while it lasts (`durations.ts`). */
export interface MoveEdge {
  readonly kind: MovementKind;
  /** The power's id: names an `other` power's source. */
  readonly powerId: string;
  readonly amount: number;
  readonly scope: EdgeScope;
  /** The enemy a `meleeAtEnemy` edge is against (Charge's), or null. */
  readonly enemy: string | null;
}

export interface EdgeSituation {
  readonly attacker: {
    readonly tier: Tier;
    readonly conditions: readonly ConditionId[];
    readonly moveEdges?: readonly MoveEdge[];
  };
  readonly target: {
    readonly id: string;
    readonly tier: Tier;
    readonly conditions: readonly ConditionId[];
    /** It seized the initiative this round (§Movement Phase: it grants attackers Advantage). */
    readonly seized?: boolean;
    /** It took Defend and its next turn has not started (§Battle Actions). */
    readonly defending?: boolean;
  };
  readonly attackKind: AttackKind;
}

/** The sources' names, stable ids for logs and for a card's labels. */
export const EDGE_SOURCE_NAMES = {
  tier: "tier",
  seized: "target:seized",
  defending: "target:defending",
} as const;

/** The name of a condition's source, on the attacker or the target. */
export const conditionSource = (side: "attacker" | "target", id: ConditionId): string =>
  `${side}:${id}`;

/** The name of a movement power's source: its kind, or its id for a calling's own power. */
export const moveSource = (edge: Pick<MoveEdge, "kind" | "powerId">): string =>
  edge.kind === "other" ? `attacker:move:${edge.powerId}` : `attacker:${edge.kind}`;

/** Every source of the situation, in a fixed order (tier, attacker, target), zero ones left out. */
export function edgeSources(s: EdgeSituation): EdgeSource[] {
  const out: EdgeSource[] = [];
  const tiers = s.attacker.tier - s.target.tier;
  if (tiers !== 0) out.push({ source: EDGE_SOURCE_NAMES.tier, amount: tiers });
  for (const c of conditionSet(s.attacker.conditions)) {
    const amount = CONDITION_RULES[c].ownAttacks;
    if (amount !== 0) out.push({ source: conditionSource("attacker", c), amount });
  }
  for (const m of s.attacker.moveEdges ?? []) {
    if (m.amount === 0) continue;
    const atThis = s.attackKind === "melee" && m.enemy === s.target.id;
    if (m.scope === "meleeAtEnemy" && !atThis) continue;
    out.push({ source: moveSource(m), amount: m.amount });
  }
  for (const c of conditionSet(s.target.conditions)) {
    const amount = CONDITION_RULES[c].attacksAgainst;
    if (amount !== 0) out.push({ source: conditionSource("target", c), amount });
  }
  if (s.target.seized) out.push({ source: EDGE_SOURCE_NAMES.seized, amount: 1 });
  if (s.target.defending) out.push({ source: EDGE_SOURCE_NAMES.defending, amount: -1 });
  return out;
}

/** An attack's edge: its sources, their net, the net capped at 4, and the pool it rolls. */
export interface AttackEdge {
  readonly sources: readonly EdgeSource[];
  /** Advantage minus Disadvantage, each source name once (engine `netEdge`). */
  readonly net: number;
  /** The net within ±4: what the die steps by. */
  readonly edge: number;
  /** 2d6, plus for a non-zero edge the stepped die, keeping two (engine `steppedDiePool`). */
  readonly pool: MixedPoolSpec;
}

/** The edge of the sources given (a caller's own, or a situation's from {@link edgeSources}). */
export function edgeOfSources(sources: readonly EdgeSource[]): AttackEdge {
  const net = netEdge(sources);
  const edge = clampSteppedEdge(PHASES_STEPPED_DIE, net);
  return { sources, net, edge, pool: steppedDiePool(PHASES_STEPPED_DIE, edge) };
}

/** The edge of a situation: {@link edgeSources}, netted and capped. */
export function attackEdge(s: EdgeSituation): AttackEdge {
  return edgeOfSources(edgeSources(s));
}
