import { checkSucceeds, planCheck } from "../../../../engine/dice/check";
import { canTotalDefense, type Budget } from "../../rules/actions";
import { ATTACK_DIE, CHARGE_AC, NATURALS_DEFAULT, TOTAL_DEFENSE_AC } from "../../rules/constants";
import {
  absorbShock, dualWieldDamageApplies, hitDamage, maxDamage, missShock, type ShockGuard,
} from "../../rules/damage";
import { executionResult, executionSave } from "../../rules/execution";
import { swarmBonus } from "../../rules/swarm";
import type { Statblock, Weapon } from "../../rules/statblock";
import type { ShockResult } from "./card-seal";
import { answeringBudget } from "../round/sides";

/**
 * The GM's side of an attack card, pure: the AC the attack is judged against now, whether the
 * target may still take Total Defense before damage, and the final result. Source: `002_5e27cdf788b28f5f.txt`
 * §Attack Rolls, §Damage, §Shock, §Total Defense ("you may use it after you see the result of
 * an Attack Roll against you"), §Charge, §Make a Swarm Attack, §Dual Wielding Weapons; RULINGS.md
 * §shock.
 */
export interface TargetState {
  readonly ac: number;
  /** The target's combatant's round in the attack's combat (null: not in that combat). */
  readonly combat: {
    readonly budget: Budget;
    readonly totalDefense: boolean;
    readonly charging: boolean;
    readonly shieldUsed: boolean;
  } | null;
  readonly shield: boolean;
}

/** A combatant's round as a target's state reads it (its kept budget and marks). */
export interface TargetRound {
  readonly budget: Budget;
  /** Its side is surprised in the others' free round (`answeringBudget`). */
  readonly surprised: boolean;
  readonly totalDefense: boolean;
  readonly charging: boolean;
  readonly shieldUsed: boolean;
}

/**
 * A target's state from its statblock and, in a started combat, its combatant's round (null
 * outside one): the budget it answers with is `answeringBudget`'s (a surprised side's Main counts
 * as spent in the others' free round). §Surprise, §Total Defense, §Shock.
 */
export function targetStateOf(
  block: Pick<Statblock, "ac" | "shield">, round: TargetRound | null,
): TargetState {
  return {
    ac: block.ac, shield: block.shield,
    combat: round && {
      budget: answeringBudget(round.budget, round.surprised), totalDefense: round.totalDefense,
      charging: round.charging, shieldUsed: round.shieldUsed,
    },
  };
}

/** The target's AC now: Total Defense +2, a charge this round −2. */
export function acNow(target: TargetState): number {
  const c = target.combat;
  return acWith(target.ac, Boolean(c?.totalDefense), Boolean(c?.charging));
}

/**
 * Each window party's AC as the window reads it (`foundry/gm/window.ts` `acsNow` reads the
 * states from the documents): a charge's −2 and a Total Defense taken before the window counted;
 * one taken in it (`taken`: the parties that took it there) not, as the window adds it itself.
 */
export function windowAcs(
  parties: Iterable<readonly [string, TargetState]>, taken: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, target] of parties) {
    const inWindow = taken.includes(key) && Boolean(target.combat?.totalDefense);
    out[key] = acNow(target) - (inWindow ? TOTAL_DEFENSE_AC : 0);
  }
  return out;
}

/** An AC with Total Defense (+2) and a charge (−2) in force or not (§Total Defense, §Charge). */
export function acWith(ac: number, totalDefense: boolean, charging: boolean): number {
  return ac + (totalDefense ? TOTAL_DEFENSE_AC : 0) + (charging ? CHARGE_AC : 0);
}

/** Whether a sealed roll hits an AC: the natural 20/1 option first, then total ≥ AC. */
export function hitsAc(natural: number, total: number, ac: number): boolean {
  const modifiers = [{ source: "sealed", value: total - natural }];
  const plan = planCheck({
    dice: 1,
    faces: ATTACK_DIE,
    modifiers,
    target: ac,
    naturals: NATURALS_DEFAULT,
  });
  return checkSucceeds(plan, natural).success;
}

export interface AttackFacts {
  readonly attacker: Statblock;
  readonly weapon: Weapon;
  readonly natural: number;
  readonly total: number;
  readonly swarmOthers: number;
  /** The card's dual-wielding box: the attacker fights with two weapons (−1 to every roll). */
  readonly dualWield: boolean;
}

/** What a card's roll and options say of its attack (its seal, or the card as posted). */
export type AttackRoll = Pick<AttackFacts, "natural" | "total" | "swarmOthers" | "dualWield">;

/** The attack as the rules read it: the attacker's statblock and weapon now, the card's roll. */
export function attackFacts(attacker: Statblock, weapon: Weapon, roll: AttackRoll): AttackFacts {
  return {
    attacker, weapon, natural: roll.natural, total: roll.total, swarmOthers: roll.swarmOthers,
    dualWield: roll.dualWield,
  };
}

/**
 * How far a dual-wielder's target is when the +2 is judged: adjacent. The two wielded weapons are
 * melee weapons (`wieldedPair`), and a melee attack is made on an adjacent target (every weapon's
 * reach is the adjacent squares), as the runner's melee attacks are.
 */
const MELEE_FEET = 0;

/**
 * Whether a hit of this attack gets the dual-wielding +2 damage: the attacker declared it fights
 * with two weapons, and the hit is made with one of the two it wields, on a target within range of
 * both (`dualWieldDamageApplies`); bare hands, a third weapon or a shot never get it. The box's −1
 * to hit is the seal's business, unchanged. Source: `002_5e27cdf788b28f5f.txt` §Dual Wielding
 * Weapons.
 */
export function dualWieldDamage(facts: AttackFacts): boolean {
  return facts.dualWield && dualWieldDamageApplies(facts.attacker, facts.weapon, MELEE_FEET);
}

/**
 * Whether the target may answer with Total Defense before damage: its Main unspent, not already in
 * Total Defense, and it could change something (the attack hits, or its Shock would land). Outside
 * combat, never.
 */
export function mayTotalDefend(facts: AttackFacts, target: TargetState): boolean {
  const c = target.combat;
  if (!c || c.totalDefense || !canTotalDefense(c.budget)) return false;
  const ac = acNow(target);
  const shock = missShock(facts.attacker, facts.weapon, ac, facts.swarmOthers > 0,
    dualWieldDamage(facts)).amount;
  return hitsAc(facts.natural, facts.total, ac) || shock > 0;
}

/** What an attack was judged against and whether it hit (a reaction window's settlement). */
export interface Judged {
  readonly ac: number;
  readonly hit: boolean;
}

/**
 * The result of an attack whose attacker a Snap Attack felled before its damage landed: nothing
 * to deal (§Make a Snap Attack), said so on the card (`cancelled`).
 */
export function cancelledResult(): ShockResult {
  return {
    hit: false, amount: 0, kind: "none", swarm: false, damageFormula: "", dice: [], cancelled: true,
  };
}

/**
 * The final result: as the reaction window settled it (`Judged`), or at the target's AC now. On a
 * hit the GM rolls the damage dice first and passes them (`dice`); on a miss none are needed.
 * @throws RangeError when a hit's dice do not fit the weapon.
 */
export function finalResult(
  facts: AttackFacts, at: Judged | TargetState, dice: readonly number[] | null, formula: string,
): ShockResult {
  const ac = "hit" in at ? at.ac : acNow(at);
  const hit = "hit" in at ? at.hit : hitsAc(facts.natural, facts.total, ac);
  const swarm = facts.swarmOthers > 0;
  const dualWield = dualWieldDamage(facts);
  if (hit) {
    if (!dice) throw new RangeError("a hit needs its damage dice");
    const damage = hitDamage({
      wielder: facts.attacker, weapon: facts.weapon, dice, ac, dualWield,
      swarmDamage: swarm ? swarmBonus(facts.swarmOthers).damage : 0, swarm,
    });
    return {
      hit: true, amount: damage.amount, kind: "hit", swarm, damageFormula: formula, dice: [...dice],
    };
  }
  const shock = missShock(facts.attacker, facts.weapon, ac, swarm, dualWield).amount;
  return {
    hit: false,
    amount: shock,
    kind: shock > 0 ? "shock" : "none",
    swarm,
    damageFormula: "",
    dice: [],
  };
}

/**
 * What applying a result deals now: a hit's damage in full; a miss's Shock through the target's
 * guard (Total Defense stops all Shock, a swarm's included; a ready shield the first each round,
 * not a swarm's). The caller marks the shield used when `absorbedBy` is `shield`.
 */
export function dealtNow(
  result: ShockResult, target: TargetState,
): { dealt: number; absorbedBy: "totalDefense" | "immunity" | "shield" | null } {
  if (result.kind === "hit") return { dealt: result.amount, absorbedBy: null };
  if (result.kind === "none") return { dealt: 0, absorbedBy: null };
  const guard: ShockGuard = {
    totalDefense: target.combat?.totalDefense ?? false, immune: false,
    shieldReady: target.shield && !(target.combat?.shieldUsed ?? false),
  };
  const absorbed = absorbShock(
    { amount: result.amount, reason: result.swarm ? "swarm" : "ac" },
    guard,
  );
  return { dealt: absorbed.amount, absorbedBy: absorbed.absorbedBy };
}

/**
 * An execution attack's result from the target's Physical save (d20 − the assailant's skill in
 * the weapon's combat skill ≥ the target's save): it lands whatever the roll; failed, the target
 * falls to 0 HP (the apply takes all it has then): Mortally Injured or defeated, or knocked
 * unconscious when the attacker chose a non-lethal blow (`lethal` false); saved, it takes the
 * attack's maximum damage. `outcome` is `executionResult(saved, lethal)`.
 * Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks ("or knocked unconscious if the weapon was
 * non-lethal"); RULINGS.md §shock Execution, Saves.
 */
export function executionOutcome(
  facts: AttackFacts, saveTarget: number, natural: number, lethal = true,
): ShockResult {
  const plan = executionSave(saveTarget, facts.attacker.skills[facts.weapon.skill] ?? 0);
  const saved = checkSucceeds(plan, natural).success;
  return {
    hit: true, kind: "hit", swarm: false, damageFormula: "", dice: [],
    amount: saved ? maxDamage(facts.attacker, facts.weapon, dualWieldDamage(facts)) : 0,
    execution: {
      natural, total: natural + plan.modifier, target: plan.target, saved,
      outcome: executionResult(saved, lethal),
    },
  };
}

/** Whether a settled result knocks its target out (a non-lethal execution's failed save). */
export function knocksOut(result: ShockResult): boolean {
  return result.execution?.outcome === "unconscious";
}
