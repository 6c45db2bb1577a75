import { abilityData, characterData, npcData, weaponData } from "../data/accessors";
import { attackFormula, planAttack, resolveAttack } from "../rules/escalation/attack";
import { damageDice, damageDiceFormula, missDamage, resolveDamage } from "../rules/escalation/damage";
import { planSave, resolveSave } from "../rules/escalation/save";
import { poolFormula } from "../rules/dice/pool";
import { abilityDamage, enemyBasicAttack, stripsEffects, useBlock } from "../rules/escalation/statblock";
import type { DamageType, Defense, DieSize } from "../rules/escalation/constants";
import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import type { FrayCombat } from "../documents/combat";
import type { CardTarget, AttackCard } from "./card-spec";
import { renderCard } from "./render-card";
import { allDice } from "./dice";

/**
 * Using an ability from a sheet: checks that it may be used, rolls one attack per target (captured
 * now, as token UUIDs) with Foundry's Roll, lets the core say what the dice mean, and posts one
 * chat card. Nothing is applied here: the card's buttons do that.
 * @returns the created message, or null when the use was refused (a localized warning is shown).
 */
export async function useAbility(item: FrayItem): Promise<ChatMessage.Implementation | null> {
  const actor = item.parent as FrayActor | null;
  const ability = abilityData(item.system);
  const warn = (key: string, data: Record<string, string | number> = {}) => {
    ui.notifications?.warn(game.i18n!.format(key, { name: item.name, ...data }));
    return null;
  };
  if (!actor) return warn("FRAY.Use.NoActor");
  const combat = game.combat as FrayCombat | null;
  const escalationDie = combat?.started ? combat.escalationDie : 0;
  const isPC = actor.type === "character";
  const power = isPC ? characterData(actor.system).power.value : undefined;
  const abilities = actor.items.contents.filter((i) => i.type === "ability").map((i) => ({ id: i.id ?? "", name: i.name, system: abilityData(i.system) }));
  const enemyBasic = enemyBasicAttack({ isPC, abilities })?.id === item.id;
  const block = useBlock(ability, { escalationDie, conditions: actor.statuses, power, enemyBasic });
  if (block) return warn(block, { min: ability.escalationMin, cost: ability.powerCost, resource: isPC ? characterData(actor.system).power.label || game.i18n!.localize("FRAY.Sheet.Power") : "" });
  // Unlinked tokens share their base actor's id, so match the token too.
  const combatant = combat?.started ? combat.combatants.find((c) => c.actorId === actor.id && (!actor.token || c.tokenId === actor.token.id)) : undefined;
  if (combatant && !(await combat!.canPay(combatant.id ?? "", ability.action))) return warn("FRAY.Use.NoAction", { action: game.i18n!.localize(`FRAY.Action.${ability.action}`) });
  // Paid once the use goes ahead: the action slot and any Power cost.
  const spend = async () => {
    if (combatant) await combat!.spendAction(combatant.id ?? "", ability.action);
    if (isPC && ability.powerCost > 0) {
      await actor.update({ system: { power: { value: (power ?? 0) - ability.powerCost } } } as Actor.UpdateData);
    }
  };
  if (ability.defense === "none") {
    await spend();
    if (ability.frequency !== "atWill") await item.update({ system: { used: true } } as Item.UpdateData);
    const content = await foundry.applications.handlebars.renderTemplate("systems/fray/templates/chat/ability-card.hbs", { name: item.name, img: item.img, ability, description: ability.description });
    return (await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }), content })) ?? null;
  }
  const targets = [...(game.user?.targets ?? [])];
  if (!targets.length) return warn("FRAY.Use.NoTargets");
  if (targets.length > Math.max(1, ability.targets)) return warn("FRAY.Use.TooManyTargets", { max: ability.targets, count: targets.length });

  const source = isPC ? characterData(actor.system) : npcData(actor.system);
  const stanceDie = (isPC ? Number(characterData(actor.system).stance.die) : 6) as DieSize;
  const missMode = isPC ? characterData(actor.system).missDamage : "none";
  const types: DamageType[] = ability.hit.damageTypes.length ? ability.hit.damageTypes : [basicWeaponType(actor, ability.basic)];
  const defense = ability.defense as Defense;
  const rolls: Roll[] = [];
  const results: CardTarget[] = [];
  let formula = "";
  for (const token of targets) {
    const target = token.actor as FrayActor | null;
    if (!target) continue;
    const targetData = target.type === "character" ? characterData(target.system) : npcData(target.system);
    const base = { tokenUuid: token.document.uuid, name: token.name, defense, defenseValue: targetData.defenses[defense], damageType: types[0] ?? "weapon" } as const;
    if (target.statuses.has("invisible")) {
      const plan = planSave(actor.statuses);
      const roll = await new Roll(poolFormula(plan.pool)).evaluate();
      rolls.push(roll);
      const save = resolveSave(plan, allDice(roll));
      if (!save.success) {
        results.push(emptyTarget({ ...base, invisibleFailed: true, natural: save.natural }));
        continue;
      }
    }
    const plan = planAttack({
      attacker: {
        level: source.level, volition: source.volition, isPC, usesEscalation: isPC || npcData(actor.system).usesEscalation, conditions: actor.statuses,
        volitionPenalty: actor.recoveryPenalty,
      },
      target: { defenses: targetData.defenses, conditions: target.statuses, weaknesses: targetData.weaknesses, defensePenalty: target.recoveryPenalty },
      defense, escalationDie, damageTypes: types,
    });
    formula = attackFormula(plan);
    const attackRoll = await new Roll(formula).evaluate();
    rolls.push(attackRoll);
    const outcome = resolveAttack(plan, allDice(attackRoll));
    let damage = 0;
    let halved = false;
    let damageFormula = "";
    let damageKind: CardTarget["damageKind"] = "none";
    if (outcome.hit) {
      const dice = damageDice(abilityDamage(ability, stanceDie), source);
      damageFormula = damageDiceFormula(dice);
      const damageRoll = await new Roll(damageFormula).evaluate();
      rolls.push(damageRoll);
      const result = resolveDamage({ rolled: damageRoll.total ?? 0, crit: outcome.crit, natural: outcome.natural, types, resistances: targetData.resistances });
      damage = result.amount;
      halved = result.halved;
      damageKind = "hit";
    } else {
      const mode = ability.miss.mode === "class" ? missMode : ability.miss.mode;
      const rolled = missDamage(mode, source.level, outcome.critFail);
      if (rolled > 0) {
        const result = resolveDamage({ rolled, crit: false, natural: outcome.natural, types, resistances: targetData.resistances });
        damage = result.amount;
        halved = result.halved;
        damageKind = "miss";
        damageFormula = String(rolled);
      }
    }
    // A Hampered enemy's first attack serves as its basic attack, without its non-damage effects.
    const stripped = stripsEffects(ability, actor.statuses);
    const effects = stripped ? [] : outcome.hit ? [...ability.hit.effects, ...(outcome.crit ? ability.crit.effects : [])] : outcome.critFail ? [] : ability.miss.effects;
    results.push({
      ...emptyTarget({ ...base, defenseValue: plan.defenseValue }), dice: [...outcome.dice], natural: outcome.natural, total: outcome.total, edge: plan.edge,
      hit: outcome.hit, crit: outcome.crit, critFail: outcome.critFail, damage, halved, damageKind, damageFormula,
      effects: effects.map((e) => ({ ...e })),
    });
  }
  if (ability.frequency !== "atWill") await item.update({ system: { used: true } } as Item.UpdateData);
  await spend();
  const card: AttackCard = { actorUuid: actor.uuid, abilityName: item.name, escalation: escalationDie, formula, targets: results };
  const content = await renderCard(card, { isGM: false, isAuthor: false });
  const created = await ChatMessage.create({
    type: "attack",
    speaker: ChatMessage.getSpeaker({ actor }),
    content,
    system: card,
    rolls: rolls.map((r) => JSON.stringify(r)),
  } as unknown as ChatMessage.CreateData, { rollMode: game.settings!.get("core", "rollMode") });
  return created ?? null;
}

/** A basic attack deals the damage type of the equipped weapon of its stance; others default to weapon. */
function basicWeaponType(actor: FrayActor, basic: string): DamageType {
  if (basic === "none") return "weapon";
  const weapon = actor.items.contents.find((i) => i.type === "weapon" && weaponData(i.system).equipped && weaponData(i.system).stance === basic);
  return weapon ? weaponData(weapon.system).damageType : "weapon";
}

function emptyTarget(partial: Partial<CardTarget> & Pick<CardTarget, "tokenUuid" | "name" | "defense" | "defenseValue">): CardTarget {
  return {
    dice: [], natural: 0, total: 0, edge: 0, hit: false, crit: false, critFail: false, invisibleFailed: false, damage: 0,
    damageType: "weapon", damageFormula: "", halved: false, damageKind: "none", effects: [],
    applied: { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [] },
    ...partial,
  };
}
