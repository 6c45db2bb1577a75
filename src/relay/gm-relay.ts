/**
 * Requests a player's client cannot carry out itself (it does not own the documents) run on the
 * active GM's client. They travel over the system socket, whose sender id the server supplies (so
 * it cannot be forged in the payload); each kind has a handler that re-checks the request there
 * and answers. When the caller is the active GM the handler runs locally.
 */
const CHANNEL = "system.fray";
const TIMEOUT_MS = 10_000;

export type RelayResult = { ok: true } | { ok: false; reason: string };
type Handler = (payload: Record<string, unknown>, senderId: string) => Promise<RelayResult>;
type Packet =
  | { kind: "request"; type: string; requestId: string; payload: Record<string, unknown> }
  | { kind: "result"; requestId: string; result: RelayResult };

const handlers = new Map<string, Handler>();
const pending = new Map<string, (result: RelayResult) => void>();

/** Registers what the active GM does for requests of one type (call during `init`). */
export function registerRelayHandler(type: string, handler: Handler): void {
  handlers.set(type, handler);
}

export function startRelay(): void {
  game.socket?.on(CHANNEL, (packet: Packet, senderId: string) => {
    if (packet.kind === "result") {
      pending.get(packet.requestId)?.(packet.result);
      pending.delete(packet.requestId);
      return;
    }
    if (packet.kind !== "request" || !game.user?.isActiveGM) return;
    const handler = handlers.get(packet.type);
    const run = handler ? handler(packet.payload, senderId) : Promise.resolve<RelayResult>({ ok: false, reason: "badMode" });
    void run.then((result) => game.socket?.emit(CHANNEL, { kind: "result", requestId: packet.requestId, result } satisfies Packet));
  });
}

/**
 * Asks the active GM's client to run a request. Resolves to its answer, or to null (after a
 * localized warning) when no GM is online, in which case nothing changed.
 */
export async function relayToGM(type: string, payload: Record<string, unknown>): Promise<RelayResult | null> {
  const gm = game.users?.activeGM;
  if (!gm) {
    ui.notifications?.warn("FRAY.Relay.NoGM", { localize: true });
    return null;
  }
  const handler = handlers.get(type);
  if (gm.isSelf) return handler ? handler(payload, game.user?.id ?? "") : { ok: false, reason: "badMode" };
  const requestId = foundry.utils.randomID();
  return new Promise<RelayResult>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      resolve({ ok: false, reason: "timeout" });
    }, TIMEOUT_MS);
    pending.set(requestId, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
    game.socket?.emit(CHANNEL, { kind: "request", type, requestId, payload } satisfies Packet);
  });
}

/** The sender of a relayed request as the pure permission checks see it, or null if unknown. */
export function senderOf(senderId: string): { id: string; isGM: boolean } | null {
  const user = game.users?.get(senderId);
  return user ? { id: user.id ?? "", isGM: user.isGM } : null;
}

/** Shows the localized reason of a refusal. */
export function warnRefused(result: RelayResult | null): void {
  if (!result || result.ok) return;
  const reason = game.i18n!.localize(`FRAY.Relay.Reason.${result.reason}`);
  ui.notifications?.warn(game.i18n!.format("FRAY.Relay.Refused", { reason }));
}
