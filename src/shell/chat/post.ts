/**
 * Posts a chat message from Fray's plain data: a card's system data as its ruleset's spec gives
 * it, rolls as JSON, flags. fvtt-types types a message's create data per configured subtype, and
 * Fray's cards are plain data checked by their own specs, so this is the one typed gate they go
 * through. Foundry v13 applies `options.rollMode` to a message with rolls as it creates it
 * (client/documents/chat-message.mjs `_preCreate`).
 * @returns the message, or null when Foundry created none (a hook refused it).
 */
export async function postMessage(
  data: Readonly<Record<string, unknown>>,
  options: { readonly rollMode?: string | null } = {},
): Promise<ChatMessage.Implementation | null> {
  const created = await ChatMessage.create(
    data as unknown as ChatMessage.CreateData,
    options as ChatMessage.Database.CreateOperation<boolean | undefined>,
  );
  return (created as ChatMessage.Implementation | undefined) ?? null;
}
