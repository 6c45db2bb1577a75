import { beforeEach, describe, expect, it, vi } from "vitest";
import { migrateLedgers } from "../../src/shell/combat/ledger-migration";
import { getProperty, gmUser } from "../support/stand-ins";

/**
 * The active GM gives each started encounter that ran before it kept a turn ledger (shock's
 * encounters of the previous release) one holding every edge it passed; encounters with a ledger,
 * and those not started, are left alone, and running it again changes nothing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const settings: Record<string, unknown> = {};

function combat(id: string, started: boolean, round: number, turn: number | null, ledger?: string[]) {
  const flags: Record<string, unknown> = ledger ? { turnLedger: ledger } : {};
  return {
    id, started, round, turn, flags,
    turns: [{ id: "ca" }, { id: "cb" }],
    getFlag: (_scope: string, key: string) => flags[key],
    setFlag: vi.fn(async (_scope: string, key: string, value: unknown) => void (flags[key] = value)),
  };
}

let combats: any[];
beforeEach(() => {
  for (const k of Object.keys(settings)) delete settings[k];
  combats = [
    combat("old", true, 2, 1),
    combat("kept", true, 3, 0, ["round:1"]),
    combat("unstarted", false, 0, null),
  ];
  vi.stubGlobal("game", {
    user: gmUser({ id: "gamemastergamema" }),
    combats: { contents: combats },
    settings: {
      get: (_s: string, key: string) => settings[key],
      set: async (_s: string, key: string, v: unknown) => void (settings[key] = v),
    },
  });
  vi.stubGlobal("foundry", {
    utils: { getProperty, randomID: () => Math.random().toString(36).slice(2, 18) },
  });
});

describe("seeding encounters' turn ledgers", () => {
  it("seeds a started encounter without one, from where it stands; once", async () => {
    expect(await migrateLedgers()).toBe(1);
    expect(combats[0].flags.turnLedger).toEqual([
      "round:1", "start:1:ca", "1:ca", "start:1:cb", "1:cb", "roundEnd:1",
      "round:2", "start:2:ca", "2:ca", "start:2:cb",
    ]);
    expect(combats[1].flags.turnLedger).toEqual(["round:1"]);
    expect(combats[2].setFlag).not.toHaveBeenCalled();
    expect(settings.combatLedger).toBe(1);
    combats[0].flags.turnLedger = undefined;
    expect(await migrateLedgers()).toBe(0);
    expect(combats[0].setFlag).toHaveBeenCalledTimes(1);
  });
});
