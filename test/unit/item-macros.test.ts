import { afterEach, describe, expect, it, vi } from "vitest";
import { itemMacroCommand, onHotbarDrop, usableDrop, useItemByUuid } from "../../src/shell/setup/item-macros";

/**
 * Items dragged to the hotbar become macros that use them (shell/setup/item-macros): Foundry asks
 * the `hotbarDrop` hook first and, unless it returns false, makes a macro that only opens the
 * sheet (client/applications/ui/hotbar.mjs). The Foundry tier drags a real row onto the hook
 * (test/foundry/sheets.test.ts).
 */
const actor = { documentName: "Actor" };
const sabre = { uuid: "Actor.a.Item.s", name: "Sabre", img: "sabre.webp", type: "shockWeapon", documentName: "Item", parent: actor };
const loose = { ...sabre, uuid: "Item.s", parent: null };
const found = (uuid: string) => ({ [sabre.uuid]: sabre, [loose.uuid]: loose })[uuid] ?? null;
const drop = (uuid: string) => ({ type: "Item", uuid });

afterEach(() => vi.unstubAllGlobals());

describe("item macros", () => {
  it("the macro's command uses the item by its uuid", () => {
    expect(itemMacroCommand('Actor.a.Item.s')).toBe('await game.fray.useItem("Actor.a.Item.s");');
  });

  it("makes a macro for an item an actor carries, of a type the world's ruleset uses; leaves the rest to Foundry", () => {
    expect(usableDrop(drop(sabre.uuid), found, ["shockWeapon"])).toBe(sabre);
    expect(usableDrop(drop(sabre.uuid), found, ["escalationAbility"])).toBeNull();
    expect(usableDrop(drop(loose.uuid), found, ["shockWeapon"])).toBeNull();
    expect(usableDrop(drop("Actor.a.Item.gone"), found, ["shockWeapon"])).toBeNull();
    expect(usableDrop({ type: "Macro", uuid: "Macro.m" }, found, ["shockWeapon"])).toBeNull();
    expect(usableDrop(null, found, ["shockWeapon"])).toBeNull();
  });

  it("the hook stops Foundry's own macro only when it makes one, and never on a locked bar", () => {
    const created: unknown[] = [];
    vi.stubGlobal("fromUuidSync", found);
    vi.stubGlobal("game", { user: { id: "u", assignHotbarMacro: vi.fn() }, macros: [] });
    vi.stubGlobal("Macro", { implementation: { create: async (d: unknown) => (created.push(d), d) } });
    expect(onHotbarDrop({ locked: true }, drop(sabre.uuid), 1, ["shockWeapon"])).toBeUndefined();
    expect(onHotbarDrop({}, drop(loose.uuid), 1, ["shockWeapon"])).toBeUndefined();
    expect(created).toEqual([]);
    expect(onHotbarDrop({}, drop(sabre.uuid), 1, ["shockWeapon"])).toBe(false);
  });

  it("reuses the user's own macro for the item instead of making another", async () => {
    const create = vi.fn();
    const assign = vi.fn();
    const mine = { command: itemMacroCommand(sabre.uuid), author: { id: "u" } };
    vi.stubGlobal("fromUuidSync", found);
    vi.stubGlobal("game", { user: { id: "u", assignHotbarMacro: assign }, macros: [{ ...mine, author: { id: "other" } }, mine] });
    vi.stubGlobal("Macro", { implementation: { create } });
    onHotbarDrop({}, drop(sabre.uuid), 4, ["shockWeapon"]);
    await new Promise((r) => setTimeout(r, 0));
    expect(create).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(mine, 4);
  });

  it("running a macro uses the item; a gone or unusable item is refused with the reason", async () => {
    const warn = vi.fn();
    const use = vi.fn(async () => undefined);
    vi.stubGlobal("fromUuid", async (uuid: string) => found(uuid));
    vi.stubGlobal("ui", { notifications: { warn } });
    vi.stubGlobal("game", { i18n: { localize: (k: string) => k, format: (k: string) => k } });
    await useItemByUuid(sabre.uuid, { types: ["shockWeapon"], use });
    expect(use).toHaveBeenCalledWith(sabre);
    await useItemByUuid("Actor.a.Item.gone", { types: ["shockWeapon"], use });
    await useItemByUuid(sabre.uuid, { types: ["escalationAbility"], use });
    expect(warn.mock.calls.map((c) => c[0])).toEqual(["FRAY.Macro.ItemGone", "FRAY.Macro.NotUsable"]);
    expect(use).toHaveBeenCalledTimes(1);
  });
});
