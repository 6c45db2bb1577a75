import fc from "fast-check";
import { ACTORS, COMBAT_ID, FOES, type Who } from "../support/action-points-world";
import { GRID_TYPES } from "../support/foundry-documents";
import { SPEND_ACTIONS } from "../../src/rulesets/action-points/play/round/spend-rule";
import { READY_TEXT_MAX } from "../../src/rulesets/action-points/play/round/ready";

/**
 * What action-points' request fuzz (`action-points-requests-fuzz.test.ts`) generates: a world (its
 * grid square, one of the four hex layouts or none; which tokens are unlinked; what the GM keeps
 * of each combatant; who lies prone or is down; places; the turn), then what a table, a tampered
 * client or two GM tabs send: spends of every kind (the turn's actions and special actions,
 * spells, Flow actions, Ready declared and fired, Stand Up; malformed ones), refunds, token moves
 * (step by step or jumping, checked by the moving client or not), reaction-attack offers taken,
 * initiative asked, garbage payloads, repeats, and the tracker moving on.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions, §Ready Action, §Reaction Attacks.
 */

/** 0 the GM, 1 the author (Ivo's and Oswin's owner), 2 Reyna's owner, 3 a stranger, 4 the rightful one. */
export const userArb = fc.constantFrom(4, 4, 4, 4, 4, 4, 0, 0, 1, 2, 3);

const keptArb = fc.record({
  ap: fc.oneof(fc.constant(5), fc.nat(5)), rp: fc.oneof(fc.constant(2), fc.nat(3)), fp: fc.nat(4),
  moveAp: fc.constantFrom(0, 0, 0, 1, 2), moveHexes: fc.nat(8),
  feint: fc.boolean(), shove: fc.boolean(), step: fc.constantFrom(false, false, true),
  stepping: fc.constantFrom(false, false, true), flowState: fc.boolean(),
  totalDefense: fc.constantFrom(false, false, false, false, true),
  readied: fc.constantFrom(false, false, true),
});

/** Distinct spaces on a 5×4 board, one per actor. */
const placesArb = fc.shuffledSubarray([...Array(20).keys()], { minLength: 6, maxLength: 6 });

export const setupArb = fc.record({
  grid: fc.constantFrom<number>(GRID_TYPES.SQUARE, GRID_TYPES.SQUARE, GRID_TYPES.HEXODDR,
    GRID_TYPES.HEXEVENR, GRID_TYPES.HEXODDQ, GRID_TYPES.HEXEVENQ, GRID_TYPES.GRIDLESS),
  /** Mostly the foes' tokens unlinked (as NPCs' are), now and then a PC's too. */
  unlinked: fc.oneof(fc.subarray([...FOES]), fc.subarray([...ACTORS])),
  kept: fc.array(keptArb, { minLength: 6, maxLength: 6 }),
  prone: fc.subarray([...ACTORS], { maxLength: 4 }),
  down: fc.subarray([...ACTORS], { maxLength: 1 }),
  /** Who has no place in the order yet (rolls when initiative is asked). */
  unplaced: fc.oneof({ weight: 4, arbitrary: fc.constant<Who[]>([]) },
    { weight: 1, arbitrary: fc.subarray([...ACTORS], { minLength: 1 }) }),
  places: fc.option(placesArb, { freq: 2 }),
  turn: fc.nat(5),
  round: fc.constantFrom(1, 2, 3),
  dice: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 12 }),
});
export type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

/** A Ready's words: mostly some, now and then blank, too long or no text. */
const text = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("an orc comes", " the door ", "strike", "cast") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("  ", "x".repeat(READY_TEXT_MAX + 1), 7) });

/**
 * A spend's arguments as a client sends them: `@spell`/`@weapon` name one of the combatant's own
 * spells or weapons (a forged id otherwise).
 */
export const spendArgsArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 14, arbitrary: fc.record({ action: fc.constantFrom(...SPEND_ACTIONS) }) },
  { weight: 3, arbitrary: fc.record({ action: fc.constant("standUp") }) },
  { weight: 2, arbitrary: fc.record({ action: fc.constant("spell"), spellId: fc.constantFrom("@spell", "@spell", "nosuchspellnosu") }) },
  { weight: 4, arbitrary: fc.record({
    flow: fc.record({ itemId: fc.constantFrom("@weapon", "@weapon", "@weapon", "nosuchweaponnos"), index: fc.oneof(fc.nat(2), fc.constant(-1), fc.constant(0.5)) }),
  }) },
  { weight: 4, arbitrary: fc.record({ ready: fc.constant("declare"), trigger: text, action: text }) },
  { weight: 3, arbitrary: fc.constant({ ready: "fire" }) },
  { weight: 1, arbitrary: fc.record({ action: fc.oneof(fc.string(), fc.constantFrom("ready", "__proto__", "breakFree")) }) },
  { weight: 1, arbitrary: fc.record({ ready: fc.anything(), flow: fc.anything(), action: fc.anything() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
);

/** A move: step by step (each to a neighbouring space), or jumping to far waypoints. */
const moveArb = fc.record({
  kind: fc.constant("move" as const), who: fc.nat(5),
  /** 4: the token's owner; 0: the GM (the server lets no one else move it). */
  user: fc.constantFrom(4, 4, 4, 0),
  steps: fc.array(fc.nat(11), { minLength: 1, maxLength: 14 }),
  jump: fc.constantFrom(false, false, false, true),
  honest: fc.constantFrom(true, false), tabs: fc.constantFrom<1 | 2>(1, 1, 2), own: fc.constantFrom(true, true, false),
});

type MoveAct = typeof moveArb extends fc.Arbitrary<infer T> ? T : never;
export type AnyAct =
  | { kind: "spend"; user: number; who: number; args: unknown; own: boolean; tabs: 1 | 2 }
  | { kind: "refund"; user: number; who: number }
  | MoveAct
  | { kind: "take"; user: number; offer: number; responder: number }
  | { kind: "initiative"; user: number }
  | { kind: "garbage"; user: number; name: string; payload: unknown }
  | { kind: "next" } | { kind: "repeat" }
  | { kind: "prone"; who: number } | { kind: "down"; who: number };

export const actArb: fc.Arbitrary<AnyAct> = fc.oneof(
  { weight: 10, arbitrary: fc.record({
    kind: fc.constant("spend" as const), user: userArb, who: fc.nat(5), args: spendArgsArb,
    own: fc.constantFrom(true, true, true, false), tabs: fc.constantFrom<1 | 2>(1, 1, 1, 1, 2),
  }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("refund" as const), user: userArb, who: fc.nat(5) }) },
  { weight: 8, arbitrary: moveArb },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("take" as const), user: userArb, offer: fc.nat(3), responder: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("initiative" as const), user: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({
    kind: fc.constant("garbage" as const), user: fc.nat(3),
    name: fc.constantFrom("keptSpend", "keptRefund", "offer", "rollInitiative", "card"),
    payload: fc.oneof(fc.anything(), fc.record({
      combatId: fc.constantFrom(COMBAT_ID, "othercombatothe", ""), combatantId: fc.oneof(fc.string(), fc.constant("civocivocivocivo")),
      args: spendArgsArb, messageId: fc.string(), responder: fc.string(),
    }, { requiredKeys: [] })),
  }) },
  { weight: 3, arbitrary: fc.constant({ kind: "next" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "repeat" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("prone" as const), who: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("down" as const), who: fc.nat(5) }) },
);

export const whoOf = (n: number): Who => ACTORS[n % ACTORS.length]!;
