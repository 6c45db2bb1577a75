import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { textLog } from "../../../engine/runner/format";
import { WOUNDS_LINES } from "../encounter/format";
import { fight } from "./runner-fixtures";

/**
 * Two whole fights as the encounter command prints them (the lines a chat log would read),
 * pinned as files a reader can check by hand against the pack data: the default line-up with the
 * sneak starting the fight (opening strike, initiative with roll-offs, summons, free hits), the
 * brutes, and the default line-up with units lying prone or disarmed as it begins.
 */
const t = localizerFor(languageFor("wounds"));

describe("wounds fight logs as text", () => {
  it("the default line-up, Wren Ashby starting it, seed 3", async () => {
    const text = textLog(WOUNDS_LINES, fight("starter", 3).events, t);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}|undefined|NaN/);
    // The opening strike's target meets it flat-footed, and the log says why; so for a summon.
    expect(text).toContain("against 5 (flatFooted 5, flat-footed: its attacker undetected): hit.");
    expect(text).toContain("flat-footed: summoning sickness");
    expect(text).toContain("suffers a wound (a slowing target: movement − 2, Agility − 1).");
    expect(text).toMatch(/spends a BA on \+1 to hit on its next attack/);
    await expect(text).toMatchFileSnapshot("fixtures/starter-seed-3.txt");
  });
  it("the brutes, seed 11", async () => {
    const text = textLog(WOUNDS_LINES, fight("brutes", 11).events, t);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}|undefined|NaN/);
    await expect(text).toMatchFileSnapshot("fixtures/brutes-seed-11.txt");
  });
  it("the default line-up, some prone or disarmed as it begins, seed 2", async () => {
    const text = textLog(WOUNDS_LINES, fight("lying", 2).events, t);
    expect(text).not.toMatch(/FRAY\.|\{\w+\}|undefined|NaN/);
    await expect(text).toMatchFileSnapshot("fixtures/lying-seed-2.txt");
  });
  it("every line of the scripted line-ups reads whole, seeds 1–20", () => {
    for (const name of ["lying", "delays", "channel", "heals"]) {
      for (let seed = 1; seed <= 20; seed++) {
        const text = textLog(WOUNDS_LINES, fight(name, seed).events, t);
        expect(text).not.toMatch(/FRAY\.|\{\w+\}|undefined|NaN/);
      }
    }
    const delays = textLog(WOUNDS_LINES, fight("delays", 1).events, t);
    expect(delays).toContain("Wren Ashby delays its turn until after Garrick Holt's. "
      + "This round's order: Goblin Cutter, Tamsin Reed,");
    expect(delays).toContain("Orc Warchief delays its turn to the end of the round.");
    const channel = textLog(WOUNDS_LINES, fight("channel", 1).events, t);
    expect(channel).toContain("Hedge Witch channels Storm, paying AA (1 of 3 actions), MP 14 → 8; "
      + "it is flat-footed (hit on 5) until the spell is cast.");
    expect(channel).toContain("Orla Venn channels Storm, paying AA (1 of 4 actions), MP 18 → 10; "
      + "it dodges normally.");
    // A ward kept up beside a channeled cast: both channel (Battle Caster: she dodges).
    expect(channel).toContain("Orla Venn keeps Barkskin up: +2 armor while it lasts; channeling, "
      + "it dodges normally (Battle Caster).");
    expect(channel).toContain("Hedge Witch channels Storm, paying AA (3 of 3 actions), MP 0 → 0: "
      + "it is cast;");
  });
});
