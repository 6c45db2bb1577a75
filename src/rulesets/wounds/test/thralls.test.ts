import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { formatWoundsEvent } from "../encounter/format";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * Summons as the battle ends (`encounter/thralls.ts`): across the pinned line-ups, summons are
 * kept as thralls (their summoner's MP paying the cost), vanish when the summoner is out of the
 * fight, and vanish when it is short of MP; the winners' refill follows, and the lines read
 * whole. Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds Summons.
 */
const t = localizerFor(languageFor("wounds"));

describe("thralls as the battle ends", () => {
  it("keeps, and lets vanish, after the winners' refill", () => {
    const reasons = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 40; seed++) {
        const { events, fighters } = fight(name, seed);
        const last = events.findIndex((e) => e.kind === "thrall");
        if (last < 0) continue;
        // Nothing but thralls, refills and the end after the first thrall event.
        expect(events.slice(last).every((e) => ["thrall", "refill", "end"].includes(e.kind)))
          .toBe(true);
        for (const e of events) {
          if (e.kind !== "thrall") continue;
          reasons.add(e.reason);
          expect(formatWoundsEvent(e, t)).not.toMatch(/FRAY\.|\{\w+\}|undefined|NaN/);
          const unit = fighters.find((f) => f.key === e.unit)!;
          expect(unit.out).toBe(!e.kept);
        }
      }
    }
    // After the refill a winning summoner has its full MP: "noMp" is left for a thrall cost above
    // its maximum (`rules/summons.ts` payThrall's own tests), which no pack unit has.
    expect([...reasons].sort()).toEqual(["paid", "summonerOut"]);
  });
});
