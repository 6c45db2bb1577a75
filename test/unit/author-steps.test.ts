import { describe, expect, it } from "vitest";
import {
  applyRefusal, authorRefusal, parseNoArgs, undoRefusal,
} from "../../src/engine/requests/author-steps";

/** A card's author steps: its author or a GM, once sealed; Apply once, then Undo once. */
describe("who may take a card's author steps", () => {
  const seal = { poster: "author" };
  const author = { id: "author", isGM: false };
  const gm = { id: "gm", isGM: true };
  const other = { id: "other", isGM: false };

  it("its author and any GM, once the card is sealed", () => {
    expect(authorRefusal(seal, author)).toBeNull();
    expect(authorRefusal(seal, gm)).toBeNull();
    expect(authorRefusal(seal, other)).toBe("notAuthor");
    expect(authorRefusal(null, gm)).toBe("unsealed");
  });

  it("Apply once, after the ruleset's own condition; Undo once, after Apply", () => {
    expect(applyRefusal(seal, {}, author)).toBeNull();
    expect(applyRefusal(seal, {}, author, "notReady")).toBe("notReady");
    expect(applyRefusal(seal, {}, other, "notReady")).toBe("notAuthor");
    expect(applyRefusal(seal, { applied: true }, author)).toBe("alreadyApplied");
    expect(undoRefusal(seal, {}, author)).toBe("notApplied");
    expect(undoRefusal(seal, { applied: true }, gm)).toBeNull();
    expect(undoRefusal(seal, { applied: true, undone: true }, author)).toBe("notApplied");
    expect(undoRefusal(null, { applied: true }, author)).toBe("unsealed");
  });

  it("the steps take no arguments: any object, else malformed", () => {
    expect(parseNoArgs({ extra: 1 })).toEqual({});
    for (const bad of [null, undefined, "apply", 3]) expect(parseNoArgs(bad)).toBeNull();
  });
});
