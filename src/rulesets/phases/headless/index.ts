import { SeededRoller } from "../../../engine/dice/roller";
import {
  actorsBySlug, commandRefusal, fightOutcome, pickActors, trialsOutcome,
} from "../../../engine/runner/command";
import type {
  EncounterOutcome, EncounterRequest, HeadlessRuleset, PackReader,
} from "../../../engine/runner/headless";
import type { Localize } from "../../../engine/i18n";
import { actorSource, StatblockError } from "../../../engine/schema/document-source";
import { statblockFromActor, type Statblock } from "../rules/statblock";
import { DEFAULT_PHASES_FOES, DEFAULT_PHASES_PARTY } from "../encounter/defaults";
import { PHASES_LINES } from "../encounter/format";
import { runPhasesEncounter } from "../encounter/simulate";
import { runPhasesTrials } from "../encounter/trials";
import { plainPhasesFight, plainPhasesLineup } from "./plain";

/**
 * phases in the Node commands: one fight (text or `--json` `{winner, rounds, events}`) or
 * `--trials n` seeded fights with the party's win rate, from the compendium sources (`pregens`,
 * `npcs`); no surprise round (the text has none, so `--surprise` is refused); and its bench
 * subject. Source: `003_d18720f6cd315cc2.txt`.
 */

/** A pack's actors by slug (file name); `_id`s are accepted too when picking. */
export function phasesActors(packs: PackReader, pack: "pregens" | "npcs"): Map<string, Statblock> {
  return actorsBySlug(
    packs, pack, (doc) => statblockFromActor(actorSource(doc)),
  );
}

const PICK = { aliases: (b: Statblock) => [b.id], listCommand: "--ruleset phases --list" };


function list(
  pregens: Map<string, Statblock>, npcs: Map<string, Statblock>, json: boolean,
): string {
  const entries = (m: Map<string, Statblock>) =>
    [...m].map(([slug, b]) => ({ slug, name: b.name, tier: b.tier }));
  if (json) return `${JSON.stringify({ party: entries(pregens), foes: entries(npcs) })}\n`;
  const lines = (m: Map<string, Statblock>) =>
    [...m].map(([slug, b]) => `  ${slug}  (${b.name}, tier ${b.tier})`).join("\n");
  return `party:\n${lines(pregens)}\nfoes:\n${lines(npcs)}\n`;
}

/** The default party: the pregens the defaults name that the pack holds, else all of them. */
function defaultParty(pregens: Map<string, Statblock>): string {
  const named = DEFAULT_PHASES_PARTY.filter((slug) => pregens.has(slug));
  return (named.length ? named : [...pregens.keys()]).join(",");
}

function encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome {
  const refused = commandRefusal(request, "phases", { surprise: false });
  if (refused) return { refuse: refused };
  let pregens: Map<string, Statblock>;
  let npcs: Map<string, Statblock>;
  try {
    pregens = phasesActors(packs, "pregens");
    npcs = phasesActors(packs, "npcs");
  } catch (err) {
    if (err instanceof StatblockError) return { refuse: err.message };
    throw err;
  }
  if (request.list) return { out: list(pregens, npcs, request.json) };
  const party = pickActors(pregens, request.party ?? defaultParty(pregens), "--party", PICK);
  if (typeof party === "string") return { refuse: party };
  const foes = pickActors(npcs, request.foes ?? DEFAULT_PHASES_FOES.join(","), "--foes", PICK);
  if (typeof foes === "string") return { refuse: foes };
  if (request.trials !== undefined) {
    return trialsOutcome(runPhasesTrials(party, foes, request.trials, request.seed), request.json);
  }
  const fight = runPhasesEncounter({ party, foes, roller: new SeededRoller(request.seed) });
  return fightOutcome(fight, request.json, PHASES_LINES, t);
}

/**
 * The statblocks of the default fight, read from the packs.
 * @throws Error naming the slug a pack is missing.
 */
export function defaultLineup(packs: PackReader): { party: Statblock[]; foes: Statblock[] } {
  const pick = (m: Map<string, Statblock>, pack: string, slug: string) => {
    const b = m.get(slug);
    if (!b) throw new Error(`phases' bench needs ${slug} in its ${pack} pack`);
    return b;
  };
  const pregens = phasesActors(packs, "pregens");
  const npcs = phasesActors(packs, "npcs");
  return {
    party: DEFAULT_PHASES_PARTY.map((slug) => pick(pregens, "pregens", slug)),
    foes: DEFAULT_PHASES_FOES.map((slug) => pick(npcs, "npcs", slug)),
  };
}

/** phases' encounter command and bench. */
export const HEADLESS: HeadlessRuleset = {
  options: {},
  defaultFoes: DEFAULT_PHASES_FOES.join(","),
  surpriseUsage: "not in phases (its rules have no surprise round)",
  encounter,
  bench(packs) {
    const { party, foes } = defaultLineup(packs);
    const lineup = plainPhasesLineup(party, foes);
    return {
      label: `phases, ${party.length} v ${foes.length}`,
      // Unrecorded, as the other rulesets' benches and every ruleset's trials play.
      full: (i) =>
        void runPhasesEncounter({ party, foes, roller: new SeededRoller(i), record: false }),
      plain: (i) => void plainPhasesFight(lineup, new SeededRoller(i)),
      plainNote:
        "ATK, DEF, HP, first power's damage, one attack a round; no initiative, phases, edge, "
        + "grid, movement, conditions, saves, items or tactics",
    };
  },
};
