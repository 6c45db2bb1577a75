import fc from "fast-check";
import {
  ACTORS, ACTOR_UUIDS, AUTHOR, CIDS, COMBAT_ID, FOES, ownerOf, PCS, TOKEN_UUIDS, USERS, type ApWorld,
  type Who,
} from "../support/action-points-world";
import { AP_CARD_SPEC, type ApCard } from "../../src/rulesets/action-points/play/cards/card-spec";
import { MANEUVERS } from "../../src/rulesets/action-points/play/cards/maneuver";
import { AP_REACTIONS } from "../../src/rulesets/action-points/rules/reaction-window";
import { withDefaults } from "../../src/engine/schema/spec";

/**
 * What action-points' card fuzz (`action-points-card-fuzz.test.ts`) generates: the cards clients
 * post (attacks with weapons and spells by anyone on anyone, forged items, tokens, combats and
 * rounds, declared edges, reaction attacks on a posted or forged grant, maneuvers), the world
 * before the requests (HP, what the GM keeps, places, grapples, Feints, prone, the turn, the
 * dice), the requests and what happens between them (edits, deletions, turns and rounds).
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions, §Special Actions.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export const cardId = (n: number) => `card${String(n).padStart(12, "0")}`;
type Target = Who | "nobody" | "elsewhere";

export const cardArb = fc.record({
  attacker: fc.constantFrom<Who>(...ACTORS),
  /** The target: mostly a foe of the attacker; an ally, itself, no token or another scene's. */
  foe: fc.nat(5), aim: fc.oneof({ weight: 20, arbitrary: fc.constant("foe") },
    { weight: 1, arbitrary: fc.constantFrom("ally", "self", "nobody", "elsewhere") }),
  item: fc.constantFrom(0, 0, 0, 1, 2, 3), forgedItem: fc.nat(30).map((n) => n === 0),
  /** The combat it names: its own (mostly), none, or another. */
  combat: fc.oneof({ weight: 16, arbitrary: fc.constant("own") }, { weight: 1, arbitrary: fc.constantFrom("none", "other") }),
  /** The round it names: the combat's now (mostly), or a stale one. */
  stale: fc.nat(19).map((n) => (n === 0 ? -1 : n === 1 ? 1 : 0)),
  disadvantages: fc.subarray(["disarm", "other"] as ("disarm" | "other")[]),
  advantages: fc.subarray(["other"] as "other"[]),
  maneuver: fc.oneof({ weight: 12, arbitrary: fc.constant("") },
    { weight: 3, arbitrary: fc.constantFrom(...MANEUVERS) }, { weight: 1, arbitrary: fc.constant("juggle") }),
  shove: fc.record({ choice: fc.constantFrom("pushBack" as const, "prone" as const), both: fc.boolean() }),
  /** A reaction attack: on a grant posted (the n-th offer), or a forged one. */
  reaction: fc.nat(11).map((n) => (n === 0 ? "forged" : n === 1 ? "offer" : "")),
  /** Posted by the attacker's owner, or someone else. */
  poster: fc.nat(23).map((n) => (n < 3 ? n : -1)),
  forgedActor: fc.nat(30).map((n) => n === 0),
});
export type CardGen = typeof cardArb extends fc.Arbitrary<infer T> ? T : never;

/** The card a client posts for `gen`, and its poster. */
export function cardFor(w: ApWorld, gen: CardGen): { card: ApCard; poster: { id: string; isGM: boolean } } {
  const a = w.actors[gen.attacker];
  const mine = PCS.includes(gen.attacker) ? PCS : FOES;
  const theirs = PCS.includes(gen.attacker) ? FOES : PCS;
  const allies = mine.filter((x) => x !== gen.attacker);
  const target: Target = gen.aim === "foe" ? theirs[gen.foe % theirs.length]!
    : gen.aim === "ally" ? allies[gen.foe % allies.length]! : gen.aim === "self" ? gen.attacker
      : (gen.aim as "nobody" | "elsewhere");
  // Mostly a weapon in hand or a spell (`item` 0); now and then any of its items.
  const ready = a.items.contents.filter((i: any) => i.system.readied !== false);
  const item = gen.item === 0 ? ready[gen.foe % ready.length] : a.items.contents[gen.item % a.items.size];
  const offer = [...w.messages.values()].filter((m) => m.type === "base" && m.flags?.fray?.offer).at(-1);
  const card = withDefaults(AP_CARD_SPEC, {
    actorUuid: gen.forgedActor ? ACTOR_UUIDS.thug : a.uuid,
    itemId: gen.forgedItem ? "nosuchitemnosuch" : item.id, itemName: item.name,
    tokenUuid: TOKEN_UUIDS[gen.attacker], targetTokenUuid: TOKEN_UUIDS[target], targetName: target,
    combatId: gen.combat === "own" ? COMBAT_ID : gen.combat === "other" ? "othercombatother" : "",
    round: gen.combat === "own" ? Math.max(0, w.combat.round + gen.stale) : 0,
    disadvantages: gen.disadvantages, advantages: gen.advantages,
    reactionFor: gen.reaction === "forged" ? "forgedofferforge" : gen.reaction === "offer" ? offer?.id ?? "" : "",
    maneuver: gen.maneuver, shove: gen.shove,
  }) as ApCard;
  return { card, poster: gen.poster < 0 ? ownerOf(gen.attacker) : USERS[gen.poster as 0 | 1 | 2]! };
}

const keptArb = fc.record({
  ap: fc.oneof(fc.constant(5), fc.constant(5), fc.nat(5)), rp: fc.oneof(fc.constant(2), fc.constant(2), fc.nat(3)), fp: fc.nat(4),
  totalDefense: fc.constantFrom(false, false, false, false, false, true),
  feint: fc.constantFrom(false, false, true), shove: fc.constantFrom(false, false, true),
  reactionFp: fc.boolean(), moveAp: fc.constantFrom(0, 0, 1, 2),
});
/** `arb` once in `n` runs, else undefined. */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
/** Distinct spaces on a 4×3 board, one per actor. */
const placesArb = fc.shuffledSubarray([...Array(12).keys()], { minLength: 6, maxLength: 6 });
export const setupArb = fc.record({
  card: cardArb,
  seenByGM: fc.constantFrom(true, true, false),
  early: rarely(fc.tuple(fc.record({
    target: fc.constantFrom<Target>(...ACTORS, "nobody"), item: fc.constantFrom("", "nosuchitemnosuch"),
    round: fc.nat(3), combatId: fc.constantFrom(COMBAT_ID, ""),
  })), 4).map((e) => e ?? []),
  hp: fc.array(fc.oneof({ weight: 6, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 24 }) }),
    { minLength: 6, maxLength: 6 }),
  kept: fc.array(keptArb, { minLength: 6, maxLength: 6 }),
  places: rarely(placesArb, 3),
  /** A gridless scene: nothing measured (reach, range, intercept spots and swaps the GM's). */
  gridless: fc.nat(7).map((n) => n === 0),
  /** Else a hex grid now and then (Foundry's `GRID_TYPES`: HEXODDR to HEXEVENQ), else square. */
  hex: rarely(fc.constantFrom(2, 3, 4, 5), 3),
  /** Tokens left unlinked (their synthetic actors fight; the world actors never change). */
  unlinked: rarely(fc.subarray([...ACTORS], { minLength: 1 }), 3).map((u) => u ?? []),
  /** Someone grapples someone (a grappler attacks at Disadvantage, the grappled may break free). */
  grapple: rarely(fc.tuple(fc.nat(5), fc.nat(5)), 4),
  /** The combatant the attacker's Feint targets. */
  feinting: rarely(fc.nat(5), 4),
  prone: fc.subarray([...ACTORS], { maxLength: 2 }),
  /** The turn: mostly the attacker's own. */
  turn: rarely(fc.nat(5), 4),
  round: fc.constantFrom(1, 2, 2, 3),
  dice: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 30 }),
  diceSeed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});
export type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

const keyArb = fc.constantFrom("attacker", "target", ...Object.values(CIDS), "");
// "@offer<n>": the n-th offer the window makes now (what its buttons send); "@pass<n>": its
// party passes (takes the hit).
const reactArgs = fc.oneof(
  { weight: 10, arbitrary: fc.nat(5).map((n) => ({ by: `@offer${n}` })) },
  { weight: 4, arbitrary: fc.nat(5).map((n) => ({ by: `@pass${n}` })) },
  { weight: 2, arbitrary: fc.record({ by: keyArb, answer: fc.option(fc.constantFrom(...AP_REACTIONS), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ by: fc.oneof(keyArb, fc.string()), answer: fc.anything() }, { requiredKeys: [] }) },
);
const stepArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ step: fc.constant("react"), args: reactArgs }) },
  { weight: 4, arbitrary: fc.record({ step: fc.constant("apply"), args: fc.constant({}) }) },
  { weight: 3, arbitrary: fc.record({ step: fc.constant("undo"), args: fc.constant({}) }) },
  { weight: 2, arbitrary: fc.record({ step: fc.constant("swap"), args: fc.constant({}) }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constantFrom("react", "apply", "undo", "swap", "__proto__", "toString", "maneuver", ""), args: fc.anything() }) },
);
/** 4: the one who may ask (the answering party's owner, the interceptor's, the poster); the GM; players; a stranger. */
const user = fc.constantFrom(4, 4, 4, 4, 4, 0, 0, 1, 1, 2, 3);
export type Victim = Who | `token:${Who}` | "card" | "combat" | "combatant";
const victim = fc.constantFrom<Victim>("ivo", "thug", "reyna", "token:bowman", "token:oswin", "card", "combat", "combatant");
/** The poster's edits of its card: the content, or the GM's records forged. */
const editEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constant("system.targetTokenUuid"), fc.constantFrom(...Object.values(TOKEN_UUIDS))),
  fc.tuple(fc.constant("system.tokenUuid"), fc.constantFrom(...Object.values(TOKEN_UUIDS))),
  fc.tuple(fc.constant("system.round"), fc.nat(4)),
  fc.tuple(fc.constant("system.combatId"), fc.constantFrom(COMBAT_ID, "")),
  fc.tuple(fc.constant("system.maneuver"), fc.constantFrom("", "shove", "grapple")),
  fc.tuple(fc.constant("system.advantages"), fc.constant(["other"])),
  fc.tuple(fc.constantFrom("system.seal", "system.==seal"), fc.constant({ poster: AUTHOR.id, posted: {}, dice: [1], roll: 1, level: "critical" })),
  fc.tuple(fc.constantFrom("system.ledger.applied", "system.ledger.undone"), fc.boolean()),
  fc.tuple(fc.constant("system.ledger.window"), fc.constant({ seq: 0, frames: [], closed: [], settlement: { hit: true, damage: 40, target: "target" } })),
  fc.tuple(fc.constantFrom("system.-=seal", "system.-=ledger", "system.-=steps", "system.-=claims"), fc.constant(null)),
  fc.tuple(fc.constant("system.steps.apply"), fc.constant({ step: "apply", by: AUTHOR.id, deltas: [
    { kind: "add", uuid: ACTOR_UUIDS.reyna, path: "system.hp.value", amount: 9 }] })),
);
const edits = fc.array(editEntry, { minLength: 1, maxLength: 3 })
  .map((e) => Object.fromEntries(e.map(([k, v]) => [k, structuredClone(v)])));

/** `dice`: d100s the GM rolls next (an interceptor's Agility check, say). */
export type Req = { user: number; card: number; step: string; args: unknown; dice?: number[] };
export type Act =
  | ({ kind: "step" | "twoTabs" | "recordFails" | "postFails" } & Req)
  | ({ kind: "trap"; victim: Victim; after: number } & Req)
  | { kind: "repeat" }
  | { kind: "garbage"; user: number; payload: unknown }
  | { kind: "post"; gen: CardGen; seenByGM: boolean }
  | { kind: "provoke"; mover: number; take: number; by: number }
  | { kind: "interceptFlow"; gen: CardGen; user: number; roll: number }
  | { kind: "hurt"; who: Who; hp: number }
  | { kind: "edit"; by: number; changes: Record<string, unknown> }
  | { kind: "turn"; to: number }
  | { kind: "round" }
  | { kind: "delete"; victim: Victim; card: number };
const withReq = (kind: "step" | "twoTabs" | "trap" | "recordFails" | "postFails", extra: fc.Arbitrary<object>) =>
  fc.tuple(stepArb, user, fc.constantFrom(0, 0, 0, 1, 2), extra).map(([r, u, c, e]) => ({ kind, user: u, card: c, ...r, ...e }) as Act);
export const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 18, arbitrary: withReq("step", fc.constant({})) },
  { weight: 2, arbitrary: withReq("twoTabs", fc.constant({})) },
  { weight: 2, arbitrary: withReq("recordFails", fc.constant({})) },
  { weight: 2, arbitrary: withReq("postFails", fc.constant({})) },
  { weight: 3, arbitrary: withReq("trap", fc.record({ victim, after: fc.integer({ min: 1, max: 6 }) })) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage" as const), user, payload: fc.oneof(fc.anything(), fc.record({ messageId: fc.oneof(fc.constant(cardId(0)), fc.string()), step: fc.anything(), args: fc.anything() }, { requiredKeys: [] })) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("post" as const), gen: cardArb, seenByGM: fc.constantFrom(true, true, false) }) },
  // A mover provokes reaction attacks (the movement watch's offer), and a responder takes one.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("provoke" as const), mover: fc.nat(5), take: fc.nat(5), by: fc.constantFrom(4, 4, 0, 3) }) },
  // An ally intercepts (when the window offers it), then swaps places with the one it covered.
  { weight: 2, arbitrary: fc.record({
    kind: fc.constant("interceptFlow" as const), gen: cardArb, user: fc.constantFrom(4, 4, 4, 0, 1, 3),
    // The interceptor's Agility check: mostly one that wins.
    roll: fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 1, max: 30 }) }, fc.integer({ min: 1, max: 100 })),
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hurt" as const), who: fc.constantFrom(...ACTORS), hp: fc.nat(24) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("turn" as const), to: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "round" as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("edit" as const), by: fc.constantFrom(1, 1, 1, 2), changes: edits }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), victim, card: fc.nat(2) }) },
);
