import { interpretRollUnder, rollUnderEdge } from "../../../engine/dice/roll-under";
import type { CheckResult, EdgeSource } from "../rules/checks";
import type { Skill } from "../rules/constants";
import type { ApDefence, ApReaction } from "../rules/reaction-window";
import type { CheckLog } from "./events";
import type { Fighter } from "./fighter";

/**
 * Checks as the log shows them: the skill by name and value, the modifiers and edge sources, every
 * d100, the kept one and the level, so a reader can recompute each from the sheet and the dice.
 * Source: RULINGS.md §action-points Checks.
 */

/** A rolled check (an attack's, an opposed check's side). */
export function checkLog(skill: Skill, r: CheckResult): CheckLog {
  return {
    skill, value: r.plan.skill, modifiers: [...r.plan.modifiers], target: r.plan.target,
    edge: r.plan.edge, edgeSources: [...r.plan.edgeSources], dice: [...r.dice], kept: r.roll,
    level: r.level,
  };
}

/** What gives a fighter's reactions their edge: Total Defense (+1), grappling another (−1). */
export function edgeSourcesOf(f: Fighter): EdgeSource[] {
  const out: EdgeSource[] = [];
  if (f.totalDefense) out.push({ source: "totalDefense", edge: 1 });
  if (f.grappling) out.push({ source: "grappling", edge: -1 });
  return out;
}

/** The skill a reaction rolled, by name: a Dodge names the higher of Agility and Athletics. */
export function reactionSkill(f: Fighter, reaction: ApReaction): Skill {
  const s = f.block.skills;
  if (reaction === "dodge") return s.agility >= s.athletics ? "agility" : "athletics";
  if (reaction === "block") return "endurance";
  if (reaction === "intercept") return "agility";
  return "melee";
}

/** A reaction's check, from the window's record of it. */
export function reactionCheck(f: Fighter, d: ApDefence, edgeSources: EdgeSource[]): CheckLog {
  const edge = rollUnderEdge(edgeSources.reduce((n, e) => n + e.edge, 0));
  const r = interpretRollUnder(d.skill, edge, d.dice);
  return {
    skill: reactionSkill(f, d.reaction), value: d.skill, modifiers: [], target: d.skill, edge,
    edgeSources, dice: [...d.dice], kept: r.roll, level: r.level,
  };
}

/** An unmodified check (a Riposte's counterattack) of `skill` from its one d100. */
export function bareCheck(skill: Skill, value: number, dice: readonly number[]): CheckLog {
  const r = interpretRollUnder(value, "none", dice);
  return {
    skill, value, modifiers: [], target: value, edge: "none", edgeSources: [], dice: [...dice],
    kept: r.roll, level: r.level,
  };
}
