import { claimOnce, releaseClaim } from "../gm/claim";
import { queued } from "../relay/gm-relay";
import {
  afterRecords, cardKindOf, type CardKind, type CardRecords, type SealResult,
} from "./kind";
import { putBack, Recorder } from "./recorder";
import { recordsOf, trustedRecords } from "./records";

/**
 * Sealing a card on the active GM's client, which then becomes the card's author. The seal is what
 * the GM will act on, read from the card as posted; taking the card over is what makes the seal
 * and every later record the GM's alone: Foundry lets only a message's author (and GMs) update or
 * delete it (common/documents/chat-message.mjs `getUserLevel`), and its server lets a GM set a
 * message's `author` (dist/database/sanitization.mjs `sanitizeDocumentAuthorField`). Checking
 * `gmOnlyFields` is not enough on its own: the server matches them against the keys of the
 * update as sent (dist/database/backend/server-document.mjs), so an author's dotted key
 * (`system.seal.kind`) or deletion key (`system.-=ledger`) would pass.
 *
 * The one update that seals also replaces whatever the poster may have written under the records
 * before it (`==`/`-=` keys), keeps the poster's name on the card (`system.poster`), and adds the
 * poster to the card's recipients when the roll mode whispered it to the GMs without blinding
 * it, so the poster still sees its own card (client/documents/chat-message.mjs `visible` and
 * `isContentVisible` read the author and the recipients).
 *
 * Cards are sealed when they are posted (`createChatMessage`, with the card as created, before
 * any later edit arrives: the server broadcasts a message's changes in the order it applied them),
 * or on demand by the first request that finds one unsealed (a card posted while no GM was
 * online): it is then sealed from what it holds, with the same checks.
 */
export function registerSealing(): void {
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => {
    const kind = cardKindOf(message.type);
    if (!kind || !game.user?.isActiveGM) return;
    // Read now, synchronously: this is the card as posted. Sealed in the GM's one queue, so it
    // never interleaves with a request's step.
    const data = snapshotOf(message);
    void queued(() => sealCard(message, kind, data)).catch((err: unknown) => {
      console.error("Fray | sealing a card failed", err);
    });
  });
}

/** A copy of a card's system data as it is now (without the GM's records). */
export function snapshotOf(message: ChatMessage.Implementation): Record<string, unknown> {
  const system = (message.system as unknown as { toObject(): Record<string, unknown> }).toObject();
  for (const field of ["seal", "ledger", "steps", "poster", "claims"]) delete system[field];
  return system;
}

/**
 * Seals a card once (claimed, whichever GM client gets there first). First the card is taken over
 * (the GM its author, every record its poster may have written replaced, the poster kept), so
 * nothing its poster does afterwards (an edit, deleting it) reaches what the seal reads or does;
 * then the kind's seal is computed, with any side effects it has (a screen rolled, a mark ended),
 * and written. The kind's seal writes documents with a recorder watching (`PostedCard#recorder`),
 * as a card step does (`requests.ts`): a seal that throws is put back and seals the card as
 * refused (`failed`), so nothing is ever done from it and no later request waits on it; a seal
 * whose record cannot be written (the card deleted under it, the server refusing the write) is
 * put back too (documents deleted meanwhile left out), so a later request seals it afresh.
 * @returns whether this client sealed it (false: sealed already, by another client, or no GM).
 */
export async function sealCard(
  message: ChatMessage.Implementation,
  kind: CardKind,
  data: Record<string, unknown>,
): Promise<boolean> {
  const user = game.user;
  if (!user?.isActiveGM || !message.id || trustedRecords(message)) return false;
  const claim = `seal.${message.id}`;
  if (!(await claimOnce(claim))) return false;
  const recorder = new Recorder();
  try {
    // A card already taken over (a seal interrupted before its second write) keeps its poster.
    const posterId = message.author?.isGM
      ? recordsOf(message.system).posterId || (message.author.id ?? "")
      : message.author?.id ?? "";
    const poster = game.users?.get(posterId);
    if (!poster) return false;
    await message.update(takeoverChanges(message, user.id ?? "", posterId, {
      seal: null, ledger: {},
    }) as unknown as ChatMessage.UpdateData);
    let result: SealResult;
    try {
      result = kind.gmOnly && !poster.isGM
        ? { ok: false, refused: "gmOnly" }
        : await kind.seal({ message, data, poster, recorder });
    } catch (err) {
      console.error("Fray | a card's seal failed; it is put back and sealed as refused", err);
      await putBack(recorder);
      result = { ok: false, refused: "failed" };
    }
    const seal = result.ok
      ? { ...result.seal, authorId: posterId }
      : { kind: "refused", reason: result.refused, authorId: posterId };
    await message.update({
      "system.==seal": seal, "system.==ledger": result.ok ? result.ledger ?? {} : {},
    } as unknown as ChatMessage.UpdateData);
    await afterRecords(kind, message);
    return true;
  } catch (err) {
    // Nothing sealed: what the seal wrote is put back (it would be written again), and the next
    // request (or reload) may try again.
    await putBack(recorder);
    await releaseClaim(claim).catch(() => undefined);
    throw err;
  }
}

/**
 * The one update that takes a card over (pure): the GM becomes its author, the poster is kept,
 * and the poster still sees a card the roll mode whispered to the GMs unblinded. With `records`
 * (a seal, and the ledger it starts with) every record is replaced whole; without (a card sealed
 * before the runtime, `migration.ts`) the seal and ledger stay and the step records are given.
 */
export function takeoverChanges(
  message: { readonly whisper: readonly (string | null)[]; readonly blind: boolean },
  gmId: string,
  posterId: string,
  records: { seal: unknown; ledger: unknown } | { steps: unknown },
): Record<string, unknown> {
  const whisper = message.whisper.filter((id): id is string => typeof id === "string");
  const hidden = whisper.length > 0 && posterId !== "" && !whisper.includes(posterId);
  return {
    author: gmId,
    ...(hidden && !message.blind ? { whisper: [...whisper, posterId] } : {}),
    ...("seal" in records
      ? { "system.==seal": records.seal, "system.==ledger": records.ledger, "system.==steps": {} }
      : { "system.==steps": records.steps }),
    "system.poster": posterId,
    "system.-=claims": null,
  };
}

/**
 * A card's records the GM may trust, sealing it first when no GM has yet (active GM only): every
 * request on a card goes through this, so a card posted while no GM was online, or created
 * unannounced, is sealed by the first one, from what it holds now (its records left out).
 * @returns null when it could not be sealed now.
 */
export async function sealedRecords(
  message: ChatMessage.Implementation, kind: CardKind,
): Promise<CardRecords | null> {
  const trusted = trustedRecords(message);
  if (trusted) return trusted;
  await sealCard(message, kind, snapshotOf(message));
  return trustedRecords(message);
}
