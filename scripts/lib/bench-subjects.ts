import { SeededRoller } from "../../src/engine/dice/roller";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import * as escalation from "../../src/rulesets/escalation/rules/statblock";
import { runShockEncounter } from "../../src/rulesets/shock/encounter/simulate";
import { DEFAULT_SHOCK_FOES } from "../../src/rulesets/shock/encounter/defaults";
import * as shock from "../../src/rulesets/shock/rules/statblock";
import { DEFAULT_FOES } from "./encounter-log";
import { plainFight, plainLineup } from "./plain-fight";
import { plainShockFight, plainShockLineup } from "./plain-shock";
import { readPackSources, slugOf } from "./sources";
import type { Workload } from "./timing";

/** One ruleset's bench: its default fight with the full rules, and the plain simulator of it. */
export interface BenchSubject {
  /** e.g. "escalation, 4 v 6". */
  readonly label: string;
  readonly full: Workload;
  readonly plain: Workload;
  /** What the plain simulator leaves out, for the report. */
  readonly plainNote: string;
}

function escalationSubject(): BenchSubject {
  const load = (pack: string) => new Map(readPackSources(`escalation/${pack}`).map((s) =>
    [slugOf(s.file), escalation.statblockFromActor(s.doc as unknown as escalation.ActorDocumentSource)]));
  const party = [...load("pregens").values()];
  const monsters = load("monsters");
  const foes = DEFAULT_FOES.split(",").map((slug) => monsters.get(slug)!);
  const lineup = plainLineup(party, foes);
  return {
    label: `escalation, ${party.length} v ${foes.length}`,
    full: (i) => void runEncounter({ party, foes, roller: new SeededRoller(i), record: false }),
    plain: (i) => void plainFight(lineup, new SeededRoller(i)),
    plainNote: "attack bonus, defenses, HP, damage dice; no conditions, escalation or death saves",
  };
}

function shockSubject(): BenchSubject {
  const load = (pack: string) => readPackSources(`shock/${pack}`).map((s) =>
    shock.statblockFromActor(s.doc as unknown as shock.ActorDocumentSource));
  const party = load("pregens");
  const byName = new Map(load("npcs").map((b) => [b.name, b]));
  const foes = DEFAULT_SHOCK_FOES.map((name) => byName.get(name)!);
  const lineup = plainShockLineup(party, foes);
  return {
    label: `shock, ${party.length} v ${foes.length}`,
    full: (i) => void runShockEncounter({ party, foes, roller: new SeededRoller(i) }),
    plain: (i) => void plainShockFight(lineup, new SeededRoller(i)),
    plainNote: "attack bonus, AC, HP, weapon dice; no Shock, shields, reactions, morale or tactics",
  };
}

/** Every ruleset the bench can play, by id (the bench checks this against the registry). */
export const BENCH_SUBJECTS: Readonly<Record<string, () => BenchSubject>> = {
  escalation: escalationSubject,
  shock: shockSubject,
};
