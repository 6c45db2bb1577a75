/**
 * The default `wounds` fight (pack slugs, repeats allowed): the four pregens of the `pregens`
 * pack against these NPCs of the `npcs` pack.
 */
export const DEFAULT_WOUNDS_PARTY = [
  "wren-ashby", "orla-venn", "garrick-holt", "tamsin-reed",
] as const;

export const DEFAULT_WOUNDS_FOES = [
  "orc-warchief", "orc-brute", "goblin-cutter", "goblin-slinger", "skeleton-spearman",
  "hedge-witch",
] as const;
