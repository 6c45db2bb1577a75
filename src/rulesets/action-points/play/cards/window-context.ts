import { sizeRank } from "../../rules/constants";
import type { Attacking } from "../../rules/attack";
import type { ApWindowContext, ApWindowFighter } from "../../rules/reaction-window";
import { threatWeapon, type Statblock } from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import type { ApSeal } from "./seal";

/**
 * The reaction window's context for a sealed attack card, from the documents when the GM seals
 * it: each party's RP as the GM keeps them (none outside a started combat, so nothing can be
 * answered there), its reaction skills, shield and size, its edge on reactions (Total Defense's
 * Advantage, a grappler's Disadvantage) and the readied melee weapon a Riposte strikes with; the
 * allies the caller found able to reach an Intercept spot. Source: `004_2cc57162401858c9.txt`
 * §Reactions, §Total Defense, §Grapple, §Riposte, §Intercept.
 */
export interface Party {
  /** The window's key: a combatant id in a combat ("attacker"/"target" outside one). */
  readonly key: string;
  readonly block: Statblock;
  /** What the GM keeps of its combatant, or null outside a started combat. */
  readonly kept: KeptSource | null;
  /** Its readied melee weapon reaches the attacker (a Riposte's counter); default true. */
  readonly reachesAttacker?: boolean;
}

/** One party as the window reads it. */
export function windowFighter(party: Party): ApWindowFighter {
  const { block, kept } = party;
  // A Riposte strikes back with a melee weapon that reaches; a grappled one cannot act so
  // (`rules/silent.ts`).
  const grappled = Boolean(kept?.grappledBy.length);
  const melee = party.reachesAttacker === false || grappled ? null : threatWeapon(block);
  const edge = (kept?.totalDefense ? 1 : 0) - (kept?.grappling ? 1 : 0);
  return {
    rp: kept?.rp ?? 0,
    agility: block.skills.agility, athletics: block.skills.athletics, melee: block.skills.melee,
    endurance: block.skills.endurance, shield: block.shield, size: sizeRank(block.size), edge,
    riposte: melee ? { ...melee.damage } : null,
  };
}

const EDGE = { none: 0, advantage: 1, disadvantage: -1 } as const;

/** The window's context (see the module comment). */
export function windowContextOf(
  seal: ApSeal, with_: Attacking, attacker: Party, target: Party,
  interceptors: readonly Party[], reactionAttack = false,
): ApWindowContext {
  const fighters: Record<string, ApWindowFighter> = {};
  for (const p of [attacker, target, ...interceptors]) fighters[p.key] = windowFighter(p);
  const spell = with_.spell ?? null;
  const damage = with_.weapon?.damage ?? spell?.damage ?? { dice: 0, die: 6, bonus: 0 };
  return {
    attacker: attacker.key, target: target.key,
    kind: with_.weapon?.kind ?? spell?.kind ?? "melee",
    spell: spell !== null, singleTarget: spell?.singleTarget ?? true,
    attack: { target: seal.plan.target, edge: EDGE[seal.plan.edge], dice: [...seal.dice] },
    reactionAttack, fighters,
    interceptors: reactionAttack ? [] : interceptors.map((p) => p.key), damage: { ...damage },
  };
}
