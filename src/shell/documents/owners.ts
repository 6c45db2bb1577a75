/**
 * The players who own a document: the ids of the world's non-GM users with OWNER on it
 * (Document#testUserPermission, common/abstract/document.mjs; a synthetic token actor's own
 * ownership replaces its actor's, common/documents/actor-delta.mjs). GMs own everything and are
 * left out. Read on the GM's client when it seals what a step later checks against: a player's
 * ownership is the GM's to give, so the list is a fact of that moment.
 */
export function playerOwners(
  doc: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean },
): string[] {
  const users = (game.users?.contents ?? []) as User.Implementation[];
  return users.filter((u) => !u.isGM && u.id && doc.testUserPermission(u, "OWNER"))
    .map((u) => u.id ?? "");
}
