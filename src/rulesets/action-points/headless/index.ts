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
import { DEFAULT_AP_FOES } from "../encounter/defaults";
import type { Side } from "../encounter/events";
import { AP_LINES } from "../encounter/format";
import { runApEncounter } from "../encounter/simulate";
import { runApTrials } from "../encounter/trials";
import { plainApFight, plainApLineup } from "./plain";

/**
 * action-points in the Node commands: one fight (text or `--json` `{winner, rounds, events}`) or
 * `--trials n` seeded fights with the party's win rate, from the compendium sources
 * (`pregens`, `npcs`); `--surprise party|enemies` opens the fight (every trial's too) with a
 * surprise round; and its bench subject. Source: `004_2cc57162401858c9.txt`.
 */

/** A pack's actors by slug (file name); `_id`s are accepted too when picking. */
export function apActors(packs: PackReader, pack: "pregens" | "npcs"): Map<string, Statblock> {
  return actorsBySlug(
    packs, pack, (doc) => statblockFromActor(actorSource(doc)),
  );
}

const PICK = { aliases: (b: Statblock) => [b.id], listCommand: "--ruleset action-points --list" };


/** The side caught unawares by `--surprise <ambushers>`. */
const surprisedBy = (ambushers: "party" | "enemies" | undefined): Side | undefined =>
  ambushers === "party" ? "foes" : ambushers === "enemies" ? "party" : undefined;

function list(pregens: Map<string, Statblock>, npcs: Map<string, Statblock>, json: boolean): string {
  const entries = (m: Map<string, Statblock>) => [...m].map(([slug, b]) => ({ slug, name: b.name }));
  if (json) return `${JSON.stringify({ party: entries(pregens), foes: entries(npcs) })}\n`;
  const lines = (m: Map<string, Statblock>) =>
    [...m].map(([slug, b]) => `  ${slug}  (${b.name}, ${b.size})`).join("\n");
  return `party:\n${lines(pregens)}\nfoes:\n${lines(npcs)}\n`;
}

function encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome {
  const refused = commandRefusal(request, "action-points", { surprise: true });
  if (refused) return { refuse: refused };
  let pregens: Map<string, Statblock>;
  let npcs: Map<string, Statblock>;
  try {
    pregens = apActors(packs, "pregens");
    npcs = apActors(packs, "npcs");
  } catch (err) {
    if (err instanceof StatblockError) return { refuse: err.message };
    throw err;
  }
  if (request.list) return { out: list(pregens, npcs, request.json) };
  const party = pickActors(pregens, request.party ?? [...pregens.keys()].join(","), "--party", PICK);
  if (typeof party === "string") return { refuse: party };
  const foes = pickActors(npcs, request.foes ?? DEFAULT_AP_FOES.join(","), "--foes", PICK);
  if (typeof foes === "string") return { refuse: foes };
  const surprised = surprisedBy(request.surprise);
  if (request.trials !== undefined) {
    const options = surprised ? { surprised } : {};
    return trialsOutcome(
      runApTrials(party, foes, request.trials, request.seed, options), request.json,
    );
  }
  const roller = new SeededRoller(request.seed);
  const fight = runApEncounter({ party, foes, roller, ...(surprised ? { surprised } : {}) });
  return fightOutcome(fight, request.json, AP_LINES, t);
}

/** action-points' encounter command and bench. */
export const HEADLESS: HeadlessRuleset = {
  options: {},
  defaultFoes: DEFAULT_AP_FOES.join(","),
  surpriseUsage: "only that side acts in a surprise round; the other starts with 0 AP, RP and FP",
  encounter,
  bench(packs) {
    const party = [...apActors(packs, "pregens").values()];
    const npcs = apActors(packs, "npcs");
    const foes = DEFAULT_AP_FOES.map((slug) => {
      const b = npcs.get(slug);
      if (!b) throw new Error(`action-points' bench needs the NPC ${slug} in its npcs pack`);
      return b;
    });
    const lineup = plainApLineup(party, foes);
    return {
      label: `action-points, ${party.length} v ${foes.length}`,
      // Unrecorded, as the other rulesets' benches and every ruleset's trials play.
      full: (i) =>
        void runApEncounter({ party, foes, roller: new SeededRoller(i), record: false }),
      plain: (i) => void plainApFight(lineup, new SeededRoller(i)),
      plainNote:
        "skill, HP, weapon dice, two attacks a round; no grid, reactions, RP/FP, special actions "
        + "or tactics",
    };
  },
};
