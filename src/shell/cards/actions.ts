import type { StepButton } from "../../engine/view/step-button";
import type { CardKind, CardRecords, Viewer } from "./kind";
import { refusalOf } from "./records";
import { reasonText } from "../relay/gm-relay";

/**
 * The shell's part of every card's markup: its step buttons, and the card a viewer gets when the
 * roll mode hides the card's content from them (`card-actions.hbs`: the card's title, and per row
 * a name and the buttons this viewer may press). Pure.
 */

export interface ActionRow {
  readonly name: string;
  readonly buttons: readonly StepButton[];
}

/** A button as the templates render it: its arguments already JSON. */
export interface ButtonView extends StepButton {
  readonly argsJson: string;
}

export const buttonView = (b: StepButton): ButtonView => ({
  ...b, argsJson: JSON.stringify(b.args),
});

export interface ActionsView {
  readonly title: string;
  readonly rows: readonly { readonly name: string; readonly buttons: readonly ButtonView[] }[];
}

export const ACTIONS_TEMPLATE = "systems/fray/templates/shell/chat/card-actions.hbs";

/**
 * The hidden card's view: only rows with something this viewer may press, and no number the roll
 * mode hides (a blind attack's author may apply its damage without learning it).
 * @param hiddenValue what a label shows instead of a number (`FRAY.Cards.HiddenValue`)
 */
export function actionsView(
  title: string,
  rows: readonly ActionRow[],
  hiddenValue: string,
): ActionsView {
  const hide = (b: StepButton): StepButton => ({
    ...b,
    labelData: Object.fromEntries(Object.entries(b.labelData ?? {})
      .map(([k, v]) => [k, typeof v === "number" ? hiddenValue : v])),
  });
  return {
    title,
    rows: rows
      .filter((r) => r.buttons.length > 0)
      .map((r) => ({ name: r.name, buttons: r.buttons.map((b) => buttonView(hide(b))) })),
  };
}

/** Renders the hidden card's markup (inside Foundry). */
export async function renderActions(title: string, rows: readonly ActionRow[]): Promise<string> {
  const hiddenValue = game.i18n?.localize("FRAY.Cards.HiddenValue") ?? "?";
  return foundry.applications.handlebars.renderTemplate(ACTIONS_TEMPLATE, {
    view: actionsView(title, rows, hiddenValue),
  });
}

/**
 * A card kind's `render` for one viewer (phases, wounds): its own template over `view`, or, when
 * the roll mode hides the card's content, only the rows of buttons the viewer may press.
 */
export function renderCardView<V extends { readonly title: string }>(
  template: string, view: V, hidden: boolean, rows: (view: V) => readonly ActionRow[],
): Promise<string> {
  if (!hidden) return foundry.applications.handlebars.renderTemplate(template, { view });
  return renderActions(view.title, rows(view));
}

/**
 * A refused card's reason as its viewer reads it, or null when it was not refused: a ruleset's
 * refusal names the one refused (`{name}`), the card's speaker, who made it.
 */
export function refusalText(message: ChatMessage.Implementation, records: CardRecords):
  string | null {
  const reason = refusalOf(records);
  return reason ? reasonText(reason, { name: message.alias ?? "" }) : null;
}

/**
 * A card kind's `render` from its ruleset's view of a card for one viewer (its pure `cardView`),
 * given the refused seal's reason as the viewer reads it (`refusalText`), rendered by
 * `renderCardView` (its content, or its buttons alone when the roll mode hides it).
 */
export function viewRender<V extends { readonly title: string }>(
  template: string, rows: (view: V) => readonly ActionRow[],
  view: (message: ChatMessage.Implementation, records: CardRecords, viewer: Viewer,
    refusal: string | null) => V,
): CardKind["render"] {
  return (message, records, viewer, hidden) => renderCardView(
    template, view(message, records, viewer, refusalText(message, records)), hidden, rows,
  );
}
