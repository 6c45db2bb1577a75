import type { AttackOutcome, AttackPlan } from "../../rules/attack";
import { CONDITIONS, expandConditions } from "../../rules/conditions";
import type { DamageType } from "../../rules/constants";
import {
  confusedSelfDamage, damageDice, damageDiceFormula, missDamage, resolveDamage, type Resistance,
} from "../../rules/damage";
import type { AbilitySource, WeaponSource } from "../../rules/models";
import { stripsEffects } from "../../rules/statblock";
import { abilityDamageIn, type StanceDice } from "../views/stance-dice";
import type { CardTarget } from "./card-spec";

/**
 * What an attack card records for one target, decided from the rolled attack and plain data: the
 * damage types, the hit damage's dice, the damage dealt (hit or miss damage through the pipeline),
 * the effects the result carries, Last Gasp and a Confused attacker's self-damage. The Foundry
 * layer rolls the dice (`chat/attack-roll.ts`) and hands the totals here. Source:
 * `000_c2dc3d650823e22d.txt` §Attacks, §Basic Attacks, §Damage, §Conditions and Effects
 * (Confused, Hampered), §Last Gasp Saves.
 */

/** What every row of a target starts from: its token, its name, the defense, the first type. */
export type TargetBase = Pick<CardTarget, "tokenUuid" | "name" | "defense" | "damageType">;

/**
 * Damage types of an ability: its own, else the equipped weapon's of the basic attack's stance
 * (the first such weapon in item order), else weapon.
 * @param weapons the attacker's weapons' data, in item order.
 */
export function damageTypesOf(
  ability: AbilitySource, weapons: readonly WeaponSource[],
): DamageType[] {
  if (ability.hit.damageTypes.length) return [...ability.hit.damageTypes];
  if (ability.basic === "none") return ["weapon"];
  const weapon = weapons.find((w) => w.equipped && w.stance === ability.basic);
  return [weapon ? weapon.damageType : "weapon"];
}

/** A target's row before the attack: nothing rolled, nothing dealt, the given fields set. */
export function emptyTarget(
  partial: Partial<CardTarget> & Pick<CardTarget, "tokenUuid" | "name" | "defense">,
): CardTarget {
  return {
    dice: [], natural: 0, total: 0, edge: 0, level: 0, volition: 0, hit: false, crit: false,
    critFail: false, invisibleFailed: false, damage: 0, damageType: "weapon", damageFormula: "",
    halved: false, damageKind: "none", effects: [], lastGasp: false, selfDamage: 0,
    ...partial,
  };
}

/** The row of an Invisible target whose pre-attack save failed: no attack was made. */
export function noAttackTarget(base: TargetBase, natural: number): CardTarget {
  return emptyTarget({ ...base, invisibleFailed: true, natural });
}

/**
 * The hit damage's dice as a roll formula ("3d8 + 4"): a basic attack rolls the die of the
 * stance it is made in, not the sheet's (§Basic Attacks).
 * @param attacker the attacker's Level and Volition.
 */
export function hitDamageFormula(
  ability: AbilitySource, dice: StanceDice, attacker: { level: number; volition: number },
): string {
  return damageDiceFormula(damageDice(abilityDamageIn(ability, dice), attacker));
}

/** The rolled attack and what the row needs of both sides. */
export interface AttackTargetInput {
  readonly base: TargetBase;
  readonly plan: Pick<AttackPlan, "edge" | "level" | "volition">;
  readonly outcome: AttackOutcome;
  readonly ability: AbilitySource;
  readonly types: readonly DamageType[];
  readonly attacker: {
    /** The attacker's conditions (Confused hurts itself, Hampered strips effects). */
    readonly conditions: Iterable<string>;
    readonly level: number;
    /** A character's class miss damage (`none` for an NPC): what `miss.mode: class` means. */
    readonly classMissDamage: "none" | "level";
  };
  readonly target: { readonly isPC: boolean; readonly resistances: readonly Resistance[] };
  /** On a hit: the hit damage's formula and its rolled total; null on a miss. */
  readonly hitRoll: { readonly formula: string; readonly total: number } | null;
}

/**
 * The card's row for one target of a rolled attack. A hit deals its rolled damage, a miss its
 * miss damage (none on a crit fail), each doubled on a crit and halved by a resistance; effects
 * come from the hit (and the crit) or the miss, none on a crit fail or when Hampered strips
 * them; a Confused attacker takes half the rolled damage on an odd natural.
 */
export function attackTarget(input: AttackTargetInput): CardTarget {
  const { base, plan, outcome, ability, types, attacker, target } = input;
  const dealt = (rolled: number, crit: boolean) => resolveDamage({
    rolled, crit, natural: outcome.natural, types, resistances: target.resistances,
  });
  let rolledDamage = 0;
  let damage = 0;
  let halved = false;
  let damageFormula = "";
  let damageKind: CardTarget["damageKind"] = "none";
  if (outcome.hit) {
    rolledDamage = input.hitRoll?.total ?? 0;
    ({ amount: damage, halved } = dealt(rolledDamage, outcome.crit));
    damageFormula = input.hitRoll?.formula ?? "";
    damageKind = "hit";
  } else {
    const mode = ability.miss.mode === "class" ? attacker.classMissDamage : ability.miss.mode;
    const rolled = missDamage(mode, attacker.level, outcome.critFail);
    if (rolled > 0) {
      rolledDamage = rolled;
      ({ amount: damage, halved } = dealt(rolled, false));
      damageKind = "miss";
      damageFormula = String(rolled);
    }
  }
  const confused = [...expandConditions(attacker.conditions)].some(
    (c) => CONDITIONS[c].oddNaturalSelfDamage,
  );
  // A Hampered enemy's first attack serves as its basic attack, without its non-damage effects.
  const effects = stripsEffects(ability, attacker.conditions) ? []
    : outcome.hit ? [...ability.hit.effects, ...(outcome.crit ? ability.crit.effects : [])]
      : outcome.critFail ? [] : ability.miss.effects;
  return {
    ...emptyTarget(base),
    dice: [...outcome.dice], natural: outcome.natural, total: outcome.total,
    edge: plan.edge, level: plan.level, volition: plan.volition,
    hit: outcome.hit, crit: outcome.crit, critFail: outcome.critFail,
    damage, halved, damageKind, damageFormula,
    effects: effects.map((e) => ({ ...e })),
    lastGasp: outcome.hit && ability.lastGasp && target.isPC,
    // Confused: half the damage dealt, before crit and resistance, on an odd natural.
    selfDamage: confused ? confusedSelfDamage(rolledDamage, outcome.natural) : 0,
  };
}
