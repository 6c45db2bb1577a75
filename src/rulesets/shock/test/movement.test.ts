import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, take } from "../rules/actions";
import type { ShockEvent } from "../encounter/events";
import { engage } from "../encounter/fighter";
import { takeTurn } from "../encounter/turn";
import { fight, FIGHTS } from "./fights";
import { BOW, foe, of, pc, setup } from "./steps";

/**
 * The move economy recomputed from a log's events alone: each move but a push is paid by the
 * mover's own Run, Charge or Screen logged before it (the same `paid`), each such action pays for
 * one move at most, and nobody moves more than twice a round or spends its Main on more than one
 * of them. Returns the problems found (empty: the log shows the economy respected).
 */
function moveEconomy(events: readonly ShockEvent[]): string[] {
  const problems: string[] = [];
  const unpaid = new Map<string, { action: string; paid: string }[]>();
  const moves = new Map<string, { moves: number; mains: number }>();
  let round = -1;
  for (const e of events) {
    if (e.round !== round) {
      round = e.round;
      unpaid.clear();
      moves.clear();
    }
    if (e.kind === "action" && ["run", "charge", "screen"].includes(e.action)) {
      unpaid.set(e.actor, [...(unpaid.get(e.actor) ?? []), { action: e.action, paid: e.paid }]);
    }
    if (e.kind !== "move") continue;
    const where = `round ${e.round}: ${e.actor} moves ${e.feet} ft`;
    if (e.paid === "forced") {
      if (e.reason !== "pushed" || e.action !== null) problems.push(`${where}: forced, not pushed`);
      continue;
    }
    const payer = unpaid.get(e.actor)?.shift();
    if (!payer) problems.push(`${where} with no action paying for it`);
    else if (payer.action !== e.action || payer.paid !== e.paid) {
      problems.push(`${where} as ${e.action}/${e.paid}, paid as ${payer.action}/${payer.paid}`);
    }
    const spent = moves.get(e.actor) ?? { moves: 0, mains: 0 };
    spent.moves++;
    if (e.paid === "mainAsMove" || e.paid === "mainAndMove") spent.mains++;
    moves.set(e.actor, spent);
    if (spent.moves > 2) problems.push(`${where}: a third move this round`);
    if (spent.mains > 1) problems.push(`${where}: its Main spent twice`);
    const most = e.action === "charge" ? 60 : 30;
    if (e.feet > most) problems.push(`${where}: past the ${most} ft its action allows`);
  }
  return problems;
}

describe("every move is paid by an action of the mover's (002 §Combat Action Types, §Run, "
  + "§Charge, §Screen an Ally)", { timeout: 60_000 }, () => {
  it("a bare-handed foe 40 ft off runs twice, the second Run ending next to its foe", () => {
    const b = foe("B", { weapons: [] });
    const t = pc("T");
    const ctx = setup([], b, t);
    takeTurn(ctx, b, undefined);
    expect(ctx.events).toEqual([
      { kind: "action", round: 1, actor: "B", action: "run", paid: "move" },
      {
        kind: "move", round: 1, actor: "B", to: null, feet: 30, reason: "engage", action: "run",
        paid: "move",
      },
      { kind: "action", round: 1, actor: "B", action: "run", paid: "mainAsMove" },
      {
        kind: "move", round: 1, actor: "B", to: "T", feet: 10, reason: "engage", action: "run",
        paid: "mainAsMove",
      },
    ]);
    // It stands next to its foe, no further than the lines allow.
    expect(b.engaged.has("T")).toBe(true);
    expect(b.advance).toBe(40);
    expect(moveEconomy(ctx.events)).toEqual([]);
  });

  it("a charge is one move paid by the Main and the Move; a withdrawal by a Run", () => {
    const c = foe("C");
    const t = pc("T");
    t.budget = take(FRESH_BUDGET, "meleeAttack"); // no Total Defense
    const ctx = setup([1], c, t);
    takeTurn(ctx, c, undefined);
    expect(of(ctx.events, "move")).toEqual([{
      kind: "move", round: 1, actor: "C", to: "T", feet: 40, reason: "charge", action: "charge",
      paid: "mainAndMove",
    }]);
    const archer = pc("L", { weapons: [BOW] });
    const x = foe("X");
    engage(archer, x);
    const ctx2 = setup([], archer, x);
    takeTurn(ctx2, archer, undefined);
    expect(of(ctx2.events, "action").map((e) => e.action)).toEqual(["disengage", "run"]);
    expect(of(ctx2.events, "move")).toMatchObject([
      { actor: "L", reason: "withdraw", feet: 30, action: "run", paid: "move" },
    ]);
    expect(moveEconomy([...ctx.events, ...ctx2.events])).toEqual([]);
  });

  it("the checker catches a move nobody paid for", () => {
    const unpaid: ShockEvent = {
      kind: "move", round: 1, actor: "B", to: null, feet: 30, reason: "engage", action: "run",
      paid: "move",
    };
    expect(moveEconomy([unpaid])).toEqual(["round 1: B moves 30 ft with no action paying for it"]);
  });

  it("whole fights: the log alone shows every move paid and none past two a round", () => {
    let moves = 0;
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 100; seed++) {
        for (const surprised of [[], ["party"]]) {
          const { events } = fight(name, seed, { surprised });
          const problems = moveEconomy(events);
          if (problems.length) expect(problems, `${name} ${seed} ${surprised.join()}`).toEqual([]);
          moves += of(events, "move").length;
        }
      }
    }
    expect(moves).toBeGreaterThan(2500);
  });
});
