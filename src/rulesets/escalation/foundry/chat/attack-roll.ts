import { characterData, npcData, weaponData } from "../data/accessors";
import { attackFormula, planAttack, resolveAttack } from "../../rules/attack";
import {
  confusedSelfDamage,
  damageDice,
  damageDiceFormula,
  missDamage,
  resolveDamage,
} from "../../rules/damage";
import { CONDITIONS, expandConditions } from "../../rules/conditions";
import { planSave, resolveSave } from "../../rules/save";
import { stripsEffects } from "../../rules/statblock";
import type { DamageType, Defense } from "../../rules/constants";
import type { AbilitySource } from "../../rules/models";
import type { FrayActor } from "../documents/actor";
import { timingOf } from "../documents/timed-effects";
import type { CardTarget } from "./card-spec";
import { allDice, rollPool } from "./dice";
import { spiritAttackEdge } from "../../rules/fight-in-spirit";
import { spiritBoons } from "./party-actions";
import { abilityDamageIn, stanceDiceFor, type StanceDice } from "../view/stance-dice";

/**
 * One attack of an ability against one token, rolled with Foundry's Roll and read by the core:
 * the Invisible target's pre-attack save, the attack, damage (hit or miss damage) through the
 * pipeline (a basic attack with the die of its own stance), and the effects the result carries.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Basic Attacks, §Damage, §Conditions and Effects,
 * §Coup de Grace.
 */
export interface AttackSetup {
  readonly actor: FrayActor;
  readonly ability: AbilitySource;
  readonly escalationDie: number;
  readonly coupDeGrace: boolean;
  /**
   * The attacker's combatant id in a started combat (a Grabbed target grabbed by it gives
   * Advantage).
   */
  readonly attackerCombatantId: string | null;
}

/** Whether the target's Grabbed was applied by this attacker (the effect's source). */
function grabbedBy(target: FrayActor, attackerCombatantId: string | null): boolean {
  if (!attackerCombatantId) return false;
  return target.timedEffects.some(
    (e) => e.statuses.has("grabbed") && timingOf(e)?.source === attackerCombatantId,
  );
}

/**
 * Damage types of an ability: its own, else the equipped weapon's for a basic attack, else weapon.
 */
export function damageTypesOf(actor: FrayActor, ability: AbilitySource): DamageType[] {
  if (ability.hit.damageTypes.length) return [...ability.hit.damageTypes];
  if (ability.basic === "none") return ["weapon"];
  const weapon = actor.items.contents.find(
    (i) =>
      i.type === "escalationWeapon"
      && weaponData(i.system).equipped
      && weaponData(i.system).stance === ability.basic,
  );
  return [weapon ? weaponData(weapon.system).damageType : "weapon"];
}

/** The actor's die of each stance: its sheet's stance and die, and its weapons (`stanceDiceFor`). */
export function stanceDiceOfActor(actor: FrayActor): StanceDice {
  const weapons = actor.items.contents
    .filter((i) => i.type === "escalationWeapon")
    .map((i) => weaponData(i.system));
  return stanceDiceFor(actor.isPC ? characterData(actor.system) : null, weapons);
}

/**
 * A rolled attack; `damage()` rolls its damage and gives the card's row (all rolls made for it).
 */
export interface RolledAttack {
  readonly formula: string;
  damage(): Promise<{ target: CardTarget; rolls: Roll[] }>;
}

/**
 * Rolls the attack against one token (null when the token has no actor). Damage is rolled by the
 * returned `damage()`, so an ability marked "roll every attack before any damage" can roll all its
 * attacks first.
 */
export async function rollAgainst(
  setup: AttackSetup,
  token: { document: { uuid: string }; name: string; actor: Actor.Implementation | null },
): Promise<RolledAttack | null> {
  const { actor, ability, escalationDie } = setup;
  const target = token.actor as FrayActor | null;
  if (!target) return null;
  const isPC = actor.isPC;
  const source = isPC ? characterData(actor.system) : npcData(actor.system);
  const targetData = target.isPC ? characterData(target.system) : npcData(target.system);
  const types = damageTypesOf(actor, ability);
  const defense = ability.defense as Defense;
  const rolls: Roll[] = [];
  const base = {
    tokenUuid: token.document.uuid,
    name: token.name,
    defense,
    damageType: types[0] ?? "weapon",
  } as const;
  if (target.statuses.has("invisible")) {
    const plan = planSave(actor.statuses);
    const { roll, dice } = await rollPool(plan.pool);
    rolls.push(roll);
    const save = resolveSave(plan, dice);
    if (!save.success) {
      const row = emptyTarget({ ...base, invisibleFailed: true, natural: save.natural });
      return { formula: "", damage: async () => ({ target: row, rolls }) };
    }
  }
  const plan = planAttack({
    attacker: {
      level: source.level,
      volition: source.volition,
      isPC,
      usesEscalation: isPC || npcData(actor.system).usesEscalation,
      conditions: actor.statuses,
      volitionPenalty: actor.recoveryPenalty,
    },
    target: {
      defenses: targetData.defenses,
      conditions: target.statuses,
      weaknesses: targetData.weaknesses,
      defensePenalty: target.recoveryPenalty,
      grabbedByAttacker: grabbedBy(target, setup.attackerCombatantId),
    },
    defense,
    escalationDie,
    damageTypes: types,
    coupDeGrace: setup.coupDeGrace,
    manualEdge: spiritAttackEdge(spiritBoons(actor), spiritBoons(target)),
  });
  const formula = attackFormula(plan);
  const attackRoll = await new Roll(formula).evaluate();
  rolls.push(attackRoll);
  const outcome = resolveAttack(plan, allDice(attackRoll));
  const confused = [...expandConditions(actor.statuses)].some(
    (c) => CONDITIONS[c].oddNaturalSelfDamage,
  );
  const rollDamage = async () => {
    let rolledDamage = 0;
    let damage = 0;
    let halved = false;
    let damageFormula = "";
    let damageKind: CardTarget["damageKind"] = "none";
    if (outcome.hit) {
      // A basic attack rolls the die of the stance it is made in, not the sheet's (§Basic Attacks).
      const dice = stanceDiceOfActor(actor);
      damageFormula = damageDiceFormula(damageDice(abilityDamageIn(ability, dice), source));
      const damageRoll = await new Roll(damageFormula).evaluate();
      rolls.push(damageRoll);
      rolledDamage = damageRoll.total ?? 0;
      const result = resolveDamage({
        rolled: rolledDamage,
        crit: outcome.crit,
        natural: outcome.natural,
        types,
        resistances: targetData.resistances,
      });
      damage = result.amount;
      halved = result.halved;
      damageKind = "hit";
    } else {
      const mode =
        ability.miss.mode === "class"
          ? isPC
            ? characterData(actor.system).missDamage
            : "none"
          : ability.miss.mode;
      const rolled = missDamage(mode, source.level, outcome.critFail);
      if (rolled > 0) {
        rolledDamage = rolled;
        const result = resolveDamage({
          rolled,
          crit: false,
          natural: outcome.natural,
          types,
          resistances: targetData.resistances,
        });
        damage = result.amount;
        halved = result.halved;
        damageKind = "miss";
        damageFormula = String(rolled);
      }
    }
    // A Hampered enemy's first attack serves as its basic attack, without its non-damage effects.
    const stripped = stripsEffects(ability, actor.statuses);
    const effects = stripped
      ? []
      : outcome.hit
        ? [...ability.hit.effects, ...(outcome.crit ? ability.crit.effects : [])]
        : outcome.critFail
          ? []
          : ability.miss.effects;
    return {
      target: {
        ...emptyTarget(base),
        dice: [...outcome.dice],
        natural: outcome.natural,
        total: outcome.total,
        edge: plan.edge,
        level: plan.level,
        volition: plan.volition,
        hit: outcome.hit,
        crit: outcome.crit,
        critFail: outcome.critFail,
        damage,
        halved,
        damageKind,
        damageFormula,
        effects: effects.map((e) => ({ ...e })),
        lastGasp: outcome.hit && ability.lastGasp && target.isPC,
        // Confused: half the damage dealt, before crit and resistance, on an odd natural.
        selfDamage: confused ? confusedSelfDamage(rolledDamage, outcome.natural) : 0,
      },
      rolls,
    };
  };
  return { formula, damage: rollDamage };
}

function emptyTarget(
  partial: Partial<CardTarget> & Pick<CardTarget, "tokenUuid" | "name" | "defense">,
): CardTarget {
  return {
    dice: [],
    natural: 0,
    total: 0,
    edge: 0,
    level: 0,
    volition: 0,
    hit: false,
    crit: false,
    critFail: false,
    invisibleFailed: false,
    damage: 0,
    damageType: "weapon",
    damageFormula: "",
    halved: false,
    damageKind: "none",
    effects: [],
    lastGasp: false,
    selfDamage: 0,
    ...partial,
  };
}
