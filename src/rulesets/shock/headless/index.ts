import { SeededRoller } from "../../../engine/dice/roller";
import type {
  EncounterOutcome, EncounterRequest, HeadlessRuleset, PackReader,
} from "../../../engine/runner/headless";
import type { Localize } from "../../../engine/i18n";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../rules/statblock";
import { runShockEncounter } from "../encounter/simulate";
import { runShockTrials } from "../encounter/trials";
import { formatShockEvent } from "../encounter/format";
import { DEFAULT_SHOCK_FOES } from "../encounter/defaults";
import { plainShockFight, plainShockLineup } from "./plain";

/**
 * shock in the Node commands: one fight (text or `--json` `{winner, rounds, events}`) or
 * `--trials n` seeded fights with the party's win rate, from the compendium sources; and its
 * bench subject. Source: `002_5e27cdf788b28f5f.txt`.
 */

/** shock's pack actors by slug (file name); ids and names are accepted too when picking. */
export function shockActors(packs: PackReader, pack: "pregens" | "npcs"): Map<string, Statblock> {
  return new Map(packs(pack).map(({ slug, doc }) =>
    [slug, statblockFromActor(doc as unknown as ActorDocumentSource)]));
}

function pick(available: Map<string, Statblock>, list: string, flag: string): Statblock[] | string {
  const ids = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (!ids.length) return `${flag} needs at least one id.`;
  const byOther = new Map([...available.values()].flatMap((b) => [[b.id, b], [b.name, b]] as const));
  const unknown = ids.filter((id) => !available.has(id) && !byOther.has(id));
  if (!unknown.length) return ids.map((id) => (available.get(id) ?? byOther.get(id)) as Statblock);
  return `Unknown ${flag} id(s): ${unknown.join(", ")}. Run with --ruleset shock --list to see the ids.`;
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
    const r = runShockTrials(party, foes, request.trials, request.seed);
    if (request.json) return { out: `${JSON.stringify(r)}\n` };
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const ci = `95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])}`;
    const wins = `the party wins ${r.partyWins} (${pct(r.winRate)}, ${ci})`;
    return { out: `${r.trials} fights: ${wins}; mean ${r.meanRounds.toFixed(2)} rounds\n` };
  }
  const surprised = request.surprise === "party" ? ["foes"]
    : request.surprise === "enemies" ? ["party"] : undefined;
  const result = runShockEncounter({ party, foes, roller: new SeededRoller(request.seed), surprised });
  if (request.json) {
    const { winner, rounds, events } = result;
    return { out: `${JSON.stringify({ winner, rounds, events })}\n` };
  }
  return { out: result.events.map((e) => `${formatShockEvent(e, t)}\n`).join("") };
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
      full: (i) => void runShockEncounter({ party, foes, roller: new SeededRoller(i) }),
      plain: (i) => void plainShockFight(lineup, new SeededRoller(i)),
      plainNote: "attack bonus, AC, HP, weapon dice; no Shock, shields, reactions, morale or tactics",
    };
  },
};
