/**
 * The sheets' way to save a list edit: run the pure edit on the current list; if it throws, warn
 * with the localized reason, redraw the sheet (dropping the rejected input) and write nothing;
 * otherwise write the whole new list at once.
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
    ui.notifications?.warn(game.i18n!.format("FRAY.Item.InvalidEdit", { reason: (err as Error).message }));
    void redraw();
    return;
  }
  await write(next);
}
