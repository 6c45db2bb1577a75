import { SerialQueue } from "./serial";
import { claimOnce } from "../gm/claim";
import type { Sender } from "../../engine/requests/sender";

/** The relay names its handlers' sender by the engine's plain shape. */
export type { Sender };

/**
 * Requests a player's client may not carry out itself (writes to documents it does not own, or
 * records players must not be able to forge) run on the active GM's client, through Foundry v13's
 * user queries: `CONFIG.queries["fray.<name>"]` on every client, `User#query` to the active GM.
 *
 * Foundry behaviours relied on (v13 build 350):
 * - client/documents/user.mjs `User#query` sends `userQuery` through the server, which stamps the
 *   querying user's id from its own socket session (dist/components/activity.mjs) and forwards it
 *   to the queried user only; the answer comes back only from that user, through the server.
 * - client/documents/collections/users.mjs `#handleUserQuery` receives that id but passes only the
 *   payload to the handler. Fray also listens to the same `userQuery` socket event: socket.io hands
 *   every listener the same decoded payload object, so the handler (which first yields once,
 * letting
 *   both listeners run) finds the server-stamped sender of its payload in `stamps`.
 *
 * Every request is handled in one queue on the GM's client, so requests never interleave, and a
 * malformed payload is answered with a refusal, never a throw or a time-out.
 *
 * A GM logged in from two tabs gets every query twice (the server emits it to each of the user's
 * sockets with the same query id, and takes the first answer: dist/components/activity.mjs). Each
 * tab claims the query by its id first (`gm/claim.ts`); the tab that loses never answers before
 * the query times out, so the player always gets the answer of the tab that acted. A request that
 * waited in the queue for more than half its time-out is refused unheard, so a player told
 * "timeout" is not surprised by the change arriving later.
 */

/**
 * A request's answer. A refusal's `reason` is a relay reason or a ruleset's whole lang key, with
 * the `data` its text takes: the requesting client words it in its own user's language
 * (`reasonText`), not the GM's.
 */
export type RelayResult =
  | { ok: true }
  | { ok: false; reason: string; data?: Readonly<Record<string, string>> };
export type RelayHandler = (payload: unknown, sender: Sender) => Promise<RelayResult>;

const PREFIX = "fray.";
const TIMEOUT_MS = 15_000;
const queue = new SerialQueue();
/** The server-stamped sender and query id of each query payload this client received. */
const stamps = new WeakMap<object, { readonly userId: string; readonly queryId: string }>();

/** The sender as the checks see it, or null when Foundry does not know the user. */
export function senderOf(userId: string | undefined): Sender | null {
  const user = userId ? game.users?.get(userId) : undefined;
  return user ? { id: user.id ?? "", isGM: user.isGM } : null;
}

/** Handles one request on this client (the active GM's), in the queue. */
async function handle(
  name: string,
  handler: RelayHandler,
  payload: unknown,
  sender: Sender | null,
  timeout = TIMEOUT_MS,
): Promise<RelayResult> {
  if (!game.user?.isActiveGM) return { ok: false, reason: "notActiveGM" };
  if (!sender) return { ok: false, reason: "notAuthor" };
  const received = Date.now();
  return queue.run(async () => {
    if (Date.now() - received > timeout / 2) return { ok: false, reason: "late" };
    try {
      return await handler(payload, sender);
    } catch (err) {
      // A refusal thrown by a workflow is a localized message; anything else is logged.
      console.error(`Fray | the GM request ${name} failed`, err);
      return { ok: false, reason: err instanceof Error && err.message ? err.message : "failed" };
    }
  });
}

/**
 * Runs work of the active GM's own (a hook's) in the one queue requests run in, so it never
 * interleaves with a request. Never call it from inside a request's handler (that is already in
 * the queue, which would wait for itself).
 */
export function queued<T>(work: () => Promise<T>): Promise<T> {
  return queue.run(work);
}

const handlers = new Map<string, RelayHandler>();

/** Registers what the active GM does for one kind of request (call during `init`). */
export function registerRequest(name: string, handler: RelayHandler): void {
  handlers.set(name, handler);
  const queries = (
    CONFIG as unknown as { queries: Record<string, (data: unknown) => Promise<RelayResult>> }
  ).queries;
  queries[`${PREFIX}${name}`] = async (data: unknown, options?: { timeout?: number }) => {
    // Let the socket listener below record the sender of this very payload first.
    await Promise.resolve();
    const stamp = typeof data === "object" && data !== null ? stamps.get(data) : undefined;
    const sender = senderOf(stamp?.userId);
    if (!stamp || !sender) return { ok: false, reason: "badRequest" };
    const timeout = typeof options?.timeout === "number" ? options.timeout : TIMEOUT_MS;
    // Another tab of this GM took it: stay silent until the query is answered or has timed out.
    if (game.user?.isActiveGM && !(await claimOnce(`query.${stamp.queryId}`))) {
      await new Promise((resolve) => setTimeout(resolve, timeout + 1000));
      return { ok: false, reason: "timeout" };
    }
    return handle(name, handler, data, sender, timeout);
  };
}

/** Starts learning who sent each Fray query (see above). Call during `init`. */
export function startRelay(): void {
  const socket = game.socket as unknown as {
    on(event: string, fn: (...args: unknown[]) => void): void;
  } | null;
  socket?.on("userQuery", (userId: unknown, queryId: unknown, name: unknown, data: unknown) => {
    if (
      typeof name === "string"
      && name.startsWith(PREFIX)
      && typeof userId === "string"
      && typeof queryId === "string"
      && /^[A-Za-z0-9]{1,64}$/.test(queryId)
      && typeof data === "object"
      && data
    ) {
      stamps.set(data, { userId, queryId });
    }
  });
}

/**
 * Whether an active GM is online to take requests; when none is, says so (a localized warning)
 * and returns false. A use whose card only the GM can resolve asks this before it pays anything.
 */
export function gmOnline(): boolean {
  if (game.users?.activeGM) return true;
  ui.notifications?.warn("FRAY.Relay.NoGM", { localize: true });
  return false;
}

/**
 * Asks the active GM to run a request. Resolves to its answer, or to null (after a localized
 * warning) when no GM is online, in which case nothing changed.
 */
export async function askGM(
  name: string,
  payload: Record<string, unknown>,
): Promise<RelayResult | null> {
  const gm = game.users?.activeGM;
  if (!gm) {
    ui.notifications?.warn("FRAY.Relay.NoGM", { localize: true });
    return null;
  }
  const handler = handlers.get(name);
  if (!handler) return { ok: false, reason: "badRequest" };
  if (gm.isSelf) return handle(name, handler, payload, senderOf(game.user?.id ?? ""));
  try {
    const answer = await (
      gm as unknown as { query(n: string, d: unknown, o: { timeout: number }): Promise<unknown> }
    ).query(`${PREFIX}${name}`, payload, { timeout: TIMEOUT_MS });
    return isResult(answer) ? answer : { ok: false, reason: "failed" };
  } catch {
    return { ok: false, reason: "timeout" };
  }
}

function isResult(v: unknown): v is RelayResult {
  if (typeof v !== "object" || v === null) return false;
  const r = v as { ok?: unknown; reason?: unknown };
  return r.ok === true || (r.ok === false && typeof r.reason === "string");
}

/** A refusal's reason in words: a relay reason's string, or a workflow's localized message. */
export function reasonText(reason: string, data: Record<string, string> = {}): string {
  // A ruleset's own refusal names its whole key (`FRAY.<Ruleset>.Refuse.…`).
  if (reason.startsWith("FRAY.")) return game.i18n!.format(reason, data);
  const key = `FRAY.Relay.Reason.${reason}`;
  return game.i18n!.has(key) ? game.i18n!.localize(key) : reason;
}

/** Shows the localized reason of a refusal. */
export function warnRefused(result: RelayResult | null): void {
  if (!result || result.ok) return;
  const reason = reasonText(result.reason, { ...result.data });
  ui.notifications?.warn(game.i18n!.format("FRAY.Relay.Refused", { reason }));
}

/** Asks the GM and shows a refusal as a warning: what the sheets' and cards' buttons call. */
export async function requestOfGM(
  name: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const result = await askGM(name, payload);
  warnRefused(result);
  return Boolean(result?.ok);
}
