import { characterData, weaponData } from "../../play/data/accessors";
import { attackFormula, planAttack, resolveAttack } from "../../rules/attack";
import { planSave, resolveSave } from "../../rules/save";
import type { Defense } from "../../rules/constants";
import type { AbilitySource } from "../../rules/models";
import type { FrayActor } from "../documents/actor";
import { timingOf } from "../../play/actors/timed-effects";
import type { CardTarget } from "../../play/cards/card-spec";
import {
  attackTarget, damageTypesOf, hitDamageFormula, noAttackTarget, type AttackTargetInput,
} from "../../play/cards/attack-target";
import { allDice, rollPool } from "../../../../shell/dice/pool-roll";
import { attackRequest, sideData } from "../../play/cards/attack-request";
import { spiritBoons } from "./party-actions";
import { stanceDiceFor, type StanceDice } from "../../play/views/stance-dice";

/**
 * One attack of an ability against one token, rolled with Foundry's Roll and read by the core:
 * the Invisible target's pre-attack save, the attack and its hit damage's dice; what the card
 * records of it (damage, effects, self-damage) is `play/cards/attack-target.ts`'s.
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

/** The attacker's weapons' data, in item order. */
function weaponsOf(actor: FrayActor) {
  return actor.items.contents
    .filter((i) => i.type === "escalationWeapon")
    .map((i) => weaponData(i.system));
}

/** The actor's die of each stance: its sheet's stance and die, and its weapons (`stanceDiceFor`). */
export function stanceDiceOfActor(actor: FrayActor): StanceDice {
  return stanceDiceFor(actor.isPC ? characterData(actor.system) : null, weaponsOf(actor));
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
  const side = (a: FrayActor) => ({
    isPC: a.isPC, system: a.system, statuses: a.statuses, recoveryPenalty: a.recoveryPenalty,
    boons: spiritBoons(a),
  });
  const source = sideData(actor);
  const types = damageTypesOf(ability, weaponsOf(actor));
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
      const row = noAttackTarget(base, save.natural);
      return { formula: "", damage: async () => ({ target: row, rolls }) };
    }
  }
  const plan = planAttack(attackRequest(
    side(actor),
    { ...side(target), grabbedByAttacker: grabbedBy(target, setup.attackerCombatantId) },
    { defense, escalationDie, damageTypes: types, coupDeGrace: setup.coupDeGrace },
  ));
  const formula = attackFormula(plan);
  const attackRoll = await new Roll(formula).evaluate();
  rolls.push(attackRoll);
  const outcome = resolveAttack(plan, allDice(attackRoll));
  const rollDamage = async () => {
    let hitRoll: AttackTargetInput["hitRoll"] = null;
    if (outcome.hit) {
      const formula = hitDamageFormula(ability, stanceDiceOfActor(actor), source);
      const damageRoll = await new Roll(formula).evaluate();
      rolls.push(damageRoll);
      hitRoll = { formula, total: damageRoll.total ?? 0 };
    }
    const row = attackTarget({
      base, plan, outcome, ability, types, hitRoll,
      attacker: {
        conditions: actor.statuses, level: source.level,
        classMissDamage: isPC ? characterData(actor.system).missDamage : "none",
      },
      target: { isPC: target.isPC, resistances: sideData(target).resistances },
    });
    return { target: row, rolls };
  };
  return { formula, damage: rollDamage };
}
