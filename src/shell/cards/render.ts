import { askGM, warnRefused } from "../relay/gm-relay";
import { cardKindOf, type CardKind, type Viewer } from "./kind";
import { NO_RECORDS, trustedRecords } from "./records";
import { CARD_REQUEST } from "./requests";

/**
 * The one chat render hook of every card kind (`renderChatMessageHTML`, v13; it runs for the log,
 * popouts and notifications). The card's markup for the viewing user replaces its `.fray-card`.
 * When the roll mode hides the card's content from the viewer, Foundry renders its "rolled
 * privately" text instead (client/documents/chat-message.mjs `#renderRollContent`): the kind then
 * renders only what this viewer may still do (the target's owner answering a blind attack), added
 * under it, so no step waits forever on someone who cannot see its buttons.
 *
 * Step buttons are generic: `data-fray-step="<step>"` with its arguments as JSON in
 * `data-fray-args`, and a `<select data-fray-step>` sends its value as `args.value`. Each asks the
 * active GM through `fray.card`; a refusal is shown as a warning and said on the card until it
 * next renders.
 */
export function registerCardRender(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const kind = cardKindOf(message.type);
    if (kind) void renderCard(kind, message, html);
  });
}

async function renderCard(
  kind: CardKind,
  message: ChatMessage.Implementation,
  html: HTMLElement,
): Promise<void> {
  // What the GM wrote, once it is the GM's; before, the card shows its content alone.
  const records = trustedRecords(message) ?? NO_RECORDS;
  const viewer: Viewer = { isGM: game.user?.isGM ?? false, userId: game.user?.id ?? "" };
  const body = html.querySelector<HTMLElement>(".fray-card");
  const hidden = !body || !message.isContentVisible;
  const markup = await kind.render(message, records, viewer, hidden);
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  const card = holder.firstElementChild as HTMLElement | null;
  if (!card) return;
  if (body) body.replaceWith(card);
  else (html.querySelector(".message-content") ?? html).append(card);
  wireSteps(message, card);
  kind.wire?.(message, card, records);
}

function argsOf(element: HTMLElement): Record<string, unknown> {
  try {
    const args = JSON.parse(element.dataset.frayArgs ?? "{}") as unknown;
    return typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function wireSteps(message: ChatMessage.Implementation, card: HTMLElement): void {
  const messageId = message.id ?? "";
  card.querySelectorAll<HTMLButtonElement>("button[data-fray-step]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      const payload = { messageId, step: button.dataset.frayStep ?? "", args: argsOf(button) };
      void ask(button, payload).finally(() => (button.disabled = false));
    });
  });
  card.querySelectorAll<HTMLSelectElement>("select[data-fray-step]").forEach((select) => {
    select.addEventListener("change", () => {
      const args = { ...argsOf(select), value: select.value };
      void ask(select, { messageId, step: select.dataset.frayStep ?? "", args });
    });
  });
}

/** Asks the GM for a step; a refusal is a warning and a note on the card under the control. */
async function ask(control: HTMLElement, payload: Record<string, unknown>): Promise<void> {
  const answer = await askGM(CARD_REQUEST, payload);
  warnRefused(answer);
  if (!answer || answer.ok) return;
  const key = `FRAY.Relay.Reason.${answer.reason}`;
  const reason = game.i18n?.has(key) ? game.i18n.localize(key) : answer.reason;
  const group = control.closest(".card-buttons") ?? control.parentElement;
  group?.parentElement?.querySelector(":scope > .card-step-refused")?.remove();
  const note = document.createElement("p");
  note.className = "fray-blocked card-why card-step-refused";
  note.setAttribute("role", "status");
  note.textContent = game.i18n?.format("FRAY.Cards.StepRefused", { reason }) ?? reason;
  group?.after(note);
}
