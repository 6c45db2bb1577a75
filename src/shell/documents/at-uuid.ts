/**
 * Documents a card or a request names by uuid, found without waiting: Foundry's `fromUuidSync`
 * (client/utils/helpers.mjs) returns the world's document, or null for an empty, unknown or
 * deleted uuid; a synthetic token actor's uuid (`Scene.….Token.….Actor.…`) resolves through its
 * token. Nothing here checks a document's type: a uuid of the wrong kind reads as its document.
 * A uuid naming an embedded document of a compendium throws (`fromUuidSync` cannot load it).
 */

/** The token document a uuid names, or null. */
export function tokenAt(uuid: string): TokenDocument.Implementation | null {
  return (fromUuidSync(uuid) as TokenDocument.Implementation | null) ?? null;
}

/** The actor of the token a uuid names (a synthetic actor when the token is unlinked), or null. */
export function actorOfToken(uuid: string): Actor.Implementation | null {
  return tokenAt(uuid)?.actor ?? null;
}

/**
 * The actor a uuid names, either directly (an actor's uuid) or through a token (its actor): a heal
 * target or a card's speaker may be either. Null when there is none.
 */
export function actorAt(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
  if (!doc || typeof doc !== "object") return null;
  return ("actor" in doc ? (doc as { actor: Actor.Implementation | null }).actor : doc) as
    Actor.Implementation | null;
}
