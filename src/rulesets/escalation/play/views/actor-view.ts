import type { Localize } from "../../../../engine/i18n";
import { DAMAGE_TYPES, type DamageType, type Stance } from "../../rules/constants";
import { carriesFlag } from "../../rules/conditions";
import { escalationBonus } from "../../rules/escalation-die";
import type { HealthState } from "../../rules/health";
import type { CharacterSource, NpcSource, WeaponSource } from "../../rules/models";
import type { Resistance } from "../../rules/damage";
import { enemyBasicAttack } from "../../rules/statblock";
import { abilityGroups, type AbilityGroup, type AbilityItem } from "./ability-groups";
import { signed, weaponLine, type LineAttacker } from "./ability-line";
import { damageTypeToggles } from "./item-view";
import { stanceDiceFor } from "./stance-dice";
import { resourceBar, type ResourceBar } from "../../../../engine/view/sheet-header";
import { entryRows } from "../../../../engine/view/list-edits";

/**
 * What the character and NPC sheets show, as plain data built from an actor's data (pure: the
 * sheets call it with the documents' data, the browser tests with pack sources, so both render
 * the same thing). Play mode reads these values; edit mode adds the configuration inputs.
 */
export interface SheetActor<S> {
  readonly name: string;
  readonly img: string;
  readonly isPC: boolean;
  readonly system: S;
  readonly health: HealthState;
  readonly statuses: Iterable<string>;
  readonly abilities: readonly AbilityItem[];
  readonly weapons: readonly SheetWeapon[];
  /** Ids of `Sustain X` abilities running now. */
  readonly sustaining?: ReadonlySet<string>;
}

/** A weapon as the sheet has it (description enriched by the sheet in Foundry). */
export interface SheetWeapon {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: WeaponSource;
  readonly description?: string;
}

/** The escalation die of a started combat (0 outside one). */
export interface SheetCombat {
  readonly escalationDie: number;
}

export interface HpView {
  /** The shell's HP block: entry, maximum and bar (`engine/view/sheet-header.ts`). */
  readonly resource: ResourceBar;
  readonly healthLabel: string;
  readonly health: HealthState;
  /** The health badge's kind (`.fray-badge--<kind>`): the word says the state, not the colour. */
  readonly badge: "hit" | "crit" | "miss";
}

const BADGES: Record<HealthState, HpView["badge"]> = {
  healthy: "hit", staggered: "crit", dying: "miss", defeated: "miss",
};

/**
 * HP on the sheet: typed in play through `changeHp` (`data-hp`), its bar low below half the
 * maximum (Staggered, §Staggered). NPCs stop at 0 HP; a PC's HP may go below 0 (§Dying and
 * Death), so it has no lower bound.
 */
export function hpView(
  hp: { value: number; max: number }, health: HealthState, isPC: boolean, t: Localize,
): HpView {
  return {
    resource: resourceBar({
      key: "hp", value: hp.value, max: hp.max, low: Math.floor(hp.max / 2) + 1, high: hp.max,
      ...(isPC ? {} : { min: 0 }), hook: "hp",
      label: t("FRAY.Sheet.HP"), entryLabel: t("FRAY.Sheet.HPEntry"),
    }, t),
    healthLabel: t(`FRAY.Health.${health}`),
    health,
    badge: BADGES[health],
  };
}

/** AC, PD and MD with their labels, after the no-recovery penalty. */
export function defensesView(
  d: { ac: number; pd: number; md: number },
  penalty: number,
  t: Localize,
) {
  return (["ac", "pd", "md"] as const).map((key) => ({
    key,
    label: t(`FRAY.Defense.${key}`),
    value: d[key] - penalty,
  }));
}

/** Short tags for resistances ("fire 15+") and weaknesses ("cold"). */
export function traitTags(
  system: { resistances: readonly Resistance[]; weaknesses: readonly DamageType[] }, t: Localize,
) {
  const type = (d: DamageType) => t(`FRAY.DamageType.${d}`);
  const tags = {
    resistances: system.resistances.map((r) =>
      t("FRAY.Sheet.ResistTag", { type: type(r.type), n: r.threshold }),
    ),
    weaknesses: system.weaknesses.map((w) => t("FRAY.Sheet.WeakTag", { type: type(w) })),
  };
  return { ...tags, any: tags.resistances.length + tags.weaknesses.length > 0 };
}

/** Basic attacks deal the equipped weapon's type for its stance (rules/statblock.ts). */
export function basicTypes(
  weapons: readonly { system: WeaponSource }[],
): Record<Stance, DamageType> {
  const types: Record<Stance, DamageType> = { melee: "weapon", ranged: "weapon" };
  for (const w of weapons) if (w.system.equipped) types[w.system.stance] = w.system.damageType;
  return types;
}

function groupsFor<S>(
  actor: SheetActor<S>, combat: SheetCombat | null, attacker: LineAttacker,
  extra: { power?: number; powerLabel?: string; enemyBasicId?: string }, t: Localize,
): AbilityGroup[] {
  return abilityGroups(actor.abilities, {
    escalationDie: combat?.escalationDie ?? 0, conditions: actor.statuses,
    sustaining: actor.sustaining, attacker, ...extra,
  }, t);
}

/** The character sheet's view: identity, HP, defenses, Power, abilities and weapons. */
export function characterView(
  actor: SheetActor<CharacterSource>, combat: SheetCombat | null, t: Localize,
) {
  const s = actor.system;
  const penalty = s.recoveries.penalty;
  const shaken = carriesFlag([...actor.statuses], "escalationAsZero");
  const die = combat?.escalationDie ?? 0;
  const attacker: LineAttacker = {
    level: s.level, volition: s.volition - penalty,
    escalation: escalationBonus(die, { isPC: true, usesEscalation: true, shaken }),
    stanceDice: stanceDiceFor(s, actor.weapons.map((w) => w.system)),
    basicDamageType: basicTypes(actor.weapons),
    missDamage: s.missDamage, powerLabel: s.power.label,
  };
  const powerLabel = s.power.label || t("FRAY.Sheet.Power");
  return {
    identity: s.className
      ? t("FRAY.Sheet.LevelClass", { level: s.level, className: s.className })
      : t("FRAY.Sheet.LevelOnly", { level: s.level }),
    hp: hpView(s.hp, actor.health, true, t),
    defenses: defensesView(s.defenses, penalty, t),
    volition: signed(s.volition - penalty, t),
    attackBonus: signed(attacker.level + attacker.volition + attacker.escalation, t),
    power: s.power.max > 0 ? { label: powerLabel, value: s.power.value, max: s.power.max } : null,
    band: t(`FRAY.Band.${s.band}`),
    stance: t("FRAY.Sheet.StanceDie", {
      stance: t(`FRAY.Stance.${s.stance.mode}`),
      faces: s.stance.die,
    }),
    traits: traitTags(s, t),
    groups: groupsFor(
      actor,
      combat,
      attacker,
      { power: s.power.value, powerLabel: s.power.label },
      t,
    ),
    weapons: actor.weapons.map((w) => ({
      ...w,
      line: weaponLine(w.system, t),
      description: w.description ?? w.system.description,
    })),
  };
}

/**
 * The NPC statblock's view: identity ("Level 5 Elite"), defenses, HP, attack bonus, resistances
 * and weaknesses as tags, then its attacks with their lines.
 */
export function npcView(actor: SheetActor<NpcSource>, combat: SheetCombat | null, t: Localize) {
  const s = actor.system;
  const shaken = carriesFlag([...actor.statuses], "escalationAsZero");
  const die = combat?.escalationDie ?? 0;
  // NPCs have no stance die: the statblock's is d6 (rules/statblock.ts statblockFromActor).
  const attacker: LineAttacker = {
    level: s.level, volition: s.volition,
    escalation: escalationBonus(die, { isPC: false, usesEscalation: s.usesEscalation, shaken }),
    stanceDice: stanceDiceFor(null, []), basicDamageType: basicTypes(actor.weapons),
  };
  const enemyBasicId = enemyBasicAttack({ isPC: false, abilities: actor.abilities })?.id;
  return {
    identity: s.role
      ? t("FRAY.Sheet.LevelRole", { level: s.level, role: s.role })
      : t("FRAY.Sheet.LevelOnly", { level: s.level }),
    hp: hpView(s.hp, actor.health, false, t),
    defenses: defensesView(s.defenses, 0, t),
    attackBonus: signed(attacker.level + attacker.volition + attacker.escalation, t),
    band: t(`FRAY.Band.${s.band}`),
    escalationNote: s.usesEscalation ? t("FRAY.Sheet.UsesEscalation") : null,
    traits: traitTags(s, t),
    groups: groupsFor(actor, combat, attacker, { enemyBasicId }, t),
  };
}

/** Markers the sheet does not toggle: they follow HP and death saves (syncHealthStatuses). */
export const HEALTH_MARKERS: ReadonlySet<string> = new Set(["dead", "dying", "staggered"]);

/** The NPC sheet's edit mode: numbered resistance rows, weakness boxes, the damage type labels. */
export function npcEditView(system: Pick<NpcSource, "resistances" | "weaknesses">) {
  return {
    resistRows: entryRows(system.resistances),
    weaknessToggles: damageTypeToggles(system.weaknesses),
    damageTypes: Object.fromEntries(DAMAGE_TYPES.map((d) => [d, `FRAY.DamageType.${d}`])),
  };
}

/**
 * The owner's numbers for an ability's line on its item sheet (its attack bonus and damage dice),
 * or null for an item outside an escalation actor. A basic attack reads the die of its own stance
 * (`stanceDiceFor`); the escalation die is left out here.
 * @param owner the owning actor's type and data, and its weapons' data in item order.
 */
export function ownerNumbers(owner: {
  readonly type: string; readonly system: unknown; readonly weapons: readonly WeaponSource[];
} | null): LineAttacker | null {
  if (!owner || !["escalationCharacter", "escalationNpc"].includes(owner.type)) return null;
  const { weapons } = owner;
  const basicDamageType = basicTypes(weapons.map((system) => ({ system })));
  if (owner.type === "escalationCharacter") {
    const s = owner.system as CharacterSource;
    return {
      level: s.level, volition: s.volition - s.recoveries.penalty, escalation: 0,
      stanceDice: stanceDiceFor(s, weapons), basicDamageType, missDamage: s.missDamage,
      powerLabel: s.power.label,
    };
  }
  const s = owner.system as NpcSource;
  return {
    level: s.level, volition: s.volition, escalation: 0,
    stanceDice: stanceDiceFor(null, weapons), basicDamageType,
  };
}
