import { SeededRoller } from "../../../engine/dice/roller";
import {
  actorsBySlug, commandRefusal, fightOutcome, pickActors, trialsOutcome,
} from "../../../engine/runner/command";
import type {
  EncounterOutcome, EncounterRequest, HeadlessRuleset, PackReader,
} from "../../../engine/runner/headless";
import type { Localize } from "../../../engine/i18n";
import { StatblockError } from "../../../engine/schema/document-source";
import { statblockFromSource, type Statblock } from "../rules/statblock";
import { DEFAULT_WOUNDS_FOES, DEFAULT_WOUNDS_PARTY } from "../encounter/defaults";
import { WOUNDS_LINES } from "../encounter/format";
import { runWoundsEncounter } from "../encounter/simulate";
import { runWoundsTrials } from "../encounter/trials";
import { plainWoundsFight, plainWoundsLineup } from "./plain";

/**
 * wounds in the Node commands: one fight (text or `--json` `{winner, rounds, events}`) or
 * `--trials n` seeded fights with the party's win rate, from the compendium sources (`pregens`,
 * `npcs`; every NPC may be summoned by a spell that names it); `--initiator <id>` names the unit
 * that started the fight (a slug or `_id` of the line-up: it strikes first, undetected, and goes
 * last); no surprise round (the text has none). Not in the registry yet: the encounter command
 * offers it once its Foundry layer exists. Source: `001_dbc5fcc02a99a518.txt`.
 */

/** A pack's actors by slug (file name); `_id`s are accepted too when picking. */
export function woundsActors(packs: PackReader, pack: "pregens" | "npcs"): Map<string, Statblock> {
  return actorsBySlug(packs, pack, (doc) => statblockFromSource(doc));
}

const PICK = { aliases: (b: Statblock) => [b.id], listCommand: "--ruleset wounds --list" };

function list(
  pregens: Map<string, Statblock>, npcs: Map<string, Statblock>, json: boolean,
): string {
  const entries = (m: Map<string, Statblock>) =>
    [...m].map(([slug, b]) => ({ slug, name: b.name, level: b.level }));
  if (json) return `${JSON.stringify({ party: entries(pregens), foes: entries(npcs) })}\n`;
  const lines = (m: Map<string, Statblock>) =>
    [...m].map(([slug, b]) => `  ${slug}  (${b.name}, level ${b.level})`).join("\n");
  return `party:\n${lines(pregens)}\nfoes:\n${lines(npcs)}\n`;
}

/** The default party: the pregens the defaults name that the pack holds, else all of them. */
function defaultParty(pregens: Map<string, Statblock>): string {
  const named = DEFAULT_WOUNDS_PARTY.filter((slug) => pregens.has(slug));
  return (named.length ? named : [...pregens.keys()]).join(",");
}

/** The line-up index `--initiator` names (its first unit with that slug or id), or a refusal. */
function initiatorIndex(
  value: string | boolean | undefined, ids: readonly (readonly string[])[],
): number | undefined | string {
  if (value === undefined || value === false) return undefined;
  const at = ids.findIndex((names) => names.includes(String(value)));
  return at >= 0 ? at
    : `Unknown --initiator id: ${String(value)}. It must be a slug or id of the line-up.`;
}

function encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome {
  const { initiator: flag, ...others } = request.extra;
  const refused = commandRefusal({ ...request, extra: others }, "wounds", { surprise: false });
  if (refused) return { refuse: refused };
  if (request.list && flag !== undefined) {
    return { refuse: "--list and --initiator cannot be combined: --list plays no fight." };
  }
  let pregens: Map<string, Statblock>;
  let npcs: Map<string, Statblock>;
  try {
    pregens = woundsActors(packs, "pregens");
    npcs = woundsActors(packs, "npcs");
  } catch (err) {
    if (err instanceof StatblockError) return { refuse: err.message };
    throw err;
  }
  if (request.list) return { out: list(pregens, npcs, request.json) };
  const partyIds = (request.party ?? defaultParty(pregens)).split(",").map((s) => s.trim());
  const party = pickActors(pregens, partyIds.join(","), "--party", PICK);
  if (typeof party === "string") return { refuse: party };
  const foeIds = (request.foes ?? DEFAULT_WOUNDS_FOES.join(",")).split(",").map((s) => s.trim());
  const foes = pickActors(npcs, foeIds.join(","), "--foes", PICK);
  if (typeof foes === "string") return { refuse: foes };
  const names = [...party, ...foes].map((b, k) =>
    [[...partyIds, ...foeIds].filter(Boolean)[k] ?? "", b.id]);
  const initiator = initiatorIndex(flag, names);
  if (typeof initiator === "string") return { refuse: initiator };
  const summonable = [...npcs.values()];
  if (request.trials !== undefined) {
    return trialsOutcome(
      runWoundsTrials(party, foes, request.trials, request.seed, { summonable, initiator }),
      request.json,
    );
  }
  const fight = runWoundsEncounter({
    party, foes, roller: new SeededRoller(request.seed), summonable, initiator,
  });
  return fightOutcome(fight, request.json, WOUNDS_LINES, t);
}

/**
 * The statblocks of the default fight, and the units its spells may summon, read from the packs.
 * @throws Error naming the slug a pack is missing.
 */
export function defaultLineup(packs: PackReader):
  { party: Statblock[]; foes: Statblock[]; summonable: Statblock[] } {
  const pick = (m: Map<string, Statblock>, pack: string, slug: string) => {
    const b = m.get(slug);
    if (!b) throw new Error(`wounds' bench needs ${slug} in its ${pack} pack`);
    return b;
  };
  const pregens = woundsActors(packs, "pregens");
  const npcs = woundsActors(packs, "npcs");
  return {
    party: DEFAULT_WOUNDS_PARTY.map((slug) => pick(pregens, "pregens", slug)),
    foes: DEFAULT_WOUNDS_FOES.map((slug) => pick(npcs, "npcs", slug)),
    summonable: [...npcs.values()],
  };
}

/** wounds' encounter command and bench (not registered until its Foundry layer exists). */
export const HEADLESS: HeadlessRuleset = {
  options: {
    initiator: {
      type: "string",
      usage: "the slug or id of the unit that started the fight: it strikes first, undetected, "
        + "then goes last in the order",
    },
  },
  defaultFoes: DEFAULT_WOUNDS_FOES.join(","),
  surpriseUsage: "not in wounds (its rules have no surprise round; see --initiator)",
  encounter,
  bench(packs) {
    const { party, foes, summonable } = defaultLineup(packs);
    const lineup = plainWoundsLineup(party, foes);
    return {
      label: `wounds, ${party.length} v ${foes.length}`,
      full: (i) => void runWoundsEncounter({
        party, foes, summonable, roller: new SeededRoller(i), record: false,
      }),
      plain: (i) => void plainWoundsFight(lineup, new SeededRoller(i)),
      plainNote:
        "Accuracy, Agility, armor, HP, first weapon's damage, one attack a round; no initiative, "
        + "field, movement, aims, chains, wounds, purchases, free hits, spells or summons",
    };
  },
};
