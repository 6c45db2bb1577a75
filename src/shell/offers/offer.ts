/**
 * Offers: something one creature's act gives others the chance to do at once, outside their
 * turns (escalation's opportunity attacks, shock's Attacks of Opportunity; next, phases'
 * opportunity attacks, action-points' reaction attacks and wounds' free hits). The active GM
 * posts an offer as a prompt (`shell/cards/prompts.ts`): who provoked it, when, and each
 * responder who may take its part, once. Pure: the offer as stored in the prompt's flags
 * (`flags.fray.offer`), and which offers already stand.
 */
export interface Responder {
  readonly combatantId: string;
  readonly name: string;
}

export interface Offer {
  /** The ruleset's kind of offer (`escalationOpportunity`, `shockOpportunity`…): what taking it does. */
  readonly kind: string;
  readonly combatId: string;
  readonly round: number;
  /** The encounter's turn when it was posted. */
  readonly turn: number;
  /** What provoked it, the ruleset's word (`move`, `action`, `ability`…). */
  readonly cause: string;
  /** The provoker's token, the target of what the responders take. */
  readonly targetTokenUuid: string;
  readonly targetName: string;
  readonly responders: readonly Responder[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isText = (v: unknown): v is string => typeof v === "string";

/** Reads a prompt's offer, or null when it has none or it is malformed. */
export function offerOf(flags: unknown): Offer | null {
  const fray = isRecord(flags) ? flags.fray : null;
  const offer = isRecord(fray) ? fray.offer : null;
  if (!isRecord(offer)) return null;
  const texts = [offer.kind, offer.combatId, offer.cause, offer.targetTokenUuid, offer.targetName];
  if (!texts.every(isText) || !Number.isInteger(offer.round) || !Number.isInteger(offer.turn))
    return null;
  const ok = Array.isArray(offer.responders) && offer.responders.every((r) =>
    isRecord(r) && isText(r.combatantId) && isText(r.name));
  return ok ? (offer as unknown as Offer) : null;
}

/**
 * The responders already offered something against the same provoker in the same turn of the
 * same round: one provocation is one offer (a Run from the sheet and the drag that carries it
 * out are the same act).
 */
export function offeredThisTurn(
  offers: readonly Offer[],
  at: { readonly round: number; readonly turn: number; readonly targetTokenUuid: string },
): Set<string> {
  const same = offers.filter((o) => o.round === at.round && o.turn === at.turn
    && o.targetTokenUuid === at.targetTokenUuid);
  return new Set(same.flatMap((o) => o.responders.map((r) => r.combatantId)));
}

/**
 * Why a responder may not take its part of an offer now, or null when it may: it must be offered,
 * not have taken it, be acted for by the sender (its owner, or a GM), and the encounter must
 * still be in the offer's round.
 */
export function takeRefusal(offer: Offer, responder: string, now: {
  readonly taken: boolean;
  readonly owns: boolean;
  readonly round: number | null;
}): "notOnCard" | "used" | "notOwner" | null {
  if (!offer.responders.some((r) => r.combatantId === responder)) return "notOnCard";
  if (now.taken || now.round !== offer.round) return "used";
  return now.owns ? null : "notOwner";
}

/** Whether a viewer gets a responder's button: its owners and the GM, until its part is taken. */
export function buttonShown(at: {
  readonly offered: boolean;
  readonly isGM: boolean;
  readonly ownsResponder: boolean;
  readonly taken: boolean;
}): boolean {
  return at.offered && (at.isGM || at.ownsResponder) && !at.taken;
}

/** A card made from a taken offer, as the grant check reads it: the offer's prompt and target. */
export interface GrantedCard {
  readonly combatId: string;
  readonly targetTokenUuid: string;
}

/**
 * Whether an offer grants a card: an offer of `kind` in the card's combat, in this round, against
 * the card's target, naming this attacker, whose part it took (`taken`). The card's author may
 * have written any prompt id into it: only a GM's prompt's offer is ever read here.
 */
export function offerGrants(
  offer: Offer | null, kind: string, card: GrantedCard, attackerId: string, round: number,
  taken: boolean,
): boolean {
  return Boolean(offer && offer.kind === kind && offer.combatId === card.combatId
    && offer.round === round && offer.targetTokenUuid === card.targetTokenUuid
    && offer.responders.some((r) => r.combatantId === attackerId) && taken);
}
