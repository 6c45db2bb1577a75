/**
 * Small typed wrappers over Foundry's DialogV2 for Fray's forms (a rendered template in a dialog
 * with OK/Cancel) and questions. `askForm` resolves to the form's fields, `askChoice` to the
 * button pressed; each to null when dismissed.
 */
interface DialogApi {
  input(config: {
    window: { title: string };
    content: string;
    ok?: { label?: string };
  }): Promise<Record<string, unknown> | null>;
  confirm(config: { window: { title: string }; content: string }): Promise<boolean | null>;
  wait(config: {
    window: { title: string }; content: string; buttons: readonly ChoiceButton[];
  }): Promise<string | null>;
}

/** A button of a question: its action (what `askChoice` resolves to) and its label. */
export interface ChoiceButton {
  readonly action: string;
  readonly label: string;
  /** The button Enter presses. */
  readonly default?: boolean;
}
const Dialog = (): DialogApi => foundry.applications.api.DialogV2 as unknown as DialogApi;

export async function askForm(
  title: string,
  template: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const content = await foundry.applications.handlebars.renderTemplate(template, data);
  return Dialog().input({ window: { title }, content });
}

export async function askConfirm(title: string, text: string): Promise<boolean> {
  const p = document.createElement("p");
  p.textContent = text;
  return (await Dialog().confirm({ window: { title }, content: p.outerHTML })) === true;
}

/**
 * Asks a question in plain text (`text`, escaped as a paragraph's text) with its `buttons`
 * (client/applications/api/dialog.mjs `wait`: it resolves to the pressed button's action, and to
 * null when the dialog is closed, `rejectClose` being false by default).
 */
export async function askChoice(
  title: string, text: string, buttons: readonly ChoiceButton[],
): Promise<string | null> {
  const p = document.createElement("p");
  p.textContent = text;
  return Dialog().wait({ window: { title }, content: p.outerHTML, buttons });
}
