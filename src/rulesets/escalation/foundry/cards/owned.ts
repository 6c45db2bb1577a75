import type { FrayActor } from "../documents/actor";

/**
 * The actor a card names, when its poster owns it (a GM owns every actor), else null: a card may
 * only speak for actors its poster controls. Read on the GM's client from the documents.
 */
export function ownedActor(poster: User.Implementation, uuid: string): FrayActor | null {
  const actor = fromUuidSync(uuid) as FrayActor | null;
  return actor && (poster.isGM || actor.testUserPermission(poster, "OWNER")) ? actor : null;
}
