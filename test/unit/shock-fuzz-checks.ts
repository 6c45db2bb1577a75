import { expect } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { FAULT } from "../support/foundry-documents";
import { validate } from "../../src/engine/schema/spec";
import { COMBATANT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import { ACTORS, economyOf, type ShockWorld } from "../support/shock-world";

/**
 * What shock's request fuzzes (`shock-card-fuzz.test.ts`, `shock-gm-requests-fuzz.test.ts`) check
 * after every request: the answer is a result whose refusal names a lang key, the world's
 * documents as snapshots to compare, and the bounds that always hold (HP within 0..max, every
 * combatant's round economy valid data). Source: `002_5e27cdf788b28f5f.txt` §Damage, §Combat
 * Action Types.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const root = join(import.meta.dirname, "../..");
const read = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));
/**
 * Every string key of the shell's lang file and of a ruleset's lang folder (`rulesetLang`, from
 * the repository's root: `src/rulesets/<id>/lang`).
 */
export function langKeys(rulesetLang: string): ReadonlySet<string> {
  const keys = new Set<string>();
  const walk = (o: unknown, at: string): void => {
    if (typeof o === "string") keys.add(at);
    else if (typeof o === "object" && o !== null)
      for (const [k, v] of Object.entries(o)) walk(v, at ? `${at}.${k}` : k);
  };
  const files = ["lang/en.json", ...readdirSync(join(root, rulesetLang)).map((f) => `${rulesetLang}/${f}`)];
  for (const file of files) walk(read(file), "");
  return keys;
}

/** Every string key of the shell's and shock's lang files. */
const KEYS = langKeys("src/rulesets/shock/lang");

/**
 * Whether a refusal's reason names a lang key (`FRAY.Relay.Reason.<reason>`, or a thrown key) of
 * `keys` (default: the shell's and shock's).
 */
export const knownReason = (reason: string, keys: ReadonlySet<string> = KEYS): boolean =>
  keys.has(`FRAY.Relay.Reason.${reason}`) || keys.has(reason);

/**
 * An answer is a result: `{ok: true}`, or a refusal whose reason a client can show (a key of
 * `keys`; or, only when a document was deleted under the request, the server's refusal of a write).
 */
export function expectResult(
  answer: unknown, faulted: boolean, when: string, keys: ReadonlySet<string> = KEYS,
): void {
  expect(answer, when).toBeTypeOf("object");
  const a = answer as { ok?: unknown; reason?: unknown };
  if (a.ok === true) {
    expect(Object.keys(a), when).toEqual(["ok"]);
    return;
  }
  expect(a.ok, when).toBe(false);
  expect(typeof a.reason, when).toBe("string");
  const reason = a.reason as string;
  const known = knownReason(reason, keys) || (faulted && reason.startsWith(FAULT));
  expect(known, `an unexplained refusal: ${reason} (${when})`).toBe(true);
}

/** The world's documents by key (`<actor>.system`, `<actor>.statuses`, `<combatant id>`, …). */
export function snapshot(w: ShockWorld): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of ACTORS) {
    const a = w.actors[k];
    if (a.deleted) continue;
    out.set(`${k}.system`, JSON.stringify(a.system));
    out.set(`${k}.statuses`, JSON.stringify([...a.statuses].sort()));
    const t = w.tokens[k];
    if (!t.deleted) out.set(`${k}.token`, JSON.stringify([t.x, t.y]));
  }
  // A deleted combat's combatants went with it (Foundry deletes embedded documents with theirs).
  if (w.combat.deleted) return out;
  for (const c of w.combat.combatants.contents) {
    out.set(`${c.id}`, JSON.stringify({ ...economyOf(c), defeated: c.defeated }));
  }
  // The kept store (flags.fray.kept) is each combatant's, read above through `economyOf`.
  const fray = { ...(w.combat.flags.fray ?? {}) } as Record<string, unknown>;
  delete fray.kept;
  const flags = { ...w.combat.flags, fray };
  out.set("combat", JSON.stringify({ flags, round: w.combat.round, turn: w.combat.turn }));
  out.set("groups", JSON.stringify(w.combat.groups.contents.map((g: any) =>
    ({ name: g.name, initiative: g.initiative, flags: g.flags }))));
  return out;
}

/** The keys present in both snapshots whose values differ. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((k) => after.has(k) && before.get(k) !== after.get(k)).sort();
}

/** HP within 0..max for every actor; every combatant's economy valid data (moves 0..2…). */
export function expectBounds(w: ShockWorld, when: string): void {
  for (const k of ACTORS) {
    const { value, max } = w.actors[k].system.hp;
    expect(Number.isInteger(value) && value >= 0 && value <= max, `${k}'s HP ${value}/${max} (${when})`)
      .toBe(true);
  }
  for (const c of w.combat.combatants.contents) {
    expect(validate(COMBATANT_SPEC, economyOf(c)), `${c.id}'s economy (${when})`).toEqual([]);
  }
}
