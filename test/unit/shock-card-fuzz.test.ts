import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTORS, ACTOR_UUIDS, AUTHOR, CIDS, COMBAT_ID, deleteMessage, GM, OTHER, postCard, request,
  requestTwice, ScriptedRoll, setEconomy, shockWorld, TOKEN_UUIDS, USERS, type ShockWorld, type Who,
} from "../support/shock-world";
import { playerEdit, type StandInMessage } from "../support/escalation-world";
import { changed, expectBounds, expectResult, snapshot } from "./shock-fuzz-checks";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardDeletion } from "../../src/shell/cards/deleted";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { SHOCK_CARD_SPEC, type ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { ledgerOf, sealOf } from "../../src/rulesets/shock/play/cards/card-seal";
import { trustedRecords } from "../../src/shell/cards/records";
import { targetOf } from "../../src/rulesets/shock/play/cards/card-window";
import { planAttack } from "../../src/rulesets/shock/rules/attack";
import { weaponOfItem } from "../../src/rulesets/shock/foundry/data/accessors";
import { withDefaults } from "../../src/engine/schema/spec";
import { loggedErrors } from "../support/logged-errors";

/**
 * shock's attack card (`shockAttack`) under fuzzed requests through the shell's real request path
 * (the relay's stamped sender, claims and queue; the card runtime's seal, takeover and recorder)
 * on the real `ShockActor`, `ShockCombat` and `ShockCombatant`: random cards (PCs and NPCs
 * attacking anyone, forged totals, charges, cards in and out of the combat), random round
 * economies (Mains and Moves spent, held actions, declared screens, Total Defense, used shields),
 * then random sequences of reactions (no reaction, Total Defense, held screens, Snap Attack
 * grants, any combatant named), the Snap Attack cards the snappers post, Apply, Undo, shoves and
 * grapples, by the GM, the author, another player and a stranger; garbage payloads; the poster's
 * edits before the GM sealed the card; repeats; one query delivered to two GM tabs; HP changed
 * from a sheet; and actors, tokens, cards or the combat deleted between requests or between two
 * writes of one. After every request: the answer is a result naming a lang key; a refusal
 * changes no document; an `ok` is the sender's to ask (the answerer's owner, the card's author,
 * or a GM); a card is applied (or maneuvered) at most once and undone at most once, after it was
 * applied, and the undo puts back exactly what the apply changed; HP and budgets stay in bounds.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock, §Instant Actions, §Total Defense,
 * §Screen an Ally, §Make a Snap Attack, §Grappling.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const PCS: Who[] = ["corvin", "wenna", "lisbet"];
const FOES: Who[] = ["brute", "cutthroat"];
const ownerOf = (who: Who) => (who === "wenna" ? OTHER : PCS.includes(who) ? AUTHOR : GM);
const cardId = (n: number) => `card${String(n).padStart(12, "0")}`;

const cardArb = fc.record({
  // Mostly the foes on the party (whose members may answer), also the party on the foes.
  attacker: fc.constantFrom<Who>("brute", "brute", "cutthroat", "cutthroat", "corvin", "lisbet", "wenna"),
  /** The target: mostly a foe of the attacker. */
  foe: fc.nat(4), ally: fc.constantFrom(false, false, false, true), nobody: fc.nat(15).map((n) => n === 0),
  weapon: fc.nat(1),
  natural: fc.integer({ min: 1, max: 20 }),
  forged: fc.nat(19).map((n) => (n === 0 ? 1 : n === 1 ? -3 : 0)),
  charge: fc.constantFrom(false, false, false, true),
  inMelee: fc.boolean(),
  inCombat: fc.constantFrom(true, true, true, true, true, false),
  /** An execution (mostly on an Unsuspecting target), sometimes non-lethal. */
  execution: fc.nat(5).map((n) => n === 0), nonLethal: fc.boolean(),
  /** Posted by the attacker's owner, or someone else. */
  poster: fc.nat(15).map((n) => (n < 3 ? n : -1)),
});
type CardGen = typeof cardArb extends fc.Arbitrary<infer T> ? T : never;

/** The card a client posts for `gen` (its total checked the way the GM checks it, then forged). */
function cardFor(w: ShockWorld, gen: CardGen, snapFor = ""): { card: ShockCard; poster: { id: string } } {
  const a = w.actors[gen.attacker];
  const foes = (PCS.includes(gen.attacker) ? FOES : PCS).filter((x) => x !== gen.attacker);
  const allies = (PCS.includes(gen.attacker) ? PCS : FOES).filter((x) => x !== gen.attacker);
  const target: Who | "nobody" = gen.nobody ? "nobody"
    : gen.ally ? allies[gen.foe % allies.length]! : foes[gen.foe % foes.length]!;
  const item = a.items.contents[gen.weapon % a.items.size];
  const snap = Boolean(snapFor);
  const plan = planAttack({
    attacker: a.statblock, weapon: weaponOfItem(item), ac: 0, charge: gen.charge && !gen.execution, snap,
    dualWield: false,
    swarmOthers: 0, inMelee: gen.inMelee, situations: [],
  });
  const card = withDefaults(SHOCK_CARD_SPEC, {
    actorUuid: a.uuid, weaponId: item.id, weaponName: item.name, tokenUuid: TOKEN_UUIDS[target],
    targetName: target, combatId: gen.inCombat ? COMBAT_ID : "", round: gen.inCombat ? w.combat.round : 0,
    charge: gen.charge && !gen.execution, snap, inMelee: gen.inMelee, formula: "1d20", snapFor,
    execution: gen.execution && !snap, nonLethal: gen.execution && gen.nonLethal && !snap,
    natural: gen.natural, total: gen.natural + plan.check.modifier + gen.forged,
  }) as ShockCard;
  return { card, poster: gen.poster < 0 ? ownerOf(gen.attacker) : USERS[gen.poster as 0 | 1 | 2]! };
}

const economy = fc.record({
  main: fc.constantFrom(false, false, false, true), moves: fc.constantFrom(0, 0, 1, 2), holding: fc.boolean(),
  totalDefense: fc.constantFrom(false, false, false, false, false, true), shieldUsed: fc.constantFrom(false, false, true),
  screening: fc.constantFrom<"" | Who>("", "", "", "", "corvin", "wenna", "lisbet", "brute"),
});
const setupArb = fc.record({
  card: cardArb,
  seenByGM: fc.constantFrom(true, true, false),
  early: fc.array(fc.record({ natural: fc.integer({ min: 1, max: 20 }), total: fc.nat(30), target: fc.constantFrom<Who | "nobody">(...ACTORS, "nobody") }), { maxLength: 1 }),
  hp: fc.record({
    corvin: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })),
    wenna: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 })),
    lisbet: fc.integer({ min: 1, max: 16 }),
    brute: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 })),
    cutthroat: fc.integer({ min: 1, max: 12 }),
  }),
  economy: fc.array(economy, { minLength: 5, maxLength: 5 }),
  /** The GM marked these Unsuspecting (an execution's targets). */
  unsuspecting: fc.subarray([...ACTORS]),
  turn: fc.nat(4),
  round: fc.constantFrom(1, 2, 2, 3),
  dice: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 30 }),
  diceSeed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

const cid = fc.constantFrom(...Object.values(CIDS));
// "@offer<n>": the card's n-th offer as sealed (what its buttons send).
const choice = fc.oneof(
  { weight: 8, arbitrary: fc.nat(3).map((i) => `@offer${i}`) },
  { weight: 4, arbitrary: fc.constant("none") }, { weight: 4, arbitrary: fc.constant("totalDefense") },
  { weight: 3, arbitrary: cid.map((c) => `screen:${c}`) }, { weight: 3, arbitrary: cid.map((c) => `snap:${c}`) },
  { weight: 1, arbitrary: fc.string() },
);
const stepArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ step: fc.constant("react"), args: fc.record({ choice, seq: fc.option(fc.nat(3), { nil: undefined, freq: 8 }) }, { requiredKeys: ["choice"] }) }) },
  { weight: 4, arbitrary: fc.record({ step: fc.constant("apply"), args: fc.constant({}) }) },
  { weight: 3, arbitrary: fc.record({ step: fc.constant("undo"), args: fc.constant({}) }) },
  { weight: 2, arbitrary: fc.record({ step: fc.constant("maneuver"), args: fc.record({ maneuver: fc.constantFrom("shove", "grapple", "trip") }) }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constantFrom("react", "apply", "undo", "maneuver", "__proto__", "toString", ""), args: fc.anything() }) },
);
/** 4: the one who may ask (the answerer's owner, the card's poster); the GM; players; a stranger. */
const user = fc.constantFrom(4, 4, 4, 4, 0, 0, 1, 1, 2, 3);
type Victim = Who | `token:${Who}` | "card" | "combat";
const victim = fc.constantFrom<Victim>("wenna", "brute", "corvin", "token:cutthroat", "token:lisbet", "card", "combat");
/** The poster's edits of its card: the content, or the GM's records forged. */
const editEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constant("system.natural"), fc.integer({ min: 1, max: 20 })),
  fc.tuple(fc.constant("system.total"), fc.integer({ min: -5, max: 30 })),
  fc.tuple(fc.constant("system.tokenUuid"), fc.constantFrom(...Object.values(TOKEN_UUIDS))),
  fc.tuple(fc.constant("system.execution"), fc.boolean()),
  fc.tuple(fc.constant("system.snapFor"), fc.constantFrom("", cardId(0), cardId(1))),
  fc.tuple(fc.constantFrom("system.seal", "system.==seal"), fc.constant({ kind: "shockAttack", hit: true, offers: [] })),
  fc.tuple(fc.constantFrom("system.ledger.result", "system.==ledger"),
    fc.constant({ hit: true, kind: "hit", amount: 40, dice: [6], cancelled: false })),
  fc.tuple(fc.constantFrom("system.-=seal", "system.-=ledger", "system.-=steps", "system.-=claims"), fc.constant(null)),
  fc.tuple(fc.constant("system.steps.apply"), fc.constant({ step: "apply", by: AUTHOR.id, deltas: [
    { kind: "add", uuid: ACTOR_UUIDS.wenna, path: "system.hp.value", amount: 9 }] })),
);
const edits = fc.array(editEntry, { minLength: 1, maxLength: 3 })
  .map((e) => Object.fromEntries(e.map(([k, v]) => [k, structuredClone(v)])));

type Req = { user: number; card: number; step: string; args: unknown };
type Act =
  | ({ kind: "step" | "twoTabs" | "recordFails" | "postFails" } & Req)
  | ({ kind: "trap"; victim: Victim; after: number } & Req)
  | { kind: "repeat" }
  | { kind: "garbage"; user: number; payload: unknown }
  | { kind: "snapCard"; card: number; gen: CardGen }
  | { kind: "snapFlow"; card: number; gen: CardGen }
  | { kind: "hurt"; who: Who; hp: number }
  | { kind: "edit"; by: number; changes: Record<string, unknown> }
  | { kind: "turn"; to: number }
  | { kind: "delete"; victim: Victim; card: number };
const withReq = (kind: "step" | "twoTabs" | "trap" | "recordFails" | "postFails", extra: fc.Arbitrary<object>) =>
  fc.tuple(stepArb, user, fc.constantFrom(0, 0, 0, 1, 2), extra).map(([r, u, c, e]) => ({ kind, user: u, card: c, ...r, ...e }) as Act);
const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 16, arbitrary: withReq("step", fc.constant({})) },
  { weight: 2, arbitrary: withReq("twoTabs", fc.constant({})) },
  { weight: 2, arbitrary: withReq("recordFails", fc.constant({})) },
  { weight: 3, arbitrary: withReq("postFails", fc.constant({})) },
  { weight: 3, arbitrary: withReq("trap", fc.record({ victim, after: fc.integer({ min: 1, max: 6 }) })) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage" as const), user, payload: fc.oneof(fc.anything(), fc.record({ messageId: fc.oneof(fc.constant(cardId(0)), fc.string()), step: fc.anything(), args: fc.anything() }, { requiredKeys: [] })) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("snapCard" as const), card: fc.constantFrom(0, 0, 1), gen: cardArb }) },
  // A Snap Attack granted on a card, then its card posted by the snapper's client.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("snapFlow" as const), card: fc.constantFrom(0, 0, 1), gen: cardArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hurt" as const), who: fc.constantFrom(...ACTORS), hp: fc.nat(16) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("turn" as const), to: fc.nat(4) }) },
  // The poster (or another player) edits the card: its content, or the GM's records forged.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("edit" as const), by: fc.constantFrom(1, 1, 1, 2), changes: edits }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), victim, card: fc.nat(2) }) },
);

const errors = loggedErrors();

const reached: Record<string, number> = {};
const count = (k: string) => (reached[k] = (reached[k] ?? 0) + 1);

function vanish(w: ShockWorld, cards: StandInMessage[], v: Victim, card: number): void {
  if (v === "card") cards[card % cards.length]?.vanish();
  else if (v === "combat") {
    w.combat.deleted = true;
    for (const c of w.combat.combatants.contents) c.deleted = true;
    w.world.forget(w.combat.uuid);
  } else if (v.startsWith("token:")) w.tokens[v.slice(6) as Who].vanish();
  else w.actors[v as Who].vanish();
}

/** Who may take a step on a card: the answerer's owner for a reaction, else the poster. */
function rightful(w: ShockWorld, m: StandInMessage, step: string, args: any): { id: string; isGM: boolean } {
  const poster = USERS.find((u) => u.id === (m.system.poster ?? m.author?.id)) ?? GM;
  if (step !== "react") return poster;
  const actor = answererOf(w, m, args?.choice);
  return USERS.find((u) => !u.isGM && actor?.testUserPermission(u)) ?? GM;
}

/**
 * The actor a reaction is asked of: the named ally's (a screen, a snap), else the target's now (the
 * sealed one, or the ally whose held screen took the attack).
 */
function answererOf(w: ShockWorld, m: StandInMessage, choice: unknown): any {
  const named = String(choice ?? "").split(":")[1];
  if (named) return w.combat.combatants.get(named)?.actor ?? null;
  const seal = trustedRecords(m) ? sealOf(m.system.seal) : null;
  const uuid = seal ? targetOf(seal, ledgerOf(m.system.ledger)).tokenUuid : m.system.tokenUuid;
  return w.world.get(uuid)?.actor ?? null;
}

/** What the card runtime keeps per card, to check once-only steps. */
interface Track { applied: boolean; undone: boolean; pre: Map<string, string> | null; post: Map<string, string> | null }

async function play(setup: Setup, acts: Act[]) {
  const w = shockWorld(setup.hp);
  w.combat.round = setup.round;
  w.combat.turn = setup.turn;
  ACTORS.forEach((who, i) => {
    const e = setup.economy[i]!;
    setEconomy(w.combatants[who], { ...e, screening: e.screening && e.screening !== who ? CIDS[e.screening] : "" });
  });
  for (const who of setup.unsuspecting) {
    const [effect] = await w.actors[who].createEmbeddedDocuments("ActiveEffect", [
      { name: "Unsuspecting", statuses: ["shockUnsuspecting"] }]);
    // The server's stamp: the GM wrote it (documents/unsuspecting.ts honours only that).
    effect._stats = { lastModifiedBy: GM.id };
  }
  registerGMRequests();
  registerCardKind(SHOCK_ATTACK_KIND);
  registerSealing();
  registerCardDeletion();
  registerCardRequests();
  ScriptedRoll.dice = [...setup.dice];
  ScriptedRoll.seed = setup.diceSeed;
  const cards: StandInMessage[] = [];
  const tracks = new Map<string, Track>();
  const first = cardFor(w, setup.card);
  cards.push(await postCard(w, cardId(0), first.card, {
    seenByGM: setup.seenByGM, poster: first.poster,
    // The poster's edits reach the server before the GM's seal runs.
    before: async (m) => {
      for (const e of setup.early) {
        await playerEdit(m, first.poster, {
          "system.natural": e.natural, "system.total": e.total, "system.tokenUuid": TOKEN_UUIDS[e.target],
          "system.seal": { forged: true }, "system.ledger": { result: { hit: true, kind: "hit", amount: 99 } },
        }, SHOCK_CARD_SPEC);
      }
    },
  }));
  tracks.set(cardId(0), { applied: false, undone: false, pre: null, post: null });
  count(`seal:${cards[0]!.system.seal?.reason ?? (cards[0]!.system.seal ? "ok" : "none")}`);
  count(`offers:${sealOf(cards[0]!.system.seal)?.offers.length ?? "-"}`);
  expectBounds(w, "the post");
  let last: Req | null = null;
  const queue = [...acts];
  for (const [n, act] of queue.entries()) {
    if (act.kind === "snapFlow") {
      queue.splice(n + 1, 0, { kind: "step", user: 4, card: act.card, step: "react", args: { choice: "@snap" } },
        { kind: "snapCard", card: act.card, gen: act.gen });
      continue;
    }
    const when = `act ${n} ${JSON.stringify(act)}`;
    errors.length = 0;
    if (act.kind === "turn") {
      w.combat.turn = act.to;
      continue;
    }
    if (act.kind === "edit") {
      const m = cards[0]!;
      const sealed = trustedRecords(m) !== null;
      const before = snapshot(w);
      // 1: its poster (who authored it until the GM took it over); 2: another player.
      const editor = act.by === 1
        ? USERS.find((u) => u.id === (m.system.poster || m.author?.id)) ?? AUTHOR : USERS[act.by]!;
      // (A GM may write anything; only players' edits are the fuzz's.)
      if (editor.isGM) continue;
      const wrote = await playerEdit(m, editor, act.changes, SHOCK_CARD_SPEC);
      // A card the GM took over is the GM's to write: no player edit reaches it.
      if (sealed) expect(wrote, `an edit of a sealed card (${when})`).toBe(false);
      if (wrote) count("edited");
      expect(changed(before, snapshot(w)), when).toEqual([]);
      continue;
    }
    if (act.kind === "hurt") {
      const a = w.actors[act.who];
      if (!a.deleted) await a.changeHp(Math.min(act.hp, a.system.hp.max) - a.system.hp.value);
      continue;
    }
    if (act.kind === "delete") {
      const m = cards[act.card % cards.length];
      if (act.victim === "card" && m && !m.deleted) await deleteMessage(m);
      else if (act.victim !== "card") vanish(w, cards, act.victim, act.card);
      expectBounds(w, when);
      continue;
    }
    if (act.kind === "snapCard") {
      // A snapper granted its Snap Attack on a card posts it (or anyone forges one naming it).
      const of = cards[act.card % cards.length]!;
      const seal = sealOf(of.system.seal);
      // The snapper granted there (its grant recorded), else any offered one.
      const granted = seal?.snappers.find((x) => of.system.steps?.[`snap-${x.combatantId}`]);
      const snapper = granted ?? seal?.snappers[0];
      const who = snapper ? ACTORS.find((k) => CIDS[k] === snapper.combatantId) : undefined;
      // (Mostly the granted snapper's card; now and then one nobody was granted.)
      if (!granted && act.gen.foe % 4 !== 0) continue;
      if (granted) count("grantFound");
      // The granted snapper's card: with the weapon offered, in the combat (mostly).
      const weapon = who ? w.actors[who].items.contents.findIndex((i: any) => i.id === snapper?.weaponId) : -1;
      const gen = who
        ? { ...act.gen, attacker: who, nobody: false, weapon: weapon < 0 || act.gen.foe === 4 ? act.gen.weapon : weapon,
          inCombat: act.gen.inCombat || act.gen.foe < 3, charge: false, inMelee: act.gen.foe === 3 && act.gen.inMelee }
        : act.gen;
      const made = cardFor(w, gen, of.id);
      const { card } = made;
      const poster = who && act.gen.poster < 0 ? ownerOf(who) : made.poster;
      if (who && seal) {
        const target = ACTORS.find((k) => TOKEN_UUIDS[k] === seal.attackerTokenUuid);
        if (target) Object.assign(card, { tokenUuid: TOKEN_UUIDS[target], targetName: target });
      }
      const id = cardId(cards.length);
      const before = snapshot(w);
      cards.push(await postCard(w, id, card, { seenByGM: true, poster }));
      tracks.set(id, { applied: false, undone: false, pre: null, post: null });
      count("snapCard");
      if (sealOf(cards.at(-1)!.system.seal)) count(granted ? "grantedSnapCardSealed" : "snapCardSealed");
      else if (granted) count(`grantedSnapCard:${cards.at(-1)!.system.seal?.reason}`);
      // Sealing a snap card links it (the granted Main was spent then): it spends nothing more.
      const spent = changed(before, snapshot(w)).filter((k) => Object.values(CIDS).includes(k))
        .filter((k) => JSON.parse(before.get(k)!).main === false && JSON.parse(snapshot(w).get(k)!).main === true);
      expect(spent, `a snap card's seal spends no Main (${when})`).toEqual([]);
      expectBounds(w, when);
      continue;
    }
    const req: Req | null = act.kind === "repeat" ? last : act.kind === "garbage" ? null : act;
    if (act.kind === "garbage") {
      const before = snapshot(w);
      const answer = await request(USERS[act.user % 4]!, "card", act.payload);
      expectResult(answer, false, when);
      if ((answer as any).ok) continue;
      // (A garbage payload naming a card may seal it: the seal's own writes.)
      const m = w.messages.get(String((act.payload as any)?.messageId));
      if (!m) expect(changed(before, snapshot(w)), when).toEqual([]);
      continue;
    }
    if (!req) continue;
    last = req;
    const m = cards[req.card % cards.length]!;
    const sealNow = trustedRecords(m) ? sealOf(m.system.seal) : null;
    let args = req.args as any;
    const offered = /^@offer(\d)$/.exec(String(args?.choice));
    if (args?.choice === "@snap") {
      args = { choice: sealNow?.offers.find((o) => o.startsWith("snap:")) ?? "none" };
    } else if (offered) {
      const offers = sealNow?.offers ?? [];
      args = { ...args, choice: offers.length ? offers[Number(offered[1]) % offers.length] : "none" };
    }
    const sender = req.user < 4 ? USERS[req.user]! : rightful(w, m, req.step, args);
    const payload = { messageId: m.id, step: req.step, args };
    // Sealed: the GM's records (a poster's forged `seal` on its own card is no seal).
    const wasSealed = trustedRecords(m) !== null;
    const track = tracks.get(m.id)!;
    const before = snapshot(w);
    const sealBefore = wasSealed ? sealOf(m.system.seal) : null;
    const answerer = req.step === "react" ? answererOf(w, m, args?.choice) : null;
    let answer: unknown;
    let faulted = false;
    if (act.kind === "twoTabs") {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const [a, b] = requestTwice(sender, "card", payload, 15_000);
      const firstDone = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
      vi.advanceTimersByTime(17_000);
      vi.useRealTimers();
      expect(await (firstDone.i === 0 ? b : a), `the other tab (${when})`).toEqual({ ok: false, reason: "timeout" });
      answer = firstDone.r;
      count("twoTabs");
    } else if (act.kind === "trap") {
      w.world.arm(act.after, () => vanish(w, cards, act.victim, req!.card));
      answer = await request(sender, "card", payload);
      faulted = w.world.sprung;
      w.world.trap = null;
      w.world.sprung = false;
    } else if (act.kind === "postFails") {
      // The server refuses the GM's next post (a roll message, a morale check) once.
      w.failNextPost = true;
      answer = await request(sender, "card", payload);
      faulted = !w.failNextPost;
      w.failNextPost = false;
    } else if (act.kind === "recordFails") {
      // The server refuses the GM's next write of the card's ledger or step records once.
      m.failNext = /^system\.(ledger|steps)/;
      answer = await request(sender, "card", payload);
      faulted = m.failNext === null;
      m.failNext = null;
    } else {
      answer = await request(sender, "card", payload);
    }
    if (faulted) count("faulted");
    if (faulted && act.kind === "postFails") count("postFailed");
    expectResult(answer, faulted, when);
    expectBounds(w, when);
    const after = snapshot(w);
    const diff = changed(before, after);
    const ok = (answer as { ok: boolean }).ok;
    const sealedNow = trustedRecords(m) !== null;
    if (!wasSealed && sealedNow) count(sealOf(m.system.seal) ? "sealedOnDemand" : "refusedSeal");
    if (!ok) {
      count(`refused:${(answer as any).reason}`);
      // "failed" says a step broke: only a document deleted under it may.
      if (!faulted) expect((answer as any).reason, `a step failed (${when}): ${errors.flat().join(" ")}`).not.toBe("failed");
      // A refused step changes nothing (a seal on demand that landed may have played the opening
      // of its window; one that did not, its card deleted under it or its record refused, was put
      // back; what belonged to a document deleted under the request may be left).
      const orphan = (k: string) => faulted && (k === "combat" || k === "groups"
        || w.combat.combatants.contents.some((c: any) => c.id === k && !c.actor));
      if (faulted && !wasSealed && !sealedNow) count("sealFaulted");
      if (wasSealed || !sealedNow) {
        expect(diff.filter((k) => !orphan(k)), `a refusal changes nothing (${when})`).toEqual([]);
      }
      continue;
    }
    const seal = sealBefore ?? sealOf(m.system.seal);
    expect(seal, when).not.toBeNull();
    count(`ok:${req.step}`);
    if (req.step === "react") count(`ok:react:${String(args.choice).split(":")[0]}`);
    switch (req.step) {
      case "react": {
        if (!sender.isGM) {
          // The answerer's owner: the target's (none, Total Defense), or the named ally's.
          // (A card this request sealed: its target as sealed, after any declared screen.)
          const asked = wasSealed ? answerer : answererOf(w, m, args?.choice);
          // (An answerer deleted under the request that sealed the card is not asked.)
          if (asked || !faulted)
            expect(asked?.testUserPermission(sender), `only the answerer's owner answers (${when})`)
              .toBe(true);
        }
        // An answer spends a Main that was free, never one already spent.
        for (const k of diff.filter((x) => Object.values(CIDS).includes(x))) {
          const [b, a] = [JSON.parse(before.get(k)!), JSON.parse(after.get(k)!)];
          if (a.totalDefense && !b.totalDefense) expect(b.main, `Total Defense on a spent Main (${when})`).toBe(false);
          expect(a.moves >= b.moves || (sender.isGM && args.choice === "none"), when).toBe(true);
        }
        break;
      }
      case "apply":
      case "maneuver":
        expect(sender.isGM || sender.id === seal!.authorId, `only the author applies (${when})`).toBe(true);
        expect(track.applied, `applied twice (${when})`).toBe(false);
        // A card its poster could not post (an attacker it does not own) is never applied.
        // (An attacker deleted under the apply is not asked.)
        const attacker = w.world.get(seal!.actorUuid);
        expect(USERS.find((u) => u.id === seal!.authorId)?.isGM || (faulted && !attacker)
          || attacker?.testUserPermission({ id: seal!.authorId }), when).toBe(true);
        track.applied = true;
        // (An apply that sealed the card also wrote what the seal's window played: not compared.)
        if (seal!.execution) count(`${req.step}:execution`);
        if (req.step === "apply" && wasSealed) {
          track.pre = new Map(diff.map((k) => [k, before.get(k)!]));
          track.post = new Map(diff.map((k) => [k, after.get(k)!]));
        }
        break;
      case "undo": {
        expect(sender.isGM || sender.id === seal!.authorId, `only the author undoes (${when})`).toBe(true);
        expect(track.applied && !track.undone, `undone twice, or before an apply (${when})`).toBe(true);
        track.undone = true;
        // What the apply changed, untouched since, is exactly as it was before it.
        const intact = [...(track.post ?? new Map()).entries()].every(([k, v]) => before.get(k) === v);
        if (track.pre && intact) {
          // (A document deleted under the undo is left out.)
          for (const [k, v] of track.pre)
            if (after.has(k)) expect(after.get(k), `undo restores ${k} (${when})`).toBe(v);
          count("exactUndo");
        }
        break;
      }
    }
  }
}

describe("shock's attack card under fuzzed requests", () => {
  it("every answer is a result; refusals change nothing; oks are the sender's, once, in bounds", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 20, size: "max" }), play),
      // FUZZ_RUNS and FUZZ_SEED explore further (e.g. FUZZ_RUNS=3000 FUZZ_SEED=7).
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20261126) });
    // The runs did more than refuse: every kind of step was taken.
    // Floors below what seeds 1-12 and the pinned seed all reach at 400 runs (not tuned to one
    // seed), except a screen: it needs a holding ally beside the target with a Move left, and
    // one seed of those thirteen never answers with one.
    const floors: Record<string, number> = {
      "ok:apply": 25, "ok:undo": 5, exactUndo: 5, "ok:maneuver": 1, "ok:react:none": 12,
      "ok:react:totalDefense": 3, "ok:react:screen": 1, "ok:react:snap": 8, grantedSnapCardSealed: 3,
      sealedOnDemand: 20, refusedSeal: 40, faulted: 10, postFailed: 1, edited: 3, twoTabs: 120,
      "apply:execution": 3,
    };
    for (const [k, floor] of Object.entries(floors))
      expect(reached[k] ?? 0, `${k} in ${JSON.stringify(reached)}`).toBeGreaterThanOrEqual(floor);
  }, 600_000);
});
