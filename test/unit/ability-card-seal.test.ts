import { beforeEach, describe, expect, it, vi } from "vitest";
import { ABILITY_KIND } from "../../src/rulesets/escalation/foundry/cards/ability-kind";
import type { AbilityCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { Recorder } from "../../src/shell/cards/recorder";

/**
 * The active GM's seal of a healing ability's card (`escalationAbility`): what it heals is read
 * from the card as posted, checked against the documents. A card naming one actor twice (two
 * tokens of a linked character, or a forged card) would heal it twice: it is refused, as is a
 * target that is no character, or a heal the ability does not grant. Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const POSTER = { id: "playerplayerplay", isGM: false } as any;
const tam = { uuid: "Actor.tamtamtamtamtamt", isPC: true };
const hag = { uuid: "Actor.haghaghaghaghagh", isPC: false };
const healer: any = {
  uuid: "Actor.healerhealerhea", isPC: true,
  items: new Map([["wordofmendingxxx", { type: "escalationAbility", system: { heal: "recovery" } }]]),
  testUserPermission: (user: any) => user.id === POSTER.id,
};
const docs: Record<string, unknown> = {
  [healer.uuid]: healer, [tam.uuid]: tam, [hag.uuid]: hag,
  "Scene.s.Token.tam1": { actor: tam }, "Scene.s.Token.tam2": { actor: tam },
};

const card = (targets: { uuid: string; name: string }[], free = false): AbilityCard => ({
  actorUuid: healer.uuid, itemId: "wordofmendingxxx", abilityName: "Word of Mending",
  heal: { free, targets },
});
const seal = (c: AbilityCard) =>
  ABILITY_KIND.seal({ message: {} as any, data: c as any, poster: POSTER, recorder: new Recorder() });

beforeEach(() => {
  vi.stubGlobal("fromUuidSync", (uuid: string) => docs[uuid] ?? null);
});

describe("sealing a healing ability's card", () => {
  it("seals one row per character", async () => {
    const result = await seal(card([{ uuid: "Scene.s.Token.tam1", name: "Tam" }, { uuid: healer.uuid, name: "Me" }]));
    expect(result).toMatchObject({ ok: true, seal: { kind: "heal", free: false } });
  });
  it("refuses one actor named twice, by two tokens or twice the same", async () => {
    const twoTokens = card([{ uuid: "Scene.s.Token.tam1", name: "Tam" }, { uuid: "Scene.s.Token.tam2", name: "Tam" }]);
    expect(await seal(twoTokens)).toEqual({ ok: false, refused: "badRequest" });
    const twice = card([{ uuid: tam.uuid, name: "Tam" }, { uuid: tam.uuid, name: "Tam" }]);
    expect(await seal(twice)).toEqual({ ok: false, refused: "badRequest" });
  });
  it("refuses a target that is no character, a free heal the ability does not grant, another's actor", async () => {
    expect(await seal(card([{ uuid: hag.uuid, name: "Hag" }]))).toEqual({ ok: false, refused: "noTarget" });
    expect(await seal(card([{ uuid: tam.uuid, name: "Tam" }], true))).toEqual({ ok: false, refused: "badRequest" });
    const stranger = { id: "strangerstranger", isGM: false } as any;
    const out = await ABILITY_KIND.seal({
      message: {} as any, data: card([]) as any, poster: stranger, recorder: new Recorder(),
    });
    expect(out).toEqual({ ok: false, refused: "notOwner" });
  });
});
