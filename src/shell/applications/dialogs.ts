/**
 * Small typed wrappers over Foundry's DialogV2 for Fray's forms (a rendered template in a dialog
 * with OK/Cancel). `askForm` resolves to the form's fields, or null when dismissed.
 */
interface DialogApi {
  input(config: {
    window: { title: string };
    content: string;
    ok?: { label?: string };
  }): Promise<Record<string, unknown> | null>;
  confirm(config: { window: { title: string }; content: string }): Promise<boolean | null>;
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
