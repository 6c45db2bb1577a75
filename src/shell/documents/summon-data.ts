/**
 * A summoned creature's token data, pure: what a rule that brings a creature in beside its caster
 * (a summon) writes, whatever the ruleset. The token is unlinked (each summon its own synthetic
 * actor), stands where the GM found room (`token-spot.ts`), is on its caster's side, and its
 * synthetic actor is owned by the caster's owners so the caster's player controls it. What the
 * GM keeps about it (its summoner, whether it stays) is the ruleset's, never on the token.
 */

/** Foundry's owner level (common/constants.mjs DOCUMENT_OWNERSHIP_LEVELS.OWNER). */
const OWNER = 3;

/**
 * The summon's ownership: the caster's owners own it, everyone else sees it as the caster's
 * `default` lets them, below owner (a synthetic actor's ownership replaces its actor's whole,
 * common/documents/actor-delta.mjs `getUserLevel`). Shape: user id or "default" → level 0–3.
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
 * `at` (pixels, the top-left corner), of the caster's disposition, hidden when the caster's
 * token is (a GM's unseen caster's summon shows nothing of it), its synthetic actor owned by the
 * caster's owners (`summonOwnership`).
 */
export function summonTokenData(
  prototype: Readonly<Record<string, unknown>>, actorId: string,
  at: { readonly x: number; readonly y: number }, caster: {
    readonly disposition: number; readonly ownership: Readonly<Record<string, number>>;
    readonly hidden?: boolean;
  },
): Record<string, unknown> {
  return {
    ...prototype, actorId, actorLink: false, x: at.x, y: at.y, disposition: caster.disposition,
    ...(caster.hidden ? { hidden: true } : {}),
    delta: { ownership: summonOwnership(caster.ownership) },
  };
}
