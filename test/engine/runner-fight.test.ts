import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runFight, type FightRules } from "../../src/engine/runner/fight";
import { createLog, type FightLog } from "../../src/engine/runner/log";

/**
 * The engine's fight loop on a toy ruleset: two sides, each fighter hitting the first foe still
 * up for its `blow` on its turn. Each hook records what it was asked, so the tests read the order
 * the loop asks them in.
 */
interface Toy {
  readonly key: string;
  readonly party: boolean;
  hp: number;
  readonly blow: number;
}
type ToyEvent =
  | { kind: "round"; round: number }
  | { kind: "turn"; round: number; actor: string }
  | { kind: "hit"; round: number; actor: string; target: string }
  | { kind: "end"; round: number; winner: "party" | "foes" | "draw" };

const toy = (key: string, party: boolean, hp: number, blow: number): Toy =>
  ({ key, party, hp, blow });

class ToyRules implements FightRules<Toy, "party" | "foes", ToyEvent> {
  readonly upcoming: Toy[] = [];
  readonly calls: string[] = [];
  round = -1;
  /** Each round's blocks: the party's turns, then the foes' (laid out when the block comes up). */
  blocks = [true, false];
  opening?: () => "party" | "foes" | null;
  initiative?: () => void;
  fleeIn = -1;
  endTurn?: (f: Toy) => void;
  endRound?: () => "party" | "foes" | null;

  constructor(
    readonly log: FightLog<ToyEvent>,
    readonly fighters: Toy[],
    readonly maxRounds = 10,
    readonly surprise = false,
  ) {}

  winner(): "party" | "foes" | null {
    const up = (party: boolean) => this.fighters.some((f) => f.party === party && f.hp > 0);
    return !up(false) ? "party" : !up(true) ? "foes" : null;
  }

  roundEvent(round: number): ToyEvent {
    this.calls.push(`roundEvent ${round}`);
    return { kind: "round", round };
  }

  startRound(round: number): "party" | "foes" | null {
    this.calls.push(`startRound ${round}`);
    this.round = round;
    return round === this.fleeIn ? "foes" : null;
  }

  startBlock(block: number): boolean {
    const party = this.blocks[block];
    if (party === undefined) return false;
    this.calls.push(`block ${block}`);
    // Only those up as the block comes up.
    for (const f of this.fighters) if (f.party === party && f.hp > 0) this.upcoming.push(f);
    // The surprise round is the party's alone.
    if (this.round === 0 && !party) this.upcoming.length = 0;
    return true;
  }

  takesTurn(f: Toy): boolean {
    return f.hp > 0;
  }

  turnEvent(f: Toy, round: number): ToyEvent {
    return { kind: "turn", round, actor: f.key };
  }

  takeTurn(f: Toy): boolean {
    this.calls.push(`turn ${f.key}`);
    const target = this.fighters.find((x) => x.party !== f.party && x.hp > 0);
    if (target) {
      target.hp -= f.blow;
      this.log.emit({ kind: "hit", round: this.round, actor: f.key, target: target.key });
    }
    return true;
  }

  closing(winner: "party" | "foes" | "draw"): void {
    this.calls.push(`closing ${winner}`);
  }
}

const kinds = (events: readonly ToyEvent[]) =>
  events.map((e) => (e.kind === "turn" || e.kind === "hit" ? `${e.kind} ${e.actor}` : e.kind));

describe("the engine's fight loop", () => {
  it("plays rounds block by block, each turn after its event, until one side is out", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 10, 4), toy("X", false, 8, 3)]);
    expect(runFight(rules)).toEqual({ winner: "party", rounds: 2 });
    // A hits X twice (8 → 4 → 0); X's second turn never comes: the fight ends at once.
    expect(kinds(log.events)).toEqual([
      "round", "turn A", "hit A", "turn X", "hit X", "round", "turn A", "hit A", "end",
    ]);
    expect(log.events.at(-1)).toEqual({ kind: "end", round: 2, winner: "party" });
    expect(rules.calls).toEqual([
      "roundEvent 1", "startRound 1", "block 0", "turn A", "block 1", "turn X",
      "roundEvent 2", "startRound 2", "block 0", "turn A", "closing party",
    ]);
  });

  it("lays each block out when it comes up, from the state the earlier blocks left", () => {
    const log = createLog<ToyEvent>(true);
    // A drops Y in the party's block: Y is not in the foes' block of that round.
    const rules = new ToyRules(log, [toy("A", true, 10, 5), toy("Y", false, 5, 9), toy("Z", false, 20, 1)]);
    runFight(rules);
    expect(kinds(log.events).slice(0, 5)).toEqual(["round", "turn A", "hit A", "turn Z", "hit Z"]);
  });

  it("is a draw after maxRounds, the surprise round not counted", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 100, 1), toy("X", false, 100, 1)], 3, true);
    let rolled = 0;
    rules.initiative = () => void rolled++;
    expect(runFight(rules)).toEqual({ winner: "draw", rounds: 3 });
    expect(log.events.filter((e) => e.kind === "round").map((e) => e.round)).toEqual([0, 1, 2, 3]);
    // The surprise round is the party's alone; initiative comes after it, once.
    expect(kinds(log.events).slice(0, 4)).toEqual(["round", "turn A", "hit A", "round"]);
    expect(rolled).toBe(1);
    expect(log.events.at(-1)).toEqual({ kind: "end", round: 3, winner: "draw" });
  });

  it("ends in the opening, in round 0, without a round", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 10, 4), toy("X", false, 8, 3)]);
    rules.opening = () => "foes";
    expect(runFight(rules)).toEqual({ winner: "foes", rounds: 0 });
    expect(log.events).toEqual([{ kind: "end", round: 0, winner: "foes" }]);
  });

  it("ends when a round's start says so (a flight), before any turn", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 100, 1), toy("X", false, 100, 1)]);
    rules.fleeIn = 2;
    expect(runFight(rules)).toEqual({ winner: "foes", rounds: 2 });
    expect(kinds(log.events).slice(-2)).toEqual(["round", "end"]);
  });

  it("skips the turn's end when the turn says so, and asks the winner after the end too", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 10, 1), toy("X", false, 3, 1)]);
    const ends: string[] = [];
    // X bleeds 3 at the end of its first turn and falls there: the party wins in round 1.
    rules.endTurn = (f) => {
      ends.push(f.key);
      if (f.key === "X") f.hp -= 3;
    };
    expect(runFight(rules)).toEqual({ winner: "party", rounds: 1 });
    expect(ends).toEqual(["A", "X"]);
    const delay = new ToyRules(createLog<ToyEvent>(true), [toy("A", true, 10, 5), toy("X", false, 5, 1)]);
    delay.takeTurn = () => false;
    delay.endTurn = () => {
      throw new Error("no end after a turn that says so");
    };
    delay.endRound = () => "party";
    expect(runFight(delay)).toEqual({ winner: "party", rounds: 1 });
  });

  it("asks who has won after what happens before a turn, and skips who takes none", () => {
    const log = createLog<ToyEvent>(true);
    const rules = new ToyRules(log, [toy("A", true, 10, 0), toy("B", true, 5, 1), toy("X", false, 1, 1)]);
    const before: string[] = [];
    rules.takesTurn = (f) => f.key !== "B" && f.hp > 0;
    (rules as FightRules<Toy, "party" | "foes", ToyEvent>).beforeTurn = (f: Toy) => {
      before.push(f.key);
      if (f.key !== "X") return false;
      rules.fighters[2]!.hp = 0;
      return true;
    };
    // B takes no turn (no turn event); X falls before its turn: the party wins there.
    expect(runFight(rules)).toEqual({ winner: "party", rounds: 1 });
    expect(before).toEqual(["A", "B", "X"]);
    expect(kinds(log.events)).toEqual(["round", "turn A", "hit A", "end"]);
  });

  it("builds no round, turn or outcome event when not recording", () => {
    const log = createLog<ToyEvent>(false);
    const rules = new ToyRules(log, [toy("A", true, 10, 4), toy("X", false, 8, 3)]);
    rules.roundEvent = () => {
      throw new Error("built");
    };
    rules.turnEvent = () => {
      throw new Error("built");
    };
    expect(runFight(rules)).toEqual({ winner: "party", rounds: 2 });
    expect(log.events).toEqual([]);
  });

  it("ends exactly when one side is out, never later (property)", () => {
    const side = (party: boolean) => fc.array(
      fc.record({ hp: fc.integer({ min: 1, max: 30 }), blow: fc.integer({ min: 0, max: 9 }) }),
      { minLength: 1, maxLength: 4 },
    ).map((xs) => xs.map((x, i) => toy(`${party ? "P" : "F"}${i}`, party, x.hp, x.blow)));
    fc.assert(fc.property(side(true), side(false), fc.integer({ min: 1, max: 8 }), fc.boolean(),
      (party, foes, maxRounds, surprise) => {
        const log = createLog<ToyEvent>(true);
        const rules = new ToyRules(log, [...party, ...foes], maxRounds, surprise);
        const outcome = runFight(rules);
        const ended = rules.winner();
        expect(outcome.winner).toBe(ended ?? "draw");
        expect(outcome.rounds).toBeLessThanOrEqual(maxRounds);
        // Nothing after the last hit but the end; a winner was decided by that last hit.
        const hits = log.events.filter((e) => e.kind === "hit");
        if (ended) expect(log.events.at(-2)).toEqual(hits.at(-1));
        expect(log.events.at(-1)).toEqual({ kind: "end", round: outcome.rounds, winner: outcome.winner });
      }), { numRuns: 300 });
  });
});
