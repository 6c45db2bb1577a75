import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { localizerFor } from "../../src/engine/i18n";
import { mergeLang } from "../../scripts/lib/lang";
import { reasonText } from "../../src/shell/relay/gm-relay";

/**
 * A refusal's words as a card or a warning shows them (`shell/relay/gm-relay.ts#reasonText`),
 * with the real language files: a ruleset's refusal that names the one refused gets the name, and
 * a relay reason its sentence. Foundry's `format` fills `{name}` as the engine's localizer does.
 */
const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const ap = ["en", "foundry", "cards", "sheets", "runner"].reduce((lang, file) => {
  const path = `src/rulesets/action-points/lang/${file}.json`;
  return mergeLang(lang, read(path), path);
}, read("lang/en.json"));
const t = localizerFor(ap);

describe("a refusal's reason in words", () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => vi.stubGlobal("game", {
    i18n: {
      localize: (k: string) => t(k),
      format: (k: string, data: Record<string, string>) => t(k, data),
      has: (k: string) => t(k) !== k,
    },
  }));

  it("names the one refused in a ruleset's refusal, and words a relay reason", () => {
    const down = reasonText("FRAY.ActionPoints.Refuse.Down", { name: "Tamsin Holt" });
    expect(down).toContain("Tamsin Holt");
    expect(down).not.toMatch(/[{}]/);
    expect(reasonText("notOwner")).not.toBe("notOwner");
    expect(reasonText("no such reason")).toBe("no such reason");
  });
});
