import { SeededRoller } from "../../../engine/dice/roller";
import type { PackReader } from "../../../engine/runner/headless";
import { DEFAULT_WOUNDS_FOES, DEFAULT_WOUNDS_PARTY } from "../encounter/defaults";
import { runWoundsEncounter, type WoundsEncounterOptions } from "../encounter/simulate";
import type { Statblock } from "../rules/statblock";
import { NO_WARD } from "../rules/upkeep";
import { NPC_SLUGS, packDocuments, packStatblock } from "./pack-statblocks";

/**
 * The runner's test fights, from the pack sources (`packs/_source/wounds/`): the default line-up
 * with and without a starter, a sneak against a crowd, big brutes against the full party, and the
 * default line-up with units lying prone or disarmed as it begins (a scripted set-up: nothing in
 * the text knocks a unit down or disarms it), and the default line-up with scripted delays (the
 * tactics never delay; some of these cannot be played and are not taken), and casters whose
 * attack spell is channeled (Orla Venn has Battle Caster, the Hedge Witch has not), and the
 * default line-up with scripted heals (no pack unit heals), some big enough to remove a wound
 * or bring a down PC back.
 */
export const pregen = (slug: string): Statblock => packStatblock("pregens", slug);
export const npc = (slug: string): Statblock => packStatblock("npcs", slug);
export const SUMMONABLE: readonly Statblock[] = NPC_SLUGS.map(npc);

/** The packs as the commands hand them in. */
export const packs: PackReader = (pack) => packDocuments(pack);

const party = DEFAULT_WOUNDS_PARTY.map(pregen);

/**
 * A caster whose attack spell is replaced by a channeled one (no pack spell takes more than one
 * turn): its other spells kept. A test fixture, not pack content.
 */
function channeler(block: Statblock, castTime: number, mp: number, dice: number, die: number):
  Statblock {
  const spells = block.spells.filter((s) => s.damage === null);
  const storm = {
    id: `${block.id}-storm`, name: "Storm", castTime, mp, upkeep: 0,
    damage: { dice, die, bonus: 0 }, improvement: 0, summon: "", ward: NO_WARD,
  };
  return { ...block, spells: [...spells, storm] };
}

/** Each pinned line-up: its party, foes and starter. */
export const FIGHTS: Readonly<Record<string, Omit<WoundsEncounterOptions, "roller">>> = {
  default: { party, foes: DEFAULT_WOUNDS_FOES.map(npc), summonable: SUMMONABLE },
  starter: {
    party, foes: DEFAULT_WOUNDS_FOES.map(npc), summonable: SUMMONABLE, initiator: 0,
  },
  brutes: {
    party, foes: ["cave-bear", "iron-sentinel", "marsh-lurker", "bandit-archer"].map(npc),
    summonable: SUMMONABLE, initiator: 5,
  },
  sneak: {
    party: [pregen("wren-ashby"), pregen("garrick-holt")],
    foes: ["goblin-cutter", "goblin-cutter", "grave-rat", "hedge-witch"].map(npc),
    summonable: SUMMONABLE, initiator: 0,
  },
  lying: {
    party, foes: DEFAULT_WOUNDS_FOES.map(npc), summonable: SUMMONABLE,
    lying: [
      { unit: 0, prone: true }, { unit: 1, disarmed: true }, { unit: 2, prone: true },
      { unit: 4, prone: true, disarmed: true }, { unit: 5, disarmed: true },
      { unit: 7, prone: true },
    ],
  },
  delays: {
    party, foes: DEFAULT_WOUNDS_FOES.map(npc), summonable: SUMMONABLE,
    delays: [
      { round: 1, unit: 0, after: 2 }, { round: 1, unit: 4, after: null },
      { round: 2, unit: 3, after: 5 }, { round: 2, unit: 6, after: 0 },
      { round: 3, unit: 1, after: null }, { round: 3, unit: 9, after: 8 },
    ],
  },
  channel: {
    party: party.map((b) => (b.name === "Orla Venn" ? channeler(b, 4, 8, 3, 6) : b)),
    foes: DEFAULT_WOUNDS_FOES.map(npc)
      .map((b) => (b.name === "Hedge Witch" ? channeler(b, 3, 6, 2, 8) : b)),
    summonable: SUMMONABLE,
  },
  heals: {
    party, foes: DEFAULT_WOUNDS_FOES.map(npc), summonable: SUMMONABLE,
    heals: [
      { round: 2, unit: 0, amount: 8 }, { round: 3, unit: 2, amount: 4 },
      { round: 3, unit: 0, amount: 20 }, { round: 3, unit: 3, amount: 6 },
      { round: 4, unit: 1, amount: 10 }, { round: 4, unit: 4, amount: 7 },
      { round: 5, unit: 3, amount: 12 }, { round: 5, unit: 1, amount: 9 },
      { round: 6, unit: 0, amount: 10 }, { round: 6, unit: 2, amount: 15 },
    ],
  },
};

/** One recorded fight of a pinned line-up. */
export function fight(name: string, seed: number, observe?: WoundsEncounterOptions["observe"]):
  ReturnType<typeof runWoundsEncounter> {
  const options = FIGHTS[name];
  if (!options) throw new Error(`no fight ${name}`);
  return runWoundsEncounter({ ...options, roller: new SeededRoller(seed), observe });
}
