import { queued } from "../relay/gm-relay";
import { cardKindOf } from "./kind";

/**
 * A card deleted while what it started still waits (shock: a Snap Attack's Main spent when the GM
 * granted it, its attack never rolled): its kind's `deleted` runs on the active GM's client, in
 * the queue requests run in. Foundry calls `deleteChatMessage` with the document, its data still
 * held, after taking it out of the collection (client/data/client-backend.mjs
 * `#handleDeleteDocuments`); its records are read from that copy. What `deleted` throws is
 * logged: the card is gone either way.
 */
export function registerCardDeletion(): void {
  Hooks.on("deleteChatMessage", (message: ChatMessage.Implementation) => {
    const kind = cardKindOf(message.type);
    if (!game.user?.isActiveGM || !kind?.deleted) return;
    const deleted = kind.deleted.bind(kind);
    void queued(() => deleted(message)).catch((err: unknown) => {
      console.error(`Fray | what follows a deleted ${kind.type} card failed`, err);
    });
  });
}
