import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import type { EncounterRequest } from "../../../engine/runner/headless";
import { jsonLog } from "../../../engine/runner/log";
import { SeededRoller } from "../../../engine/dice/roller";
import { apActors, HEADLESS } from "../headless/index";
import { plainApFight, plainApLineup } from "../headless/plain";
import { DEFAULT_AP_FOES } from "../encounter/defaults";
import { runApEncounter } from "../encounter/simulate";
import { block, fixturePacks, party } from "./fights";

/**
 * action-points' encounter command and bench (`headless/index.ts`) over the fixture packs: one
 * fight as text or JSON, trials (with a surprise when asked), the list, and the refusals of
 * options it cannot use or combine. Source: `004_2cc57162401858c9.txt`.
 */
const t = localizerFor(languageFor("action-points"));
const ask = (over: Partial<EncounterRequest> = {}) => HEADLESS.encounter({
  seed: 1, json: false, list: false, extra: {}, ...over,
}, fixturePacks, t);
const out = (r: ReturnType<typeof ask>) => ("out" in r ? r.out : `REFUSED ${r.refuse}`);

describe("action-points' encounter command (headless/index.ts)", () => {
  it("plays the pregens against the default foes; --json is the fight's log line", () => {
    const r = ask({ json: true, seed: 7 });
    const foes = DEFAULT_AP_FOES.map(block);
    const pregens = [...apActors(fixturePacks, "pregens").values()];
    const fight = runApEncounter({ party: pregens, foes, roller: new SeededRoller(7) });
    expect(out(r)).toBe(jsonLog(fight));
    const text = out(ask({ seed: 7 }));
    expect(text.split("\n")).toHaveLength(fight.events.length + 1);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}/);
  });

  it("picks the line-up by slug or id, repeats allowed", () => {
    const r = JSON.parse(out(ask({ json: true, party: "ivo-dask", foes: "ogre,apx24b86618cfdf5" })));
    const field = r.events[0];
    expect(field.fighters.map((f: { actor: string }) => f.actor)).toEqual(["Ivo Dask", "Ogre", "Troll"]);
    const twice = JSON.parse(out(ask({ json: true, party: "ivo-dask", foes: "goblin-cutter,goblin-cutter" })));
    expect(twice.events[0].fighters.map((f: { actor: string }) => f.actor))
      .toEqual(["Ivo Dask", "Goblin Cutter 1", "Goblin Cutter 2"]);
  });

  it("--surprise party gives the party a surprise round; enemies, the foes", () => {
    const party = JSON.parse(out(ask({ json: true, surprise: "party" })));
    expect(party.events[2]).toMatchObject({ kind: "surprise", acting: expect.arrayContaining(["Ivo Dask"]) });
    expect(party.events[2].surprised).toContain("Bandit Captain");
    const foes = JSON.parse(out(ask({ json: true, surprise: "enemies" })));
    expect(foes.events[2].surprised).toContain("Ivo Dask");
  });

  it("--trials sums seeded fights up, with --surprise too; --json prints the summary", () => {
    const line = out(ask({ trials: 20, seed: 5 }));
    expect(line).toMatch(/^20 fights: the party wins \d+ \(/);
    const json = JSON.parse(out(ask({ trials: 20, seed: 5, json: true })));
    expect(json).toMatchObject({ trials: 20 });
    const ambush = JSON.parse(out(ask({ trials: 20, seed: 5, json: true, surprise: "party" })));
    expect(ambush.trials).toBe(20);
  });

  it("--list names every pregen and NPC by slug, as text or JSON", () => {
    const text = out(ask({ list: true }));
    expect(text).toContain("  tamsin-holt  (Tamsin Holt, medium)");
    expect(text).toContain("  hill-giant  (Hill Giant, huge)");
    const json = JSON.parse(out(ask({ list: true, json: true })));
    expect(json.party).toHaveLength(4);
    expect(json.foes.map((f: { slug: string }) => f.slug)).toContain("goblin-slinger");
  });

  it("refuses what it cannot use or combine, and unknown ids, saying why", () => {
    expect(out(ask({ extra: { day: true } }))).toBe("REFUSED action-points has no --day option.");
    expect(out(ask({ list: true, trials: 3 })))
      .toBe("REFUSED --list and --trials cannot be combined: --list plays no fight.");
    expect(out(ask({ list: true, surprise: "party" }))).toMatch(/^REFUSED --list and --surprise/);
    expect(out(ask({ list: true, foes: "ogre" }))).toMatch(/^REFUSED --list and --foes/);
    expect(out(ask({ list: true, party: "ivo-dask" }))).toMatch(/^REFUSED --list and --party/);
    expect(out(ask({ foes: "dragon" })))
      .toBe("REFUSED Unknown --foes id(s): dragon. Run with --ruleset action-points --list to see the ids.");
    expect(out(ask({ party: " , " }))).toBe("REFUSED --party needs at least one id.");
  });

  it("refuses a pack actor that does not fit the model, naming it", () => {
    const broken = (pack: string) => fixturePacks(pack).map((d) => (d.slug !== "ogre" ? d : {
      slug: d.slug, doc: { ...d.doc, system: { ...(d.doc.system as object), size: "colossal" } },
    }));
    const r = HEADLESS.encounter({ seed: 1, json: false, list: false, extra: {} }, broken, t);
    expect("refuse" in r && r.refuse).toMatch(/Ogre/);
  });

  it("the bench plays the default fight unrecorded and a plain simulator of the same statblocks", () => {
    const subject = HEADLESS.bench(fixturePacks);
    expect(subject.label).toBe("action-points, 4 v 6");
    for (let i = 0; i < 20; i++) {
      subject.full(i);
      subject.plain(i);
    }
    const lineup = plainApLineup(party(), DEFAULT_AP_FOES.map(block));
    expect(lineup.map((c) => c.attacks)).toEqual(Array(10).fill(2));
    const noSlinger = (pack: string) => fixturePacks(pack).filter((d) => d.slug !== "goblin-slinger");
    expect(() => HEADLESS.bench(noSlinger)).toThrow(/goblin-slinger/);
    const results = new Set<string>();
    for (let i = 0; i < 200; i++) results.add(plainApFight(lineup, new SeededRoller(i)));
    expect(results).toEqual(new Set(["party", "foes"]));
  });
});
