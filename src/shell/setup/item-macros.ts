import { foundryLocalize as t } from "./localize";

/**
 * Items on the hotbar. An item row dragged from a sheet carries the item's drag data
 * (`{type: "Item", uuid}`, client/applications/sheets/actor-sheet.mjs `_onDragStart`). Dropped on
 * the hotbar, Foundry first calls the `hotbarDrop` hook and, unless a handler returns false, makes
 * a macro that only opens the item's sheet (client/applications/ui/hotbar.mjs `#onDragDrop` →
 * `_createDocumentSheetToggle`). So for an item an actor carries and the world's ruleset can use,
 * Fray makes the macro itself: a script macro, named and pictured as the item, whose command asks
 * Fray to use that item (`game.fray.useItem(uuid)`), as dnd5e's item macros roll the item. Any
 * other drop (a compendium item, another ruleset's item, a Macro) is left to Foundry.
 */
export interface ItemUse {
  /** The item subtypes a macro can use: the world's ruleset's usable ones. */
  readonly types: readonly string[];
  /** Uses the item as its sheet's button does; refusals are shown as the sheet shows them. */
  use(item: Item.Implementation): Promise<unknown>;
}

/** The hotbar as the hook passes it: a locked bar takes no drop (hotbar.mjs). */
interface HotbarLike {
  readonly locked?: boolean;
}

/** An item as the drop handler reads it (`fromUuidSync`, client/utils/helpers.mjs). */
interface DroppedItem {
  readonly uuid: string;
  readonly name: string;
  readonly img?: string | null;
  readonly type: string;
  readonly documentName?: string;
  readonly parent?: { readonly documentName?: string } | null;
}

/** The command of the macro that uses the item `uuid`. */
export function itemMacroCommand(uuid: string): string {
  return `await game.fray.useItem(${JSON.stringify(uuid)});`;
}

/**
 * The item a hotbar drop makes a use macro for, or null (Foundry then does what it does): an Item
 * an actor carries whose subtype the world's ruleset can use.
 * @param resolve finds a document by uuid without waiting (Foundry's `fromUuidSync`).
 */
export function usableDrop(
  data: unknown,
  resolve: (uuid: string) => unknown,
  types: readonly string[],
): DroppedItem | null {
  const d = data as { type?: unknown; uuid?: unknown } | null;
  if (d?.type !== "Item" || typeof d.uuid !== "string") return null;
  const item = resolve(d.uuid) as DroppedItem | null | undefined;
  if (!item || item.documentName !== "Item" || item.parent?.documentName !== "Actor") return null;
  return types.includes(item.type) ? item : null;
}

/**
 * The `hotbarDrop` handler: for a usable item, makes (or reuses) the user's macro for it, puts it
 * in the slot and returns false so Foundry makes no sheet-toggle macro; otherwise returns nothing.
 */
export function onHotbarDrop(
  bar: HotbarLike, data: unknown, slot: unknown, types: readonly string[],
): false | void {
  if (bar.locked) return;
  const item = usableDrop(data, (uuid) => fromUuidSync(uuid as never), types);
  if (!item) return;
  void assignItemMacro(item, slot);
  return false;
}

/** The user's macro that uses `item` (made unless the user already has one), in `slot`. */
export async function assignItemMacro(item: DroppedItem, slot: unknown): Promise<void> {
  const command = itemMacroCommand(item.uuid);
  const user = game.user;
  if (!user) return;
  const own = game.macros?.find((m) => m.command === command && m.author?.id === user.id);
  const macro = own ?? await Macro.implementation.create({
    name: item.name, type: "script", img: item.img ?? undefined, command,
  } as Macro.CreateData);
  if (macro) await user.assignHotbarMacro(macro, slot as number);
}

/**
 * Uses the item `uuid` (what an item macro runs). A gone item, or one the world's ruleset cannot
 * use, is refused with a warning (lang/en.json FRAY.Macro).
 */
export async function useItemByUuid(uuid: string, uses: ItemUse): Promise<void> {
  const item = (await fromUuid(uuid as never)) as unknown as (Item.Implementation & DroppedItem) | null;
  if (!item || item.documentName !== "Item" || item.parent?.documentName !== "Actor") {
    ui.notifications?.warn(t("FRAY.Macro.ItemGone"));
    return;
  }
  if (!uses.types.includes(item.type)) {
    ui.notifications?.warn(t("FRAY.Macro.NotUsable", { item: item.name }));
    return;
  }
  await uses.use(item);
}

/**
 * Makes dropped usable items into macros and gives macros `game.fray.useItem(uuid)`. Called by the
 * world's ruleset's `install()`.
 */
export function registerItemMacros(uses: ItemUse): void {
  const g = game as unknown as { fray?: Record<string, unknown> };
  g.fray = { ...g.fray, useItem: (uuid: string) => useItemByUuid(uuid, uses) };
  Hooks.on("hotbarDrop", (bar: unknown, data: unknown, slot: unknown) =>
    onHotbarDrop(bar as HotbarLike, data, slot, uses.types));
}
