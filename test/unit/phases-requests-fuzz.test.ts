import { beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTORS, AUTHOR, COMBAT_ID, GM, OTHER, STRANGER, keptOfCombatant, phasesWorld, postCard,
  registerPhasesRequests, request, TOKEN_UUIDS, type PhasesWorld,
} from "../support/phases-world";
import { ScriptedRoll } from "../support/shock-world";
import { refusalOf, trustedRecords } from "../../src/shell/cards/records";
import { validate } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/phases/play/data/kept-spec";
import { ledgerOf, sealOf } from "../../src/rulesets/phases/play/cards/card-steps";
import type { PhasesCard } from "../../src/rulesets/phases/play/cards/card-spec";
import type { StandInMessage } from "../support/message-stand-in";

/**
 * phases' GM requests under random sequences a table (or a malicious player's client) could
 * send, through the shell's real request path on the stand-in world: Battle actions and movement
 * picks by any user for any combatant with any arguments, attack cards by any user with any
 * power, target and dice, Apply and Undo by anyone, saves asked by anyone, garbage payloads, and
 * the tracker moving between steps and turns. After every request: a refusal is one the shell or
 * phases names and changed nothing; what the GM keeps stays valid (one movement power and one
 * Battle action a round at most); HP stays within 0..max; an applied card's Undo restores what
 * its Apply changed; nobody but the GM or a combatant's owner ever changed what it keeps.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions, §Movement Phase; the shell's relay reasons.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

const USERS = [GM, AUTHOR, OTHER, STRANGER] as const;
const STEPS = ["movement", "battle", null] as const;
const ARGS = [
  { action: "defend" }, { action: "disengage" }, { action: "activateItem", itemId: "x" },
  { action: "move", power: "default:walk" }, { action: "move", power: "default:run" },
  { action: "move", power: "nope" }, { action: "fly" }, { seize: true }, null, 7, { action: 3 },
];

type Act =
  | { kind: "turn"; step: number; who: number }
  | { kind: "spend"; user: number; who: number; args: number; item: boolean; own: boolean }
  | {
    kind: "card"; user: number; who: number; power: number; target: number; dice: number[];
    own: boolean;
  }
  | { kind: "step"; user: number; card: number; step: "apply" | "undo" | "bogus" }
  | { kind: "garbage"; user: number; name: string; payload: unknown };

const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ kind: fc.constant("turn" as const), step: fc.nat(2), who: fc.nat(3) }),
  // User 4: the combatant's owner (the GM for an NPC), 5 and 6 too: most requests are rightful.
  fc.record({
    kind: fc.constant("spend" as const), user: fc.nat(6), who: fc.nat(3), args: fc.nat(ARGS.length - 1),
    item: fc.boolean(), own: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("card" as const), user: fc.nat(6), who: fc.nat(3), power: fc.nat(4),
    target: fc.nat(3), dice: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 6, maxLength: 6 }),
    own: fc.boolean(),
  }),
  // User 4 to 6 here: the card's poster. Twice as likely as the others.
  ...[0, 1].map(() => fc.record({
    kind: fc.constant("step" as const), user: fc.nat(6), card: fc.nat(20),
    step: fc.constantFrom("apply" as const, "apply" as const, "undo" as const, "bogus" as const),
  })),
  fc.record({
    kind: fc.constant("garbage" as const), user: fc.nat(3),
    name: fc.constantFrom("keptSpend", "card", "phasesSaves", "offer"),
    payload: fc.oneof(fc.constant(null), fc.object(), fc.record({ messageId: fc.string() })),
  }),
);

/** Everything a request may change, as text: actors' data and effects, tokens, kept fields. */
function snapshot(w: PhasesWorld): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of ACTORS) {
    const a = w.actors[k];
    out.set(`${k}.system`, JSON.stringify(a.system));
    out.set(`${k}.items`, JSON.stringify(a.items.contents.map((i: any) => i.system)));
    out.set(`${k}.statuses`, JSON.stringify([...a.statuses].sort()));
    out.set(`${k}.token`, JSON.stringify([w.tokens[k].x, w.tokens[k].y]));
    out.set(`${k}.kept`, JSON.stringify(keptOfCombatant(w.combatants[k])));
  }
  return out;
}

const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...a.keys()].filter((k) => a.get(k) !== b.get(k));

/** Who may change what a combatant keeps: the GM, or its owner. */
const OWNER: Record<string, string> = { brakka: AUTHOR.id, lysa: OTHER.id };

describe("phases' GM requests under random sequences", () => {
  it("refuse cleanly, keep what the GM keeps valid, and undo exactly", async () => {
    const count = { spent: 0, sealed: 0, applied: 0, undone: 0 };
    await fc.assert(fc.asyncProperty(fc.array(act, { minLength: 5, maxLength: 30 }), async (acts) => {
      const w = phasesWorld();
      registerPhasesRequests();
      const cards: StandInMessage[] = [];
      const sealedCards: StandInMessage[] = [];
      const posters = new Map<string, { id: string; isGM: boolean }>();
      // Each applied card's world before and after its Apply.
      const applied = new Map<string, { before: Map<string, string>; after: Map<string, string> }>();
      let serial = 0;
      for (const [n, a] of acts.entries()) {
        const when = `${n}: ${JSON.stringify(a)}`;
        const before = snapshot(w);
        if (a.kind === "turn") {
          w.setTurn(STEPS[a.step]!, ACTORS[a.who]);
          continue;
        }
        const ownerOf = (who: string) =>
          (who === "brakka" ? AUTHOR : who === "lysa" ? OTHER : GM);
        const user = USERS[a.user] ?? null;
        let answer: any = null;
        // Half the spends and cards come on the combatant's own turn of the step they need (the
        // tracker moved there first, as a table plays).
        if ((a.kind === "spend" || a.kind === "card") && a.own) {
          const moving = a.kind === "spend" && (ARGS[a.args] as any)?.action === "move";
          w.setTurn(moving ? "movement" : "battle", ACTORS[a.who]);
        }
        if (a.kind === "spend") {
          const who = ACTORS[a.who]!;
          const by = user ?? ownerOf(who);
          const item = w.actors[who].items.find((i: any) => i.type === "phasesActivatable");
          const args = a.item && item ? { action: "activateItem", itemId: item.id } : ARGS[a.args];
          answer = await request(by, "keptSpend", {
            combatId: COMBAT_ID, combatantId: w.combatants[who].id, args,
          });
          const moved = changed(before, snapshot(w));
          if (!answer.ok) expect(moved, when).toEqual([]);
          else {
            count.spent++;
            expect(by.isGM || OWNER[who] === by.id, `a spend by a non-owner (${when})`).toBe(true);
            expect(moved.every((k) => k === `${who}.kept`), when).toBe(true);
          }
        } else if (a.kind === "card") {
          const who = ACTORS[a.who]!;
          const target = ACTORS[a.target]!;
          const powers = w.actors[who].items.filter((i: any) => i.type === "phasesAttack");
          const item = powers[a.power % powers.length];
          ScriptedRoll.dice = [...a.dice];
          const card: PhasesCard = {
            actorUuid: w.actors[who].uuid, itemId: item.id, itemName: item.name,
            tokenUuid: TOKEN_UUIDS[who], targetTokenUuid: TOKEN_UUIDS[target],
            targetName: target, combatId: COMBAT_ID, round: w.combat.round, opportunityFor: "",
          };
          const poster = user ?? ownerOf(who);
          const m = await postCard(w, `fuzzcard${String(serial++).padStart(8, "0")}`, card,
            { seenByGM: true, poster });
          cards.push(m);
          posters.set(m.id, poster);
          const records = trustedRecords(m);
          const moved = changed(before, snapshot(w));
          if (!records || refusalOf(records) !== null) expect(moved, when).toEqual([]);
          else {
            count.sealed++;
            sealedCards.push(m);
            expect(poster.isGM || OWNER[who] === poster.id, `a card by a non-owner (${when})`)
              .toBe(true);
            // A seal pays at most the attacker's Battle action.
            expect(moved.every((k) => k === `${who}.kept`), when).toBe(true);
          }
        } else if (a.kind === "step") {
          // Mostly a card the GM sealed (a refused one refuses every step: checked too).
          const pool = a.card % 4 !== 0 && sealedCards.length ? sealedCards : cards;
          const m = pool[a.card % Math.max(1, pool.length)];
          if (!m) continue;
          const by = user ?? posters.get(m.id)!;
          answer = await request(by, "card", { messageId: m.id, step: a.step, args: {} });
          const after = snapshot(w);
          if (!answer.ok) expect(changed(before, after), when).toEqual([]);
          else if (a.step === "apply") {
            count.applied++;
            applied.set(m.id, { before, after });
            const seal = sealOf(trustedRecords(m)!);
            expect(by.isGM || seal?.poster === by.id, when).toBe(true);
          } else if (a.step === "undo") {
            count.undone++;
            expect(ledgerOf(trustedRecords(m)!).undone, when).toBe(true);
            // Undo restores what Apply changed, when nothing else touched it since.
            const at = applied.get(m.id)!;
            const keys = changed(at.before, at.after);
            if (keys.every((k) => before.get(k) === at.after.get(k))) {
              for (const k of keys) expect(after.get(k), `${k} after undo (${when})`).toBe(at.before.get(k));
            }
          }
        } else {
          answer = await request(user ?? GM, a.name, a.payload);
          expect(answer.ok, when).toBe(false);
          expect(changed(before, snapshot(w)), when).toEqual([]);
        }
        if (answer) expect(typeof answer.ok, when).toBe("boolean");
        for (const k of ACTORS) {
          const kept = keptOfCombatant(w.combatants[k]);
          expect(validate(KEPT_SPEC, kept), `${k}'s kept (${when})`).toEqual([]);
          expect(kept.battle <= 1 && kept.movement <= 1, `${k}: one of each (${when})`).toBe(true);
          const { value, max } = w.actors[k].system.hp;
          expect(value >= 0 && value <= max, `${k}'s HP ${value}/${max} (${when})`).toBe(true);
        }
      }
    }), { numRuns: 300, seed: 27 });
    // The sequences reached what they test (the same seed: these are checked counts).
    expect(count.spent, JSON.stringify(count)).toBeGreaterThan(50);
    expect(count.sealed, JSON.stringify(count)).toBeGreaterThan(40);
    expect(count.applied, JSON.stringify(count)).toBeGreaterThan(10);
    expect(count.undone, JSON.stringify(count)).toBeGreaterThan(1);
  });
});
