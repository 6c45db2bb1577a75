import { actorSource } from "../../../engine/schema/document-source";
import { SeededRoller } from "../../../engine/dice/roller";
import type { PackDocument, PackReader } from "../../../engine/runner/headless";
import { DEFAULT_PHASES_FOES, DEFAULT_PHASES_PARTY } from "../encounter/defaults";
import { runPhasesEncounter, type PhasesEncounterOptions } from "../encounter/simulate";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../rules/statblock";

/**
 * The headless runner's test fights: actor sources built here (as the `pregens` and `npcs` packs
 * will hold them, each with its slug), so no test depends on the pack content written elsewhere.
 * Their powers cover what the runner plays: every condition with every duration, damage on a miss
 * (half and full), powers of two targets, healing and curing items, tiers 1 to 4, shooters and
 * brawlers, an edited Charge and a movement power of a calling's own.
 */
type Item = NonNullable<ActorDocumentSource["items"]>[number];

let ids = 0;
const item = (name: string, type: string, system: Record<string, unknown>): Item => ({
  _id: `it${(++ids).toString(16).padStart(14, "0")}`, name, type, system,
});
const melee = (name: string, dice: number, die: string, bonus: number, extra = {}): Item =>
  item(name, "phasesAttack", { kind: "melee", range: 1, damage: { dice, die, bonus }, ...extra });
const ranged = (
  name: string, range: number, dice: number, die: string, bonus: number, extra = {},
): Item => item(name, "phasesAttack", { kind: "ranged", range, damage: { dice, die, bonus }, ...extra });
const effect = (condition: string, duration: string, onMiss = false) =>
  ({ condition, duration, onMiss });

interface Stats {
  hp: number; atk: number; def: number; int: number; agi: number; speed: number; tier: number;
}

const actor = (
  slug: string, name: string, pc: boolean, s: Stats, items: Item[],
): PackDocument => ({
  slug,
  doc: {
    _id: `ac${slug.replace(/-/g, "").slice(0, 14).padEnd(14, "0")}`, name,
    type: pc ? "phasesCharacter" : "phasesNpc",
    system: {
      hp: { value: s.hp, max: s.hp }, atk: s.atk, def: s.def, int: s.int, agi: s.agi,
      speed: s.speed, tier: s.tier, ...(pc ? { calling: "Adventurer" } : { role: "Monster" }),
    },
    items,
  },
});

const PREGENS: readonly PackDocument[] = [
  actor("brakka-stone", "Brakka Stone", true,
    { hp: 30, atk: 4, def: 14, int: 0, agi: 1, speed: 5, tier: 2 }, [
      melee("Warhammer", 1, "10", 3, { basic: true }),
      melee("Shield Bash", 1, "6", 2, { effects: [effect("dazed", "endOfRound")] }),
      item("Healing Potion", "phasesActivatable", {
        uses: { value: 1, max: 1 }, heal: { dice: 2, die: "6", bonus: 2 }, ends: [],
      }),
    ]),
  actor("lysa-vell", "Lysa Vell", true,
    { hp: 18, atk: 4, def: 12, int: 2, agi: 3, speed: 6, tier: 1 }, [
      ranged("Longbow", 10, 1, "8", 2),
      ranged("Pinning Arrow", 8, 1, "6", 0, { effects: [effect("slowed", "saveEnds")] }),
      melee("Dagger", 1, "4", 1, { basic: true }),
      item("Tumble", "phasesMovement", {
        kind: "other", squares: { base: "fixed", times: 0, plus: 3 }, provokes: false,
      }),
    ]),
  actor("odo-marsh", "Odo Marsh", true,
    { hp: 22, atk: 3, def: 13, int: 3, agi: 0, speed: 5, tier: 1 }, [
      melee("Mace", 1, "8", 1, { basic: true }),
      ranged("Searing Light", 6, 1, "8", 0, {
        miss: "half", effects: [effect("exposed", "saveEnds")],
      }),
      item("Holy Water", "phasesActivatable", {
        uses: { value: 2, max: 2 }, heal: { dice: 1, die: "8", bonus: 2 }, ends: ["dazed", "slowed"],
      }),
    ]),
  actor("senna-quill", "Senna Quill", true,
    { hp: 16, atk: 5, def: 11, int: 4, agi: 2, speed: 6, tier: 2 }, [
      ranged("Arc Lightning", 6, 1, "6", 1, { targets: 2 }),
      ranged("Binding Glyph", 6, 1, "4", 0, { effects: [effect("immobilised", "sustained")] }),
      melee("Staff", 1, "6", 0, { basic: true }),
    ]),
];

const NPCS: readonly PackDocument[] = [
  actor("bog-goblin", "Bog Goblin", false,
    { hp: 9, atk: 2, def: 11, int: 0, agi: 2, speed: 6, tier: 1 }, [
      melee("Hooked Spear", 1, "6", 1, { basic: true, effects: [effect("slowed", "endOfRound")] }),
      ranged("Mud Fling", 4, 1, "4", 0, { effects: [effect("slowed", "endOfRound")] }),
    ]),
  actor("goblin-archer", "Goblin Archer", false,
    { hp: 8, atk: 3, def: 11, int: 1, agi: 3, speed: 6, tier: 1 }, [
      ranged("Shortbow", 8, 1, "6", 1),
      melee("Knife", 1, "4", 0, { basic: true }),
    ]),
  actor("orc-raider", "Orc Raider", false,
    { hp: 20, atk: 4, def: 13, int: -1, agi: 1, speed: 6, tier: 2 }, [
      melee("Greataxe", 1, "12", 2, { basic: true }),
      melee("Brutal Sweep", 1, "6", 2, { targets: 2, miss: "half" }),
    ]),
  actor("orc-shaman", "Orc Shaman", false,
    { hp: 15, atk: 4, def: 12, int: 2, agi: 0, speed: 5, tier: 2 }, [
      ranged("Hex Bolt", 8, 1, "8", 1, { effects: [effect("dazed", "saveEnds")] }),
      ranged("Curse of Frailty", 6, 1, "4", 0, { effects: [effect("exposed", "saveEnds", true)] }),
      melee("Bone Club", 1, "6", 0, { basic: true }),
      item("Spirit Totem", "phasesActivatable", {
        uses: { value: 1, max: 1 }, heal: { dice: 1, die: "6", bonus: 2 }, ends: [],
      }),
    ]),
  actor("dire-boar", "Dire Boar", false,
    { hp: 32, atk: 5, def: 14, int: -2, agi: 2, speed: 7, tier: 3 }, [
      melee("Gore", 2, "6", 3, { basic: true }),
      melee("Trample", 1, "8", 2, { effects: [effect("immobilised", "sustained")] }),
      item("Thundering Charge", "phasesMovement", {
        kind: "charge", squares: { base: "speed", times: 1, plus: 2 }, path: "straightAtEnemy",
        edge: { amount: 1, scope: "meleeAtEnemy", until: "endOfRound" },
      }),
    ]),
  actor("skeleton-guard", "Skeleton Guard", false,
    { hp: 14, atk: 3, def: 13, int: -1, agi: 0, speed: 5, tier: 1 }, [
      melee("Rusted Sword", 1, "8", 0, { basic: true }),
      melee("Grasping Bones", 1, "4", 0, {
        miss: "full", effects: [effect("immobilised", "endOfRound")],
      }),
    ]),
  actor("hill-troll", "Hill Troll", false,
    { hp: 50, atk: 6, def: 15, int: -2, agi: 0, speed: 6, tier: 4 }, [
      melee("Club", 2, "8", 4, { basic: true }),
    ]),
  actor("ghoul", "Ghoul", false,
    { hp: 18, atk: 4, def: 12, int: 0, agi: 3, speed: 6, tier: 2 }, [
      melee("Paralysing Claw", 1, "6", 1, { basic: true, effects: [effect("immobilised", "saveEnds")] }),
    ]),
  actor("cultist", "Cultist", false,
    { hp: 10, atk: 3, def: 11, int: 2, agi: 1, speed: 6, tier: 1 }, [
      ranged("Shadow Bolt", 10, 1, "8", 0),
      melee("Sacrificial Knife", 1, "4", 1),
    ]),
];

/** A PackReader over the fixtures, as the commands read `packs/_source/phases/`. */
export const fixturePacks: PackReader = (pack) =>
  pack === "pregens" ? PREGENS : pack === "npcs" ? NPCS : [];

const cache = new Map<string, Statblock>();
/** The fixture statblock of a slug (pregens and NPCs), made once. */
export function block(slug: string): Statblock {
  let b = cache.get(slug);
  if (!b) {
    const doc = [...PREGENS, ...NPCS].find((d) => d.slug === slug)?.doc;
    if (!doc) throw new Error(`no phases fixture ${slug}`);
    b = statblockFromActor(actorSource(doc));
    cache.set(slug, b);
  }
  return b;
}

const partyList = DEFAULT_PHASES_PARTY.map(block);
/** The four fixture pregens (one list: the runner keys its line-ups by the lists given). */
export const party = (): Statblock[] => partyList;

const lists: Record<string, Statblock[]> = {
  default: DEFAULT_PHASES_FOES.map(block),
  brutes: ["hill-troll", "orc-raider", "ghoul"].map(block),
  casters: ["orc-shaman", "cultist", "cultist", "goblin-archer", "ghoul", "skeleton-guard"].map(block),
};

/** The pinned line-ups: the party against each. */
export const FIGHTS: Record<string, () => Statblock[]> = {
  default: () => lists.default as Statblock[],
  brutes: () => lists.brutes as Statblock[],
  casters: () => lists.casters as Statblock[],
};

/** One recorded fight of a pinned line-up with dice seed `seed`. */
export function fight(name: string, seed: number, extra: Partial<PhasesEncounterOptions> = {}) {
  return runPhasesEncounter({
    party: party(), foes: (FIGHTS[name] as () => Statblock[])(), roller: new SeededRoller(seed),
    ...extra,
  });
}
