import { foundryLocalize } from "../../../../shell/setup/localize";
import { listEditMessage } from "./list-edits";

/**
 * The sheets' way to save a list edit: run the pure edit on the current list; if it throws, warn
 * with the localized reason (`listEditMessage`), redraw the sheet (dropping the rejected input)
 * and write nothing; otherwise write the whole new list at once.
 */
export async function writeListEdit<T>(
  current: readonly T[],
  edit: (list: T[]) => T[],
  write: (next: T[]) => Promise<unknown>,
  redraw: () => unknown,
): Promise<void> {
  let next: T[];
  try {
    next = edit([...current]);
  } catch (err) {
    const reason = listEditMessage(err, foundryLocalize);
    ui.notifications?.warn(foundryLocalize("FRAY.Item.InvalidEdit", { reason }));
    void redraw();
    return;
  }
  await write(next);
}
