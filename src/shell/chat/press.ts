import { warnIfRefused } from "../applications/refusals";

/**
 * A chat button that runs a user action: pressed, it is disabled until the action ends (so a
 * double click does not ask twice), and a refusal the action throws is shown as a warning
 * (`applications/refusals.ts`). The offers' buttons (`offers/runtime.ts`) and shock's card and
 * morale buttons.
 */
export function onPress(button: HTMLButtonElement, run: () => Promise<unknown>): void {
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    void warnIfRefused(run).finally(() => (button.disabled = false));
  });
}
