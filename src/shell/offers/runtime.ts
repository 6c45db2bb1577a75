import { registerRequest, requestOfGM, type RelayResult, type Sender } from "../relay/gm-relay";
import { onPress } from "../chat/press";
import { isGMPrompt, promptTaken, takePrompt } from "../cards/prompts";
import { refuse } from "../cards/kind";
import { buttonShown, offerOf, offeredThisTurn, takeRefusal, type Offer } from "./offer";
import type { Recorder } from "../cards/recorder";
import { gmUserIds } from "../chat/table-note";
import { playerOwners } from "../documents/owners";

/**
 * The one offer runtime. The active GM posts an offer as a GM prompt (`postOffer`, the shell's
 * `offer-card.hbs`: the provoker, and a button per responder); each responder's button shows to its
 * owners and the GM until its part is taken; pressing it asks the active GM to take that part,
 * once (`fray.offer`: claimed in the prompt, `takePrompt`, and refused outside the offer's round),
 * then runs on the presser's client what the ruleset says taking it does (`registerOfferKind`: an
 * attack through the ruleset's usual flow). A message that only looks like an offer (a player's, or
 * a card the GM took over) gets no buttons and no taking.
 */
export interface OfferKind {
  /**
   * What taking its part does, on the client of whoever pressed the button; `messageId` names the
   * prompt (a card made from the offer may name it for the GM to check the grant).
   */
  take(
    offer: Offer, responder: { readonly combatantId: string; readonly name: string },
    messageId: string,
  ): Promise<void>;
}

const kinds = new Map<string, OfferKind>();

/** Registers what taking an offer of this kind does (during `init`). */
export function registerOfferKind(kind: string, offerKind: OfferKind): void {
  kinds.set(kind, offerKind);
}

export const OFFER_TEMPLATE = "systems/fray/templates/shell/chat/offer-card.hbs";

/**
 * An offer's words, localized: its title, its line, the ruleset's own lines under it (plain
 * text, escaped) and each responder's button label.
 */
export interface OfferText {
  readonly title: string;
  readonly line: string;
  readonly lines?: readonly string[];
  button(name: string): string;
}

/** An offer's card as its words say it (`offer-card.hbs`). */
function offerContent(offer: Offer, text: OfferText): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(OFFER_TEMPLATE, {
    title: text.title, line: text.line, lines: text.lines ?? [],
    buttons: offer.responders.map((r) => ({ combatantId: r.combatantId, label: text.button(r.name) })),
  });
}

/**
 * Whom an offer is whispered to when a hidden combatant is in it, its provoker or a responder
 * (the GMs and the responders' players), or null: it is public. A hidden combatant's rolls are
 * the GM's alone (client/documents/combat.mjs `rollInitiative`); a public prompt naming it, or
 * offering it a part, would show it to the table.
 */
function offerWhisper(offer: Offer): string[] | null {
  const combat = game.combats?.get(offer.combatId);
  const responders = offer.responders.map((r) => combat?.combatants.get(r.combatantId));
  const provoker = combat?.combatants.find((c) => c.token?.uuid === offer.targetTokenUuid);
  if (!provoker?.hidden && !responders.some((c) => c?.hidden)) return null;
  const players = responders.flatMap((c) => (c?.actor ? playerOwners(c.actor) : []));
  return [...new Set([...gmUserIds(), ...players])];
}

/**
 * GM: posts an offer, with its title and line already localized and each responder's button
 * label. Posted from a card's seal or step, `recorder` records the prompt, so a seal that fails
 * afterwards deletes it with the rest it put back (`cards/recorder.ts`). `more`: the ruleset's
 * own records beside the offer (`flags.fray.<key>`, GM-written like the offer: phases' End phase
 * keeps the saves it offers there). `rolls`: dice the prompt shows (its lines' own).
 */
export async function postOffer(
  offer: Offer,
  text: OfferText,
  recorder?: Recorder,
  more: Readonly<Record<string, unknown>> = {},
  rolls: readonly Roll[] = [],
): Promise<void> {
  if (!game.user?.isGM || !offer.responders.length) return;
  const content = await offerContent(offer, text);
  const whisper = offerWhisper(offer);
  const message = await ChatMessage.create({
    content, speaker: { alias: "Fray" }, flags: { fray: { ...more, offer } },
    ...(whisper ? { whisper } : {}),
    ...(rolls.length ? { rolls: rolls.map((r) => JSON.stringify(r)) } : {}),
  } as unknown as ChatMessage.CreateData);
  if (message) recorder?.created(message);
}

/**
 * GM: rewrites a GM's offer prompt with new words (its buttons as before), and with it the
 * ruleset's own records beside the offer (`more`, as `postOffer` keeps them) and more dice.
 * Nothing happens to a message that is no GM's offer prompt.
 */
export async function reviseOffer(
  message: ChatMessage.Implementation,
  text: OfferText,
  more: Readonly<Record<string, unknown>> = {},
  rolls: readonly Roll[] = [],
): Promise<void> {
  const offer = isGMPrompt(message) ? offerOf(message.flags) : null;
  if (!game.user?.isGM || !offer) return;
  const records = Object.fromEntries(Object.entries(more).map(([k, v]) => [`flags.fray.${k}`, v]));
  const shown = rolls.length
    ? { rolls: [...message.rolls, ...rolls].map((r) => JSON.stringify(r)) } : {};
  await message.update({
    content: await offerContent(offer, text), ...records, ...shown,
  } as ChatMessage.UpdateData);
}

/**
 * GM: offers `kind`'s part against `provoker` to the combatants `ids` of `combat`, leaving out
 * those already offered one against the same provoker in this turn of this round (one
 * provocation, one offer: a move and an act it carries out are the same), in one prompt.
 * @param cause the ruleset's word for what provoked it (kept in the offer).
 * @param recorder a card's seal or step posting it (see `postOffer`).
 * @param more the ruleset's own records beside the offer (see `postOffer`).
 */
export async function offerOnce(
  combat: Combat.Implementation, provoker: Combatant.Implementation, ids: readonly string[],
  kind: string, cause: string,
  text: OfferText, recorder?: Recorder, more: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  if (!provoker.token) return;
  const offers = (game.messages?.contents ?? []).flatMap((m) => {
    const offer = isGMPrompt(m) ? offerOf(m.flags) : null;
    return offer && offer.combatId === combat.id ? [offer] : [];
  });
  const at = {
    round: combat.round, turn: combat.turn ?? 0, targetTokenUuid: provoker.token.uuid,
  };
  const seen = offeredThisTurn(offers, at);
  const fresh = ids.filter((id) => !seen.has(id));
  await offerAgainst(combat, provoker, fresh, kind, cause, text, recorder, more);
}

/**
 * GM: offers `kind`'s part against `provoker` to the combatants `ids` of `combat` in one prompt,
 * in this round and turn (none for no `ids`, or a provoker without a token); `offerOnce` leaves
 * out those offered one already. Escalation's and shock's provoking acts, every offer of
 * `offerOnce`.
 * @param cause the ruleset's word for what provoked it (kept in the offer).
 * @param recorder a card's seal or step posting it (see `postOffer`).
 */
export async function offerAgainst(
  combat: Combat.Implementation, provoker: Combatant.Implementation, ids: readonly string[],
  kind: string, cause: string,
  text: OfferText, recorder?: Recorder, more: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  if (!provoker.token || !ids.length) return;
  // Each hidden responder gets a prompt of its own, whispered (`offerWhisper`), so neither the
  // table's prompt nor another responder's players learn of it.
  const hidden = (id: string) => Boolean(combat.combatants.get(id)?.hidden);
  const groups = [ids.filter((id) => !hidden(id)), ...ids.filter(hidden).map((id) => [id])]
    .filter((g) => g.length);
  for (const group of groups) {
    await postOffer({
      kind, combatId: combat.id ?? "", round: combat.round, turn: combat.turn ?? 0, cause,
      targetTokenUuid: provoker.token.uuid, targetName: provoker.name ?? "",
      responders: group.map((id) => ({
        combatantId: id, name: combat.combatants.get(id)?.name ?? "",
      })),
    }, text, recorder, more);
  }
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** GM: a responder's owner (or the GM) takes its part, once, in the offer's round. */
async function takeOffer(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = typeof payload === "object" && payload !== null ? payload as Record<string, unknown> : {};
  const message = game.messages?.get(text(p.messageId));
  const offer = message && isGMPrompt(message) ? offerOf(message.flags) : null;
  if (!message || !offer) return refuse("badMessage");
  const id = text(p.responder);
  const combat = game.combats?.get(offer.combatId);
  const combatant = combat?.combatants.get(id);
  const user = game.users?.get(sender.id);
  const refusal = takeRefusal(offer, id, {
    taken: promptTaken(message, id),
    owns: Boolean(user && (sender.isGM || combatant?.actor?.testUserPermission(user, "OWNER"))),
    round: combat?.started ? combat.round : null,
  });
  if (refusal) return refuse(refusal);
  if (!(await takePrompt(message, id))) return refuse("used");
  return { ok: true };
}

/** Starts the offer runtime on this client (during `init`). */
export function registerOffers(): void {
  registerRequest("offer", takeOffer);
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const offer = isGMPrompt(message) ? offerOf(message.flags) : null;
    const kind = offer ? kinds.get(offer.kind) : undefined;
    if (!offer) return;
    const combat = game.combats?.get(offer.combatId);
    html.querySelectorAll<HTMLButtonElement>("button[data-fray-offer]").forEach((button) => {
      const id = button.dataset.frayOffer ?? "";
      const responder = offer.responders.find((r) => r.combatantId === id);
      const combatant = combat?.combatants.get(id);
      const shown = buttonShown({
        offered: Boolean(kind && responder && combatant), isGM: game.user?.isGM ?? false,
        ownsResponder: Boolean(combatant?.isOwner), taken: promptTaken(message, id),
      });
      if (!shown || !kind || !responder) {
        button.remove();
        return;
      }
      onPress(button, async () => {
        if (await requestOfGM("offer", { messageId: message.id, responder: id }))
          await kind.take(offer, responder, message.id ?? "");
      });
    });
  });
}
