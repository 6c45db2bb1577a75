import type { FrayActor } from "../documents/actor";
import { abilityData } from "../data/accessors";
import { sealAttack, sealHeal, sealOf, type Seal } from "../chat/card-seal";
import type { AbilityCard, AttackCard } from "../chat/card-spec";

/**
 * The active GM seals every Fray card as it is posted: `createChatMessage` runs on each client as
 * the server announces the new message, with the message as it was created and before any later
 * edit arrives (Foundry applies a message's socket events in order: client/data/client-backend.mjs
 * handles the create response, then its hooks). The seal is what the GM will apply; a card whose
 * attacker its author does not own, or whose free heal the ability does not grant, is sealed as
 * refused and its buttons stay with the GM.
 */
export function registerSealing(): void {
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => {
    if (
      !game.user?.isActiveGM
      || (message.type !== "escalationAttack" && message.type !== "escalationAbility")
    )
      return;
    if (sealOf((message.system as { seal?: unknown }).seal)) return;
    // Read now, synchronously: this is the card as posted.
    const seal = sealFor(message);
    void message.update({ "system.seal": seal ?? { kind: "refused" } } as ChatMessage.UpdateData);
  });
}

/** The seal of a new card, or null when what it claims is not the author's to claim. */
function sealFor(message: ChatMessage.Implementation): Seal | null {
  const author = message.author;
  if (!author) return null;
  const system = (message.system as unknown as { toObject(): unknown }).toObject();
  if (message.type === "escalationAttack") {
    const card = system as AttackCard;
    return ownsActor(author, card.actorUuid) ? sealAttack(card, author.id ?? "") : null;
  }
  const card = system as AbilityCard;
  const actor = ownedActor(author, card.actorUuid);
  const item = actor?.items.get(card.itemId);
  if (!actor || !item || item.type !== "escalationAbility") return null;
  const heal = abilityData(item.system).heal;
  if (heal === "none" || card.heal.free !== (heal === "freeRecovery")) return null;
  return sealHeal(card, author.id ?? "");
}

function ownedActor(author: User.Implementation, uuid: string): FrayActor | null {
  const actor = fromUuidSync(uuid) as FrayActor | null;
  return actor && (author.isGM || actor.testUserPermission(author, "OWNER")) ? actor : null;
}

const ownsActor = (author: User.Implementation, uuid: string) => ownedActor(author, uuid) !== null;
