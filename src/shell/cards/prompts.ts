import { claimOnDocument } from "../gm/claim";
import { cardKindOf } from "./kind";

/**
 * Prompts: messages the active GM's client posts to offer something to some responders (an
 * opportunity attack to each foe, a morale roll to the GM). A prompt is trusted only when a GM's
 * client wrote it: its author is a GM and it is not a card kind (a card the GM took over has a GM
 * author too, but its poster wrote its content and flags). Players cannot create a message
 * authored by someone else (common/documents/chat-message.mjs `#canCreate`), nor update one
 * they did not author. Each responder takes a prompt once: the step is claimed in the prompt's
 * own flags (any GM may press a GM's button, so the claim lives where every GM client writes),
 * then recorded there (`flags.fray.taken.<responder>`).
 */
export function isGMPrompt(message: ChatMessage.Implementation): boolean {
  // Only Foundry's base type: any other is a card kind, perhaps another ruleset's, not
  // registered in this world, whose flags its poster wrote.
  return Boolean(message.author?.isGM) && message.type === "base" && !cardKindOf(message.type);
}

/** Whether a responder (a combatant id, or `gm`) has taken its part of a prompt. */
export function promptTaken(message: ChatMessage.Implementation, responder: string): boolean {
  const taken = (message.flags as { fray?: { taken?: Record<string, unknown> } }).fray?.taken;
  return Boolean(taken && Object.hasOwn(taken, responder) && taken[responder]);
}

/**
 * Takes a responder's part of a prompt once, on the active GM's client.
 * @returns whether this call took it (false: taken already, by this or another client).
 */
export async function takePrompt(
  message: ChatMessage.Implementation,
  responder: string,
): Promise<boolean> {
  if (!message.id || !isGMPrompt(message) || promptTaken(message, responder)) return false;
  if (!(await claimOnDocument(message, "flags.fray.claims", responder))) return false;
  await message.update({ [`flags.fray.taken.${responder}`]: true } as ChatMessage.UpdateData);
  return true;
}
