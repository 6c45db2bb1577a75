/**
 * Where play happens, found from the documents rather than from what a client is looking at.
 * Foundry creates encounters unlinked from any scene (`Combat#scene` is null until the GM links
 * it from the tracker's context menu), and `game.combat` is the encounter this client views
 * (client/documents/collections/combat-encounters.mjs `viewed`): neither says where a token
 * stands or which encounter an actor fights in. A v13 combatant names its own scene
 * (common/documents/combatant.mjs `sceneId`; client/documents/combatant.mjs `token`).
 */
type AnyCombat = Combat.Implementation;
type AnyCombatant = Combatant.Implementation;

/** The scene an encounter's tokens stand on: its own, else its first combatant token's. */
export function sceneOf(combat: AnyCombat | null | undefined): Scene.Implementation | null {
  if (!combat) return null;
  if (combat.scene) return combat.scene as Scene.Implementation;
  for (const c of combat.combatants) {
    const scene = c.token?.parent;
    if (scene) return scene as Scene.Implementation;
  }
  return null;
}

/** Started encounters first, the one this client views before the others. */
function encounters(): AnyCombat[] {
  const all = ((game.combats?.contents ?? []) as AnyCombat[]).filter((c) => c.started);
  const viewed = game.combat as AnyCombat | null;
  return viewed && all.includes(viewed) ? [viewed, ...all.filter((c) => c !== viewed)] : all;
}

/**
 * A token's combatant in an encounter: by its id and its scene (a duplicated scene keeps its
 * tokens' ids: the directory duplicates by `clone`, common/abstract/document.mjs), the combatant's
 * own scene or else the encounter's; undefined when the token does not fight there.
 */
export function combatantOfToken<C extends AnyCombatant = AnyCombatant>(
  combat: AnyCombat, token: TokenDocument.Implementation,
): C | undefined {
  return combat.combatants.find((c) =>
    c.tokenId === token.id && (c.token?.parent?.id ?? sceneOf(combat)?.id) === token.parent?.id,
  ) as C | undefined;
}

/** The started encounter a token fights in, and its combatant there; null when it is in none. */
export function combatOfToken(
  token: TokenDocument.Implementation,
): { combat: AnyCombat; combatant: AnyCombatant } | null {
  for (const combat of encounters()) {
    const combatant = combatantOfToken(combat, token);
    if (combatant) return { combat, combatant };
  }
  return null;
}

/**
 * The started encounter an actor fights in (by its combatant's actor: a token's synthetic actor
 * or a linked actor), and its combatant; null when it is in none.
 */
export function combatOfActor(
  actor: Actor.Implementation,
): { combat: AnyCombat; combatant: AnyCombatant } | null {
  for (const combat of encounters()) {
    const combatant = combat.combatants.find((c) => c.actor === actor);
    if (combatant) return { combat, combatant };
  }
  return null;
}

/**
 * Every started encounter an actor fights in, with its combatant there: an actor may fight in two
 * scenes' encounters at once. Matched by the combatant's actor uuid (a token's synthetic actor or
 * a linked actor), in the order of `game.combats`.
 */
export function combatantsOfActor(
  actor: Actor.Implementation,
): { combat: AnyCombat; combatant: AnyCombatant }[] {
  const started = ((game.combats?.contents ?? []) as AnyCombat[]).filter((c) => c.started);
  return started.flatMap((combat) => [...combat.combatants]
    .filter((c) => c.actor?.uuid === actor.uuid).map((combatant) => ({ combat, combatant })));
}

/**
 * The started encounter a use by `actor` belongs to: the one it fights in (`combatOfActor`), else
 * the one this client views if started (an actor in no encounter still reads, say, that fight's
 * escalation die), else null. Never just the viewed one: a player or GM viewing another encounter
 * would pay, or check, in the wrong fight.
 */
export function combatFor(actor: Actor.Implementation): AnyCombat | null {
  const viewed = game.combat as AnyCombat | null;
  return combatOfActor(actor)?.combat ?? (viewed?.started ? viewed : null);
}

/** The started encounter whose tokens stand on scene `sceneId` (`sceneOf`), or null. */
export function startedOn(sceneId: string | null | undefined): AnyCombat | null {
  if (!sceneId) return null;
  return ((game.combats?.contents ?? []) as AnyCombat[])
    .find((c) => c.started && sceneOf(c)?.id === sceneId) ?? null;
}

/**
 * The token an actor acts from on this client: a synthetic actor's own token, else its first
 * linked token on the scene this client views (client/documents/actor.mjs `getActiveTokens`,
 * empty while no canvas is ready); undefined when it has none there.
 */
export function tokenInView(actor: Actor.Implementation): TokenDocument.Implementation | undefined {
  return (actor.token ?? actor.getActiveTokens(true, true)[0]) as
    TokenDocument.Implementation | undefined;
}
