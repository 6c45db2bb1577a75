import { netEdge, type EdgeSource } from "../../../engine/dice/edge";
import { CONDITION_RULES } from "../rules/conditions";
import { edgeSources } from "../rules/edge";
import { CONDITION_IDS, type AttackKind } from "../rules/constants";
import { conditionsOf, has, type Fighter, type MoveMark } from "./fighter";

/**
 * The edge of an attack in a headless `phases` fight, from its named sources (`rules/edge.ts`):
 * tiers apart, the attacker Dazed, the target Exposed, a target that seized the initiative or is
 * Defending, and the attacker's movement powers' edges still running. A recorded attack lists the
 * sources through the rules' `edgeSources` for its log; an unrecorded one only sums them here,
 * the same net with no list made (the record-off test checks they agree over many fights).
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage, §Battle Actions; RULINGS.md
 * §phases Edge, Conditions, Movement power defaults.
 */

/** Whether an earlier mark of the list gives its edge under the same source name. */
function repeats(marks: readonly MoveMark[], k: number): boolean {
  const e = (marks[k] as MoveMark).edge;
  for (let m = 0; m < k; m++) {
    const o = (marks[m] as MoveMark).edge;
    if (o.kind === e.kind && (e.kind !== "other" || o.powerId === e.powerId)) return true;
  }
  return false;
}

/** The edge the attacker's and the target's conditions give, each condition once. */
function conditionsEdge(attacker: Fighter, target: Fighter): number {
  let net = 0;
  for (let c = 0; c < CONDITION_IDS.length; c++) {
    const id = CONDITION_IDS[c] as (typeof CONDITION_IDS)[number];
    const rule = CONDITION_RULES[id];
    if (rule.ownAttacks !== 0 && has(attacker, id)) net += rule.ownAttacks;
    if (rule.attacksAgainst !== 0 && has(target, id)) net += rule.attacksAgainst;
  }
  return net;
}

/** The net edge of `attacker`'s attack of `kind` on `target`, each source name once. */
export function netEdgeOf(attacker: Fighter, target: Fighter, kind: AttackKind): number {
  let net = attacker.block.tier - target.block.tier;
  if (attacker.effects.length !== 0 || target.effects.length !== 0) {
    net += conditionsEdge(attacker, target);
  }
  const marks = attacker.moveMarks;
  for (let k = 0; k < marks.length; k++) {
    const e = (marks[k] as MoveMark).edge;
    if (e.amount === 0) continue;
    if (e.scope === "meleeAtEnemy" && !(kind === "melee" && e.enemy === target.key)) continue;
    if (!repeats(marks, k)) net += e.amount;
  }
  if (target.seized) net += 1;
  if (target.defending) net -= 1;
  return net;
}

/** The named sources of the attack, as the rules list them, and their net. */
export function loggedEdge(
  attacker: Fighter, target: Fighter, kind: AttackKind,
): { sources: EdgeSource[]; net: number } {
  const sources = edgeSources({
    attacker: {
      tier: attacker.block.tier, conditions: conditionsOf(attacker),
      moveEdges: attacker.moveMarks.map((m) => m.edge),
    },
    target: {
      id: target.key, tier: target.block.tier, conditions: conditionsOf(target),
      seized: target.seized, defending: target.defending,
    },
    attackKind: kind,
  });
  return { sources, net: netEdge(sources) };
}
