/**
 * `npm run encounter`: plays a fight of any registered ruleset without Foundry, from the compendium
 * sources, through the ruleset's headless part (`src/rulesets/<id>/headless/`). Run with `--help`
 * for the options. Exit code 2 on bad options, options that cannot be combined or unknown ids.
 * `npm run` runs it from the prebuilt bundle (`scripts/cli.mjs`).
 */
import { parseArgs } from "node:util";
import { localizerFor } from "../src/engine/i18n";
import type { HeadlessRuleset } from "../src/engine/runner/headless";
import { RULESET_IDS } from "../src/rulesets/registry";
import { languageFor } from "./lib/lang";
import { loadHeadless, packReaderFor } from "./lib/headless";

type Values = Record<string, string | boolean | undefined>;

/** The options every ruleset takes, with their usage lines. */
const COMMON = {
  ruleset: {
    type: "string",
    arg: "<id>",
    usage: `ruleset to play (${RULESET_IDS.join(", ")}); default ${RULESET_IDS[0]}`,
  },
  party: {
    type: "string",
    arg: "<ids>",
    usage: "comma-separated pregenerated characters (slug or _id); default: all",
  },
  foes: {
    type: "string",
    arg: "<ids>",
    usage: "comma-separated foes (slug or _id, repeats allowed); default:",
  },
  seed: { type: "string", arg: "<n>", usage: "dice seed (integer); default 1" },
  trials: {
    type: "string",
    arg: "<n>",
    usage: "play n fights (seeds n, n+1, …) and report the party's win rate",
  },
  surprise: { type: "string", arg: "<side>", usage: "party or enemies: the side that ambushes" },
  json: { type: "boolean", usage: "machine-readable output" },
  list: { type: "boolean", usage: "list the available ids" },
  help: { type: "boolean", usage: "this text" },
} as const;

const ARG = (name: string, arg?: string) => `--${name}${arg ? ` ${arg}` : ""}`;
const indent = (text: string) => text.split("\n").join(`\n${" ".repeat(20)}`);

function usage(rulesets: ReadonlyMap<string, HeadlessRuleset>): string {
  const line = (name: string, arg: string | undefined, text: string) =>
    `  ${ARG(name, arg).padEnd(18)}${indent(text)}`;
  const common = Object.entries(COMMON).map(([name, o]) => {
    const arg = "arg" in o ? o.arg : undefined;
    if (name === "foes") {
      const foes = [...rulesets].map(([id, r]) => `${id} ${r.defaultFoes}`).join("\n");
      return line(name, arg, `${o.usage}\n${foes}`);
    }
    if (name === "surprise") {
      const what = [...rulesets].map(([id, r]) => `${id}: ${r.surpriseUsage}`).join("\n");
      return line(name, arg, `${o.usage}\n${what}`);
    }
    return line(name, arg, o.usage);
  });
  const own = [...rulesets].filter(([, r]) => Object.keys(r.options).length).map(([id, r]) =>
    [`${id} only:`, ...Object.entries(r.options).map(([name, o]) =>
      line(name, o.type === "string" ? "<x>" : undefined, o.usage))].join("\n"));
  return ["Usage: npm run encounter -- [options]", ...common, ...own].join("\n");
}

async function main(): Promise<void> {
  const rulesets = new Map<string, HeadlessRuleset>();
  for (const id of RULESET_IDS) rulesets.set(id, await loadHeadless(id));
  const fail = (message: string): never => {
    process.stderr.write(`${message}\n\n${usage(rulesets)}\n`);
    process.exit(2);
  };
  // Every ruleset's own options are parsed, so that one given to another ruleset is named as such.
  const owner = new Map<string, string>();
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const [name, o] of Object.entries(COMMON)) options[name] = { type: o.type };
  for (const [id, r] of rulesets) {
    for (const [name, o] of Object.entries(r.options)) {
      owner.set(name, id);
      options[name] = { type: o.type };
    }
  }
  let values: Values = {};
  try {
    ({ values } = parseArgs({ options, strict: true, allowPositionals: false }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) return void process.stdout.write(`${usage(rulesets)}\n`);
  const id = String(values.ruleset ?? RULESET_IDS[0]);
  const headless = rulesets.get(id);
  if (!headless) return fail(`Unknown ruleset "${id}". Implemented: ${RULESET_IDS.join(", ")}.`);
  const extra: Values = {};
  for (const [name, of] of owner) {
    if (values[name] === undefined || values[name] === false) continue;
    if (of !== id) return fail(`--${name} is ${of}'s; ${id} has no such option.`);
    extra[name] = values[name];
  }
  // The shared refusals of --list with a fight's options are commandRefusal's; the seed's
  // default hides whether it was given, so it is checked here.
  if (values.list && values.seed !== undefined) {
    return fail("--list and --seed cannot be combined: --list plays no fight.");
  }
  const integer = (text: string, flag: string): number => {
    if (!/^-?\d+$/.test(text)) fail(`${flag} must be a whole number, got "${text}".`);
    return Number(text);
  };
  const surprise = values.surprise as string | undefined;
  if (surprise !== undefined && surprise !== "party" && surprise !== "enemies") {
    return fail(`--surprise must be party or enemies, got "${surprise}".`);
  }
  const trials =
    values.trials === undefined ? undefined : integer(String(values.trials), "--trials");
  if (trials !== undefined && (trials < 1 || trials > 1_000_000)) {
    return fail("--trials must be between 1 and 1000000.");
  }
  const outcome = headless.encounter({
    party: values.party as string | undefined, foes: values.foes as string | undefined,
    seed: integer(String(values.seed ?? "1"), "--seed"), trials,
    surprise: surprise as "party" | "enemies" | undefined,
    json: Boolean(values.json), list: Boolean(values.list), extra,
  }, packReaderFor(id), localizerFor(languageFor(id)));
  if ("refuse" in outcome) return fail(outcome.refuse);
  process.stdout.write(outcome.out);
}

await main();
