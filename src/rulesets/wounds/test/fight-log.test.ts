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
});
