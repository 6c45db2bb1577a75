import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { SeededRoller } from "../../../engine/dice/roller";
import { localizerFor } from "../../../engine/i18n";
import type { EncounterRequest, PackReader } from "../../../engine/runner/headless";
import { jsonLog } from "../../../engine/runner/log";
import { DEFAULT_PHASES_FOES, DEFAULT_PHASES_PARTY } from "../encounter/defaults";
import { runPhasesEncounter } from "../encounter/simulate";
import { runPhasesTrials } from "../encounter/trials";
import { HEADLESS, phasesActors } from "../headless/index";
import { plainPhasesFight, plainPhasesLineup } from "../headless/plain";
import { block, fixturePacks } from "./runner-fixtures";

/**
 * phases' encounter command and bench (`headless/index.ts`) over the fixture packs: one fight as
 * text or JSON, trials, the list, and the refusals of options it cannot use or combine (`--surprise`
 * among them: the text has no surprise round). Source: `003_d18720f6cd315cc2.txt`.
 */
const t = localizerFor(languageFor("phases"));
const ask = (over: Partial<EncounterRequest> = {}, packs: PackReader = fixturePacks) =>
  HEADLESS.encounter({ seed: 1, json: false, list: false, extra: {}, ...over }, packs, t);
const out = (r: ReturnType<typeof ask>) => ("out" in r ? r.out : `REFUSED ${r.refuse}`);

describe("phases' encounter command (headless/index.ts)", { timeout: 60_000 }, () => {
  it("plays the pregens against the default foes; --json is the fight's log line", () => {
    const party = DEFAULT_PHASES_PARTY.map(block);
    const foes = DEFAULT_PHASES_FOES.map(block);
    const fight = runPhasesEncounter({ party, foes, roller: new SeededRoller(7) });
    expect(out(ask({ json: true, seed: 7 }))).toBe(jsonLog(fight));
    const text = out(ask({ seed: 7 }));
    expect(text.split("\n")).toHaveLength(fight.events.length + 1);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}/);
  });

  it("picks the line-up by slug or id, repeats allowed", () => {
    const r = JSON.parse(out(ask({ json: true, party: "lysa-vell", foes: "ghoul,acboggoblin00000" })));
    expect(r.events[0].fighters.map((f: { actor: string }) => f.actor))
      .toEqual(["Lysa Vell", "Ghoul", "Bog Goblin"]);
    const twice = JSON.parse(out(ask({ json: true, party: "odo-marsh", foes: "cultist,cultist" })));
    expect(twice.events[0].fighters.map((f: { actor: string }) => f.actor))
      .toEqual(["Odo Marsh", "Cultist 1", "Cultist 2"]);
  });

  it("--trials sums seeded fights up; --json prints the summary", () => {
    expect(out(ask({ trials: 20, seed: 5 }))).toMatch(/^20 fights: the party wins \d+ \(/);
    const json = JSON.parse(out(ask({ trials: 20, seed: 5, json: true })));
    const party = DEFAULT_PHASES_PARTY.map(block);
    expect(json).toEqual(JSON.parse(JSON.stringify(
      runPhasesTrials(party, DEFAULT_PHASES_FOES.map(block), 20, 5),
    )));
  });

  it("--list names every pregen and NPC by slug with its tier, as text or JSON", () => {
    const text = out(ask({ list: true }));
    expect(text).toContain("  brakka-stone  (Brakka Stone, tier 2)");
    expect(text).toContain("  hill-troll  (Hill Troll, tier 4)");
    const json = JSON.parse(out(ask({ list: true, json: true })));
    expect(json.party).toHaveLength(4);
    expect(json.foes.map((f: { slug: string }) => f.slug)).toContain("orc-shaman");
  });

  it("refuses --surprise, other rulesets' options and what --list cannot combine, saying why", () => {
    expect(out(ask({ surprise: "party" })))
      .toBe("REFUSED phases has no --surprise option: its rules have no surprise round.");
    expect(out(ask({ surprise: "enemies", trials: 3 }))).toMatch(/^REFUSED phases has no --surprise/);
    expect(out(ask({ extra: { day: true } }))).toBe("REFUSED phases has no --day option.");
    expect(out(ask({ list: true, trials: 3 })))
      .toBe("REFUSED --list and --trials cannot be combined: --list plays no fight.");
    expect(out(ask({ list: true, foes: "ghoul" }))).toMatch(/^REFUSED --list and --foes/);
    expect(out(ask({ list: true, party: "lysa-vell" }))).toMatch(/^REFUSED --list and --party/);
    expect(out(ask({ foes: "dragon" })))
      .toBe("REFUSED Unknown --foes id(s): dragon. Run with --ruleset phases --list to see the ids.");
    expect(out(ask({ party: " , " }))).toBe("REFUSED --party needs at least one id.");
  });

  it("refuses a pack actor that does not fit the model, naming it", () => {
    const broken: PackReader = (pack) => fixturePacks(pack).map((d) => (d.slug !== "ghoul" ? d : {
      slug: d.slug, doc: { ...d.doc, system: { ...(d.doc.system as object), tier: 9 } },
    }));
    const r = ask({}, broken);
    expect("refuse" in r && r.refuse).toMatch(/Ghoul/);
  });

  it("the bench plays the default fight unrecorded and a plain simulator of the same statblocks", () => {
    const subject = HEADLESS.bench(fixturePacks);
    expect(subject.label).toBe("phases, 4 v 6");
    for (let i = 0; i < 20; i++) {
      subject.full(i);
      subject.plain(i);
    }
    const party = [...phasesActors(fixturePacks, "pregens").values()];
    const lineup = plainPhasesLineup(party, DEFAULT_PHASES_FOES.map(block));
    expect(lineup.map((c) => c.hp)).toEqual([30, 18, 22, 16, 9, 8, 20, 15, 32, 14]);
    const noBoar: PackReader = (pack) => fixturePacks(pack).filter((d) => d.slug !== "dire-boar");
    expect(() => HEADLESS.bench(noBoar)).toThrow(/dire-boar/);
    const results = new Set<string>();
    for (let i = 0; i < 200; i++) results.add(plainPhasesFight(lineup, new SeededRoller(i)));
    expect(results).toContain("party");
    expect(results).toContain("foes");
  });
});
