import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../../engine/i18n";
import {
  battleEnd, battleUnitOf, sideOf, winnerOf, type BattleUnit,
} from "../play/round/battle-end";
import { packStatblock } from "./pack-statblocks";
import {
  THRALL_FLAG, thrallEntriesOf, thrallOutcome, thrallPromptHtml, type ThrallEntry,
} from "../play/round/thrall-offer";
import spells from "../lang/spells.json";

/**
 * A wounds battle's end, pure (`play/round/battle-end.ts`, `thrall-offer.ts`): who wins, whose
 * MP refill, which summons are offered to their summoners as thralls and which vanish, and the
 * answers to that offer. Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds
 * Summons (End of battle).
 */
const unit = (patch: Partial<BattleUnit> & { id: string }): BattleUnit => ({
  side: "party", pc: false, up: true, mp: 0, mpMax: 10, summoner: "", thrallCost: 0, ...patch,
});

describe("who wins", () => {
  it("the party's side: PCs and friendly tokens", () => {
    expect(sideOf(true, -1)).toBe("party");
    expect(sideOf(false, 1)).toBe("party");
    expect(sideOf(false, 0)).toBe("foes");
    expect(sideOf(false, -1)).toBe("foes");
  });

  it("a unit from its statblock: a friendly NPC is the party's, a hostile one the foes'", () => {
    const hound = packStatblock("npcs", "ashhound");
    const at = { disposition: 1, up: true, summoner: "orla" };
    expect(battleUnitOf("h", hound, at)).toEqual({
      id: "h", side: "party", pc: false, up: true, mp: hound.mp, mpMax: hound.mpMax,
      summoner: "orla", thrallCost: hound.thrallCost,
    });
    expect(battleUnitOf("h", hound, { ...at, disposition: -1 }).side).toBe("foes");
    // With no thrall cost of its own, 6 MP a level (§Thralling).
    expect(hound.thrallCost).toBeGreaterThan(0);
  });

  it("the party while a PC is up; else the foes with one up; else nobody", () => {
    const pc = unit({ id: "pc", pc: true });
    const foe = unit({ id: "foe", side: "foes" });
    const hound = unit({ id: "hound", summoner: "pc" });
    expect(winnerOf([pc, foe])).toBe("party");
    expect(winnerOf([{ ...pc, up: false }, foe, hound])).toBe("foes");
    expect(winnerOf([{ ...pc, up: false }, { ...foe, up: false }, hound])).toBeNull();
  });
});

describe("the battle's end", () => {
  it("the winners still up refill their MP, summons and losers do not", () => {
    const end = battleEnd([
      unit({ id: "orla", pc: true, mp: 1, mpMax: 12 }),
      unit({ id: "tam", pc: true, up: false, mp: 0, mpMax: 8 }),
      unit({ id: "hound", summoner: "orla", mp: 0, mpMax: 4, thrallCost: 6 }),
      unit({ id: "witch", side: "foes", up: false, mp: 2, mpMax: 9 }),
    ]);
    expect(end.winner).toBe("party");
    expect(end.mp).toEqual({ orla: 12 });
    // Orla pays the hound's cost from her refilled MP.
    expect(end.summons).toEqual([{ id: "hound", summoner: "orla", thrallCost: 6, offered: true }]);
  });

  it("a summon vanishes at once when down, when its summoner cannot pay, or is gone", () => {
    const end = battleEnd([
      unit({ id: "witch", side: "foes", mp: 3, mpMax: 9 }),
      unit({ id: "pc", pc: true, up: false }),
      unit({ id: "rat1", side: "foes", summoner: "witch", thrallCost: 4, up: false }),
      unit({ id: "rat2", side: "foes", summoner: "witch", thrallCost: 10 }),
      unit({ id: "rat3", side: "foes", summoner: "gone", thrallCost: 0 }),
      unit({ id: "rat4", side: "foes", summoner: "witch", thrallCost: 9 }),
    ]);
    expect(end.winner).toBe("foes");
    expect(end.mp).toEqual({ witch: 9 });
    expect(end.summons.map((s) => [s.id, s.offered])).toEqual([
      ["rat1", false], ["rat2", false], ["rat3", false], ["rat4", true],
    ]);
  });

  it("property: only winners' standing units change, to their maximum; every summon has a fate", () => {
    const arb = fc.array(fc.record({
      side: fc.constantFrom("party" as const, "foes" as const), pc: fc.boolean(), up: fc.boolean(),
      mp: fc.integer({ min: 0, max: 9 }), extra: fc.integer({ min: 0, max: 9 }),
      summoner: fc.constantFrom("", "", "u0", "u1"), thrallCost: fc.integer({ min: 0, max: 20 }),
    }), { maxLength: 8 });
    fc.assert(fc.property(arb, (raw) => {
      const units = raw.map((r, k) => unit({
        id: `u${k}`, side: r.pc ? "party" : r.side, pc: r.pc, up: r.up, mp: r.mp,
        mpMax: r.mp + r.extra, summoner: r.summoner === `u${k}` ? "" : r.summoner,
        thrallCost: r.thrallCost,
      }));
      const end = battleEnd(units);
      for (const [id, mp] of Object.entries(end.mp)) {
        const u = units.find((x) => x.id === id)!;
        expect(u.side === end.winner && u.up && !u.summoner).toBe(true);
        expect(mp).toBe(u.mpMax);
      }
      expect(end.summons.map((s) => s.id)).toEqual(units.filter((u) => u.summoner).map((u) => u.id));
      for (const s of end.summons.filter((x) => x.offered)) {
        const summoner = units.find((u) => u.id === s.summoner)!;
        expect(end.mp[summoner.id] ?? summoner.mp).toBeGreaterThanOrEqual(s.thrallCost);
      }
    }));
  });
});

describe("the thrall offer", () => {
  const entry: ThrallEntry = {
    id: "hound1", name: "Ashhound <b>", tokenUuid: "Scene.s.Token.t", summonerUuid: "Actor.orla",
    summonerName: "Orla", thrallCost: 6,
  };

  it("is read back from the prompt's flags, or not at all when malformed", () => {
    expect(thrallEntriesOf({ fray: { [THRALL_FLAG]: [entry] } })).toEqual([entry]);
    for (const bad of [null, {}, { fray: { [THRALL_FLAG]: [] } },
      { fray: { [THRALL_FLAG]: [{ ...entry, thrallCost: -1 }] } },
      { fray: { [THRALL_FLAG]: [{ ...entry, tokenUuid: 3 }] } }]) {
      expect(thrallEntriesOf(bad)).toBeNull();
    }
  });

  it("kept: its cost paid from the summoner's MP; let go: it vanishes; each answered once", () => {
    const now = { owns: true, taken: false, mp: 9, thrallCost: 6 };
    expect(thrallOutcome("keep", now)).toEqual({ ok: true, mp: 3, vanishes: false });
    expect(thrallOutcome("release", now)).toEqual({ ok: true, mp: null, vanishes: true });
    expect(thrallOutcome("keep", { ...now, mp: 5 })).toEqual({ ok: false, key: "NoMp" });
    expect(thrallOutcome("keep", { ...now, mp: null })).toEqual({ ok: false, key: "NoMp" });
    expect(thrallOutcome("release", { ...now, taken: true })).toEqual({ ok: false, key: "ThrallAnswered" });
    expect(thrallOutcome("keep", { ...now, owns: false })).toEqual({ ok: false, key: "NotSummoner" });
  });

  it("says each summon's cost in words, names escaped, a button pair each", () => {
    const html = thrallPromptHtml([entry], localizerFor(spells));
    expect(html).toContain("Ashhound &lt;b&gt;, summoned by Orla: kept as a thrall for 6 MP");
    expect(html).toContain('data-fray-owner="woundsThrall" data-choice="keep" data-id="hound1">'
      + "Keep Ashhound &lt;b&gt; (6 MP)");
    expect(html).toContain('data-choice="release"');
    expect(html).not.toContain("FRAY.");
  });
});
