/**
 * Claims that make a GM step happen once even when two clients both believe they are the active
 * GM (`gm/claim.ts` writes them). A step has a key; a client claims it by writing its own random
 * nonce under that key (`claims[key][nonce] = time`, merged by Foundry's update, so claims never
 * overwrite each other) and then reads the claims back. Pure.
 *
 * Why that is enough: Foundry's server applies document updates one at a time and sends every
 * client the changes in the order it applied them, before it answers a later writer's own update
 * (dist/database/backend/server-backend.mjs: each operation runs under the database semaphore and
 * is broadcast when it completes). So when a client's claim write returns, its copy holds every
 * claim applied before its own, and none after. The first claim applied wins; every later claimer
 * sees an earlier nonce and backs off.
 */
export type Claims = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** How long a claim is kept: a step is claimed within seconds, so a day is plenty. */
export const CLAIM_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim holds: a step runs in seconds, so a claim older than this belongs to a client
 * that stopped mid-step (a reload, a crash) and no longer blocks the step. What a finished step
 * did is recorded on the documents it changed, which is what later checks read, so taking a step
 * again after its claim went stale cannot take it twice.
 */
export const CLAIM_HOLD_MS = 5 * 60 * 1000;

/** The nonces of a key's claims that still hold at `now` (their time, when stamped, is recent). */
function holding(claims: unknown, key: string, now: number): string[] {
  if (!claims || typeof claims !== "object" || !Object.hasOwn(claims, key)) return [];
  const entry = (claims as Record<string, unknown>)[key];
  if (!entry || typeof entry !== "object") return [];
  return Object.entries(entry as Record<string, unknown>)
    .filter(([, at]) => typeof at !== "number" || now - at <= CLAIM_HOLD_MS)
    .map(([nonce]) => nonce);
}

/**
 * Whether `nonce` holds `key` after its claim write has returned: the only claim there, or the
 * first one written that still holds (object keys keep their insertion order, and Foundry merges
 * new keys last).
 */
export function holdsClaim(claims: unknown, key: string, nonce: string, now = Date.now()): boolean {
  return holding(claims, key, now)[0] === nonce;
}

/** Whether anyone holds a claim on `key` (a step already taken or under way). */
export function isClaimed(claims: unknown, key: string, now = Date.now()): boolean {
  return holding(claims, key, now).length > 0;
}

/**
 * The keys whose first claim is older than the TTL at `now` (ms), or malformed: they can go.
 */
export function claimsToPrune(claims: unknown, now: number, ttl = CLAIM_TTL_MS): string[] {
  if (!claims || typeof claims !== "object") return [];
  return Object.entries(claims as Record<string, unknown>).flatMap(([key, entry]) => {
    if (!entry || typeof entry !== "object") return [key];
    const first = Object.values(entry)[0];
    return typeof first === "number" && now - first <= ttl ? [] : [key];
  });
}
