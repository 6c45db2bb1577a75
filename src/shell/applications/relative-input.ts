/**
 * Relative number entry, as dnd5e's sheets take HP: "-7" takes 7 away, "+5" adds 5, "=12" or "12"
 * sets 12. Pure, so the parsing is tested without Foundry; {@link bindRelativeInputs} wires it to a
 * sheet's inputs.
 */

/** A parsed entry: the new value, or why the text is not a number entry. */
export type RelativeEntry = { ok: true; value: number } | { ok: false; error: "notNumber" };

const ENTRY = /^\s*([+\-=])?\s*(\d+)\s*$/;

/**
 * The value `text` asks for, given the `current` one. Clamped to [`min`, `max`] when given.
 * Whole numbers only: HP, recoveries and the like are integers in every ruleset.
 * @returns `{ ok: false, error: "notNumber" }` for anything else (empty, "abc", "1.5", "+-3").
 */
export function parseRelativeEntry(
  text: string, current: number, { min, max }: { min?: number; max?: number } = {},
): RelativeEntry {
  const match = ENTRY.exec(text);
  if (!match) return { ok: false, error: "notNumber" };
  const amount = Number(match[2]);
  const sign = match[1];
  let value = sign === "+" ? current + amount : sign === "-" ? current - amount : amount;
  if (min !== undefined) value = Math.max(min, value);
  if (max !== undefined) value = Math.min(max, value);
  return { ok: true, value };
}

/**
 * Makes every `input[data-relative]` under `root` take relative entries. The input's change
 * listener runs before the sheet form's own (the event reaches the input before it bubbles to the
 * form, client/applications/api/document-sheet.mjs submits on the form's change), so the form
 * submits the absolute value. A bad entry restores the old value, so nothing changes, and
 * `onError` tells the user why. Reads `data-value` (current), `data-min` and `data-max`.
 */
export function bindRelativeInputs(root: HTMLElement, onError: (text: string) => void): void {
  for (const input of root.querySelectorAll<HTMLInputElement>("input[data-relative]")) {
    input.addEventListener("focus", () => input.select());
    input.addEventListener("change", () => {
      const current = Number(input.dataset.value ?? 0);
      const bound = (key: string) =>
        input.dataset[key] === undefined ? undefined : Number(input.dataset[key]);
      const entry = parseRelativeEntry(input.value, current, {
        min: bound("min"),
        max: bound("max"),
      });
      if (entry.ok) {
        input.value = String(entry.value);
        return;
      }
      onError(input.value);
      input.value = String(current);
    });
  }
}
