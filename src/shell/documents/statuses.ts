/**
 * Sets an actor's statuses to what a ruling says: each id on or off, toggled only when it is not
 * so already (Foundry's `Actor#toggleStatusEffect` with `active` creates or deletes the status's
 * effect, client/documents/actor.mjs). The actor's owner or a GM may (the effect is embedded in
 * the actor, common/documents/active-effect.mjs). Nothing for a null actor. A status held only
 * by an effect of several statuses is not taken off (Foundry deletes only single-status effects
 * for it). A write that fails throws: the caller's spend stays written, as its kept fields are.
 */
export async function setStatuses(
  actor: Actor.Implementation | null | undefined,
  statuses: Readonly<Record<string, boolean>> | undefined,
): Promise<void> {
  if (!actor) return;
  for (const [id, active] of Object.entries(statuses ?? {})) {
    if (actor.statuses.has(id) !== active) await actor.toggleStatusEffect(id, { active });
  }
}
