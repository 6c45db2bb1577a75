import {
  sourceOf, StatblockError, type ActorDocumentSource,
} from "../../../engine/schema/document-source";
import { carriesFlag, type ConditionSummary } from "./conditions";
import type { Band, DamageType, DieSize, Stance } from "./constants";
import { recoveryDiceOf, type RecoveryDice } from "./recovery";
import { stanceDiceOf } from "./stance";
import { basicAttackFormula, type DamageFormula, type Resistance } from "./damage";
import { meetsEscalation } from "./escalation-die";
import { ABILITY_SPEC, CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC, type AbilitySource } from "./models";

// The stored shape and its error are the engine's; named here too for this ruleset's readers.
export { StatblockError, type ActorDocumentSource };

/**
 * A combatant's statblock as the pure core needs it, built from an Actor's source data (as stored
 * in packs or `actor.toObject()`). The same conversion serves the headless encounter runner and
 * the checks on pack sources.
 */
export interface AbilityEntry {
  readonly id: string;
  readonly name: string;
  readonly system: AbilitySource;
}

export interface Statblock {
  readonly id: string;
  readonly name: string;
  readonly isPC: boolean;
  readonly level: number;
  readonly volition: number;
  readonly usesEscalation: boolean;
  readonly band: Band;
  readonly hpMax: number;
  readonly defenses: { readonly ac: number; readonly pd: number; readonly md: number };
  readonly resistances: readonly Resistance[];
  readonly weaknesses: readonly DamageType[];
  readonly missDamage: "none" | "level";
  readonly stance: Stance;
  /** The die of `stance`, as on the sheet. */
  readonly stanceDie: DieSize;
  /** The die of each stance (`stanceDiceOf`): a basic attack rolls the die of its own stance. */
  readonly stanceDice: Readonly<Record<Stance, DieSize>>;
  /** Damage type of basic attacks per stance: the equipped weapon's, else `weapon`. */
  readonly basicDamageType: Readonly<Record<Stance, DamageType>>;
  /** Abilities in statblock order (priority, then as listed). */
  readonly abilities: readonly AbilityEntry[];
  /** A PC's recovery dice and maximum recoveries (NPCs: none; §Recoveries). */
  readonly recovery: RecoveryDice;
  readonly recoveriesMax: number;
}

const NO_RECOVERY: RecoveryDice = { dice: 0, die: 6, bonus: 0 };
/** NPCs have no stance die: their statblock's is d6 in either stance. */
export const NPC_STANCE_DICE: Readonly<Record<Stance, DieSize>> = { melee: 6, ranged: 6 };

/**
 * @throws StatblockError when the actor or one of its abilities does not fit its data model, or
 *   the actor type is not `character` or `npc`.
 */
export function statblockFromActor(actor: ActorDocumentSource): Statblock {
  const abilities: AbilityEntry[] = [];
  const basicDamageType: Record<Stance, DamageType> = { melee: "weapon", ranged: "weapon" };
  const weapons: { stance: Stance; die: DieSize; equipped: boolean }[] = [];
  for (const item of actor.items ?? []) {
    if (item.type === "escalationWeapon") {
      const weapon = sourceOf(WEAPON_SPEC, item.system, `${actor.name} / ${item.name}`);
      if (weapon.equipped) basicDamageType[weapon.stance] = weapon.damageType;
      weapons.push({
        stance: weapon.stance,
        die: Number(weapon.die) as DieSize,
        equipped: weapon.equipped,
      });
    }
    if (item.type !== "escalationAbility") continue;
    abilities.push({
      id: item._id,
      name: item.name,
      system: sameShape(sourceOf(ABILITY_SPEC, item.system, `${actor.name} / ${item.name}`)),
    });
  }
  abilities.sort((a, b) => a.system.priority - b.system.priority);
  if (actor.type === "escalationCharacter") {
    const s = sourceOf(CHARACTER_SPEC, actor.system, actor.name);
    const stanceDie = Number(s.stance.die) as DieSize;
    return {
      id: actor._id,
      name: actor.name,
      isPC: true,
      level: s.level,
      volition: s.volition,
      usesEscalation: true,
      band: s.band,
      hpMax: s.hp.max,
      defenses: s.defenses,
      resistances: s.resistances,
      weaknesses: s.weaknesses,
      missDamage: s.missDamage,
      stance: s.stance.mode,
      stanceDie,
      stanceDice: stanceDiceOf(s.stance.mode, stanceDie, weapons),
      basicDamageType,
      abilities,
      recovery: recoveryDiceOf(s.recoveries),
      recoveriesMax: s.recoveries.max,
    };
  }
  if (actor.type === "escalationNpc") {
    const s = sourceOf(NPC_SPEC, actor.system, actor.name);
    return {
      id: actor._id,
      name: actor.name,
      isPC: false,
      level: s.level,
      volition: s.volition,
      usesEscalation: s.usesEscalation,
      band: s.band,
      hpMax: s.hp.max,
      defenses: s.defenses,
      resistances: s.resistances,
      weaknesses: s.weaknesses,
      missDamage: "none",
      stance: "melee",
      stanceDie: 6,
      stanceDice: NPC_STANCE_DICE,
      basicDamageType,
      abilities,
      recovery: NO_RECOVERY,
      recoveriesMax: 0,
    };
  }
  throw new StatblockError(actor.name, [
    {
      path: "type",
      message: `must be character or npc, got "${actor.type}"`,
      key: "FRAY.Validation.Choice",
      data: { path: "type", choices: "character, npc", got: actor.type },
    },
  ]);
}

/**
 * A copy of an ability's data built as one object literal, keys in a fixed order. `withDefaults`
 * keeps the source's key order and adds the missing keys one by one, which leaves a 20-key object
 * in V8's slow dictionary mode and gives abilities different hidden classes: every read of an
 * ability in the headless runner's hot loop then went through a generic lookup. Validation has
 * already rejected unknown keys, so the copy holds the same data.
 */
function sameShape(a: AbilitySource): AbilitySource {
  const effects = (list: AbilitySource["hit"]["effects"]) =>
    list.map((e) => ({
      id: e.id,
      duration: e.duration,
      amount: e.amount,
      damageType: e.damageType,
      save: e.save,
    }));
  const d = a.hit.damage;
  return {
    abilityType: a.abilityType,
    frequency: a.frequency,
    recharge: a.recharge,
    action: a.action,
    provokes: a.provokes,
    sustain: a.sustain,
    powerCost: a.powerCost,
    escalationMin: a.escalationMin,
    defense: a.defense,
    targets: a.targets,
    basic: a.basic,
    rollAllFirst: a.rollAllFirst,
    lastGasp: a.lastGasp,
    heal: a.heal,
    priority: a.priority,
    used: a.used,
    hit: {
      damage: {
        dice: d.dice,
        perLevel: d.perLevel,
        die: d.die,
        flat: d.flat,
        volition: d.volition,
      },
      damageTypes: a.hit.damageTypes,
      effects: effects(a.hit.effects),
    },
    miss: { mode: a.miss.mode, effects: effects(a.miss.effects) },
    crit: { effects: effects(a.crit.effects) },
    description: a.description,
  };
}

/**
 * The hit damage of an ability for an attacker: a basic attack uses the stance die (the die of
 * the basic attack's own stance: `Statblock.stanceDice[ability.basic]`).
 */
export function abilityDamage(ability: AbilitySource, stanceDie: DieSize): DamageFormula {
  if (ability.basic !== "none") return basicAttackFormula(stanceDie);
  const d = ability.hit.damage;
  return {
    dice: d.dice,
    perLevel: d.perLevel,
    die: Number(d.die) as 0 | DieSize,
    flat: d.flat,
    volition: d.volition,
  };
}

export function isHampered(conditions: Iterable<string>): boolean {
  return carriesFlag(conditions, "basicAttacksOnly");
}

/**
 * A Hampered enemy's basic attack is its first listed attack "with any non-damage effects stripped
 * away": true when the effects of this use must be dropped.
 */
export function stripsEffects(
  ability: AbilitySource,
  attackerConditions: Iterable<string>,
): boolean {
  return ability.basic === "none" && isHampered(attackerConditions);
}

/**
 * The ability an enemy uses as its basic attack when Hampered: its first listed attack (lowest
 * statblock priority; ties keep the given order).
 */
export function enemyBasicAttack(
  block: Pick<Statblock, "isPC" | "abilities">,
): AbilityEntry | undefined {
  if (block.isPC) return undefined;
  let first: AbilityEntry | undefined;
  for (const a of block.abilities) {
    if (a.system.defense !== "none" && (!first || a.system.priority < first.system.priority))
      first = a;
  }
  return first;
}

/** Why an ability cannot be used now, as a `FRAY.` localization key, or null when it can. */
export type UseBlock =
  | "FRAY.Use.Expended"
  | "FRAY.Use.Escalation"
  | "FRAY.Use.Hampered"
  | "FRAY.Use.Power"
  | "FRAY.Use.Grabbed";

/**
 * Whether an ability may be used: an expended Encounter/Daily/Recharge ability cannot; an
 * `Escalation X+` ability needs the die at X; a Hampered bearer may only use basic attacks (for an
 * enemy, its first listed attack: `context.enemyBasic`); a power cost needs that much Power; a
 * Grabbed bearer cannot use Ranged attacks or spells (`isRangedAttack`).
 * Source: `000_c2dc3d650823e22d.txt` §Ability Entries, §Conditions and Effects (Hampered,
 * Grabbed).
 */
export function useBlock(
  ability: AbilitySource,
  context: {
    escalationDie: number;
    conditions: Iterable<string>;
    power?: number;
    enemyBasic?: boolean;
  },
): UseBlock | null {
  const { conditions } = context;
  const bearer = { basicAttacksOnly: isHampered(conditions), grabbed: isGrabbed(conditions) };
  return useBlockWith(
    ability,
    context.escalationDie,
    bearer,
    context.enemyBasic ?? false,
    context.power,
  );
}

/**
 * `useBlock` for a bearer whose Hampered and Grabbed are already known (the headless runner keeps
 * them in each fighter's condition summary, and asks several times a turn).
 */
export function useBlockWith(
  ability: AbilitySource,
  escalationDie: number,
  bearer: Pick<ConditionSummary, "basicAttacksOnly" | "grabbed">,
  enemyBasic = false,
  power = Infinity,
): UseBlock | null {
  if (ability.frequency !== "atWill" && ability.used) return "FRAY.Use.Expended";
  if (!meetsEscalation(escalationDie, ability.escalationMin)) return "FRAY.Use.Escalation";
  if (ability.basic === "none" && !enemyBasic && bearer.basicAttacksOnly)
    return "FRAY.Use.Hampered";
  if (ability.powerCost > power) return "FRAY.Use.Power";
  if (isRangedAttack(ability) && bearer.grabbed) return "FRAY.Use.Grabbed";
  return null;
}

/**
 * Whether an ability is one a Grabbed character cannot use: the text forbids it "Ranged
 * Attacks/Spells", the pair it calls "Ranged Attacks or Ranged Spells" under §Free and Engaged.
 * So a Ranged attack (a Basic Ranged Attack included) and an attack of type Spell: the data gives
 * a spell no range, and an attack spell reaches its target from afar (a spell cast by touch is
 * typed Melee, as the packs' Withering Touch is). Spells without an attack roll (a heal, a step
 * through space) are not attacks at range, and stay allowed.
 * Source: `000_c2dc3d650823e22d.txt` §Conditions and Effects (Grabbed), §Free and Engaged.
 */
export function isRangedAttack(
  ability: Pick<AbilitySource, "defense" | "abilityType" | "basic">,
): boolean {
  return (
    ability.defense !== "none"
    && (ability.abilityType === "ranged"
      || ability.abilityType === "spell"
      || ability.basic === "ranged")
  );
}

function isGrabbed(conditions: Iterable<string>): boolean {
  return carriesFlag(conditions, "grabbed");
}
