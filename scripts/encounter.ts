/**
 * `npm run encounter`: plays an `escalation` fight without Foundry, from the compendium sources.
 * Run with `--help` for the options. Exit code 2 on bad options, options that cannot be combined
 * or unknown ids. `npm run` runs it from the prebuilt bundle (`scripts/cli.mjs`).
 */
import { parseArgs } from "node:util";
import { SeededRoller } from "../src/engine/dice/roller";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../src/rulesets/escalation/rules/statblock";
import { RULESET_IDS } from "../src/rulesets/registry";
import { runEncounter } from "../src/rulesets/escalation/encounter/simulate";
import { runTrials } from "../src/rulesets/escalation/encounter/trials";
import { runDay } from "../src/rulesets/escalation/encounter/day";
import { formatEvent } from "../src/rulesets/escalation/encounter/format";
import { localizerFor } from "../src/engine/i18n";
import { DEFAULT_DAY, DEFAULT_FOES, encounterLogJson } from "./lib/encounter-log";
import { runShockCli } from "./lib/encounter-shock";
import { DEFAULT_SHOCK_FOES } from "../src/rulesets/shock/encounter/defaults";
import { languageFor } from "./lib/lang";
import { readPackSources, slugOf } from "./lib/sources";

const USAGE = `Usage: npm run encounter -- [options]
  --ruleset <id>    ruleset to play (${RULESET_IDS.join(", ")}); default escalation
  --party <ids>     comma-separated pregenerated characters (slug or _id); default: all
  --foes <ids>      comma-separated foes (slug or _id, repeats allowed); default:
                    escalation ${DEFAULT_FOES}
                    shock ${DEFAULT_SHOCK_FOES.join(",")}
  --seed <n>        dice seed (integer); default 1
  --trials <n>      play n fights (seeds n, n+1, …) and report the party's win rate
  --surprise <side> party or enemies: the side that ambushes (escalation: two of it act in a
                    surprise round; shock: the other side is surprised and gives it a free round)
  --json            machine-readable output
  --list            list the available ids
escalation only:
  --day             an adventuring day: the fights in --foes separated by ";" (default:
                    ${DEFAULT_DAY}), a Quick Rest after each, then a Full Rest
  --ambush-die      after a party ambush, the escalation die starts at 1 (a world option)
  --flee            the party flees (a Campaign Loss) when the fight turns against it
                    (--trials takes none of --surprise, --ambush-die, --flee; --day flees by
                    itself and takes neither --surprise nor --ambush-die)`;

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

/** Exits 2 naming the first pair of given options that cannot be combined. */
function refuseConflicts(values: Readonly<Record<string, string | boolean | undefined>>): void {
  const given = (name: string) => values[name] !== undefined && values[name] !== false;
  for (const [a, b, why] of CONFLICTS) if (given(a) && given(b)) fail(`--${a} and --${b} cannot be combined: ${why}.`);
  // The option starts the die at 1 after a *PC* ambush (rules/escalation/escalation-die.ts).
  if (values["ambush-die"] && values.surprise === "enemies") {
    fail("--ambush-die and --surprise enemies cannot be combined: the die starts at 1 after a party ambush.");
  }
  if (values["ambush-die"] && values.surprise === undefined && !values.trials && !values.day) {
    fail("--ambush-die needs --surprise party: the die starts at 1 only after a party ambush.");
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function main(): void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        ruleset: { type: "string", default: "escalation" }, party: { type: "string" }, foes: { type: "string" },
        seed: { type: "string", default: "1" }, trials: { type: "string" }, json: { type: "boolean", default: false },
        list: { type: "boolean", default: false }, day: { type: "boolean", default: false },
        surprise: { type: "string" }, "ambush-die": { type: "boolean", default: false }, flee: { type: "boolean", default: false }, help: { type: "boolean", default: false },
      },
      strict: true, allowPositionals: false,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!(RULESET_IDS as readonly string[]).includes(values.ruleset)) {
    fail(`Unknown ruleset "${values.ruleset}". Implemented: ${RULESET_IDS.join(", ")}.`);
  }
  if (values.ruleset === "shock") return shock(values);
  refuseConflicts(values);
  const pregens = loadActors("escalation/pregens");
  const monsters = loadActors("escalation/monsters");
  if (values.list) {
    process.stdout.write(`party:\n${[...pregens].map(([s, b]) => `  ${s}  (${b.name})`).join("\n")}\nfoes:\n${[...monsters].map(([s, b]) => `  ${s}  (${b.name}, level ${b.level})`).join("\n")}\n`);
    return;
  }
  const party = pick(pregens, values.party ?? [...pregens.keys()].join(","), "--party");
  const seed = integer(values.seed, "--seed");
  const t = localizerFor(languageFor("escalation"));
  if (values.day) {
    const fights = (values.foes ?? DEFAULT_DAY).split(";").map((group) => pick(monsters, group, "--foes"));
    if (values.json) return void process.stdout.write(encounterLogJson({ mode: "day", party, fights, seed }));
    const day = runDay({ party, fights, roller: new SeededRoller(seed) });
    for (const event of day.events) process.stdout.write(`${formatEvent(event, t)}\n`);
    return;
  }
  const foes = pick(monsters, values.foes ?? DEFAULT_FOES, "--foes");
  if (values.surprise !== undefined && values.surprise !== "party" && values.surprise !== "enemies") fail(`--surprise must be party or enemies, got "${values.surprise}".`);
  const surprise = values.surprise as "party" | "enemies" | undefined;
  const ambushDie = values["ambush-die"];
  if (values.trials !== undefined) {
    const trials = integer(values.trials, "--trials");
    if (trials < 1 || trials > 1_000_000) fail("--trials must be between 1 and 1000000.");
    const result = runTrials(party, foes, trials, seed);
    if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
      process.stdout.write(`${trials} fights: the party wins ${result.partyWins} (${pct(result.winRate)}, 95% CI ${pct(result.ci95[0])}–${pct(result.ci95[1])}); mean ${result.meanRounds.toFixed(2)} rounds\n`);
    }
    return;
  }
  if (values.json) {
    const request = { mode: "fight", party, foes, seed, surprise, ambushDie, flee: values.flee } as const;
    process.stdout.write(encounterLogJson(request));
    return;
  }
  const result = runEncounter({ party, foes, roller: new SeededRoller(seed), surprise, ambushDie, flee: values.flee });
  for (const event of result.events) process.stdout.write(`${formatEvent(event, t)}\n`);
}

/** `--ruleset shock`: options escalation's modes own are refused, then shock plays. */
function shock(values: Readonly<Record<string, string | boolean | undefined>>): void {
  for (const flag of ["day", "ambush-die", "flee"]) {
    if (values[flag]) fail(`--${flag} is escalation's; shock has no such option.`);
  }
  refuseConflicts(values);
  const surprise = values.surprise as string | undefined;
  if (surprise !== undefined && surprise !== "party" && surprise !== "enemies") {
    fail(`--surprise must be party or enemies, got "${surprise}".`);
  }
  const trials = values.trials === undefined ? undefined : integer(String(values.trials), "--trials");
  if (trials !== undefined && (trials < 1 || trials > 1_000_000)) fail("--trials must be between 1 and 1000000.");
  const request = {
    party: values.party as string | undefined, foes: values.foes as string | undefined,
    seed: integer(String(values.seed), "--seed"), trials, surprise: surprise as "party" | "enemies" | undefined,
    json: Boolean(values.json), list: Boolean(values.list),
  };
  const outcome = runShockCli(request, localizerFor(languageFor("shock")));
  if ("refuse" in outcome) fail(outcome.refuse);
  process.stdout.write(outcome.out);
}

/** A pack's actors by slug (file name); `pick()` also accepts their `_id`s. */
function loadActors(pack: string): Map<string, Statblock> {
  return new Map(readPackSources(pack).map(({ file, doc }) => [slugOf(file), statblockFromActor(doc as unknown as ActorDocumentSource)]));
}

function pick(available: Map<string, Statblock>, list: string, flag: string): Statblock[] {
  const ids = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (!ids.length) fail(`${flag} needs at least one id.`);
  const byId = new Map([...available.values()].map((b) => [b.id, b]));
  const unknown = ids.filter((id) => !available.has(id) && !byId.has(id));
  if (unknown.length) fail(`Unknown ${flag} id(s): ${unknown.join(", ")}. Run with --list to see the ids.`);
  return ids.map((id) => (available.get(id) ?? byId.get(id)) as Statblock);
}

function integer(text: string, flag: string): number {
  if (!/^-?\d+$/.test(text)) fail(`${flag} must be a whole number, got "${text}".`);
  return Number(text);
}

main();
