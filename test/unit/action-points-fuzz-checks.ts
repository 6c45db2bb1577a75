import { expect } from "vitest";
import { validate } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/action-points/play/data/kept-spec";
import { ACTORS, keptOfCombatant, type ApWorld, type Who } from "../support/action-points-world";
import { langKeys } from "./shock-fuzz-checks";

/**
 * What action-points' card fuzz (`action-points-card-fuzz.test.ts`) checks after every request,
 * beside the shared answer check (`shock-fuzz-checks.ts` `expectResult`, with these lang keys):
 * the world's documents as snapshots to compare, and the bounds that always hold (HP within
 * 0..max, every combatant's kept fields valid data with AP, RP and FP never negative, AP and RP
 * never above what they were before the requests began: a card only spends them, and gives back
 * only what it took). Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Reactions;
 * RULINGS.md §action-points Hit points, Pools.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Every string key of the shell's and action-points' lang files. */
export const AP_KEYS = langKeys("src/rulesets/action-points/lang");

/**
 * The world's documents by key (`<actor>.system`, `<actor>.statuses`, `<actor>.token`,
 * `<combatant id>`, `combat`, and `offers`: the ids of the plain messages the GM posted).
 */
export function snapshot(w: ApWorld): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of ACTORS) {
    const a = w.actors[k];
    if (a.deleted) continue;
    out.set(`${k}.system`, JSON.stringify(a.system));
    out.set(`${k}.statuses`, JSON.stringify([...a.statuses].sort()));
    const t = w.tokens[k];
    if (!t.deleted) out.set(`${k}.token`, JSON.stringify([t.x, t.y]));
  }
  out.set("offers", JSON.stringify([...w.messages.values()]
    .filter((m) => !m.deleted && m.type === "base").map((m) => [m.id, m.flags])));
  // A deleted combat's combatants went with it (Foundry deletes embedded documents with theirs).
  if (w.combat.deleted) return out;
  for (const c of w.combat.combatants.contents) {
    out.set(`${c.id}`, JSON.stringify({ ...keptOfCombatant(c), defeated: c.defeated }));
  }
  // The kept store (flags.fray.kept) is each combatant's, read above.
  const fray = { ...(w.combat.flags.fray ?? {}) } as Record<string, unknown>;
  delete fray.kept;
  out.set("combat", JSON.stringify({ flags: { ...w.combat.flags, fray }, round: w.combat.round, turn: w.combat.turn }));
  return out;
}

/** The most AP and RP each combatant had when the requests began (by combatant id). */
export type Caps = Readonly<Record<string, { readonly ap: number; readonly rp: number }>>;

export function capsOf(w: ApWorld): Caps {
  return Object.fromEntries(w.combat.combatants.contents.map((c: any) => {
    const k = keptOfCombatant(c);
    return [c.id, { ap: k.ap, rp: k.rp }];
  }));
}

/** HP within 0..max; every combatant's kept fields valid, its pools within 0 and `caps`. */
export function expectBounds(w: ApWorld, caps: Caps, when: string): void {
  for (const k of ACTORS as readonly Who[]) {
    const { value, max } = w.actors[k].system.hp;
    expect(Number.isInteger(value) && value >= 0 && value <= max, `${k}'s HP ${value}/${max} (${when})`)
      .toBe(true);
  }
  if (w.combat.deleted) return;
  for (const c of w.combat.combatants.contents) {
    const kept = keptOfCombatant(c);
    expect(validate(KEPT_SPEC, kept), `${c.id}'s kept fields (${when})`).toEqual([]);
    const cap = caps[c.id]!;
    for (const pool of ["ap", "rp", "fp"] as const) {
      expect(Number.isInteger(kept[pool]) && kept[pool] >= 0, `${c.id}'s ${pool} ${kept[pool]} (${when})`)
        .toBe(true);
    }
    expect(kept.ap <= cap.ap && kept.rp <= cap.rp, `${c.id}'s AP ${kept.ap}/${cap.ap}, RP ${kept.rp}/${cap.rp} (${when})`)
      .toBe(true);
  }
}
