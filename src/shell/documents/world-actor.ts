/**
 * The world actor a rule names (a summon, a reinforcement): a world actor by id or name, else the
 * entry of compendium `packId` by id or name, imported into the world once and reused after that
 * (an import is marked `_stats.compendiumSource`: client/documents/abstract/world-collection.mjs
 * `fromCompendium`). Null when neither has it. GM only: it may create the actor.
 */
export async function worldActorOf(packId: string, idOrName: string):
  Promise<Actor.Implementation | null> {
  const world = game.actors?.get(idOrName) ?? game.actors?.getName(idOrName);
  if (world) return world;
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
