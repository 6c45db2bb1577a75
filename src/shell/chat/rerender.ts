/**
 * Draws a chat message again in this client's chat log, as Foundry does when the message is
 * updated (client/applications/sidebar/tabs/chat.mjs `updateMessage`): for a change the message
 * does not hold itself (what its render hooks read elsewhere, a Combat's flags). Nothing happens
 * on a client without the chat log (`ui.chat`).
 */
export function rerenderMessage(message: ChatMessage.Implementation): Promise<void> | undefined {
  type Log = { updateMessage?(m: ChatMessage.Implementation): Promise<void> };
  return (ui.chat as Log | null)?.updateMessage?.(message);
}
