import { expect } from "vitest";
import { validate } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/action-points/play/data/kept-spec";
import {
  ACTORS, CIDS, GM, keptOfCombatant, USERS, type ApWorld, type Who,
} from "../support/action-points-world";
import type { StandInMessage } from "../support/escalation-world";
import { langKeys } from "./shock-fuzz-checks";
import type { Victim } from "./action-points-fuzz-arbitraries";
import { trustedRecords } from "../../src/shell/cards/records";
import { waitingOf } from "../../src/engine/resolution/window/step";
import { ledgerOf, sealOf } from "../../src/rulesets/action-points/play/cards/card-steps";
import { interceptorOf, type ApWindowState } from "../../src/rulesets/action-points/play/cards/react";
import type { ApSeal } from "../../src/rulesets/action-points/play/cards/seal";
import { AP_WINDOW } from "../../src/rulesets/action-points/rules/reaction-window";

/**
 * What action-points' card fuzz (`action-points-card-fuzz.test.ts`) checks after every request,
 * beside the shared answer check (`shock-fuzz-checks.ts` `expectResult`, with these lang keys):
 * the world's documents as snapshots to compare, and the bounds that always hold (HP within
 * 0..max, every combatant's kept fields valid data with AP, RP and FP never negative, AP and RP
 * never above what they were before the requests began: a card only spends them, and gives back
 * only what it took). Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Reactions;
 * RULINGS.md §action-points Hit points, Pools. Also what the fuzz reads of a card (below).
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

/**
 * A card's parties and requests as the fuzz reads them (`action-points-card-fuzz.test.ts`): the
 * actor a window key stands for, who may ask a step, what the window offers now, which card a
 * request names, and deleting a document as another client would.
 */
export function vanish(w: ApWorld, cards: StandInMessage[], v: Victim, card: number): void {
  if (v === "card") cards[card % cards.length]?.vanish();
  else if (v === "combat") {
    w.combat.deleted = true;
    for (const c of w.combat.combatants.contents) c.deleted = true;
    w.world.forget(w.combat.uuid);
  } else if (v === "combatant") {
    // The GM removes the target's combatant (say, Ivo's) from the encounter.
    const c = w.combat.combatants.get(CIDS.ivo);
    if (!c) return;
    c.deleted = true;
    w.combat.combatants.delete(c.id);
    w.world.forget(c.uuid);
  } else if (v.startsWith("token:")) {
    const t = w.tokens[v.slice(6) as Who];
    t.vanish();
    w.scene.tokens.delete(t.id);
  } else w.actors[v as Who].vanish();
}

/** The actor a window key stands for, as a card's seal names it (its combatant, else its token). */
export function actorOfKey(w: ApWorld, seal: ApSeal | null, m: StandInMessage, key: string): any {
  const tokenActor = (uuid: string | undefined) => (uuid ? w.world.get(uuid)?.actor ?? null : null);
  if (key === "attacker") return tokenActor(seal?.posted.tokenUuid ?? m.system.tokenUuid);
  if (key === "target") return tokenActor(seal?.posted.targetTokenUuid ?? m.system.targetTokenUuid);
  const c = w.combat.deleted ? null : w.combat.combatants.get(key);
  return c?.actor ?? tokenActor(seal?.tokens?.[key]);
}

/** A non-GM owner of `actor`, else the GM. */
export const ownerUser = (actor: any) =>
  USERS.find((u) => !u.isGM && actor?.testUserPermission(u)) ?? GM;

/** Who may take a step on a card: the answering party's owner, the interceptor's, else the poster. */
export function rightful(w: ApWorld, m: StandInMessage, step: string, args: any): { id: string; isGM: boolean } {
  const records = trustedRecords(m);
  const seal = records ? sealOf(records) : null;
  const poster = USERS.find((u) => u.id === (m.system.poster || m.author?.id)) ?? GM;
  if (step === "react") return ownerUser(actorOfKey(w, seal, m, String(args?.by ?? "")));
  if (step === "swap") {
    const who = interceptorOf(records ? ledgerOf(records).window ?? null : null);
    return who ? ownerUser(actorOfKey(w, seal, m, who)) : poster;
  }
  return poster;
}

/** The window's offers now ({by, answer}), or none. */
export function offersOf(m: StandInMessage): { by: string; answer: string }[] {
  const records = trustedRecords(m);
  const state = records ? ledgerOf(records).window ?? null : null;
  if (!state) return [];
  const waiting = waitingOf(AP_WINDOW, state as ApWindowState);
  return waiting.kind === "answers" ? waiting.offers.map((o) => ({ by: o.by, answer: o.answer })) : [];
}

/**
 * The card a request names: 0 the first, 1 the latest, 2 a sealed card its GM did not refuse
 * (the latest such); else the first.
 */
export function pickCard(cards: StandInMessage[], n: number): StandInMessage {
  if (n === 1) return cards.at(-1)!;
  const live = cards.filter((m) => {
    const records = trustedRecords(m);
    return !m.deleted && records && sealOf(records);
  });
  return n === 2 && live.length ? live.at(-1)! : cards[0]!;
}
