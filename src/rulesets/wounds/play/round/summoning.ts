/**
 * Where and as what a summon appears in Foundry, pure: the summons a caster holds (its combat's
 * summons it made, still up) and the token's data (unlinked, of the caster's disposition, owned by
 * the caster's owners so its player controls it); it stands on the first free space beside the
 * caster (`shell/combat/token-spot.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Summoning Slots ("under your control"); RULINGS.md §wounds
 * Summons.
 */

/** A combatant as the slot count reads it. */
export interface HeldSummon {
  /** Its summoner's combatant id, as the GM keeps it ("" none). */
  readonly summoner: string;
  /** Up, and not marked defeated. */
  readonly up: boolean;
}

/**
 * The summons `casterId` holds now: those it summoned in this combat that are still up (one
 * defeated no longer fills a slot: it is out of the battle).
 */
export const summonsHeld = (combatants: readonly HeldSummon[], casterId: string): number =>
  combatants.filter((c) => c.summoner === casterId && c.up).length;

/** Foundry's owner level (common/constants.mjs DOCUMENT_OWNERSHIP_LEVELS.OWNER). */
const OWNER = 3;

/**
 * The summon's ownership: the caster's owners own it, everyone else sees it as the caster's
 * `default` lets them (a synthetic actor's ownership replaces its actor's whole,
 * common/documents/actor-delta.mjs `getUserLevel`).
 */
export function summonOwnership(casterOwnership: Readonly<Record<string, number>>):
  Record<string, number> {
  const owners = Object.entries(casterOwnership)
    .filter(([user, level]) => user !== "default" && level >= OWNER).map(([user]) => [user, OWNER]);
  const others = casterOwnership.default;
  const fallback = typeof others === "number" ? { default: Math.min(others, OWNER - 1) } : {};
  return { ...fallback, ...Object.fromEntries(owners) };
}

/**
 * A summon's token data: its actor's prototype token (`prototype`, `toObject()`d), unlinked, at
 * `at` (pixels), of the caster's disposition, its synthetic actor owned by the caster's owners.
 * What the GM keeps of it (its summoner, thrall or not) is on its Scene, where its player cannot
 * write (`summon-marks.ts`), not on the token.
 */
export function summonTokenData(
  prototype: Readonly<Record<string, unknown>>, actorId: string,
  at: { readonly x: number; readonly y: number }, caster: {
    readonly disposition: number; readonly ownership: Readonly<Record<string, number>>;
  },
): Record<string, unknown> {
  return {
    ...prototype, actorId, actorLink: false, x: at.x, y: at.y, disposition: caster.disposition,
    delta: { ownership: summonOwnership(caster.ownership) },
  };
}
