import { actorSource } from "../../../engine/schema/document-source";
import { SeededRoller } from "../../../engine/dice/roller";
import {
  actorsBySlug, fightOutcome, pickActors, trialsOutcome,
} from "../../../engine/runner/command";
import type {
  EncounterOutcome, EncounterRequest, HeadlessRuleset, PackReader,
} from "../../../engine/runner/headless";
import type { Localize } from "../../../engine/i18n";
import { statblockFromActor, type Statblock } from "../rules/statblock";
import { runShockEncounter } from "../encounter/simulate";
import { runShockTrials } from "../encounter/trials";
import { SHOCK_LINES } from "../encounter/format";
import { DEFAULT_SHOCK_FOES } from "../encounter/defaults";
import { plainShockFight, plainShockLineup } from "./plain";

/**
 * shock in the Node commands: one fight (text or `--json` `{winner, rounds, events}`) or
 * `--trials n` seeded fights with the party's win rate, from the compendium sources; and its
 * bench subject. Source: `002_5e27cdf788b28f5f.txt`.
 */

/** shock's pack actors by slug (file name); ids and names are accepted too when picking. */
export function shockActors(packs: PackReader, pack: "pregens" | "npcs"): Map<string, Statblock> {
  return actorsBySlug(
    packs, pack, (doc) => statblockFromActor(actorSource(doc)),
  );
}

const PICK = { aliases: (b: Statblock) => [b.id, b.name], listCommand: "--ruleset shock --list" };

function pick(available: Map<string, Statblock>, list: string, flag: string): Statblock[] | string {
  return pickActors(available, list, flag, PICK);
}

/**
 * The first pair of given options that cannot be combined, as a refusal, or null: trials play
 * fights without a surprise round, so accepting both would silently drop the surprise.
 */
function conflict(request: EncounterRequest): string | null {
  if (request.trials !== undefined && request.surprise !== undefined) {
    return "--trials and --surprise cannot be combined: trials play fights without a surprise round.";
  }
  return null;
}

function encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome {
  const refused = conflict(request);
  if (refused) return { refuse: refused };
  const pregens = shockActors(packs, "pregens");
  const npcs = shockActors(packs, "npcs");
  if (request.list) {
    const line = ([slug, b]: [string, Statblock]) =>
      `  ${slug}  (${b.name}${b.isPC ? "" : `, ${b.group}`})`;
    const list = (m: Map<string, Statblock>) => [...m].map(line).join("\n");
    return { out: `party:\n${list(pregens)}\nfoes:\n${list(npcs)}\n` };
  }
  const party = pick(pregens, request.party ?? [...pregens.keys()].join(","), "--party");
  if (typeof party === "string") return { refuse: party };
  const foes = pick(npcs, request.foes ?? DEFAULT_SHOCK_FOES.join(","), "--foes");
  if (typeof foes === "string") return { refuse: foes };
  if (request.trials !== undefined) {
    return trialsOutcome(runShockTrials(party, foes, request.trials, request.seed), request.json);
  }
  // The other side is surprised: the ambushers get the free round.
  const surprised = request.surprise === "party" ? ["foes"]
    : request.surprise === "enemies" ? ["party"] : undefined;
  const roller = new SeededRoller(request.seed);
  const fight = runShockEncounter({ party, foes, roller, surprised });
  return fightOutcome(fight, request.json, SHOCK_LINES, t);
}

/** shock's encounter command and bench. */
export const HEADLESS: HeadlessRuleset = {
  options: {},
  defaultFoes: DEFAULT_SHOCK_FOES.join(","),
  surpriseUsage: "the other side is surprised and gives it a free round",
  encounter,
  bench(packs) {
    const party = [...shockActors(packs, "pregens").values()];
    const byName = new Map([...shockActors(packs, "npcs").values()].map((b) => [b.name, b]));
    const foes = DEFAULT_SHOCK_FOES.map((name) => byName.get(name)!);
    const lineup = plainShockLineup(party, foes);
    return {
      label: `shock, ${party.length} v ${foes.length}`,
      // Unrecorded, as escalation's bench and both rulesets' trials play: the rules are the same.
      full: (i) =>
        void runShockEncounter({ party, foes, roller: new SeededRoller(i), record: false }),
      plain: (i) => void plainShockFight(lineup, new SeededRoller(i)),
      plainNote: "attack bonus, AC, HP, weapon dice; no Shock, shields, reactions, morale or tactics",
    };
  },
};
