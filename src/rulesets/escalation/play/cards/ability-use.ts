import type { AbilitySource } from "../../rules/models";
import type { AbilityCard, AttackCard, CardTarget } from "./card-spec";

/**
 * What using an ability decides from plain data, around the Foundry layer's checks, rolls and
 * writes (`foundry/chat/use-ability.ts`): whether its targets fit, what it costs, whom a healing
 * ability heals, and the data its card stores. Source: `000_c2dc3d650823e22d.txt` §Attacks,
 * §Ability Entries, §Recoveries.
 */

/** A refused use: the `FRAY.Use.*` warning's key and its data. */
export interface UseRefusal {
  readonly key: string;
  readonly data?: Record<string, number>;
}

/**
 * Why these targets do not fit the ability, or null: an attack needs at least one, and no
 * ability takes more than its count (at least one).
 */
export function targetRefusal(
  ability: Pick<AbilitySource, "defense" | "targets">, count: number,
): UseRefusal | null {
  if (ability.defense !== "none" && count === 0) return { key: "FRAY.Use.NoTargets" };
  if (count > Math.max(1, ability.targets))
    return { key: "FRAY.Use.TooManyTargets", data: { max: ability.targets, count } };
  return null;
}

/**
 * What a use costs besides its action: the Encounter/Daily/Recharge mark (`markUsed`) and a
 * character's Power after paying its cost (`power`, null when nothing is paid).
 * @param power the character's Power now (undefined for an NPC).
 */
export function useCost(
  ability: Pick<AbilitySource, "frequency" | "powerCost">, isPC: boolean,
  power: number | undefined,
): { readonly markUsed: boolean; readonly power: number | null } {
  return {
    markUsed: ability.frequency !== "atWill",
    power: isPC && ability.powerCost > 0 ? (power ?? 0) - ability.powerCost : null,
  };
}

/**
 * Whether a use deals damage: an attack with damage (a basic attack's, or its own dice or flat).
 * Confused checks before any other use (§Conditions: Confused).
 */
export function dealsDamage(
  ability: Pick<AbilitySource, "defense" | "basic" | "hit">,
): boolean {
  return ability.defense !== "none"
    && (ability.basic !== "none" || ability.hit.damage.dice > 0 || ability.hit.damage.flat > 0);
}

/** A token or actor as a heal target: its UUID and name. */
export interface HealTarget {
  readonly uuid: string;
  readonly name: string;
}

/**
 * Whom a healing ability heals: the targeted characters, or its user (a character) when none is
 * targeted; nobody else.
 * @param targeted the user's targeted tokens, each with its actor's type (null: no actor).
 */
export function healTargetsOf(
  targeted: readonly (HealTarget & { readonly actorType: string | null })[],
  user: HealTarget & { readonly isPC: boolean },
): HealTarget[] {
  const characters = targeted.filter((token) => token.actorType === "escalationCharacter");
  if (characters.length) return characters.map(({ uuid, name }) => ({ uuid, name }));
  return user.isPC ? [{ uuid: user.uuid, name: user.name }] : [];
}

/** The data of an ability card without attacks: its heal buttons' targets. */
export function abilityCardOf(
  user: { readonly uuid: string }, item: { readonly id: string; readonly name: string },
  ability: Pick<AbilitySource, "heal">, heal: readonly HealTarget[],
): AbilityCard {
  return {
    actorUuid: user.uuid, itemId: item.id, abilityName: item.name,
    heal: { free: ability.heal === "freeRecovery", targets: heal.map((t) => ({ ...t })) },
  };
}

/**
 * The data of an attack card: its rows in the order rolled, the first attack's formula, the
 * ability's item when it is a `Sustain X` one, and the started encounter and round it was rolled
 * in ("" and 0 outside one).
 */
export function attackCardOf(input: {
  readonly user: { readonly uuid: string };
  readonly item: { readonly id: string; readonly name: string };
  readonly ability: Pick<AbilitySource, "sustain">;
  readonly escalationDie: number;
  readonly formula: string;
  readonly combat: { readonly id: string; readonly round: number } | null;
  readonly targets: readonly CardTarget[];
}): AttackCard {
  return {
    actorUuid: input.user.uuid,
    abilityName: input.item.name,
    escalation: input.escalationDie,
    formula: input.formula,
    sustainItemId: input.ability.sustain > 0 ? input.item.id : "",
    combatId: input.combat?.id ?? "",
    round: input.combat?.round ?? 0,
    targets: [...input.targets],
  };
}
