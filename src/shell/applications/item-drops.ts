/**
 * An actor sheet takes dropped items of its own ruleset only. Foundry's actor sheet creates any
 * dropped Item on the actor (client/applications/sheets/actor-sheet.mjs `_onDrop` →
 * `_onDropDocument` → `_onDropItem` → `Item.implementation.create`), and every ruleset's item
 * subtypes are valid in every world, so a shock weapon dropped on an escalation sheet was created
 * but never shown (the sheet lists its own subtypes only). The drop is refused, with the reason,
 * and nothing is created. Dropping a row of this sheet on itself (sorting) is of its own types.
 */
interface DropSheet {
  _onDropItem(event: DragEvent, item: unknown): Promise<unknown>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule (TS2545)
type Constructor<T> = abstract new (...args: any[]) => T;

/** Whether a sheet holding `types` takes the dropped `item` (a document with its subtype). */
export function takesItem(types: readonly string[], item: { type?: unknown } | null): boolean {
  return typeof item?.type === "string" && types.includes(item.type);
}

/**
 * Refuses dropped items whose subtype is not one of `types`.
 * @param refusal the localized warning for a refused item, given its name.
 */
export function withOwnItemsOnly<T extends Constructor<DropSheet>>(
  Base: T,
  types: readonly string[],
  refusal: (name: string) => string,
) {
  abstract class OwnItemsSheet extends Base {
    override async _onDropItem(event: DragEvent, item: unknown): Promise<unknown> {
      const dropped = item as { type?: unknown; name?: unknown } | null;
      if (!takesItem(types, dropped)) {
        ui.notifications?.warn(refusal(String(dropped?.name ?? "")));
        return null;
      }
      return super._onDropItem(event, item);
    }
  }
  return OwnItemsSheet;
}
