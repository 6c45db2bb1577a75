import { claimOnce } from "../gm/claim";
import { cardKindOf, type CardKind } from "./kind";
import { isSealed, recordsOf } from "./records";

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
    // Read now, synchronously: this is the card as posted.
    void sealCard(message, kind, snapshotOf(message)).catch((err: unknown) => {
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
 * Seals a card once (claimed, whichever GM client gets there first) and takes it over.
 * @returns whether this client sealed it (false: sealed already, or by another client).
 */
export async function sealCard(
  message: ChatMessage.Implementation,
  kind: CardKind,
  data: Record<string, unknown>,
): Promise<boolean> {
  const user = game.user;
  if (!user?.isActiveGM || !message.id || isSealed(recordsOf(message.system))) return false;
  if (!(await claimOnce(`seal.${message.id}`))) return false;
  const poster = message.author;
  if (!poster?.id) return false;
  const result = kind.gmOnly && !poster.isGM
    ? { ok: false as const, refused: "gmOnly" }
    : await kind.seal({ message, data, poster });
  const seal = result.ok
    ? { ...result.seal, authorId: poster.id }
    : { kind: "refused", reason: result.refused, authorId: poster.id };
  const ledger = result.ok ? result.ledger ?? {} : {};
  const changes = takeoverChanges(message, user.id ?? "", poster.id, { seal, ledger });
  await message.update(changes as unknown as ChatMessage.UpdateData);
  return true;
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
 * A card's records, sealing it first when no GM has yet (active GM only). Used by every request
 * on a card, so a card posted while no GM was online is sealed by the first one.
 */
export async function sealedRecords(message: ChatMessage.Implementation, kind: CardKind) {
  const records = recordsOf(message.system);
  if (isSealed(records)) return records;
  await sealCard(message, kind, snapshotOf(message));
  return recordsOf(message.system);
}
