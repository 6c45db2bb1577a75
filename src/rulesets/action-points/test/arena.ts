import type { DiceRoller } from "../../../engine/dice/roller";
import { SKILLS, type Size, type Skill } from "../rules/constants";
import type { Spell, Statblock, Weapon } from "../rules/statblock";
import { createContext, type Context } from "../encounter/context";
import type { ApEvent, Hex, Side } from "../encounter/events";
import { createFighter, type Fighter } from "../encounter/fighter";
import { placeAt } from "../encounter/position";

/**
 * A small stage for the runner's steps with scripted dice: fighters built from a few numbers and
 * placed on hexes, and a context that records every event. For the text's own examples, played
 * through the runner's own steps (`strike`, `move`, `takeStep`, …).
 */
export class Scripted implements DiceRoller {
  readonly faces: number[] = [];
  constructor(private readonly values: number[]) {}
  die(faces: number): number {
    const v = this.values.shift();
    if (v === undefined) throw new Error(`the script ran out of dice (a d${faces} was asked)`);
    if (v > faces) throw new Error(`scripted ${v} on a d${faces}`);
    this.faces.push(faces);
    return v;
  }
  get left(): number {
    return this.values.length;
  }
}

export const weapon = (over: Partial<Weapon> = {}): Weapon => ({
  id: "w", name: "Sword", category: "sword", kind: "melee", damage: { dice: 1, die: 8, bonus: 2 },
  reach: 1, range: 0, finesse: false, offHand: false, readied: true, flowActions: [], ...over,
});

export const spell = (over: Partial<Spell> = {}): Spell => ({
  id: "s", name: "Bolt", ap: 2, kind: "ranged", range: 6, singleTarget: true,
  damage: { dice: 2, die: 6, bonus: 0 }, ...over,
});

/** A statblock: skills 30 unless given, Medium, 20 HP, 5 AP, 2 RP, 2 FP, a sword. */
export function statblock(over: {
  name: string; skills?: Partial<Record<Skill, number>>; size?: Size; hp?: number;
  shield?: boolean; weapons?: Weapon[]; spells?: Spell[]; isPC?: boolean; agilityModifier?: number;
}): Statblock {
  const skills = Object.fromEntries(SKILLS.map((s) => [s, over.skills?.[s] ?? 30])) as Record<Skill, number>;
  return {
    id: over.name, name: over.name, isPC: over.isPC ?? false, skills,
    agilityModifier: over.agilityModifier ?? Math.floor(skills.agility / 10),
    size: over.size ?? "medium", hpMax: over.hp ?? 20, moveHexes: 6,
    pools: { ap: 5, rp: 2, fp: 2 }, shield: over.shield ?? false,
    weapons: over.weapons ?? [weapon()], spells: over.spells ?? [],
  };
}

/** Fighters on their hexes, a context over scripted dice, every event kept. */
export function arena(
  fighters: readonly { block: Statblock; side: Side; at: Hex }[], dice: number[],
): { ctx: Context; events: ApEvent[]; roller: Scripted; f: (name: string) => Fighter } {
  const events: ApEvent[] = [];
  const roller = new Scripted(dice);
  const all = fighters.map((x) => createFighter(x.block, x.block.name, x.side, x.at, false));
  const ctx = createContext({ record: true, roller, emit: (e) => void events.push(e), fighters: all });
  ctx.round = 1;
  all.forEach((f, k) => placeAt(ctx, f, (fighters[k] as { at: Hex }).at));
  return { ctx, events, roller, f: (name) => ctx.byKey.get(name) as Fighter };
}

/** The events of a kind. */
export function ofKind<K extends ApEvent["kind"]>(events: readonly ApEvent[], kind: K) {
  return events.filter((e): e is Extract<ApEvent, { kind: K }> => e.kind === kind);
}
