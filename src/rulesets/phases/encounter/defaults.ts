/**
 * The default `phases` fight (pack slugs, repeats allowed): the four pregens of the `pregens`
 * pack against these NPCs of the `npcs` pack.
 */
export const DEFAULT_PHASES_PARTY = [
  "brakka-stone", "lysa-vell", "odo-marsh", "senna-quill",
] as const;

export const DEFAULT_PHASES_FOES = [
  "bog-goblin", "goblin-archer", "orc-raider", "orc-shaman", "dire-boar", "skeleton-guard",
] as const;
