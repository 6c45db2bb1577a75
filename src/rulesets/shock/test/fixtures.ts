import { actorSource } from "../../../engine/schema/document-source";
import type { DiceRoller } from "../../../engine/dice/roller";
import { readPackSources } from "../../../../scripts/lib/sources";
import {
  statblockFromActor,
  UNARMED,
  type Statblock,
  type Weapon,
} from "../rules/statblock";

/** Shared pieces of the shock tests: weapons, wielders, scripted dice and the pack statblocks. */
export const SHOCK_ROOT = new URL("../../../../packs/_source/shock/", import.meta.url).pathname;

export function weapon(over: Partial<Weapon> = {}): Weapon {
  return {
    ...UNARMED,
    id: "w",
    name: "Sword",
    unarmed: false,
    attributes: ["str", "dex"],
    skill: "stab",
    dice: 1,
    die: 8,
    shock: { amount: 2, ac: 15, anyAc: false },
    ...over,
  };
}

export function wielder(
  over: { str?: number; dex?: number; stab?: number; brawl?: number; attackBonus?: number } = {},
): Statblock {
  const attributes = { str: over.str ?? 0, dex: over.dex ?? 0, con: 0, int: 0, wis: 0, cha: 0 };
  const skills = {
    stab: over.stab ?? 0,
    shoot: 0,
    brawl: over.brawl ?? 0,
    exert: 0,
    sneak: 0,
    notice: 0,
    heal: 0,
  };
  return {
    id: "x",
    name: "X",
    isPC: true,
    attackBonus: over.attackBonus ?? 0,
    hitDice: 1,
    attributes,
    skills,
    hpMax: 10,
    ac: 10,
    shield: false,
    save: 14,
    snapAttack: true,
    morale: 12,
    fearless: true,
    group: "X",
    weapons: [weapon()],
  };
}

/** Dice read from a script, in order; running out is an error. */
export class Scripted implements DiceRoller {
  constructor(private readonly values: number[]) {}
  die(faces: number): number {
    const v = this.values.shift();
    if (v === undefined) throw new Error("script ran out of dice");
    if (v > faces) throw new Error(`scripted ${v} on a d${faces}`);
    return v;
  }
}

const load = (pack: string): Statblock[] =>
  readPackSources(pack, SHOCK_ROOT).map((s) =>
    statblockFromActor(actorSource(s.doc)),
  );
let cache: { pregens: Statblock[]; npcs: Statblock[] } | null = null;
/** The pregens and NPCs of `packs/_source/shock`. */
export function packBlocks(): { pregens: Statblock[]; npcs: Statblock[] } {
  return (cache ??= { pregens: load("pregens"), npcs: load("npcs") });
}
export function block(name: string): Statblock {
  const { pregens, npcs } = packBlocks();
  const b = [...pregens, ...npcs].find((x) => x.name === name);
  if (!b) throw new Error(`no shock statblock named ${name}`);
  return b;
}
