import { moraleTriggers, type MoraleMember, type MoraleTrigger } from "../../rules/morale";

/**
 * Who an NPC group's morale reads in a combat, from what the GM's client read of its combatants
 * (`foundry/chat/morale.ts`): the group's members, the checks a fall crosses, the members the
 * group's score is read from, and who flees when it breaks. Source: `002_5e27cdf788b28f5f.txt`
 * §Morale; RULINGS.md §shock Morale.
 */
export interface MoraleCombatant {
  readonly id: string;
  /** An NPC (only NPC groups check morale). */
  readonly npc: boolean;
  /** Its statblock's group name. */
  readonly group: string;
  readonly morale: number;
  /** Defeated, or its actor not up (down, fled, or gone). */
  readonly down: boolean;
}

/** The NPCs of `group` in the combat, in its order. */
export function groupMembers(
  all: readonly MoraleCombatant[], group: string,
): MoraleCombatant[] {
  return all.filter((c) => c.npc && c.group === group);
}

/**
 * The checks a member's fall crosses, read right after it (its fall counted among `members`
 * down): its first member down, or half of it (rounded up); none for a fearless group or one with
 * nobody left standing (`moraleTriggers`).
 */
export function triggersAfterFall(
  members: readonly MoraleCombatant[], fearless: boolean,
): MoraleTrigger[] {
  const downAfter = members.filter((m) => m.down).length;
  return moraleTriggers(members.length, downAfter - 1, downAfter, fearless);
}

/** The members as the group's score reads them: their Morale, and whether still in the fight. */
export function scoreMembers(members: readonly MoraleCombatant[]): MoraleMember[] {
  return members.map((m) => ({ morale: m.morale, inFight: !m.down }));
}

/** The members who flee when the group breaks: those still standing (ids, in order). */
export function fleeing(members: readonly MoraleCombatant[]): string[] {
  return members.filter((m) => !m.down).map((m) => m.id);
}

/**
 * What a broken group's flight writes (null when nobody is left to flee): each standing member's
 * fled mark, the GM's record kept on the combat (`KEPT_SPEC.fled`), and its Combatant defeated
 * (Foundry's own mark).
 */
export function flightWrites(members: readonly MoraleCombatant[]): {
  readonly kept: Record<string, { fled: true }>;
  readonly defeated: { _id: string; defeated: true }[];
} | null {
  const fled = fleeing(members);
  if (!fled.length) return null;
  return {
    kept: Object.fromEntries(fled.map((id) => [id, { fled: true as const }])),
    defeated: fled.map((id) => ({ _id: id, defeated: true as const })),
  };
}
