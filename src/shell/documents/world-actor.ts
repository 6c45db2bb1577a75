/**
 * The world copy of a compendium actor a rule brings in (a summon): the entry of pack `packId`
 * named by id or name, imported into the world once and reused after that (an import is marked
 * `_stats.compendiumSource`: client/documents/abstract/world-collection.mjs `fromCompendium`).
 * Only the pack's entries: a name a player wrote (a spell's) never reaches another world actor
 * (a GM's secret NPC, another player's character). Null when the pack has none. GM only: it may
 * create the actor.
 */
export async function packActorInWorld(packId: string, idOrName: string):
  Promise<Actor.Implementation | null> {
  const pack = game.packs?.get(packId);
  if (!pack) return null;
  const index = await pack.getIndex();
  const entry = index.get(idOrName) ?? index.find((e) => e.name === idOrName);
  const source = entry && await pack.getDocument(entry._id) as Actor.Implementation | undefined;
  if (!source) return null;
  const imported = game.actors?.find((a) => a._stats.compendiumSource === source.uuid);
  if (imported) return imported;
  const data = game.actors!.fromCompendium(source as never);
  return (await Actor.implementation.create(data as Actor.CreateData)) ?? null;
}
