import { beforeAll, describe, expect, it } from "vitest";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST, HAVE_FOUNDRY, makeUser, readManifest, startWorld, type FoundryCommon } from "./harness";

/**
 * New actors' prototype tokens, made by Foundry v13's own BaseActor with Fray's models and the
 * built system.json: a new token's bars start from `primaryTokenAttribute`/
 * `secondaryTokenAttribute` (common/documents/token.mjs), then the Actor's `_preCreate` and its
 * subtype model's `_preCreate` run in that order on the creating client
 * (client/documents/abstract/client-document.mjs). A bar draws only when its attribute is a number
 * or a value/max pair in the actor's system data (client/documents/token.mjs getBarAttribute).
 */
type Bars = { bar1: { attribute: string | null }; bar2: { attribute: string | null } };

describe.skipIf(!HAVE_FOUNDRY)("new actors' prototype tokens in Foundry's data layer", () => {
  let f: FoundryCommon;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let gm: any;
  beforeAll(async () => {
    f = (await startWorld()).foundry;
    gm = makeUser(f, "gmgmgmgmgmgmgmgm", "GAMEMASTER");
  });

  /** Creates an actor as a client does up to the server request, and returns its token data. */
  async function created(data: Record<string, unknown>) {
    const actor = new f.documents.BaseActor(structuredClone(data), { strict: true });
    await actor._preCreate(data, {}, gm);
    await actor.system._preCreate(data, {}, gm);
    return actor;
  }

  /** What a bar shows: a number or a value/max pair, or nothing (getBarAttribute's null). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const drawn = (actor: any, attribute: string | null) => {
    if (!attribute) return null;
    const data = f.utils.getProperty(actor.system, attribute);
    if (typeof data === "number") return "value";
    return data && typeof data === "object" && "value" in data && "max" in data ? "bar" : "dangling";
  };

  it("a player character created in the world is linked and friendly; an NPC is not", async () => {
    const { FRIENDLY, HOSTILE } = f.CONST.TOKEN_DISPOSITIONS;
    for (const type of ["escalationCharacter", "shockCharacter"]) {
      const token = (await created({ name: "Vel", type })).prototypeToken;
      expect([token.actorLink, token.disposition], type).toEqual([true, FRIENDLY]);
    }
    for (const type of ["escalationNpc", "shockNpc"]) {
      const token = (await created({ name: "Orc", type })).prototypeToken;
      expect([token.actorLink, token.disposition], type).toEqual([false, HOSTILE]);
    }
  });

  it("keeps the link and disposition its creator set", async () => {
    const { NEUTRAL } = f.CONST.TOKEN_DISPOSITIONS;
    const data = { name: "Vel", type: "escalationCharacter", prototypeToken: { actorLink: false, disposition: NEUTRAL } };
    const token = (await created(data)).prototypeToken;
    expect([token.actorLink, token.disposition]).toEqual([false, NEUTRAL]);
  });

  it("every subtype's bars show an attribute it has; recoveries on escalation's characters, MP on wounds' units", async () => {
    const types = Object.keys(readManifest().documentTypes.Actor ?? {});
    expect(types.length).toBeGreaterThanOrEqual(4);
    for (const type of types) {
      const actor = await created({ name: type, type });
      const { bar1, bar2 } = actor.prototypeToken as Bars;
      expect(drawn(actor, bar1.attribute), `${type} bar1`).toBe("bar");
      const second = type === "escalationCharacter" ? "recoveries" : type.startsWith("wounds") ? "mp" : null;
      expect(bar2.attribute, `${type} bar2`).toBe(second);
      expect(drawn(actor, bar2.attribute), `${type} bar2`).not.toBe("dangling");
    }
  });

  it("no compiled pack actor has a bar its type cannot show", async () => {
    const out = mkdtempSync(join(tmpdir(), "fray-bars-"));
    try {
      let count = 0;
      for (const pack of readManifest().packs.filter((p) => p.type === "Actor")) {
        const dir = join(out, pack.name);
        await extractPack(join(DIST, pack.path), dir, { log: false });
        for (const file of readdirSync(dir)) {
          const actor = new f.documents.BaseActor(JSON.parse(readFileSync(join(dir, file), "utf8")), { strict: true });
          const { bar1, bar2 } = actor.prototypeToken as Bars;
          expect(drawn(actor, bar1.attribute), `${file} bar1`).toBe("bar");
          expect(drawn(actor, bar2.attribute), `${file} bar2`).not.toBe("dangling");
          count++;
        }
      }
      expect(count).toBeGreaterThan(15);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: token defaults", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
