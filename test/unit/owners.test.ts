import { afterEach, describe, expect, it, vi } from "vitest";
import { playerOwners } from "../../src/shell/documents/owners";

/** The players who own a document (shell/documents/owners.ts): GMs left out. */
describe("playerOwners", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the non-GM users the document grants OWNER", () => {
    const users = [
      { id: "gm", isGM: true }, { id: "p1", isGM: false }, { id: "p2", isGM: false },
      { id: null, isGM: false },
    ];
    vi.stubGlobal("game", { users: { contents: users } });
    const owned = new Set(["gm", "p2", null]);
    const doc = { testUserPermission: (u: { id: string | null }) => owned.has(u.id) };
    expect(playerOwners(doc as never)).toEqual(["p2"]);
  });
});
