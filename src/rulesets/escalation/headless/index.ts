import { actorSource } from "../../../engine/schema/document-source";
import { SeededRoller } from "../../../engine/dice/roller";
import { actorsBySlug, pickActors, trialsOutcome } from "../../../engine/runner/command";
import type {
  EncounterOutcome, EncounterRequest, HeadlessRuleset, PackReader,
} from "../../../engine/runner/headless";
import { textLog } from "../../../engine/runner/format";
import type { Localize } from "../../../engine/i18n";
import { statblockFromActor, type Statblock } from "../rules/statblock";
import { runEncounter } from "../encounter/simulate";
import { runTrials } from "../encounter/trials";
import { runDay } from "../encounter/day";
import { EVENT_LINES } from "../encounter/format";
import { DEFAULT_DAY, DEFAULT_FOES, encounterLogJson } from "./log";
import { plainFight, plainLineup } from "./plain";

/**
 * escalation in the Node commands: one fight, `--trials`, `--day` (an adventuring day) and the
 * surprise, ambush-die and flee options, from the compendium sources; and its bench subject.
 * Source: `000_c2dc3d650823e22d.txt`.
 */

/** The fights per second the full rules must reach on one core (issue: the neutral engine). */
const BENCH_GOAL = 20_000;

/**
 * Options that cannot be combined, with why: each mode named first plays fights that ignore the
 * other option, so accepting both would silently drop one.
 */
const CONFLICTS: readonly (readonly [string, string, string])[] = [
  ["day", "trials", "a day is one seeded run"],
  ["trials", "surprise", "trials play fights without a surprise round"],
  ["trials", "ambush-die", "trials play fights without an ambush"],
  ["trials", "flee", "trials play every fight to its end"],
  ["day", "surprise", "a day's fights have no surprise round"],
  ["day", "ambush-die", "a day's fights have no ambush"],
];

/** The first pair of given options that cannot be combined, as a refusal, or null. */
function conflict(request: EncounterRequest): string | null {
  const given = (name: string): boolean => {
    if (name === "trials") return request.trials !== undefined;
    if (name === "surprise") return request.surprise !== undefined;
    return Boolean(request.extra[name]);
  };
  for (const [a, b, why] of CONFLICTS) {
    if (given(a) && given(b)) return `--${a} and --${b} cannot be combined: ${why}.`;
  }
  // The option starts the die at 1 after a *PC* ambush (rules/escalation-die.ts).
  if (given("ambush-die") && request.surprise === "enemies") {
    return "--ambush-die and --surprise enemies cannot be combined: "
      + "the die starts at 1 after a party ambush.";
  }
  if (given("ambush-die") && request.surprise === undefined && !given("trials") && !given("day")) {
    return "--ambush-die needs --surprise party: the die starts at 1 only after a party ambush.";
  }
  return null;
}

/** A pack's actors by slug (file name); `pick()` also accepts their `_id`s. */
function actors(packs: PackReader, pack: string): Map<string, Statblock> {
  return actorsBySlug(
    packs, pack, (doc) => statblockFromActor(actorSource(doc)),
  );
}

const PICK = { aliases: (b: Statblock) => [b.id], listCommand: "--list" };

function pick(available: Map<string, Statblock>, list: string, flag: string): Statblock[] | string {
  return pickActors(available, list, flag, PICK);
}

function encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome {
  const refused = conflict(request);
  if (refused) return { refuse: refused };
  const pregens = actors(packs, "pregens");
  const monsters = actors(packs, "monsters");
  if (request.list) {
    const party = [...pregens].map(([s, b]) => `  ${s}  (${b.name})`).join("\n");
    const foes = [...monsters].map(([s, b]) => `  ${s}  (${b.name}, level ${b.level})`).join("\n");
    return { out: `party:\n${party}\nfoes:\n${foes}\n` };
  }
  const party = pick(pregens, request.party ?? [...pregens.keys()].join(","), "--party");
  if (typeof party === "string") return { refuse: party };
  const { seed, json } = request;
  if (request.extra.day) {
    const fights: Statblock[][] = [];
    for (const group of (request.foes ?? DEFAULT_DAY).split(";")) {
      const foes = pick(monsters, group, "--foes");
      if (typeof foes === "string") return { refuse: foes };
      fights.push(foes);
    }
    if (json) return { out: encounterLogJson({ mode: "day", party, fights, seed }) };
    const day = runDay({ party, fights, roller: new SeededRoller(seed) });
    return { out: textLog(EVENT_LINES, day.events, t) };
  }
  const foes = pick(monsters, request.foes ?? DEFAULT_FOES, "--foes");
  if (typeof foes === "string") return { refuse: foes };
  if (request.trials !== undefined) {
    return trialsOutcome(runTrials(party, foes, request.trials, seed), json);
  }
  const ambushDie = Boolean(request.extra["ambush-die"]);
  const flee = Boolean(request.extra.flee);
  const { surprise } = request;
  if (json) {
    return {
      out: encounterLogJson({ mode: "fight", party, foes, seed, surprise, ambushDie, flee }),
    };
  }
  const roller = new SeededRoller(seed);
  const fight = runEncounter({ party, foes, roller, surprise, ambushDie, flee });
  return { out: textLog(EVENT_LINES, fight.events, t) };
}

/** escalation's encounter command and bench. */
export const HEADLESS: HeadlessRuleset = {
  options: {
    day: {
      type: "boolean",
      usage: `an adventuring day: the fights in --foes separated by ";" (default:\n${
        DEFAULT_DAY
      }), a Quick Rest after each, then a Full Rest`,
    },
    "ambush-die": {
      type: "boolean",
      usage: "after a party ambush, the escalation die starts at 1 (a world option)",
    },
    flee: {
      type: "boolean",
      usage:
        "the party flees (a Campaign Loss) when the fight turns against it\n(--trials takes "
        + "none of --surprise, --ambush-die, --flee; --day flees by\nitself and takes neither "
        + "--surprise nor --ambush-die)",
    },
  },
  defaultFoes: DEFAULT_FOES,
  surpriseUsage: "two of the ambushing side act in a surprise round",
  encounter,
  bench(packs) {
    const party = [...actors(packs, "pregens").values()];
    const monsters = actors(packs, "monsters");
    const foes = DEFAULT_FOES.split(",").map((slug) => monsters.get(slug)!);
    const lineup = plainLineup(party, foes);
    return {
      label: `escalation, ${party.length} v ${foes.length}`,
      full: (i) => void runEncounter({ party, foes, roller: new SeededRoller(i), record: false }),
      plain: (i) => void plainFight(lineup, new SeededRoller(i)),
      plainNote:
        "attack bonus, defenses, HP, damage dice; no conditions, escalation or death saves",
      goal: BENCH_GOAL,
    };
  },
};
