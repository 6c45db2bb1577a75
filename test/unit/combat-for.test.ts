import { afterEach, describe, expect, it, vi } from "vitest";
import { combatantOfToken, combatantsOfActor, combatFor } from "../../src/shell/combat/located";

/**
 * Which encounter a use belongs to (shell/combat/located.ts `combatFor`): `game.combat` is only
 * the encounter this client views (client/documents/collections/combat-encounters.mjs `viewed`).
 */
const actor = (name: string) => ({ name, uuid: `Actor.${name}` });
const fight = (id: string, members: object[], started = true) => ({
  id, started, combatants: Object.assign(members.map((a, i) => ({ id: `${id}-${i}`, actor: a })), {}),
});
afterEach(() => vi.unstubAllGlobals());

describe("the encounter an actor's use belongs to", () => {
  const brann = actor("Brann");
  const goblin = actor("Goblin");
  const own = fight("own", [brann]);
  const viewed = fight("viewed", [goblin]);

  it("is the one it fights in, even while this client views another", () => {
    vi.stubGlobal("game", { combat: viewed, combats: { contents: [viewed, own] } });
    expect(combatFor(brann as never)).toBe(own);
    expect(combatFor(goblin as never)).toBe(viewed);
  });

  it("else the viewed one when started, else none; an encounter not started is none's", () => {
    const loner = actor("Loner");
    vi.stubGlobal("game", { combat: viewed, combats: { contents: [viewed, own] } });
    expect(combatFor(loner as never)).toBe(viewed);
    const idle = fight("idle", [loner], false);
    vi.stubGlobal("game", { combat: idle, combats: { contents: [idle] } });
    expect(combatFor(loner as never)).toBeNull();
  });
});

describe("the encounters an actor fights in (combatantsOfActor)", () => {
  const brann = actor("Brann");
  const goblin = actor("Goblin");
  // A token's synthetic actor is another object with its own uuid: only the uuid matches.
  const twin = { name: "Brann", uuid: "Actor.Brann" };

  it("lists each started encounter's combatants of the actor, in game.combats' order", () => {
    const west = fight("west", [goblin, brann]);
    const east = fight("east", [twin, goblin, brann]);
    const idle = fight("idle", [brann], false);
    vi.stubGlobal("game", { combat: east, combats: { contents: [west, idle, east] } });
    const found = combatantsOfActor(brann as never)
      .map(({ combat, combatant }) => [combat.id, combatant.id]);
    expect(found).toEqual([["west", "west-1"], ["east", "east-0"], ["east", "east-2"]]);
  });

  it("is empty when no started encounter holds it, or no encounters exist", () => {
    vi.stubGlobal("game", { combat: null, combats: { contents: [fight("w", [goblin])] } });
    expect(combatantsOfActor(brann as never)).toEqual([]);
    vi.stubGlobal("game", { combat: null, combats: undefined });
    expect(combatantsOfActor(brann as never)).toEqual([]);
  });
});

describe("a token's combatant in an encounter (combatantOfToken)", () => {
  // A duplicated scene keeps its tokens' ids: only the scene tells the two apart.
  const sceneA = { id: "sceneA" };
  const sceneB = { id: "sceneB" };
  const tokenOn = (scene: object) => ({ id: "tok", parent: scene });
  const combatant = (scene: object | null) =>
    ({ id: "c1", tokenId: "tok", token: scene ? { parent: scene } : null });

  it("matches the token's id on the token's own scene, else the encounter's", () => {
    const combat = { scene: null, combatants: [combatant(sceneA)] } as never;
    expect(combatantOfToken(combat, tokenOn(sceneA) as never)?.id).toBe("c1");
    expect(combatantOfToken(combat, tokenOn(sceneB) as never)).toBeUndefined();
    // A combatant whose token is not loaded is read on the encounter's scene.
    const linked = { scene: sceneB, combatants: [combatant(null)] } as never;
    expect(combatantOfToken(linked, tokenOn(sceneB) as never)?.id).toBe("c1");
    expect(combatantOfToken(linked, tokenOn(sceneA) as never)).toBeUndefined();
  });
});
