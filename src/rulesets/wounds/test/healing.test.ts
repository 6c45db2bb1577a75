import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import { createLog } from "../../../engine/runner/log";
import { createContext, upOf } from "../encounter/context";
import type { WoundsEvent } from "../encounter/events";
import { createFighter } from "../encounter/fighter";
import { healUnit } from "../encounter/healing";
import { rosterOf } from "../encounter/roster";
import { fall } from "../encounter/strike";
import { fight, npc, pregen } from "./runner-fixtures";

/**
 * The runner's heal step (`encounter/healing.ts`; no pack unit heals, so heals are scripted):
 * HP up to the maximum, 6 or more removing the newest wound, a down PC back in the fight on a
 * free square among its side's units up, a defeated or dead unit not healed. Source:
 * `001_dbc5fcc02a99a518.txt` §Wounds/Aiming; RULINGS.md §wounds Hit points, Wound.
 */
function scene() {
  const roster = rosterOf();
  const log = createLog<WoundsEvent>(true);
  const wren = pregen("wren-ashby");
  const tamsin = pregen("tamsin-reed");
  const rat = npc("grave-rat");
  const a = createFighter(wren, "A", "party", roster.armsOf(wren));
  const b = createFighter(tamsin, "B", "party", roster.armsOf(tamsin));
  const c = createFighter(rat, "C", "foes", roster.armsOf(rat));
  a.at.j = 0;
  b.at.j = 2;
  c.at.i = 5;
  const ctx = createContext(true, new SeededRoller(1), log.emit, [a, b, c], roster);
  ctx.round = 2;
  return { ctx, a, b, c, events: log.events };
}

describe("the runner's heal step", () => {
  it("caps HP at the maximum; 6 or more removes the newest wound, less none", () => {
    const { ctx, a, events } = scene();
    a.hp = 5;
    a.wounds = [
      { id: "w1", aim: "slowing", round: 1 }, { id: "w2", aim: "weakening", round: 1 },
    ];
    expect(healUnit(ctx, a, 5, "script")).toBe(true);
    expect(a.hp).toBe(10);
    expect(a.wounds.map((w) => w.id)).toEqual(["w1", "w2"]);
    expect(healUnit(ctx, a, 6, "script")).toBe(true);
    expect(a.wounds.map((w) => w.id)).toEqual(["w1"]);
    expect(healUnit(ctx, a, 40, "script")).toBe(true);
    expect(a.hp).toBe(a.block.hpMax);
    expect(a.wounds).toEqual([]);
    expect(events.map((e) => e.kind === "heal" && [e.hpBefore, e.hpAfter, e.removed]))
      .toEqual([[5, 10, null], [10, 16, "w2"], [16, a.block.hpMax, "w1"]]);
  });
  it("brings a down PC back on a free square, among its side's units in listed order", () => {
    const { ctx, a, b, events } = scene();
    a.hp = 0;
    fall(ctx, a, "down");
    expect(upOf(ctx, "party")).toEqual([b]);
    b.at.j = a.at.j; // someone stands where it fell
    expect(healUnit(ctx, a, 3, "script")).toBe(true);
    expect(a.out).toBe(false);
    expect(upOf(ctx, "party")).toEqual([a, b]);
    expect(a.at).not.toEqual(b.at);
    expect(events.at(-1)).toMatchObject({ kind: "heal", back: true, hpAfter: 3, square: a.at });
  });
  it("does not heal a defeated or dead unit, and a heal of 0 brings no one back", () => {
    const { ctx, a, c } = scene();
    c.hp = 0;
    fall(ctx, c, "defeated");
    expect(healUnit(ctx, c, 10, "script")).toBe(false);
    expect(c.hp).toBe(0);
    fall(ctx, a, "dead");
    expect(healUnit(ctx, a, 10, "script")).toBe(false);
  });
  it("the scripted heals line-up brings PCs back and removes wounds", () => {
    let back = 0;
    let removed = 0;
    for (let seed = 1; seed <= 60; seed++) {
      for (const e of fight("heals", seed).events) {
        if (e.kind !== "heal") continue;
        if (e.back) back++;
        if (e.removed) removed++;
      }
    }
    expect(back).toBeGreaterThan(0);
    expect(removed).toBeGreaterThan(0);
  });
});
