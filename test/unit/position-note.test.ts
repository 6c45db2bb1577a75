// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { placePositionNote, positionNoteKey } from "../../src/shell/applications/tracker/position-note";

/**
 * The tracker says plainly when the encounter's scene has a grid the ruleset's position rules do
 * not read: who stands next to whom, reach and opportunity attacks are then the GM's call.
 */
describe("the tracker's note on positions", () => {
  it("names a gridless scene and a grid the ruleset does not read; nothing otherwise", () => {
    expect(positionNoteKey("gridless", ["square"])).toBe("FRAY.Tracker.PositionsGridless");
    expect(positionNoteKey("hex", ["square"])).toBe("FRAY.Tracker.PositionsHex");
    expect(positionNoteKey("hex", ["square", "hex"])).toBeNull();
    expect(positionNoteKey("square", ["square"])).toBeNull();
    // An encounter with no token on a scene yet: nothing to say.
    expect(positionNoteKey(null, ["square"])).toBeNull();
  });

  it("sits once above the list, replaced on each render and gone when the scene reads", () => {
    document.body.innerHTML = '<section><ol class="combat-tracker"><li class="combatant"></li></ol></section>';
    const list = document.querySelector(".combat-tracker")!;
    placePositionNote(list, "No grid.");
    placePositionNote(list, "No grid.");
    const notes = document.querySelectorAll(".fray-position-note");
    expect(notes.length).toBe(1);
    expect(notes[0]!.nextElementSibling).toBe(list);
    expect(notes[0]!.getAttribute("role")).toBe("note");
    placePositionNote(list, null);
    expect(document.querySelectorAll(".fray-position-note").length).toBe(0);
  });
});
