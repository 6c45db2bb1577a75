import { claimOnce } from "../gm/claim";
import { queued } from "../relay/gm-relay";
import { afterRecords, cardKindOf, cardTypes, type CardKind } from "./kind";
import { recordsOf, trustedRecords } from "./records";
import { takeoverChanges } from "./takeover";

/**
 * Cards posted before the card runtime: their poster is still their author, so they could still
 * edit them (their records too, by dotted keys), and their ledgers keep Undo's data in each
 * ruleset's own shape. The active GM migrates them when the world is ready, once per card type and
 * version (the world setting `fray.cardRecords`). A sealed card whose last write was a GM's
 * (`_stats.lastModifiedBy`, which the server stamps) is taken over as `takeover.ts` does (its
 * poster kept in `system.poster`, its seal and ledger as they are), and its kind turns its old
 * ledger into step records; one its poster wrote after the GM did may hold forged records, so it
 * is taken over sealed as refused (`legacyEdited`): nothing more is done from it. Claims kept on
 * the card go. A card never sealed is left for the first request on it, which seals it from its
 * content. Then each card the GM holds is brought to the shape its kind reads now (the kind's
 * `upgrade`; version 2: shock's waiting cards get their reaction window). Cards the GM already
 * holds are not taken over again, and an upgrade leaves a card already upgraded alone, so running
 * it again changes nothing.
 */
export const CARD_RECORDS_VERSION = 2;
const SETTING = "cardRecords" as const;

export function registerCardMigration(): void {
  Hooks.once("ready", () => {
    if (game.user?.isActiveGM) void migrateCards().catch((err: unknown) => {
      console.error("Fray | migrating chat cards failed", err);
    });
  });
}

/** Migrates every card of the registered kinds not yet at the current version. */
export async function migrateCards(): Promise<number> {
  const done: Record<string, number> = { ...(game.settings?.get("fray", SETTING) ?? {}) };
  const types = cardTypes().filter((t) => (done[t] ?? 0) < CARD_RECORDS_VERSION);
  if (!types.length || !(await claimOnce(`migration.cards.${CARD_RECORDS_VERSION}`))) return 0;
  const cards = (game.messages?.contents ?? []).flatMap((message) => {
    const kind = types.includes(message.type) ? cardKindOf(message.type) : undefined;
    return kind ? [{ message, kind }] : [];
  });
  const changed = new Set<string>();
  for (const { message, kind } of cards)
    if (await migrateCard(message, kind)) changed.add(message.id ?? "");
  for (const { message, kind } of cards)
    if (await upgradeCard(message, kind)) changed.add(message.id ?? "");
  for (const t of types) done[t] = CARD_RECORDS_VERSION;
  await game.settings?.set("fray", SETTING, done);
  return changed.size;
}

/** A card the GM holds, in its kind's current shape. @returns whether it changed. */
async function upgradeCard(message: ChatMessage.Implementation, kind: CardKind): Promise<boolean> {
  const records = trustedRecords(message);
  if (!kind.upgrade || !records) return false;
  const upgrade = async () => (await kind.upgrade?.(message, records)) ?? false;
  const changed = await queued(upgrade).catch((err: unknown) => {
    console.error(`Fray | upgrading the ${kind.type} card ${message.id} failed`, err);
    return false;
  });
  if (changed) await afterRecords(kind, message);
  return changed;
}

/** Takes over one sealed card of before the runtime. @returns whether it changed. */
async function migrateCard(message: ChatMessage.Implementation, kind: CardKind): Promise<boolean> {
  const records = recordsOf(message.system);
  const seal = records.seal as { authorId?: unknown } | null;
  if (trustedRecords(message) || !seal || typeof seal !== "object") return false;
  const posterId = message.author?.isGM && typeof seal.authorId === "string" && seal.authorId
    ? seal.authorId : message.author?.id ?? "";
  const gmId = game.user?.id ?? "";
  const lastBy = (message as unknown as { _stats?: { lastModifiedBy?: string | null } })
    ._stats?.lastModifiedBy;
  if (!game.users?.get(lastBy ?? "")?.isGM) {
    const refused = { kind: "refused", reason: "legacyEdited", authorId: posterId };
    await message.update(takeoverChanges(message, gmId, posterId, {
      seal: refused, ledger: {},
    }) as unknown as ChatMessage.UpdateData);
    return true;
  }
  const steps = kind.migrate?.(message, records) ?? {};
  const changes = takeoverChanges(message, gmId, posterId, { steps });
  await message.update(changes as unknown as ChatMessage.UpdateData);
  return true;
}
