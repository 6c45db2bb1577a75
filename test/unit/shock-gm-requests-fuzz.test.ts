import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INITIATIVE_REQUEST, registerInitiativeRequest } from "../../src/shell/combat/initiative-request";
import fc from "fast-check";
import {
  ACTORS, ACTOR_UUIDS, CIDS, COMBAT_ID, economyOf, GM, request, requestTwice, ScriptedRoll,
  setEconomy, shockWorld, TOKEN_UUIDS, USERS, type ShockWorld, type Who,
} from "../support/shock-world";
import { changed, expectBounds, expectResult, snapshot } from "./shock-fuzz-checks";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { REQUESTS } from "../../src/rulesets/shock/play/requests/names";
import { registerOfferKind, registerOffers } from "../../src/shell/offers/runtime";
import { offerOf } from "../../src/shell/offers/offer";
import { OPPORTUNITY_KIND, OPPORTUNITY_OFFER } from "../../src/rulesets/shock/foundry/gm/opportunity";
import { canTake, type ActionId } from "../../src/rulesets/shock/rules/actions";

/**
 * shock's GM requests (`gm/combat-requests.ts`: side initiative, act next, first aid; `gm/grapple.ts`:
 * breaking free; `gm/carry.ts`: carrying or throwing a grappled foe; `gm/opportunity.ts`: offering
 * Attacks of Opportunity, and the shell's offer runtime taking them) under fuzzed requests through
 * the shell's real relay, on the real `ShockActor`, `ShockCombat` and `ShockCombatant`, in random
 * fights (square grid or gridless, where each token stands, whose side acts, the round, Mains and
 * Moves spent, held actions, grapples whose marks agree or not, fallen and stabilised PCs, sides
 * already rolled, a surprised side): by the GM, the owners and a stranger, naming any combatant or
 * actor, with garbage payloads, repeats, one query to two GM tabs, and an actor, a token or the
 * combat deleted between two writes of one. After each request: a result naming a lang key; a
 * refusal changes no document and posts nothing; an `ok` comes only from who may ask (the named
 * combatant's or helper's owner, or the GM), pays an action its budget could pay, and changes only
 * what that request may change. Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Use a Skill,
 * §Grappling, §Combat Actions, §Surprise; RULINGS.md §shock.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const id = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...Object.values(CIDS)) }, { weight: 1, arbitrary: fc.string() });
/** "@held", "@grappler": a combatant held, or holding, when the request is sent. */
const heldId = fc.oneof({ weight: 2, arbitrary: fc.constant("@held") }, { weight: 1, arbitrary: id });
const grapplerId = fc.oneof({ weight: 2, arbitrary: fc.constant("@grappler") }, { weight: 1, arbitrary: id });
const combatId = fc.oneof({ weight: 10, arbitrary: fc.constant(COMBAT_ID) }, { weight: 1, arbitrary: fc.string() });
const actorUuid = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...Object.values(ACTOR_UUIDS)) }, { weight: 1, arbitrary: fc.string() });
/** "@mortal": a fallen PC's token. */
const tokenUuid = fc.oneof({ weight: 1, arbitrary: fc.constant("@mortal") }, { weight: 1, arbitrary: fc.constantFrom(...Object.values(TOKEN_UUIDS)) });
const square = fc.integer({ min: -1, max: 4 }).map((n) => n * 100);
const payloads: Record<string, fc.Arbitrary<unknown>> = {
  [INITIATIVE_REQUEST]: fc.record({ combatId }),
  [REQUESTS.actNext]: fc.record({ combatId, combatantId: id }),
  [REQUESTS.firstAid]: fc.record({ helperUuid: actorUuid, tokenUuid }),
  [REQUESTS.breakFree]: fc.record({ combatId, combatantId: heldId }),
  [REQUESTS.offerOpportunity]: fc.record({ combatId, combatantId: id }),
  [REQUESTS.carry]: fc.record({
    combatId, combatantId: grapplerId, mode: fc.constantFrom("carry", "carry", "throw", "throw", "drag"), x: square, y: square,
    // Mostly a drag of the grappler's own token by up to three squares.
    near: fc.option(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { nil: undefined, freq: 4 }),
  }, { requiredKeys: ["combatId", "combatantId", "mode", "x", "y"] }),
  // "offer<n>": the n-th offer the GM posted.
  offer: fc.record({ messageId: fc.constantFrom("offer0", "offer0", "offer1", "nope"), responder: id }),
};
const NAMES = Object.keys(payloads);
/** 4: the named combatant's (or helper's) owner; the GM; the players; a stranger. */
const user = fc.constantFrom(4, 4, 4, 0, 0, 1, 2, 3);
// Carrying and offers need a grapple or a posted offer first, so they are asked for more often.
const reqArb = fc.constantFrom(...NAMES, REQUESTS.carry, REQUESTS.carry, "offer").chain((name) => fc.record({
  name: fc.constant(name),
  payload: fc.oneof({ weight: 12, arbitrary: payloads[name]! }, { weight: 1, arbitrary: fc.anything() }),
}));
type Victim = Who | `token:${Who}` | "combat";
const victim = fc.constantFrom<Victim>("corvin", "wenna", "brute", "token:cutthroat", "token:lisbet", "combat");
type Req = { user: number; name: string; payload: unknown };
type Act =
  | ({ kind: "request" | "twoTabs" } & Req)
  | ({ kind: "trap"; victim: Victim; after: number } & Req)
  | { kind: "repeat" }
  | { kind: "turn"; to: number };
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 14, arbitrary: fc.tuple(user, reqArb).map(([u, r]) => ({ kind: "request" as const, user: u, ...r })) },
  { weight: 2, arbitrary: fc.tuple(user, reqArb).map(([u, r]) => ({ kind: "twoTabs" as const, user: u, ...r })) },
  { weight: 3, arbitrary: fc.tuple(user, reqArb, victim, fc.integer({ min: 1, max: 5 }))
    .map(([u, r, v, after]) => ({ kind: "trap" as const, user: u, ...r, victim: v, after })) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("turn" as const), to: fc.nat(4) }) },
);
const economy = fc.record({
  main: fc.constantFrom(false, false, true), moves: fc.constantFrom(0, 0, 1, 2),
  holding: fc.constantFrom(false, false, false, true), disengaged: fc.constantFrom(false, false, true),
});
const place = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 }));
const setupArb = fc.record({
  started: fc.constantFrom(true, true, true, true, false),
  square: fc.constantFrom(true, true, false),
  places: fc.record({ corvin: place, wenna: place, lisbet: place, brute: place, cutthroat: place }),
  turn: fc.nat(4),
  round: fc.constantFrom(1, 2, 3),
  surprised: fc.constantFrom<string[]>([], [], [], ["foes"], ["party"]),
  rolled: fc.boolean(),
  hp: fc.record({
    corvin: fc.constantFrom(0, 0, 5, 12), wenna: fc.constantFrom(0, 7, 14), lisbet: fc.constantFrom(0, 9, 16),
    brute: fc.constantFrom(0, 10, 10), cutthroat: fc.constantFrom(1, 12),
  }),
  stabilised: fc.boolean(),
  economy: fc.array(economy, { minLength: 5, maxLength: 5 }),
  /** Grapples: [grappler, defender, whether both marks agree]. */
  grapples: fc.array(fc.tuple(fc.constantFrom<Who>(...ACTORS), fc.constantFrom<Who>(...ACTORS), fc.constantFrom(true, true, false)), { maxLength: 2 }),
  /** Grapplers stand next to whom they hold (mostly). */
  adjacent: fc.constantFrom(true, true, false),
  provoked: fc.boolean(),
  dice: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 20 }),
  diceSeed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

/** What each request may pay from the named combatant's budget. */
const PAYS: Record<string, ActionId> = {
  [REQUESTS.breakFree]: "breakFree", [REQUESTS.carry]: "moveGrappled", [REQUESTS.firstAid]: "useSkill",
};

beforeEach(() => {
  // The relay logs every refusal a workflow throws (a localized reason): checked by the answer.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const reached: Record<string, number> = {};
const count = (k: string) => (reached[k] = (reached[k] ?? 0) + 1);

function vanish(w: ShockWorld, v: Victim): void {
  if (v === "combat") {
    w.combat.deleted = true;
    for (const c of w.combat.combatants.contents) c.deleted = true;
    w.world.forget(w.combat.uuid);
  } else if (v.startsWith("token:")) w.tokens[v.slice(6) as Who].vanish();
  else w.actors[v as Who].vanish();
}

async function play(setup: Setup, acts: Act[]) {
  const w = shockWorld(setup.hp, { square: setup.square, places: setup.places });
  w.combat.started = setup.started;
  w.combat.round = setup.round;
  w.combat.turn = setup.turn;
  w.combat.flags = { fray: { surprised: setup.surprised } };
  ACTORS.forEach((who, i) => setEconomy(w.combatants[who], setup.economy[i]!));
  for (const [g, d, agree] of setup.grapples) {
    if (g === d) continue;
    setEconomy(w.combatants[g], { grappling: CIDS[d] });
    if (agree) setEconomy(w.combatants[d], { grappledBy: [...economyOf(w.combatants[d]).grappledBy, CIDS[g]] });
    if (setup.adjacent) Object.assign(w.tokens[d], { x: w.tokens[g].x + 100, y: w.tokens[g].y });
  }
  for (const who of ["corvin", "wenna", "lisbet"] as const) {
    const a = w.actors[who];
    if (a.system.hp.value === 0) a.system.mortal = { injured: true, stabilised: setup.stabilised && who === "wenna" };
  }
  registerGMRequests();
  registerInitiativeRequest();
  registerOffers();
  registerOfferKind(OPPORTUNITY_KIND, OPPORTUNITY_OFFER);
  ScriptedRoll.dice = [...setup.dice];
  ScriptedRoll.seed = setup.diceSeed;
  if (setup.rolled && setup.started) await request(GM, INITIATIVE_REQUEST, { combatId: COMBAT_ID });
  if (setup.provoked && setup.started)
    for (const who of ACTORS) await request(GM, REQUESTS.offerOpportunity, { combatId: COMBAT_ID, combatantId: CIDS[who] });
  const byId = (v: unknown) => w.combat.combatants.get(typeof v === "string" ? v : "");
  const owns = (sender: { id: string; isGM: boolean }, actor: any) =>
    sender.isGM || Boolean(actor && !actor.deleted && actor.testUserPermission(sender));
  const queue = [...acts];
  let last: Req | null = null;
  for (const [n, act] of queue.entries()) {
    if (act.kind === "turn") {
      w.combat.turn = act.to;
      continue;
    }
    const req: Req | null = act.kind === "repeat" ? last : act;
    if (!req) continue;
    last = req;
    const when = `act ${n} ${JSON.stringify(act)}`;
    let payload = structuredClone(req.payload) as any;
    if (req.name === "offer" && typeof payload === "object" && payload !== null) {
      const offers = [...w.messages.values()].filter((m) => offerOf(m.flags));
      const at = Number(String(payload.messageId).replace("offer", ""));
      payload = { ...payload, messageId: offers[at]?.id ?? payload.messageId };
    }
    if (typeof payload === "object" && payload !== null) {
      const pick = (test: (c: any) => boolean) => w.combat.combatants.contents.find(test)?.id ?? "";
      if (payload.combatantId === "@held") payload.combatantId = pick((c) => economyOf(c).grappledBy.length > 0);
      if (payload.combatantId === "@grappler") payload.combatantId = pick((c) => economyOf(c).grappling !== "");
      if (Array.isArray(payload.near)) {
        const at = byId(payload.combatantId)?.token;
        if (at) Object.assign(payload, { x: at.x + payload.near[0] * 100, y: at.y + payload.near[1] * 100 });
        delete payload.near;
      }
      if (payload.tokenUuid === "@mortal") {
        const fallen = (["corvin", "wenna", "lisbet"] as const).find((k) => w.actors[k].system.hp.value === 0);
        payload.tokenUuid = fallen ? TOKEN_UUIDS[fallen] : "";
      }
    }
    const p = typeof payload === "object" && payload !== null ? payload : {};
    const named = byId(p.combatantId ?? p.responder);
    const helper = w.world.get(p.helperUuid);
    const namedActor = req.name === REQUESTS.firstAid ? helper : named?.actor;
    const sender = req.user < 4 ? USERS[req.user]!
      : USERS.find((u) => !u.isGM && namedActor?.testUserPermission(u)) ?? GM;
    const before = snapshot(w);
    const posted = w.posted.length;
    // Who may ask, as the world stood when it asked (a deletion under the request may follow).
    const ownsNamed = owns(sender, namedActor);
    const ownsAny = w.combat.combatants.some((c: any) => owns(sender, c.actor));
    const budget = named ? structuredClone(named.budget) : null;
    // (Outside any encounter, a deleted combat's included, first aid is not paid.)
    const helperC = helper && !w.combat.deleted ? w.combat.combatantOf(helper) : null;
    const helperBudget = helperC ? structuredClone(helperC.budget) : null;
    const state = { started: w.combat.started, turnSide: w.combat.combatant?.side, held: named ? structuredClone(named.hold) : null };
    let answer: unknown;
    let faulted = false;
    if (act.kind === "twoTabs") {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const [a, b] = requestTwice(sender, req.name, payload, 15_000);
      const first = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
      vi.advanceTimersByTime(17_000);
      vi.useRealTimers();
      // A payload that is no object is never stamped: both tabs refuse it, unheard.
      const stamped = typeof payload === "object" && payload !== null;
      expect(await (first.i === 0 ? b : a), `the other tab (${when})`)
        .toEqual({ ok: false, reason: stamped ? "timeout" : "badRequest" });
      answer = first.r;
      count("twoTabs");
    } else {
      if (act.kind === "trap") w.world.arm(act.after, () => vanish(w, act.victim));
      answer = await request(sender, req.name, payload);
      faulted = w.world.sprung;
      w.world.trap = null;
      w.world.sprung = false;
    }
    if (faulted) count("faulted");
    expectResult(answer, faulted, when);
    expectBounds(w, when);
    const diff = changed(before, snapshot(w));
    const ok = (answer as { ok: boolean }).ok;
    if (!ok) {
      count(`refused:${(answer as any).reason}`);
      // (Under a deletion, what belonged to the deleted document may be left: a deleted combat's
      // combatants, a deleted actor's combatant.)
      // (Known, and reported: once rolled, a carry or throw writes tokens, a status and the holds
      // one after another with nothing to put them back, so a deletion between them leaves what
      // was written, the Main included.)
      const unrecorded = (_k: string) => req.name === REQUESTS.carry;
      const orphan = (k: string) => faulted && (k === "combat" || k === "groups" || unrecorded(k)
        || w.combat.combatants.contents.some((c: any) => c.id === k && (!c.actor || w.combat.deleted)));
      expect(diff.filter((k) => !orphan(k)), `a refusal changes nothing (${when})`).toEqual([]);
      if (!faulted) expect(w.posted.length, `a refusal posts nothing (${when})`).toBe(posted);
      continue;
    }
    count(`ok:${req.name}`);
    const only = (keys: string[]) =>
      expect(diff.filter((k) => !keys.includes(k)), `only what ${req.name} may change (${when})`).toEqual([]);
    const combatantKeys = Object.values(CIDS);
    switch (req.name) {
      case INITIATIVE_REQUEST: {
        expect(ownsAny, when).toBe(true);
        only(["groups", ...combatantKeys]);
        const sides = w.combat.groups.contents.map((g: any) => g.getFlag("fray", "side"));
        expect(new Set(sides).size, `one group per side (${when})`).toBe(sides.length);
        break;
      }
      case REQUESTS.actNext:
        expect(ownsNamed, when).toBe(true);
        expect(state.started && state.turnSide === named.side, `only in its side's turn (${when})`).toBe(true);
        only(combatantKeys);
        break;
      case REQUESTS.breakFree:
      case REQUESTS.carry: {
        expect(ownsNamed, when).toBe(true);
        expect(canTake(budget!, PAYS[req.name]!), `paid from a budget that could pay (${when})`).toBe(true);
        expect(named.budget.main, `its Main is spent (${when})`).toBe(true);
        if (req.name === REQUESTS.breakFree) {
          expect(state.held!.grappledBy.length, `only a held combatant breaks free (${when})`).toBeGreaterThan(0);
          only(combatantKeys);
        } else {
          expect(state.held!.grappling, `only a grappler carries (${when})`).not.toBe("");
          only([...combatantKeys, ...ACTORS.flatMap((k) => [`${k}.token`, `${k}.statuses`])]);
        }
        break;
      }
      case REQUESTS.firstAid: {
        expect(ownsNamed, when).toBe(true);
        const target = w.world.get(p.tokenUuid)?.actor;
        if (target) expect(target.system.mortal.stabilised, `the target is stabilised (${when})`).toBe(true);
        if (helperC && helperBudget && state.started)
          expect(canTake(helperBudget, "useSkill"), `paid from a budget that could pay (${when})`).toBe(true);
        only([...combatantKeys, ...ACTORS.flatMap((k) => [`${k}.system`, `${k}.statuses`])]);
        break;
      }
      case REQUESTS.offerOpportunity:
        expect(ownsNamed, when).toBe(true);
        only([]);
        break;
      case "offer": {
        expect(ownsNamed, when).toBe(true);
        only([]);
        break;
      }
    }
  }
}

describe("shock's GM requests under fuzzed requests", () => {
  it("every answer is a result; a refusal changes nothing; an ok is the sender's to ask and changes only its own", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 16, size: "max" }), play),
      // FUZZ_RUNS and FUZZ_SEED explore further (e.g. FUZZ_RUNS=3000 FUZZ_SEED=7).
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20261126) });
    // The runs did more than refuse: every request was granted somewhere.
    for (const name of NAMES)
      expect(reached[`ok:${name}`] ?? 0, `${name} in ${JSON.stringify(reached)}`).toBeGreaterThanOrEqual(2);
    expect(reached.faulted ?? 0).toBeGreaterThanOrEqual(5);
  }, 600_000);
});
