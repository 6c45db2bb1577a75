/**
 * A message's content enriched as Foundry enriches it for the chat log (links, inline rolls,
 * secrets for the speaker's owners: client/documents/chat-message.mjs `renderHTML`), for a card
 * kind that re-renders its card from the content it posted.
 * @returns the enriched HTML (a string; empty for no content)
 */
export async function enrichedContent(message: ChatMessage.Implementation): Promise<string> {
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  return TextEditor.enrichHTML(message.content ?? "", {
    rollData: message.getRollData(),
    secrets: message.speakerActor?.isOwner ?? game.user?.isGM ?? false,
  });
}
