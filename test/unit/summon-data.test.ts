import { describe, expect, it } from "vitest";
import { summonOwnership, summonTokenData } from "../../src/shell/documents/summon-data";

/**
 * A summon's token data (`shell/documents/summon-data.ts`), as the GM creates it beside its
 * caster: unlinked, placed, on the caster's side, its synthetic actor its caster's owners'.
 */
describe("a summon's token", () => {
  it("is the caster's owners' and shows to others as the caster does, below owner", () => {
    expect(summonOwnership({ default: 2, gm: 3, p1: 3, p2: 1 })).toEqual({ default: 2, p1: 3, gm: 3 });
    expect(summonOwnership({ default: 3, p1: 3 })).toEqual({ default: 2, p1: 3 });
    expect(summonOwnership({ p1: 3 })).toEqual({ p1: 3 });
    expect(summonOwnership({})).toEqual({});
  });

  it("unlinked, placed, of the caster's disposition; nothing the GM keeps is on the token", () => {
    const data = summonTokenData({ name: "Ashhound", actorLink: true, flags: { core: { a: 1 } } },
      "actor1", { x: 200, y: 300 }, { disposition: 1, ownership: { p1: 3 } });
    expect(data).toEqual({
      name: "Ashhound", actorId: "actor1", actorLink: false, x: 200, y: 300, disposition: 1,
      delta: { ownership: { p1: 3 } }, flags: { core: { a: 1 } },
    });
  });

  it("hidden when its caster's token is; else as its prototype says", () => {
    const at = { x: 0, y: 0 };
    const caster = { disposition: -1, ownership: {} };
    expect(summonTokenData({}, "a", at, { ...caster, hidden: true }).hidden).toBe(true);
    expect(summonTokenData({ hidden: true }, "a", at, caster).hidden).toBe(true);
    expect(summonTokenData({}, "a", at, { ...caster, hidden: false }).hidden).toBeUndefined();
  });
});
