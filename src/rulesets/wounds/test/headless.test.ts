import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { SeededRoller } from "../../../engine/dice/roller";
import { localizerFor } from "../../../engine/i18n";
import type { EncounterRequest, PackReader } from "../../../engine/runner/headless";
import { jsonLog } from "../../../engine/runner/log";
import { DEFAULT_WOUNDS_FOES, DEFAULT_WOUNDS_PARTY } from "../encounter/defaults";
import { runWoundsEncounter } from "../encounter/simulate";
import { runWoundsTrials } from "../encounter/trials";
import { HEADLESS, woundsActors } from "../headless/index";
import { plainWoundsFight, plainWoundsLineup } from "../headless/plain";
import { npc, packs, pregen, SUMMONABLE } from "./runner-fixtures";

/**
 * wounds' encounter command and bench (`headless/index.ts`), called directly (the ruleset is not
 * in the registry until its Foundry layer exists): one fight as text or JSON, trials, the list,
 * `--initiator`, and the refusals. Source: `001_dbc5fcc02a99a518.txt`.
 */
const t = localizerFor(languageFor("wounds"));
const ask = (over: Partial<EncounterRequest> = {}, from: PackReader = packs) =>
  HEADLESS.encounter({ seed: 1, json: false, list: false, extra: {}, ...over }, from, t);
const out = (r: ReturnType<typeof ask>) => ("out" in r ? r.out : `REFUSED ${r.refuse}`);
const party = DEFAULT_WOUNDS_PARTY.map(pregen);
const foes = DEFAULT_WOUNDS_FOES.map(npc);
const summonable = SUMMONABLE;

describe("wounds' encounter command (headless/index.ts)", { timeout: 30_000 }, () => {
  it("plays the pregens against the default foes; --json is the fight's log line", () => {
    const fight = runWoundsEncounter({ party, foes, summonable, roller: new SeededRoller(7) });
    expect(out(ask({ json: true, seed: 7 }))).toBe(jsonLog(fight));
    const text = out(ask({ seed: 7 }));
    expect(text.split("\n")).toHaveLength(fight.events.length + 1);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}|undefined/);
  });

  it("picks the line-up by slug or id, repeats allowed; --initiator names the starter", () => {
    const id = npc("grave-rat").id;
    const r = JSON.parse(out(ask({
      json: true, party: "wren-ashby", foes: `goblin-cutter,${id},goblin-cutter`,
      extra: { initiator: "wren-ashby" },
    })));
    expect(r.events[0].fighters.map((f: { actor: string }) => f.actor))
      .toEqual(["Wren Ashby", "Goblin Cutter 1", "Grave Rat", "Goblin Cutter 2"]);
    expect(r.events[1]).toEqual({ kind: "opening", round: 0, actor: "Wren Ashby" });
    const foe = JSON.parse(out(ask({ json: true, extra: { initiator: "hedge-witch" } })));
    expect(foe.events[1]).toEqual({ kind: "opening", round: 0, actor: "Hedge Witch" });
    expect(out(ask({ extra: { initiator: "cave-bear" } })))
      .toMatch(/^REFUSED Unknown --initiator id: cave-bear/);
  });

  it("--trials sums seeded fights up; --json prints the summary", () => {
    expect(out(ask({ trials: 20, seed: 5 }))).toMatch(/^20 fights: the party wins \d+ \(/);
    const json = JSON.parse(out(ask({ trials: 20, seed: 5, json: true })));
    expect(json).toEqual(JSON.parse(JSON.stringify(
      runWoundsTrials(party, foes, 20, 5, { summonable }),
    )));
  });

  it("--list names every pregen and NPC by slug with its level, as text or JSON", () => {
    const text = out(ask({ list: true }));
    expect(text).toContain("  garrick-holt  (Garrick Holt, level 3)");
    expect(text).toContain("  iron-sentinel  (Iron Sentinel, level 4)");
    const json = JSON.parse(out(ask({ list: true, json: true })));
    expect(json.party).toHaveLength(4);
    expect(json.foes).toHaveLength(12);
  });

  it("refuses --surprise, other options and what --list cannot combine, saying why", () => {
    expect(out(ask({ surprise: "party" })))
      .toBe("REFUSED wounds has no --surprise option: its rules have no surprise round.");
    expect(out(ask({ extra: { day: true } }))).toBe("REFUSED wounds has no --day option.");
    expect(out(ask({ list: true, trials: 3 })))
      .toBe("REFUSED --list and --trials cannot be combined: --list plays no fight.");
    expect(out(ask({ list: true, extra: { initiator: "wren-ashby" } })))
      .toMatch(/^REFUSED --list and --initiator/);
    expect(out(ask({ foes: "dragon" })))
      .toBe("REFUSED Unknown --foes id(s): dragon. "
        + "Run with --ruleset wounds --list to see the ids.");
  });

  it("refuses a pack actor that does not fit the model, naming it", () => {
    const broken: PackReader = (pack) => packs(pack).map((d) => (d.slug !== "orc-brute" ? d : {
      slug: d.slug, doc: { ...d.doc, system: { ...(d.doc.system as object), agility: 99 } },
    }));
    const r = ask({}, broken);
    expect("refuse" in r && r.refuse).toMatch(/Orc Brute/);
  });

  it("the bench plays the default fight unrecorded and a plain simulator of it", () => {
    const subject = HEADLESS.bench(packs);
    expect(subject.label).toBe("wounds, 4 v 6");
    for (let i = 0; i < 20; i++) {
      subject.full(i);
      subject.plain(i);
    }
    const lineup = plainWoundsLineup([...woundsActors(packs, "pregens").values()], foes);
    expect(lineup.map((c) => c.hp)).toEqual([30, 16, 22, 20, 30, 22, 9, 8, 14, 14]);
    const noBrute: PackReader = (pack) => packs(pack).filter((d) => d.slug !== "orc-brute");
    expect(() => HEADLESS.bench(noBrute)).toThrow(/orc-brute/);
    const results = new Set<string>();
    for (let i = 0; i < 200; i++) results.add(plainWoundsFight(lineup, new SeededRoller(i)));
    expect(results).toContain("party");
    expect(results).toContain("foes");
  });
});
