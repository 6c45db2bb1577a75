import { setKept } from "../support/kept-stand-in";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTOR_UUIDS, escalationWorld, FakeRoll, GM, request, requestTwice, USERS, type EscalationWorld,
} from "../support/escalation-world";
import { expectResult } from "./escalation-card-model";
import { registerGMRequests } from "../../src/rulesets/escalation/foundry/gm/register";
import { REQUESTS } from "../../src/rulesets/escalation/play/requests/names";
import { registerOfferKind, registerOffers } from "../../src/shell/offers/runtime";
import { OPPORTUNITY_KIND, OPPORTUNITY_OFFER } from "../../src/rulesets/escalation/foundry/chat/opportunity";
import { actRefusal } from "../../src/rulesets/escalation/play/actors/may-act";
import { spiritOf } from "../../src/rulesets/escalation/play/actors/spirit";
import { sustainOf } from "../../src/rulesets/escalation/play/actors/sustain";
import { offerOf } from "../../src/shell/offers/offer";
import { pairKey } from "../../src/rulesets/escalation/rules/engagement";
import { BANDS } from "../../src/rulesets/escalation/rules/constants";
import { SPIRIT_BOONS } from "../../src/rulesets/escalation/rules/fight-in-spirit";
import { canAct } from "../../src/rulesets/escalation/rules/health";

/**
 * escalation's GM requests (`gm/combat-requests.ts`, `gm/opportunity.ts`, and the shell's offer
 * runtime its opportunity attacks use) under fuzzed requests through the shell's real relay, on
 * the real `FrayActor`, in random fights (whose turn, actions spent, HP and death tracks,
 * engagement, a sustained ability): shift, delay, ready, disengage, Fight in Spirit, stabilise,
 * grant a Last Gasp save, sustain, post and take an opportunity offer, by the GM, the owners and a
 * stranger, naming any combatant, with garbage payloads, repeats, one query to two tabs, and an
 * actor, token or the combat's card deleted under a request. After each request: a result; a
 * refusal changes nothing; an `ok` comes only from who may ask (the combatant's owner, the
 * helper whose turn it is, the GM) and changes only what that request may change, once.
 * Source: `000_c2dc3d650823e22d.txt` §Disengaging and Popping Off, §Dying and Death, §Last Gasp
 * Saves, §Fight in Spirit, §Ability Entries (Sustain), §Opportunity Attacks, §Readying an Action.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const IDS = ["cbrannbrannbrann", "ctamtamtamtamtam", "corielorielorie1", "chaghaghaghaghag"] as const;
const HOLD = "pcBrannTal25a87c";
const ACTORS = ["brann", "tam", "oriel", "hag"] as const;

const id = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...IDS) }, { weight: 1, arbitrary: fc.string() });
const combatId = fc.oneof({ weight: 8, arbitrary: fc.constant("combatcombatcomb") }, { weight: 1, arbitrary: fc.string() });
const payloads: Record<string, fc.Arbitrary<unknown>> = {
  [REQUESTS.shift]: fc.record({ combatId, combatantId: id, direction: fc.constantFrom(-1, 1, 0, "up") }),
  [REQUESTS.delay]: fc.record({ combatId, combatantId: id, band: fc.constantFrom(...BANDS, "never") }),
  [REQUESTS.ready]: fc.record({ combatId, combatantId: id }),
  [REQUESTS.disengage]: fc.record({ combatId, combatantId: id }),
  // "@current": whose turn it is when the request is sent (a giver acts on its own turn).
  [REQUESTS.spirit]: fc.record({
    combatId, combatantId: fc.oneof(fc.constant("@current"), id), allyId: id, boon: fc.constantFrom(...SPIRIT_BOONS, "all"),
  }),
  [REQUESTS.stabilise]: fc.record({ combatId, targetId: id }),
  [REQUESTS.grantSave]: fc.record({ combatId, targetId: id }),
  [REQUESTS.sustain]: fc.record({
    actorUuid: fc.constantFrom(ACTOR_UUIDS.brann, ACTOR_UUIDS.brann, ...Object.values(ACTOR_UUIDS), "Actor.nobody"),
    itemId: fc.constantFrom(HOLD, HOLD, "pcBrannTal59fbc0", "x"),
  }),
  [REQUESTS.offerOpportunity]: fc.record({ combatId, combatantId: id }),
  offer: fc.record({
    messageId: fc.constantFrom("offer0", "offer0", "offer1", "nope"),
    responder: fc.oneof({ weight: 3, arbitrary: fc.constant(IDS[3]) }, { weight: 2, arbitrary: id }),
  }),
};
const NAMES = Object.keys(payloads);
const user = fc.constantFrom(0, 0, 1, 1, 2, 2, 3);
/** The requests whose preconditions are rare in a random fight are asked more often. */
const RARE = new Set<string>([
  REQUESTS.spirit, REQUESTS.stabilise, REQUESTS.grantSave, REQUESTS.sustain, REQUESTS.offerOpportunity, "offer",
]);
const nameArb = fc.oneof(...NAMES.map((name) => ({ weight: RARE.has(name) ? 3 : 1, arbitrary: fc.constant(name) })));
const reqArb = nameArb.chain((name) => fc.record({
  name: fc.constant(name),
  payload: fc.oneof({ weight: 12, arbitrary: payloads[name]! }, { weight: 1, arbitrary: fc.anything() }),
}));
type Victim = "tam" | "hagToken" | "brann";
type Act =
  | { kind: "request" | "twoTabs"; user: number; name: string; payload: unknown }
  | { kind: "trap"; user: number; name: string; payload: unknown; victim: Victim; after: number }
  | { kind: "repeat" }
  | { kind: "turn"; to: number };
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 14, arbitrary: fc.tuple(user, reqArb).map(([u, r]) => ({ kind: "request" as const, user: u, ...r })) },
  { weight: 2, arbitrary: fc.tuple(user, reqArb).map(([u, r]) => ({ kind: "twoTabs" as const, user: u, ...r })) },
  { weight: 2, arbitrary: fc.tuple(user, reqArb, fc.constantFrom<Victim>("tam", "hagToken", "brann"), fc.integer({ min: 1, max: 4 }))
    .map(([u, r, victim, after]) => ({ kind: "trap" as const, user: u, ...r, victim, after })) },
  { weight: 3, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("turn" as const), to: fc.nat(3) }) },
);
const death = fc.record({
  failures: fc.nat(3), stabilized: fc.boolean(), hardFirstSave: fc.boolean(),
  lastGasp: fc.constantFrom(false, false, true), upNextTurn: fc.constantFrom(false, false, true),
});
const setupArb = fc.record({
  started: fc.constantFrom(true, true, true, false),
  turn: fc.nat(3),
  // Characters often down (Dying: stabilise, Fight in Spirit), the Hag mostly up (it responds).
  hp: fc.record({
    brann: fc.oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: 1, max: 52 })),
    tam: fc.oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: 1, max: 42 })),
    oriel: fc.oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: 1, max: 44 })),
    hag: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.integer({ min: 1, max: 30 }) }),
  }),
  death: fc.record({ brann: death, tam: death, oriel: death }),
  actions: fc.array(fc.record({ standard: fc.boolean(), move: fc.boolean(), quick: fc.boolean(), interrupt: fc.boolean() }), { minLength: 4, maxLength: 4 }),
  engaged: fc.subarray([pairKey(IDS[0], IDS[3]), pairKey(IDS[1], IDS[3]), pairKey(IDS[2], IDS[3])], { minLength: 1 }),
  /** The engaged characters used a provoking ability before: offers stand. */
  provoked: fc.boolean(),
  sustaining: fc.constantFrom(true, true, false),
  /** Hold the Line as a Sustain 11+ ability, or edited since it was started (no Sustain). */
  holdSustain: fc.constantFrom(11, 11, 11, 0),
  dice: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 }),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

/** What the request may change, by snapshot key, and what must hold of an `ok`. */
function snapshot(w: EscalationWorld): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of ACTORS) {
    const a = w[k];
    if (a.deleted) continue;
    out.set(`${k}.system`, JSON.stringify(a.system));
    out.set(`${k}.effects`, JSON.stringify([...a.effects.values()].map((e: any) => e.toObject())));
  }
  // A combatant's data is its own and its kept actions (on the combat, shell/combat/kept.ts).
  const { kept, ...flags } = w.combat.flags.fray ?? {};
  for (const c of w.combat.combatants.contents)
    out.set(`${c.id}.system`, JSON.stringify({ ...c.system, kept: kept?.[c.id] ?? null }));
  out.set("combat.flags", JSON.stringify({ ...w.combat.flags, fray: flags }));
  out.set("combat.calls", JSON.stringify(w.combat.calls));
  for (const m of w.messages.values()) if (offerOf(m.flags)) out.set(`${m.id}.flags`, JSON.stringify(m.flags));
  return out;
}
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((k) => before.has(k) && after.has(k) && before.get(k) !== after.get(k)).sort();
}

const reached: Record<string, number> = {};
beforeEach(() => {
  // The relay logs every refusal a workflow throws (a localized reason): checked by the answer.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function play(setup: Setup, acts: Act[]) {
  const w = escalationWorld(setup.hp);
  for (const k of ["brann", "tam", "oriel"] as const) w[k].system.death = { ...setup.death[k] };
  w.combat.started = setup.started;
  w.combat.turn = setup.turn;
  w.combat.flags = { fray: { engagement: { added: [...setup.engaged], removed: [] }, kept: {} } };
  w.combat.combatants.contents.forEach((c: any, i: number) => setKept(w.combat, c.id, { actions: { ...setup.actions[i] } }));
  registerGMRequests();
  registerOffers();
  registerOfferKind(OPPORTUNITY_KIND, OPPORTUNITY_OFFER);
  for (const a of [w.brann, w.tam, w.oriel, w.hag]) await a.syncHealthStatuses();
  w.brann.items.get(HOLD).system.sustain = setup.holdSustain;
  if (setup.sustaining) {
    await w.brann.createEmbeddedDocuments("ActiveEffect", [{
      name: "Hold the Line", flags: { fray: { sustain: { itemId: HOLD, target: 11, action: "quick", round: 1 } } },
    }]);
  }
  if (setup.provoked && setup.started) {
    for (const c of IDS.slice(0, 3)) if (setup.engaged.includes(pairKey(c, IDS[3])))
      await request(GM, REQUESTS.offerOpportunity, { combatId: w.combat.id, combatantId: c });
  }
  FakeRoll.dice = [...setup.dice];
  const byId = (v: unknown) => w.combat.combatants.get(typeof v === "string" ? v : "");
  const owns = (sender: { id: string; isGM: boolean }, actor: any) => sender.isGM || Boolean(actor?.testUserPermission(sender));
  type Req = Extract<Act, { name: string }>;
  let last: Req | null = null;
  for (const [n, act] of acts.entries()) {
    if (act.kind === "turn") {
      w.combat.turn = act.to;
      continue;
    }
    const req: Req | null = act.kind === "repeat" ? last : act;
    if (!req) continue;
    last = req;
    const when = `act ${n} ${JSON.stringify(act)}`;
    const sender = USERS[req.user]!;
    // Offers are named by the order they were posted in.
    let payload = req.payload as any;
    if (req.name === "offer" && typeof payload === "object" && payload !== null) {
      const posted = [...w.messages.values()].filter((m) => offerOf(m.flags));
      const at = Number(String(payload.messageId).replace("offer", ""));
      payload = { ...payload, messageId: posted[at]?.id ?? payload.messageId };
    }
    const current = w.combat.combatant;
    if (typeof payload === "object" && payload?.combatantId === "@current")
      payload = { ...payload, combatantId: current?.id ?? "" };
    const p = typeof payload === "object" && payload !== null ? payload : {};
    const named = byId(p.combatantId);
    const target = byId(p.targetId);
    const before = snapshot(w);
    const pre = {
      started: w.combat.started, current, currentActor: current?.actor, namedActor: named?.actor, namedCanAct: named?.actor ? actRefusal(named.actor) === null : false,
      targetDeath: structuredClone(target?.actor?.system?.death), targetHealth: target?.actor?.health,
      spiritGiven: new Set(w.combat.combatants.contents.flatMap((c: any) => (c.actor ? [...c.actor.effects.values()] : [])
        .flatMap((e: any) => spiritOf(e)?.source ?? []))),
      markers: w.brann.effects.contents.filter((e: any) => sustainOf(e)).length,
    };
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
      expect(await (first.i === 0 ? b : a), when)
        .toEqual({ ok: false, reason: stamped ? "timeout" : "badRequest" });
      answer = first.r;
    } else {
      if (act.kind === "trap") {
        const v = act.victim;
        w.world.arm(act.after, () => (v === "hagToken" ? w.tokens.hag.vanish() : w[v].vanish()));
      }
      answer = await request(sender, req.name, payload);
      faulted = w.world.sprung;
      w.world.trap = null;
      w.world.sprung = false;
    }
    expectResult(answer, faulted);
    const ok = (answer as { ok: boolean }).ok;
    const diff = changed(before, snapshot(w));
    if (!ok) {
      // (Under a deletion, what belonged to the deleted actor may be left: its combatant's pips.)
      const orphans = (k: string) => faulted && k.endsWith(".system") && byId(k.split(".")[0])?.actor === null;
      expect(diff.filter((k) => !orphans(k)), `a refusal changes nothing (${when})`).toEqual([]);
      continue;
    }
    reached[req.name] = (reached[req.name] ?? 0) + 1;
    const calls = w.combat.calls.slice(JSON.parse(before.get("combat.calls")!).length);
    const only = (keys: string[]) => expect(diff.filter((k) => !keys.includes(k)), `only what ${req.name} may change (${when})`).toEqual([]);
    const actorKey = (a: any) => ACTORS.find((k) => w[k] === a) ?? "?";
    switch (req.name) {
      case REQUESTS.shift:
      case REQUESTS.delay:
      case REQUESTS.ready: {
        expect(owns(sender, pre.namedActor), when).toBe(true);
        only(["combat.calls"]);
        expect(calls, when).toHaveLength(1);
        const [kind, who, arg] = calls[0];
        expect([kind, who], when).toEqual([req.name, named.id]);
        if (req.name === REQUESTS.shift) expect(arg, when).toBe(p.direction === -1 ? -1 : 1);
        if (req.name === REQUESTS.delay) expect(BANDS, when).toContain(arg);
        if (req.name === REQUESTS.ready) {
          expect(pre.started && pre.current && pre.current.id !== named.id && arg === pre.current.id, when).toBe(true);
          // (A combatant whose actor is gone is the GM's to move.)
          expect(!pre.namedActor || pre.namedCanAct, `a readier who may not act (${when})`).toBe(true);
        }
        break;
      }
      case REQUESTS.disengage:
        expect(owns(sender, pre.namedActor) && pre.started, when).toBe(true);
        only([`${named.id}.system`, "combat.flags"]);
        expect(diff, `the move is paid (${when})`).toContain(`${named.id}.system`);
        break;
      case REQUESTS.spirit: {
        const ally = byId(p.allyId)?.actor;
        expect(owns(sender, pre.namedActor) && pre.started, when).toBe(true);
        expect(pre.namedActor.isPC && !canAct(pre.namedActor.health), `the giver is out of the fight (${when})`).toBe(true);
        expect(pre.current?.id, `on the giver's turn (${when})`).toBe(named.id);
        expect(pre.spiritGiven.has(named.id), `one boon a turn (${when})`).toBe(false);
        expect(ally?.isPC && ally !== pre.namedActor && canAct(ally.health), when).toBe(true);
        only([`${actorKey(ally)}.effects`]);
        break;
      }
      case REQUESTS.stabilise:
      case REQUESTS.grantSave: {
        expect(pre.started && pre.current && owns(sender, pre.currentActor), `the helper is the sender's, on its turn (${when})`).toBe(true);
        expect(target && target.id !== pre.current.id && target.actor?.isPC, when).toBe(true);
        if (req.name === REQUESTS.stabilise) {
          expect(pre.targetHealth === "dying" && !pre.targetDeath.stabilized, `only a Dying character (${when})`).toBe(true);
          expect(target.actor.system.death.stabilized, when).toBe(true);
        } else expect(pre.targetDeath.lastGasp, `only during Last Gasp saves (${when})`).toBe(true);
        const t = actorKey(target.actor);
        only([`${pre.current.id}.system`, `${t}.system`, `${t}.effects`]);
        expect(diff, `the helper's action is paid (${when})`).toContain(`${pre.current.id}.system`);
        break;
      }
      case REQUESTS.sustain: {
        const a = w.world.get(p.actorUuid);
        expect(owns(sender, a), when).toBe(true);
        expect(pre.markers, `only a sustained ability (${when})`).toBeGreaterThan(0);
        const mine = w.combat.combatantOf(a)?.id;
        only(["brann.effects", `${mine}.system`, ...ACTORS.map((k) => `${k}.effects`)]);
        break;
      }
      case REQUESTS.offerOpportunity:
        expect(owns(sender, pre.namedActor) && pre.started, when).toBe(true);
        only([]);
        break;
      case "offer": {
        const m = w.messages.get(p.messageId)!;
        const responder = byId(p.responder);
        expect(owns(sender, responder?.actor), when).toBe(true);
        only([`${m.id}.flags`]);
        expect(m.flags.fray.taken[p.responder], when).toBe(true);
        break;
      }
    }
  }
}

describe("escalation's GM requests under fuzzed requests", () => {
  it("every answer is a result; a refusal changes nothing; an ok is the sender's to ask and changes only its own", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 20, size: "max" }), play),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed: Number(process.env.FUZZ_SEED ?? 20261129) });
    for (const name of NAMES) expect(reached[name] ?? 0, `${name} was taken`).toBeGreaterThan(2);
  }, 600_000);
});
