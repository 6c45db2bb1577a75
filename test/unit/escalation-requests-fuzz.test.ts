import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTOR_UUIDS, AUTHOR, escalationWorld, GM, playerEdit, postCard, request, requestTwice,
  TOKEN_UUIDS, USERS, type EscalationWorld, type StandInMessage,
} from "../support/escalation-world";
import {
  actorModels, CardModel, checkActors, expectResult, timedEffects, type Expected,
} from "./escalation-card-model";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { ATTACK_KIND } from "../../src/rulesets/escalation/foundry/cards/attack-kind";
import { appliedRecord, recordsOf } from "../../src/rulesets/escalation/play/cards/card-seal";
import {
  APPLY_MODES, ATTACK_CARD_SPEC, CARD_TARGET_SPEC, type AttackCard,
} from "../../src/rulesets/escalation/play/cards/card-spec";
import { withDefaults } from "../../src/engine/schema/spec";
import { CONDITION_IDS } from "../../src/rulesets/escalation/rules/conditions";
import { DAMAGE_TYPES, DURATIONS } from "../../src/rulesets/escalation/rules/constants";
import { loggedErrors } from "../support/logged-errors";

/**
 * escalation's attack card (`escalationAttack`) under fuzzed requests, driven through the shell's
 * real request path (the relay's stamped sender, query claim and queue; the card runtime's seal,
 * takeover, claims and recorder) on the real `FrayActor`: random cards (any targets, the attacker
 * among them, Confused self-damage, Last Gasp, conditions), then random sequences of Apply (every
 * mode), Undo and duration picks by the author, another player, a stranger and the GM; garbage
 * payloads; the poster's edits of its card and of the GM's records (dotted, `==` and `-=` keys)
 * before the GM took it over, whether or not a GM saw it posted; repeats; one query delivered to
 * two tabs of the active GM; and tokens, actors or the card deleted between requests or between
 * two writes of one. After every request: the answer is a result (a known reason, never a crash),
 * it is the one the card as sealed owes (`escalation-card-model.ts`), and every actor holds what
 * the model allowed (HP, death track, timed effects, health markers): damage lands once per
 * apply and leaves once per undo, and a refused step changes nothing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const CARD_ID = "attackcardattack";
type Who = keyof typeof TOKEN_UUIDS;
type Victim = "hagToken" | "tamToken" | "tam" | "brann" | "oriel" | "card";

const effect = fc.record({
  id: fc.constantFrom(...CONDITION_IDS), duration: fc.constantFrom(...DURATIONS),
  save: fc.integer({ min: 2, max: 18 }), amount: fc.nat(8), damageType: fc.constantFrom(...DAMAGE_TYPES),
});
const who = fc.constantFrom<Who>("hag", "hag", "tam", "tam", "brann", "oriel", "nobody");
const target = fc.record({
  who, damage: fc.nat(40), crit: fc.boolean(), lastGasp: fc.boolean(),
  selfDamage: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 })),
  effects: fc.array(effect, { maxLength: 3 }),
});
type TargetGen = typeof target extends fc.Arbitrary<infer T> ? T : never;

const targetData = (t: TargetGen) => withDefaults(CARD_TARGET_SPEC, {
  tokenUuid: TOKEN_UUIDS[t.who], name: t.who, damage: t.damage, crit: t.crit, hit: t.damage > 0,
  lastGasp: t.lastGasp, selfDamage: t.selfDamage, effects: t.effects,
  damageKind: t.damage > 0 ? "hit" : "none",
});

const attackerArb = fc.constantFrom<keyof typeof ACTOR_UUIDS>(
  "brann", "brann", "brann", "brann", "brann", "brann", "oriel", "oriel", "tam", "hag",
);
const cardArb = fc.record({
  attacker: attackerArb, inCombat: fc.boolean(), targets: fc.array(target, { minLength: 1, maxLength: 3 }),
}).map((c): AttackCard => withDefaults(ATTACK_CARD_SPEC, {
  actorUuid: ACTOR_UUIDS[c.attacker], abilityName: "Fuzzed Strike", formula: "3d6 + 5",
  combatId: c.inCombat ? "combatcombatcomb" : "", round: c.inCombat ? 2 : 0,
  targets: c.targets.map(targetData),
}) as AttackCard);

/** The poster's forgeries of the GM's records, and its edits of the card's content. */
const forgedSeal = (damage: number) => ({
  kind: "attack", authorId: AUTHOR.id, actorUuid: ACTOR_UUIDS.brann, sustainItemId: "", combatId: "", round: 0,
  targets: [{ tokenUuid: TOKEN_UUIDS.tam, name: "Tam", damage, crit: false, lastGasp: true, selfDamage: 0,
    hit: true, effects: [{ id: "stunned", save: 11, amount: 0, damageType: "weapon" }] }],
});
const forgedStep = (amount: number) => ({
  step: "apply", by: AUTHOR.id,
  deltas: [{ kind: "add", uuid: ACTOR_UUIDS.tam, path: "system.hp.value", amount }],
});
const forgedApply = { op: 0, by: AUTHOR.id, mode: "apply", hpChange: -40, addedEffects: [], lastGasp: false, selfDamage: 0 };
const editEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom("system.seal", "system.==seal"), fc.integer({ min: 0, max: 999 }).map(forgedSeal)),
  fc.tuple(fc.constant("system.seal.targets.0.damage"), fc.constant(999)),
  fc.tuple(fc.constantFrom("system.-=seal", "system.-=ledger", "system.-=steps", "system.-=claims"), fc.constant(null)),
  fc.tuple(fc.constant("system.poster"), fc.constantFrom(AUTHOR.id, GM.id)),
  fc.tuple(fc.constantFrom("system.ledger", "system.==ledger"), fc.constant({ 0: [forgedApply], 1: [forgedApply] })),
  fc.tuple(fc.constantFrom("system.steps.t0-0", "system.steps.t1-0"), fc.integer({ min: -40, max: 40 }).map(forgedStep)),
  fc.tuple(fc.constantFrom("system.claims.t0-0", "system.claims.t1-0"), fc.constant({ nforgedforged: Date.now() })),
  fc.tuple(fc.constantFrom("system.targets.0.damage", "system.targets.1.damage"), fc.nat(60)),
  fc.tuple(fc.constant("system.targets.0.selfDamage"), fc.nat(6)),
  fc.tuple(fc.constant("system.targets.0.lastGasp"), fc.boolean()),
  fc.tuple(fc.constant("system.targets.0.tokenUuid"), fc.constantFrom(...Object.values(TOKEN_UUIDS))),
  fc.tuple(fc.constant("system.targets.0.effects"), fc.array(effect, { maxLength: 2 })),
  fc.tuple(fc.constant("system.actorUuid"), fc.constantFrom(...Object.values(ACTOR_UUIDS))),
  fc.tuple(fc.constant("system.targets"), fc.array(target, { minLength: 1, maxLength: 2 }).map((ts) => ts.map(targetData))),
);
const edits = fc.array(editEntry, { minLength: 1, maxLength: 3 })
  .map((e) => Object.fromEntries(e.map(([k, v]) => [k, structuredClone(v)])));

/** Mostly the GM and the author, who may act; another player and a stranger, who may not. */
const user = fc.constantFrom(0, 0, 1, 1, 1, 2, 3);
const index = fc.constantFrom(0, 0, 0, 1, 1, 2, 3);
const stepRequest = fc.oneof(
  { weight: 6, arbitrary: fc.record({ step: fc.constant("apply"), args: fc.record({ index, mode: fc.constantFrom("apply", "apply", "apply", ...APPLY_MODES) }) }) },
  { weight: 5, arbitrary: fc.record({ step: fc.constant("undo"), args: fc.record({ index }) }) },
  { weight: 2, arbitrary: fc.record({ step: fc.constant("duration"), args: fc.record({ index, effect: fc.nat(2), value: fc.constantFrom(...DURATIONS) }) }) },
  { weight: 1, arbitrary: fc.record({
    step: fc.constantFrom("apply", "undo", "duration", "heal", "__proto__", "constructor", "toString", ""),
    args: fc.anything(),
  }) },
);
const victim = fc.constantFrom<Victim>("hagToken", "tamToken", "tam", "brann", "oriel", "card");

type Req = { user: number; step: string; args: unknown };
type Act =
  | ({ kind: "step" } & Req)
  | ({ kind: "twoTabs" } & Req)
  | ({ kind: "trap"; victim: Victim; after: number } & Req)
  | ({ kind: "postFails" } & Req)
  | ({ kind: "recordFails" } & Req)
  | { kind: "repeat" }
  | { kind: "garbage"; user: number; payload: unknown }
  | { kind: "edit"; by: number; changes: Record<string, unknown> }
  | { kind: "delete"; victim: Victim };

const withReq = <K extends string, E extends object>(kind: K, extra: fc.Arbitrary<E>) =>
  fc.tuple(stepRequest, user, extra)
    .map(([r, u, e]) => ({ kind, user: u, step: r.step as string, args: r.args as unknown, ...e }) as Act);
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 16, arbitrary: withReq("step", fc.constant({})) },
  { weight: 2, arbitrary: withReq("twoTabs", fc.constant({})) },
  { weight: 4, arbitrary: withReq("trap", fc.record({ victim, after: fc.integer({ min: 1, max: 8 }) })) },
  { weight: 2, arbitrary: withReq("postFails", fc.constant({})) },
  { weight: 2, arbitrary: withReq("recordFails", fc.constant({})) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 2, arbitrary: fc.record({
    kind: fc.constant("garbage" as const), user,
    payload: fc.oneof(fc.anything(), fc.record({
      messageId: fc.oneof(fc.constant(CARD_ID), fc.string()), step: fc.anything(), args: fc.anything(),
    }, { requiredKeys: [] })),
  }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("edit" as const), by: fc.constantFrom(1, 1, 1, 2), changes: edits }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), victim }) },
);

const setupArb = fc.record({
  card: cardArb,
  seenByGM: fc.boolean(),
  early: fc.array(edits, { maxLength: 2 }),
  hp: fc.record({
    brann: fc.integer({ min: 20, max: 52 }), tam: fc.integer({ min: -10, max: 42 }),
    oriel: fc.integer({ min: 1, max: 44 }), hag: fc.integer({ min: 1, max: 30 }),
  }),
});

/** The card's content as it is now (what a seal on demand reads). */
const contentOf = (m: StandInMessage): AttackCard => {
  const content = structuredClone({ ...m.system });
  for (const field of ["seal", "ledger", "steps", "poster", "claims"]) delete content[field];
  return content as AttackCard;
};

function vanish(w: EscalationWorld, m: StandInMessage, v: Victim): void {
  if (v === "hagToken") w.tokens.hag.vanish();
  else if (v === "tamToken") w.tokens.tam.vanish();
  else if (v === "card") m.vanish();
  else (w[v] as any).vanish();
}

const errors = loggedErrors();

/** What the runs reached, so the test knows they did more than refuse. */
const reached = { applied: 0, undone: 0, picked: 0, faults: 0, sealedOnDemand: 0, refusedSeal: 0 };

type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

async function play(setup: Setup, acts: Act[]) {
  const w = escalationWorld(setup.hp);
  registerCardKind(ATTACK_KIND);
  registerSealing();
  registerCardRequests();
  for (const a of [w.brann, w.tam, w.oriel, w.hag]) await a.syncHealthStatuses();
  const actors = actorModels(w);
  const model = new CardModel(actors, AUTHOR.id);
  const find = (uuid: string) => w.world.get(uuid);
  const owns = (uuid: string) => {
    const doc = find(uuid);
    return Boolean(doc && !doc.deleted && doc.testUserPermission(AUTHOR));
  };
  const posted: AttackCard = setup.card;
  const m = await postCard(w, CARD_ID, "escalationAttack", posted, {
    seenByGM: setup.seenByGM,
    // The poster's edits reach the server before the GM's queued seal runs.
    before: async (msg) => {
      for (const e of setup.early) await playerEdit(msg, AUTHOR, e, ATTACK_CARD_SPEC);
    },
  });
  if (setup.seenByGM) model.sealFrom(posted, owns);
  const checkCard = (when: string) => {
    if (m.deleted) return;
    if (!model.seal) {
      expect(m.author.id, `unsealed after ${when}`).toBe(AUTHOR.id);
      return;
    }
    expect(m.author.id, `the GM took the card over (${when})`).toBe(GM.id);
    expect(m.system.poster).toBe(AUTHOR.id);
    expect(m.system.seal, `the seal after ${when}`).toEqual({ ...model.seal, authorId: AUTHOR.id });
    if (model.seal.kind !== "attack") return;
    model.seal.targets.forEach((_t, i) => {
      const applied = appliedRecord(recordsOf(m.system.ledger, i));
      expect(Boolean(applied), `row ${i} applied after ${when}`).toBe(Boolean(model.rows.get(i)?.applied));
    });
  };
  checkActors(actors, "the post");
  checkCard("the post");
  let last: Req | null = null;
  for (const [n, act] of acts.entries()) {
    const when = `act ${n} ${JSON.stringify(act)}`;
    errors.length = 0;
    if (act.kind === "edit") {
      await playerEdit(m, USERS[act.by]!, act.changes, ATTACK_CARD_SPEC);
      checkCard(when);
      continue;
    }
    if (act.kind === "delete") {
      vanish(w, m, act.victim);
      continue;
    }
    let req: Req | null = act.kind === "repeat" ? last : act.kind === "garbage" ? null : act;
    if (act.kind === "garbage") {
      const p = act.payload as any;
      // A garbage payload shaped like a step on the card is a step like any other.
      if (typeof p === "object" && p !== null && p.messageId === CARD_ID && typeof p.step === "string"
        && ["apply", "undo", "duration"].includes(p.step)) {
        req = { user: act.user, step: p.step, args: p.args ?? {} };
      } else {
        const before = structuredClone([...actors.keys()].map((a) => a.system));
        const answer = await request(USERS[act.user]!, "card", act.payload);
        expectResult(answer, false);
        expect(answer, when).toMatchObject({ ok: false });
        expect([...actors.keys()].map((a) => a.system), when).toEqual(before);
        expect(errors, when).toEqual([]);
        continue;
      }
    }
    if (!req) continue;
    last = req;
    const sender = USERS[req.user]!;
    const args = req.args as any;
    const parses = !m.deleted && ["apply", "undo", "duration"].includes(req.step)
      && CardModel.parses(req.step, args);
    // A request on a card no GM sealed seals it first, from what it holds now.
    const sealsNow = !model.seal && parses;
    if (sealsNow) {
      model.sealFrom(contentOf(m), owns);
      reached.sealedOnDemand++;
      if ((model.seal as CardModel["seal"])?.kind === "refused") reached.refusedSeal++;
    }
    const expected: Expected = m.deleted ? { ok: false, reason: "badMessage" }
      : model.expect(sender, req.step, args, find);
    const seal = model.seal?.kind === "attack" ? model.seal : null;
    const targetDoc = parses && seal?.targets[args.index] ? find(seal.targets[args.index]!.tokenUuid)?.actor : null;
    const attackerDoc = seal ? find(seal.actorUuid) : null;
    const timedBefore = new Set(targetDoc ? timedEffects(targetDoc).keys() : []);
    const postedDurations = (m.system.targets?.[args?.index]?.effects ?? []).map((e: any) => e.duration);
    const payload = { messageId: CARD_ID, step: req.step, args: req.args };
    let faulted = false;
    let answer: unknown;
    if (act.kind === "twoTabs") {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const [a, b] = requestTwice(sender, "card", payload, 15_000);
      const first = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
      vi.advanceTimersByTime(17_000);
      vi.useRealTimers();
      expect(await (first.i === 0 ? b : a), `the other tab (${when})`).toEqual({ ok: false, reason: "timeout" });
      answer = first.r;
    } else if (act.kind === "trap") {
      w.world.arm(act.after, () => vanish(w, m, act.victim));
      answer = await request(sender, "card", payload);
      faulted = w.world.sprung;
      w.world.trap = null;
    } else if (act.kind === "recordFails") {
      // The GM's write of the step's record (or of an undo's mark) is refused once.
      m.failNext = /^system\.(ledger|steps)/;
      answer = await request(sender, "card", payload);
      faulted = m.failNext === null;
      m.failNext = null;
    } else if (act.kind === "postFails") {
      w.failNextPost = true;
      answer = await request(sender, "card", payload);
      faulted = !w.failNextPost;
      w.failNextPost = false;
    } else {
      answer = await request(sender, "card", payload);
    }
    if (faulted) reached.faults++;
    // The attacker deleted while the request sealed the card: sealed as it stood then, either way.
    if (faulted && sealsNow && !m.deleted && m.system.seal?.kind === "refused" && model.seal?.kind === "attack") {
      expect(m.system.seal, when).toEqual({ kind: "refused", reason: "notOwner", authorId: AUTHOR.id });
      model.seal = { kind: "refused", reason: "notOwner" };
    }
    expectResult(answer, faulted);
    const ok = (answer as { ok: boolean }).ok;
    if (!faulted) {
      const planner = ["hpChangedSince", "deathChangedSince", "noTarget"];
      if ("planner" in expected || ("either" in expected && !ok)) {
        expect(answer, when).toMatchObject({ ok: false });
        expect(planner, when).toContain((answer as any).reason);
      } else if (!("either" in expected)) expect(answer, when).toEqual(expected);
      expect(errors, `nothing logged as a failure (${when})`).toEqual([]);
    }
    if (ok) {
      expect("either" in expected || expected.ok, `ok only where the card allows it (${when})`).toBe(true);
      if (req.step === "apply") {
        model.applied(sender, args, find,
          { target: targetDoc, attacker: attackerDoc, timed: timedBefore, posted: postedDurations }, faulted);
        reached.applied++;
      } else if (req.step === "undo") {
        model.undone(args.index);
        reached.undone++;
      } else {
        model.picked(args);
        reached.picked++;
      }
    }
    checkActors(actors, when);
    checkCard(when);
  }
}

describe("escalation's attack card under fuzzed requests", () => {
  it("every answer is a result the card as sealed owes; actors hold only what it allowed", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 20, size: "max" }), play),
      // FUZZ_RUNS and FUZZ_SEED explore further (e.g. FUZZ_RUNS=5000 FUZZ_SEED=7).
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20261127) });
    expect(reached.applied).toBeGreaterThan(50);
    expect(reached.undone).toBeGreaterThan(20);
    expect(reached.picked).toBeGreaterThan(10);
    expect(reached.faults).toBeGreaterThan(10);
    expect(reached.sealedOnDemand).toBeGreaterThan(20);
    expect(reached.refusedSeal).toBeGreaterThan(5);
  }, 600_000);
});

