import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTOR_UUIDS, AUTHOR, escalationWorld, FakeRoll, GM, playerEdit, postCard, request, requestTwice,
  TOKEN_UUIDS, USERS, type EscalationWorld, type StandInMessage,
} from "../support/escalation-world";
import { expectResult } from "./escalation-card-model";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { ABILITY_KIND } from "../../src/rulesets/escalation/foundry/cards/ability-kind";
import { ABILITY_CARD_SPEC, type AbilityCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { sealHeal } from "../../src/rulesets/escalation/play/cards/card-seal";
import { withDefaults } from "../../src/engine/schema/spec";
import { healWithRecovery, recoveryAverage, recoveryDiceOf } from "../../src/rulesets/escalation/rules/recovery";
import { deathAfterHpChange } from "../../src/rulesets/escalation/play/actors/death-track";
import { healthState } from "../../src/rulesets/escalation/rules/health";
import { isDead } from "../../src/rulesets/escalation/rules/death-save";
import { loggedErrors } from "../support/logged-errors";

/**
 * escalation's ability card (`escalationAbility`, a healing ability's heal buttons) under fuzzed
 * requests on the shell's real request path and the real `FrayActor`: cards naming any targets
 * (characters by token or actor, one twice, an NPC, nobody), free or not, by an ability that heals
 * or not, its poster's or not; heal requests (rolled or averaged) by the author, another player, a
 * stranger and the GM; garbage; the poster's edits before the GM took it over; repeats; one query
 * to two tabs; a target, the healer or the card deleted between requests or writes; the event
 * card or the GM's record refused. After each request: a result the card as sealed owes, and
 * each character healed at most once, by exactly one recovery (§Recoveries), and only when its
 * heal was answered `ok`. Source: `000_c2dc3d650823e22d.txt` §Recoveries.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const CARD_ID = "healcardhealcard";
const ITEMS = { oriel: "pcMotherOre606d9", brann: "pcBrannTal4d39b4", slam: "pcBrannTalbbd5dc" } as const;
type Who = "tamToken" | "tam" | "brann" | "oriel" | "orielToken" | "hag" | "nobody";
const UUID: Record<Who, string> = {
  tamToken: TOKEN_UUIDS.tam, tam: ACTOR_UUIDS.tam, brann: ACTOR_UUIDS.brann, oriel: ACTOR_UUIDS.oriel,
  orielToken: TOKEN_UUIDS.oriel, hag: TOKEN_UUIDS.hag, nobody: TOKEN_UUIDS.nobody,
};
const who = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom<Who>("tamToken", "tam", "brann", "oriel", "orielToken") },
  { weight: 1, arbitrary: fc.constantFrom<Who>("hag", "nobody") },
);
const targets = fc.uniqueArray(who, { minLength: 1, maxLength: 3 })
  .map((ws) => ws.map((w) => ({ uuid: UUID[w], name: w })));

const cardArb = fc.record({
  healer: fc.constantFrom("oriel", "oriel", "oriel", "brann", "brann", "tam"),
  item: fc.constantFrom("own", "own", "own", "own", "own", "own", "slam"),
  free: fc.constantFrom(false, false, false, false, false, true),
  targets,
}).map((c): AbilityCard => withDefaults(ABILITY_CARD_SPEC, {
  actorUuid: ACTOR_UUIDS[c.healer as "oriel"],
  itemId: c.item === "slam" ? ITEMS.slam : ITEMS[c.healer === "brann" ? "brann" : "oriel"],
  abilityName: "Mending", heal: { free: c.free, targets: c.targets },
}) as AbilityCard);

const editEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constant("system.heal.targets"), targets),
  fc.tuple(fc.constant("system.heal.free"), fc.boolean()),
  fc.tuple(fc.constant("system.actorUuid"), fc.constantFrom(...Object.values(ACTOR_UUIDS))),
  fc.tuple(fc.constant("system.itemId"), fc.constantFrom(...Object.values(ITEMS))),
  fc.tuple(fc.constantFrom("system.seal", "system.==seal"), fc.constant({
    kind: "heal", authorId: AUTHOR.id, actorUuid: ACTOR_UUIDS.oriel, free: true,
    targets: [{ uuid: TOKEN_UUIDS.tam, name: "Tam" }, { uuid: ACTOR_UUIDS.tam, name: "Tam" }],
  })),
  fc.tuple(fc.constantFrom("system.ledger", "system.ledger.healed.0"), fc.constant({ by: AUTHOR.id })),
  fc.tuple(fc.constantFrom("system.-=seal", "system.-=ledger", "system.-=claims"), fc.constant(null)),
  fc.tuple(fc.constant("system.poster"), fc.constantFrom(AUTHOR.id, GM.id)),
  fc.tuple(fc.constant("system.claims.h0"), fc.constant({ nforgedforged: Date.now() })),
);
const edits = fc.array(editEntry, { minLength: 1, maxLength: 3 })
  .map((e) => Object.fromEntries(e.map(([k, v]) => [k, structuredClone(v)])));

const user = fc.constantFrom(0, 0, 1, 1, 1, 2, 3);
const heal = fc.oneof(
  { weight: 8, arbitrary: fc.record({ index: fc.constantFrom(0, 0, 1, 2, 3), mode: fc.constantFrom("roll", "average") }) },
  { weight: 1, arbitrary: fc.anything() },
);
type Victim = "tam" | "tamToken" | "brann" | "oriel" | "card";
const victim = fc.constantFrom<Victim>("tam", "tamToken", "brann", "oriel", "card");
type Act =
  | { kind: "heal" | "twoTabs" | "postFails" | "recordFails"; user: number; args: unknown }
  | { kind: "trap"; user: number; args: unknown; victim: Victim; after: number }
  | { kind: "repeat" }
  | { kind: "garbage"; user: number; payload: unknown }
  | { kind: "edit"; changes: Record<string, unknown> }
  | { kind: "delete"; victim: Victim };
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant("heal" as const), user, args: heal }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom("twoTabs" as const, "postFails" as const, "recordFails" as const), user, args: heal }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("trap" as const), user, args: heal, victim, after: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage" as const), user, payload: fc.anything() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("edit" as const), changes: edits }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), victim }) },
);
const setupArb = fc.record({
  card: cardArb, seenByGM: fc.boolean(), early: fc.array(edits, { maxLength: 2 }),
  hp: fc.record({ brann: fc.integer({ min: -10, max: 52 }), tam: fc.integer({ min: -10, max: 42 }), oriel: fc.integer({ min: -5, max: 44 }) }),
  recoveries: fc.record({ brann: fc.nat(8), tam: fc.nat(8), oriel: fc.nat(8) }),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

interface PcModel { doc: any; hp: number; recoveries: number; penalty: number; death: any }
type HealSeal = ReturnType<typeof sealHeal> | { kind: "refused"; reason: string };

/** The seal a healing card as posted earns (`ability-kind.ts`'s seal, read off the documents). */
function expectedSeal(content: AbilityCard, find: (uuid: string) => any): HealSeal {
  const healer = find(content.actorUuid);
  const owned = healer && !healer.deleted && healer.testUserPermission(AUTHOR) ? healer : null;
  const item = owned?.items.get(content.itemId);
  if (!owned || !item || item.type !== "escalationAbility") return { kind: "refused", reason: "notOwner" };
  const kind = item.system.heal;
  if (kind === "none" || content.heal.free !== (kind === "freeRecovery")) return { kind: "refused", reason: "badRequest" };
  const actors = content.heal.targets.map((t) => {
    const doc = find(t.uuid);
    return doc && "actor" in doc ? doc.actor : doc;
  });
  if (actors.some((a) => !a?.isPC)) return { kind: "refused", reason: "noTarget" };
  if (new Set(actors.map((a) => a.uuid)).size !== actors.length) return { kind: "refused", reason: "badRequest" };
  return sealHeal(content, AUTHOR.id);
}

const reached = { healed: 0, faults: 0, sealed: 0 };
const errors = loggedErrors();

async function play(setup: Setup, acts: Act[]) {
  const w: EscalationWorld = escalationWorld(setup.hp);
  for (const k of ["brann", "tam", "oriel"] as const) w[k].system.recoveries.value = setup.recoveries[k];
  registerCardKind(ABILITY_KIND);
  registerSealing();
  registerCardRequests();
  for (const a of [w.brann, w.tam, w.oriel, w.hag]) await a.syncHealthStatuses();
  FakeRoll.dice = [];
  const find = (uuid: string) => w.world.get(uuid);
  const pcs = new Map<any, PcModel>([w.brann, w.tam, w.oriel].map((doc) => [doc, {
    doc, hp: doc.system.hp.value, recoveries: doc.system.recoveries.value,
    penalty: doc.system.recoveries.penalty, death: structuredClone(doc.system.death),
  }]));
  const m: StandInMessage = await postCard(w, CARD_ID, "escalationAbility", setup.card, {
    seenByGM: setup.seenByGM,
    before: async (msg) => {
      for (const e of setup.early) await playerEdit(msg, AUTHOR, e, ABILITY_CARD_SPEC);
    },
  });
  let seal: HealSeal | null = setup.seenByGM ? expectedSeal(setup.card, find) : null;
  const healed = new Set<number>();
  const check = (when: string) => {
    for (const p of pcs.values()) {
      if (p.doc.deleted) continue;
      const d = p.doc.system;
      expect({ hp: d.hp.value, recoveries: d.recoveries.value, penalty: d.recoveries.penalty, death: d.death }, `${p.doc.name} after ${when}`)
        .toEqual({ hp: p.hp, recoveries: p.recoveries, penalty: p.penalty, death: p.death });
      const state = healthState(p.hp, d.hp.max, true);
      const dead = isDead(p.death);
      const want = [...(dead ? ["dead"] : []), ...(state === "dying" && !dead ? ["dying"] : []),
        ...(state === "staggered" ? ["staggered"] : [])].sort();
      expect(["staggered", "dying", "dead"].filter((s) => p.doc.statuses.has(s)).sort(), `${p.doc.name} markers after ${when}`).toEqual(want);
    }
    if (m.deleted || !seal) return;
    expect(m.author.id, when).toBe(GM.id);
    expect(m.system.seal, when).toEqual({ ...seal, authorId: AUTHOR.id });
  };
  check("the post");
  let last: { user: number; args: unknown } | null = null;
  for (const [n, act] of acts.entries()) {
    const when = `act ${n} ${JSON.stringify(act)}`;
    errors.length = 0;
    if (act.kind === "edit") {
      await playerEdit(m, AUTHOR, act.changes, ABILITY_CARD_SPEC);
      check(when);
      continue;
    }
    if (act.kind === "delete" || act.kind === "trap") {
      const v = act.victim;
      const gone = () => (v === "card" ? m.vanish() : v === "tamToken" ? w.tokens.tam.vanish() : w[v].vanish());
      if (act.kind === "delete") {
        gone();
        continue;
      }
      w.world.arm(act.after, gone);
    }
    if (act.kind === "garbage") {
      const answer = await request(USERS[act.user]!, "card", act.payload);
      expectResult(answer, false);
      expect(answer, when).toMatchObject({ ok: false });
      check(when);
      continue;
    }
    const req: { user: number; args: unknown } | null = act.kind === "repeat" ? last : act;
    if (!req) continue;
    last = req;
    const sender = USERS[req.user]!;
    const args = req.args as any;
    const parses = typeof args === "object" && args !== null && !Array.isArray(args)
      && Number.isInteger(args.index) && args.index >= 0 && (args.mode === "roll" || args.mode === "average");
    const sealsNow = !seal && parses && !m.deleted;
    if (sealsNow) {
      const content = structuredClone({ ...m.system }) as any;
      seal = expectedSeal(content, find);
      reached.sealed++;
    }
    const target = seal?.kind === "heal" ? seal.targets[args?.index] : undefined;
    const targetDoc = target ? find(target.uuid) : null;
    const actor = targetDoc && "actor" in targetDoc ? targetDoc.actor : targetDoc;
    const expected = m.deleted ? { ok: false, reason: "badMessage" }
      : !parses ? { ok: false, reason: "badRequest" }
      : seal?.kind !== "heal" ? { ok: false, reason: "sealRefused" }
      : !sender.isGM && sender.id !== AUTHOR.id ? { ok: false, reason: "notAuthor" }
      : !target ? { ok: false, reason: "notOnCard" }
      : healed.has(args.index) ? { ok: false, reason: "alreadyApplied" }
      : !actor?.isPC || actor.deleted ? { ok: false, reason: "noTarget" }
      : { ok: true };
    const payload = { messageId: CARD_ID, step: "heal", args: req.args };
    let answer: unknown;
    let faulted = false;
    if (act.kind === "twoTabs") {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const [a, b] = requestTwice(sender, "card", payload, 15_000);
      const first = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
      vi.advanceTimersByTime(17_000);
      vi.useRealTimers();
      expect(await (first.i === 0 ? b : a), when).toEqual({ ok: false, reason: "timeout" });
      answer = first.r;
    } else if (act.kind === "postFails" || act.kind === "recordFails") {
      if (act.kind === "postFails") w.failNextPost = true;
      else m.failNext = /^system\.ledger/;
      answer = await request(sender, "card", payload);
      faulted = act.kind === "postFails" ? !w.failNextPost : m.failNext === null;
      w.failNextPost = false;
      m.failNext = null;
    } else {
      answer = await request(sender, "card", payload);
      faulted = act.kind === "trap" && w.world.sprung;
      w.world.trap = null;
    }
    if (faulted) reached.faults++;
    // A target or the healer deleted while the request sealed the card: sealed as it stood then.
    if (faulted && sealsNow && !m.deleted && m.system.seal?.kind === "refused") {
      expect(["notOwner", "noTarget", "badRequest"], when).toContain(m.system.seal.reason);
      seal = { kind: "refused", reason: m.system.seal.reason };
    }
    expectResult(answer, faulted);
    const ok = (answer as { ok: boolean }).ok;
    if (!faulted) {
      expect(answer, when).toEqual(expected);
      expect(errors, when).toEqual([]);
    }
    if (ok) {
      expect(expected, `healed only as the card allows (${when})`).toEqual({ ok: true });
      healed.add(args.index);
      reached.healed++;
      const p = pcs.get(actor)!;
      const recoveries = actor.system.recoveries;
      const amount = args.mode === "average" ? recoveryAverage(recoveryDiceOf(recoveries))
        : Math.max(0, recoveries.dice + recoveries.bonus);
      const result = healWithRecovery(
        { hp: p.hp, hpMax: actor.system.hp.max, recoveries: p.recoveries, penalty: p.penalty },
        amount, (seal as { free: boolean }).free,
      );
      p.death = deathAfterHpChange(p.death, { before: p.hp, after: result.track.hp, hpMax: actor.system.hp.max });
      p.hp = result.track.hp;
      p.recoveries = result.track.recoveries;
      p.penalty = result.track.penalty;
    }
    check(when);
  }
}

describe("escalation's healing card under fuzzed requests", () => {
  it("every answer is a result the card as sealed owes; each character is healed at most once", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 16, size: "max" }), play),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed: Number(process.env.FUZZ_SEED ?? 20261128) });
    expect(reached.healed).toBeGreaterThan(60);
    expect(reached.faults).toBeGreaterThan(20);
    expect(reached.sealed).toBeGreaterThan(50);
  }, 600_000);
});
