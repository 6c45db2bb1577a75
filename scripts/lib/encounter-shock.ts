import { SeededRoller } from "../../src/engine/dice/roller";
import type { Localize } from "../../src/engine/i18n";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../src/rulesets/shock/rules/statblock";
import { runShockEncounter } from "../../src/rulesets/shock/encounter/simulate";
import { runShockTrials } from "../../src/rulesets/shock/encounter/trials";
import { formatShockEvent } from "../../src/rulesets/shock/encounter/format";
import { DEFAULT_SHOCK_FOES } from "../../src/rulesets/shock/encounter/defaults";
import { readPackSources, slugOf } from "./sources";

/** What `npm run encounter -- --ruleset shock` was asked for (already checked by the caller). */
export interface ShockRequest {
  readonly party?: string;
  readonly foes?: string;
  readonly seed: number;
  readonly trials?: number;
  /** The side that ambushes: the other side is surprised and gives it a free round. */
  readonly surprise?: "party" | "enemies";
  readonly json: boolean;
  readonly list: boolean;
}

/** The CLI's answer: text to print, or a refusal (exit 2) with its message. */
export type ShockOutcome = { readonly out: string } | { readonly refuse: string };

/** shock's pack actors by slug (file name); ids and names are accepted too when picking. */
export function shockActors(pack: "pregens" | "npcs"): Map<string, Statblock> {
  return new Map(readPackSources(`shock/${pack}`).map(({ file, doc }) =>
    [slugOf(file), statblockFromActor(doc as unknown as ActorDocumentSource)]));
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
 * Plays `shock` from its packs: one fight (text or `--json` `{winner, rounds, events}`), or
 * `--trials n` seeded fights with the party's win rate. Source: `002_5e27cdf788b28f5f.txt`.
 */
export function runShockCli(request: ShockRequest, t: Localize): ShockOutcome {
  const pregens = shockActors("pregens");
  const npcs = shockActors("npcs");
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
