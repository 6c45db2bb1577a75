import { isFields } from "../../engine/requests/fields";
import { isGMPrompt, promptTaken, takePrompt } from "../cards/prompts";
import { registerRequest, requestOfGM, type RelayResult, type Sender } from "../relay/gm-relay";
import { onPress } from "./press";

/**
 * Owner prompts: a GM's chat note listing entries, each answered once, with one of its buttons,
 * by the owners of the actor the entry names or by a GM: what is asked once an encounter is gone
 * (wounds' thrall offer at a battle's end), when the offer runtime's combatants no longer exist.
 * The note keeps its entries in its flags (a GM's prompt: only a GM's note is read,
 * `cards/prompts.ts`); a press is a GM request the active GM checks (the sender owns the entry's
 * actor or is a GM, the entry not answered yet, the kind's own check), claims once
 * (`takePrompt`), then answers. Its buttons (`data-fray-owner` with the kind's request,
 * `data-id`, `data-choice`) show only to whom may press them, while unanswered.
 */
export interface OwnerEntry {
  readonly id: string;
}

export interface OwnerPromptKind<E extends OwnerEntry> {
  /** The GM request's name (also its buttons' `data-fray-owner`). */
  readonly request: string;
  /** The note's entries, or null when it holds none of this kind (read from its flags). */
  entriesOf(flags: unknown): readonly E[] | null;
  /** The uuid of the actor whose owners answer an entry. */
  ownerOf(entry: E): string;
  /** Why `choice` may not be taken now (a relay refusal), or null; nothing is claimed before. */
  refusal(entry: E, choice: string, owner: Actor.Implementation | null):
    Exclude<RelayResult, { ok: true }> | null;
  /** Takes `choice` (the active GM, once, after the claim). */
  answer(entry: E, choice: string, owner: Actor.Implementation | null): Promise<void>;
}

const actorAt = (uuid: string): Actor.Implementation | null =>
  (fromUuidSync(uuid as never) as Actor.Implementation | null) ?? null;

/** Registers a kind's request and buttons (during `init`). */
export function registerOwnerPrompt<E extends OwnerEntry>(kind: OwnerPromptKind<E>): void {
  registerRequest(kind.request, async (payload: unknown, sender: Sender) => {
    const press = isFields(payload) ? payload : {};
    const message = typeof press.messageId === "string"
      ? game.messages?.get(press.messageId) : undefined;
    const entries = message && isGMPrompt(message) ? kind.entriesOf(message.flags) : null;
    const entry = entries?.find((e) => e.id === press.id);
    const choice = typeof press.choice === "string" ? press.choice : "";
    if (!message || !entry || !choice) return { ok: false, reason: "badMessage" };
    const owner = actorAt(kind.ownerOf(entry));
    const user = game.users?.get(sender.id);
    if (!sender.isGM && !(user && owner?.testUserPermission(user, "OWNER"))) {
      return { ok: false, reason: "notOwner" };
    }
    if (promptTaken(message, entry.id)) return { ok: false, reason: "used" };
    const refused = kind.refusal(entry, choice, owner);
    if (refused) return refused;
    if (!(await takePrompt(message, entry.id))) return { ok: false, reason: "used" };
    await kind.answer(entry, choice, owner);
    return { ok: true };
  });
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const entries = isGMPrompt(message) ? kind.entriesOf(message.flags) : null;
    const selector = `button[data-fray-owner="${kind.request}"]`;
    html.querySelectorAll<HTMLButtonElement>(selector).forEach((button) => {
      const entry = entries?.find((e) => e.id === button.dataset.id);
      const owner = entry ? actorAt(kind.ownerOf(entry)) : null;
      if (!entry || promptTaken(message, entry.id) || !(game.user?.isGM || owner?.isOwner)) {
        return button.remove();
      }
      onPress(button, () => requestOfGM(kind.request, {
        messageId: message.id, id: entry.id, choice: button.dataset.choice,
      }));
    });
  });
}
