import {
  askGM, reasonText, registerRequest, type RelayResult, type Sender,
} from "../relay/gm-relay";
import { isKeptId } from "./kept-record";
import { keptOf, writeKept } from "./kept";
import { setStatuses } from "../documents/statuses";
import { keptStatusPairs, statusesEndedBy } from "./kept-statuses";

/**
 * A player's spend of its own combatant's kept fields (an action paid from the sheet, a dialog or
 * a card): one GM request, `fray.keptSpend`, that the active GM re-checks from the store and the
 * documents (the ruleset's `spendPatch`: the turn, what is left of the budget) before writing the
 * store; a refusal is a localized reason and changes nothing. A spend the GM made for a player
 * leaves a receipt on the combat (`flags.fray.keptReceipts.<combatantId>`, the GM's like the
 * store), so the player may ask for that spend back (`fray.keptRefund`) when what it paid for
 * could not happen (its card could not be posted): given back only to the same player, while the
 * fields still hold what the spend left, within a minute, and only if that player has posted no
 * chat message since (a posted card makes the spend final).
 */
export const KEPT_SPEND = "keptSpend";
export const KEPT_REFUND = "keptRefund";
const RECEIPTS = "flags.fray.keptReceipts";
const REFUND_MS = 60_000;
/** Clock difference allowed between the GM's client and the server's message stamps. */
const SKEW_MS = 2_000;

/** What a ruleset's spend check answers: the kept fields to write, or a localized refusal. */
export type SpendVerdict =
  | {
    readonly ok: true;
    readonly patch: Readonly<Record<string, unknown>>;
    /**
     * False for a spend no refund may give back (one allowed only at a moment that passes, as
     * phases' seizure in the Initiative phase): it leaves no receipt, and clears the last one.
     */
    readonly refundable?: boolean;
    /**
     * The GM's own work once the patch is written, from the very ruling that allowed it (a cast's
     * MP and summon), before `afterSpend`. When it throws (its own writes put back), the patch is
     * put back too and the spend refused with its error.
     */
    readonly after?: () => Promise<void>;
    /**
     * Statuses of the combatant's actor the spend sets, on or off, once its own work is done (a
     * stand-up ends prone, a cast starts channeling), before `afterSpend`.
     */
    readonly statuses?: Readonly<Record<string, boolean>>;
  }
  | {
    readonly ok: false;
    /** A relay reason or a ruleset's lang key, and its text's data (see `RelayResult`). */
    readonly reason: string;
    readonly data?: Readonly<Record<string, string>>;
  };

/** A combat whose ruleset takes players' spends (its Combat class, on the GM's client). */
export interface SpendingCombat {
  readonly id: string | null;
  readonly flags?: unknown;
  readonly combatants: {
    get(id: string): Combatant.Implementation | undefined;
  };
  update(changes: object, options?: object): Promise<unknown>;
  /** The ruleset's check of a spend from the store and the documents (never from the payload). */
  spendPatch(combatant: Combatant.Implementation, args: unknown, sender: Sender): SpendVerdict;
  /** What the GM does once the spend is written (the action's own effect, its provocations). */
  afterSpend?(combatant: Combatant.Implementation, args: unknown): Promise<void>;
}

interface Receipt {
  readonly by: string;
  readonly at: number;
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The combat and combatant a request names, when the sender may act for that combatant. */
function target(
  payload: unknown, sender: Sender,
): { combat: SpendingCombat; combatant: Combatant.Implementation; id: string } | RelayResult {
  if (!isRecord(payload) || !isKeptId(payload.combatId) || !isKeptId(payload.combatantId))
    return { ok: false, reason: "badRequest" };
  const combat = game.combats?.get(payload.combatId) as unknown as SpendingCombat | undefined;
  if (!combat || typeof combat.spendPatch !== "function")
    return { ok: false, reason: "notInCombat" };
  const combatant = combat.combatants.get(payload.combatantId);
  if (!combatant) return { ok: false, reason: "notInCombat" };
  const user = game.users?.get(sender.id);
  if (!sender.isGM && !(user && combatant.testUserPermission(user, "OWNER")))
    return { ok: false, reason: "notOwner" };
  return { combat, combatant, id: payload.combatantId };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs a written spend's own GM work (`verdict.after`); when it throws (a summon with no room),
 * `putBack` unmakes the spend, and the error goes on to the asker. Then the statuses it sets on
 * `combatant`'s actor: the verdict's, and those of the kept statuses its patch ends
 * (`kept-statuses.ts`). Both ways of spending, a player's request and the GM's own `spendKept`,
 * go through it.
 */
export async function afterOrPutBack(
  verdict: Pick<Extract<SpendVerdict, { ok: true }>, "after" | "statuses" | "patch">,
  putBack: () => Promise<unknown>, combatant?: Combatant.Implementation,
): Promise<void> {
  try {
    await verdict.after?.();
  } catch (err) {
    await putBack();
    throw err;
  }
  const ended = statusesEndedBy(keptStatusPairs(combatant?.parent ?? {}), verdict.patch);
  await setStatuses(combatant?.actor, { ...ended, ...verdict.statuses });
}

/** The fields `patch` changes, as `now` holds them: what puts a spend back. */
export const fieldsBefore = (
  now: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> => Object.fromEntries(Object.keys(patch).map((k) => [k, now[k]]));

/** The active GM's handling of a spend: checked by the ruleset, then written with a receipt. */
export async function performSpend(payload: unknown, sender: Sender): Promise<RelayResult> {
  const found = target(payload, sender);
  if ("ok" in found) return found;
  const { combat, combatant, id } = found;
  const verdict = combat.spendPatch(combatant, (payload as { args?: unknown }).args, sender);
  if (!verdict.ok) return verdict;
  const before = fieldsBefore(keptOf(combat, id), verdict.patch);
  const prior = (combat.flags as { fray?: { keptReceipts?: Record<string, unknown> } } | undefined)
    ?.fray?.keptReceipts?.[id];
  const receipt: Receipt = { by: sender.id, at: Date.now(), before, after: { ...verdict.patch } };
  const receipts = verdict.refundable === false
    ? { [`${RECEIPTS}.-=${id}`]: null } : { [`${RECEIPTS}.${id}`]: receipt };
  await writeKept(combat, { [id]: verdict.patch }, receipts);
  // Not made after all, the spend gives back the receipt of the spend before it.
  const priorReceipt = prior === undefined ? { [`${RECEIPTS}.-=${id}`]: null }
    : { [`${RECEIPTS}.${id}`]: prior };
  await afterOrPutBack(verdict, () => writeKept(combat, { [id]: before }, priorReceipt),
    combatant);
  await combat.afterSpend?.(combatant, (payload as { args?: unknown }).args);
  return { ok: true };
}

/** Whether `userId` posted a chat message at or after `since` (server-stamped creation time). */
function postedSince(userId: string, since: number): boolean {
  return (game.messages?.contents ?? []).some((m) => {
    const created = (m as { _stats?: { createdTime?: number | null } })._stats?.createdTime ?? 0;
    const poster = (m.system as { poster?: unknown } | undefined)?.poster;
    return created >= since - SKEW_MS && (m.author?.id === userId || poster === userId);
  });
}

/** The active GM's handling of a refund: the receipt's spend given back, when still exact. */
export async function performRefund(payload: unknown, sender: Sender): Promise<RelayResult> {
  const found = target(payload, sender);
  if ("ok" in found) return found;
  const { combat, id } = found;
  const receipts = (combat.flags as { fray?: { keptReceipts?: Record<string, unknown> } })
    ?.fray?.keptReceipts;
  const receipt = receipts?.[id] as Receipt | undefined;
  if (!isRecord(receipt) || receipt.by !== sender.id || !isRecord(receipt.before)
    || !isRecord(receipt.after) || typeof receipt.at !== "number")
    return { ok: false, reason: "notApplied" };
  const now = keptOf(combat, id);
  const exact = Object.entries(receipt.after).every(([k, v]) => sameJson(now[k], v));
  if (!exact || Date.now() - receipt.at > REFUND_MS || postedSince(sender.id, receipt.at))
    return { ok: false, reason: "used" };
  await writeKept(combat, { [id]: receipt.before }, { [`${RECEIPTS}.-=${id}`]: null });
  return { ok: true };
}

/** Registers the two requests (call during `init`, with the relay). */
export function registerKeptRequests(): void {
  registerRequest(KEPT_SPEND, performSpend);
  registerRequest(KEPT_REFUND, performRefund);
}

/**
 * A player's client asks the active GM to make a spend (`args` as the ruleset's `spendPatch`
 * reads them) or to give the last one back (`refund`).
 * @throws Error (localized) when no GM is connected or the GM refused; nothing changed then.
 */
export async function askKept(
  combatId: string | null, combatantId: string | null, args: unknown, refund = false,
): Promise<void> {
  const noGM = () => new Error(game.i18n!.localize("FRAY.Relay.NoGM"));
  if (!game.users?.activeGM) throw noGM();
  const result = await askGM(refund ? KEPT_REFUND : KEPT_SPEND, { combatId, combatantId, args });
  if (!result) throw noGM();
  if (!result.ok) throw new Error(reasonText(result.reason, { ...result.data }));
}
