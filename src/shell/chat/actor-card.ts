import { postMessage } from "./post";

/** A ruleset's chat card as its poster renders it: subtype, HTML, system data and its rolls. */
export interface ActorCard {
  /** The ChatMessage subtype (`escalationAttack`, `shockAttack`…). */
  readonly type: string;
  readonly content: string;
  /** The card's data as the ruleset's spec gives it (checked there, not here). */
  readonly system: object;
  readonly rolls: readonly Roll[];
}

/**
 * Posts a card a user makes about an actor (an attack, an ability): spoken by the actor, its rolls
 * attached as JSON so that they show as rolls (and Dice So Nice animates them), in the roll mode
 * the poster chose (the core `rollMode` setting), which Foundry v13 applies to a message with
 * rolls as it creates it (client/documents/chat-message.mjs `_preCreate`, `applyRollMode`).
 * @returns the message, or null when Foundry created none (a hook refused it).
 */
export async function postActorCard(
  actor: Actor.Implementation, card: ActorCard,
): Promise<ChatMessage.Implementation | null> {
  return postMessage({
    type: card.type, speaker: ChatMessage.getSpeaker({ actor }), content: card.content,
    system: card.system, rolls: card.rolls.map((r) => JSON.stringify(r)),
  }, { rollMode: game.settings!.get("core", "rollMode") });
}
