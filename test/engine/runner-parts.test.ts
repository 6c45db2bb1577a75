import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorsBySlug, fightOutcome, pickActors, trialsOutcome } from "../../src/engine/runner/command";
import { formatLine, textLog, type LineFormats } from "../../src/engine/runner/format";
import { KeySet } from "../../src/engine/runner/key-set";
import { uniqueKeys } from "../../src/engine/runner/keys";
import { createLog, jsonLog } from "../../src/engine/runner/log";
import { runTrials, trialsLine, wilson95 } from "../../src/engine/runner/trials";

type Ev = { kind: "a"; round: number; n: number } | { kind: "b"; round: number; who: string };
const FORMATS: LineFormats<Ev> = {
  a: (e, t) => t("A", { n: e.n }),
  b: (e, t) => `${t("B")} ${e.who}\nsecond line`,
};
const t = (key: string, data?: Record<string, string | number>) =>
  data ? `${key}(${Object.values(data).join(",")})` : key;

describe("the runner's log", () => {
  it("keeps events in order and tells each to the observer, when recording", () => {
    const seen: Ev[] = [];
    const log = createLog<Ev>(true, (e) => seen.push(e));
    log.emit({ kind: "a", round: 1, n: 2 });
    log.emit({ kind: "b", round: 1, who: "X" });
    expect(log.events).toEqual(seen);
    expect(log.events.map((e) => e.kind)).toEqual(["a", "b"]);
  });

  it("keeps nothing and tells no one when not recording", () => {
    const log = createLog<Ev>(false, () => {
      throw new Error("observed");
    });
    log.emit({ kind: "a", round: 1, n: 2 });
    expect(log.record).toBe(false);
    expect(log.events).toEqual([]);
  });

  it("writes {winner, rounds, events} in that key order, one line", () => {
    const events: Ev[] = [{ kind: "a", round: 0, n: 1 }];
    expect(jsonLog({ events, rounds: 3, winner: "party" }))
      .toBe('{"winner":"party","rounds":3,"events":[{"kind":"a","round":0,"n":1}]}\n');
  });
});

describe("the runner's lines", () => {
  it("words each event by its kind, and a whole log a line per event", () => {
    expect(formatLine(FORMATS, { kind: "a", round: 1, n: 7 }, t)).toBe("A(7)");
    const events: Ev[] = [{ kind: "a", round: 1, n: 7 }, { kind: "b", round: 1, who: "Y" }];
    expect(textLog(FORMATS, events, t)).toBe("A(7)\nB Y\nsecond line\n");
    expect(textLog(FORMATS, [], t)).toBe("");
    expect(fightOutcome({ winner: "draw", rounds: 1, events }, false, FORMATS, t))
      .toEqual({ out: "A(7)\nB Y\nsecond line\n" });
    expect(fightOutcome({ winner: "draw", rounds: 1, events }, true, FORMATS, t))
      .toEqual({ out: jsonLog({ winner: "draw", rounds: 1, events }) });
  });
});

describe("trials", () => {
  it("plays one fight per seed, from the first seed on, and counts the party's wins", () => {
    const seeds: number[] = [];
    // The SeededRoller of seed s: its first die tells the seed apart, so record it instead.
    const result = runTrials(4, 10, (roller) => {
      seeds.push(roller.die(1_000_000));
      return { winner: seeds.length % 2 ? "party" : "foes", rounds: seeds.length };
    });
    expect(new Set(seeds).size).toBe(4);
    expect(result).toEqual({
      trials: 4, partyWins: 2, winRate: 0.5, ci95: wilson95(2, 4), meanRounds: 2.5,
    });
    expect(Object.keys(result)).toEqual(["trials", "partyWins", "winRate", "ci95", "meanRounds"]);
    // The same seeds replay the same dice.
    const again: number[] = [];
    runTrials(4, 10, (roller) => {
      again.push(roller.die(1_000_000));
      return { winner: "x", rounds: 0 };
    });
    expect(again).toEqual(seeds);
  });

  it("refuses anything but a whole number of trials ≥ 1", () => {
    const play = () => ({ winner: "party", rounds: 1 });
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => runTrials(n, 1, play)).toThrow(RangeError);
  });

  it("sums up in one line, the interval in percent", () => {
    const result = runTrials(10, 1, () => ({ winner: "party", rounds: 3 }));
    expect(trialsLine(result))
      .toBe("10 fights: the party wins 10 (100.0%, 95% CI 72.2%–100.0%); mean 3.00 rounds\n");
    expect(trialsOutcome(result, false)).toEqual({ out: trialsLine(result) });
    expect(trialsOutcome(result, true)).toEqual({ out: `${JSON.stringify(result)}\n` });
  });
});

describe("picking a line-up", () => {
  const packs = (pack: string) => pack === "p"
    ? [{ slug: "ann", doc: { name: "Ann", _id: "id1" } }, { slug: "bo", doc: { name: "Bo", _id: "id2" } }]
    : [];
  const read = (doc: Record<string, unknown>) => ({ name: String(doc.name), id: String(doc._id) });
  const available = actorsBySlug(packs, "p", read);
  const options = { aliases: (b: { id: string; name: string }) => [b.id, b.name], listCommand: "--list" };

  it("reads a pack's actors by slug", () => {
    expect([...available.keys()]).toEqual(["ann", "bo"]);
    expect(available.get("bo")).toEqual({ name: "Bo", id: "id2" });
  });

  it("takes slugs and aliases, repeats allowed, in the list's order", () => {
    const picked = pickActors(available, " bo, id1 ,Ann,bo ", "--party", options);
    expect(picked).toEqual([available.get("bo"), available.get("ann"), available.get("ann"), available.get("bo")]);
  });

  it("refuses an empty list and names every unknown id", () => {
    expect(pickActors(available, " , ", "--foes", options)).toBe("--foes needs at least one id.");
    expect(pickActors(available, "ann,zed,Cy", "--foes", options))
      .toBe("Unknown --foes id(s): zed, Cy. Run with --list to see the ids.");
  });
});

describe("keys", () => {
  it("numbers only the names that repeat, in line-up order", () => {
    const keys = uniqueKeys([{ name: "Imp" }, { name: "Hag" }, { name: "Imp" }, { name: "Imp" }]);
    expect(keys).toEqual(["Imp 1", "Hag", "Imp 2", "Imp 3"]);
  });
});

describe("KeySet", () => {
  it("answers as a Set does, in insertion order, over any sequence of changes (property)", () => {
    const key = fc.constantFrom("a", "b", "c", "d", "e");
    const op = fc.oneof(
      fc.record({ op: fc.constant("add" as const), key }),
      fc.record({ op: fc.constant("delete" as const), key }),
      fc.record({ op: fc.constant("has" as const), key }),
      fc.record({ op: fc.constant("clear" as const), key }),
    );
    fc.assert(fc.property(fc.array(key), fc.array(op, { maxLength: 40 }), (start, ops) => {
      const mine = new KeySet(start);
      const set = new Set(start);
      for (const { op: o, key: k } of ops) {
        if (o === "add") {
          expect(mine.add(k)).toBe(mine);
          set.add(k);
        } else if (o === "delete") expect(mine.delete(k)).toBe(set.delete(k));
        else if (o === "has") expect(mine.has(k)).toBe(set.has(k));
        else {
          mine.clear();
          set.clear();
        }
        expect([...mine]).toEqual([...set]);
        expect(mine.size).toBe(set.size);
        expect(Array.from({ length: mine.size }, (_, i) => mine.at(i))).toEqual([...set]);
      }
    }), { numRuns: 500 });
  });
});
