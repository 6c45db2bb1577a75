/** A refusal (a `RelayResult`); the requesting client shows `FRAY.Relay.Reason.<reason>`. */
export interface Refusal {
  readonly ok: false;
  readonly reason: string;
}

export const refuse = (reason: string): Refusal => ({ ok: false, reason });

/** A request on one chat card, opened: the request, the card, and its GM-only records as stored. */
export interface OpenedCard<R> {
  readonly ok: true;
  readonly request: R;
  readonly message: ChatMessage.Implementation;
  /**
   * `system.seal` and `system.ledger` as stored; the ruleset reads them (players cannot write
   * them).
   */
  readonly seal: unknown;
  readonly ledger: unknown;
}

/**
 * How every GM handler of a card request starts: parse the payload (`badRequest` if it cannot be),
 * then find the card by id, of the given ChatMessage subtype (`badMessage` otherwise).
 */
export function openCardRequest<R extends { readonly messageId: string }>(
  payload: unknown,
  parse: (payload: unknown) => R | null,
  type: string,
): OpenedCard<R> | Refusal {
  const request = parse(payload);
  if (!request) return refuse("badRequest");
  const message = game.messages?.get(request.messageId);
  if (!message || message.type !== type) return refuse("badMessage");
  const { seal, ledger } = message.system as unknown as { seal?: unknown; ledger?: unknown };
  return { ok: true, request, message, seal, ledger };
}
