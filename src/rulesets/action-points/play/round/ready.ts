import { isFields, textField } from "../../../../engine/requests/fields";
import type { Localize } from "../../../../engine/i18n";
import type { KeptSource } from "../data/kept-spec";
import type { SpendRuling } from "./spend-rule";
import { readiedOrder } from "../../rules/initiative";

/**
 * A Ready action, and the active GM's check of it: in its own turn a combatant names a trigger
 * and the action it will take (no AP); its turn is put off, and it waits after everyone else in
 * the order. When the trigger happens its owner (or the GM) fires it on another's turn: it acts
 * at once, placed just before the combatant acting now, and keeps that place in later rounds
 * (`rules/initiative.ts#readiedOrder`). Left unfired, its turn comes last in the round, where it
 * may act or let it go. Its AP are those of its own turn: readying puts the turn off, it does not
 * end it. The last in the order cannot wait for anyone this round, so it may not ready (Fray's
 * reading: its turn would end at once). Source: `004_2cc57162401858c9.txt` §Ready Action.
 */
export type ReadyRequest =
  | { readonly ready: "declare"; readonly trigger: string; readonly action: string }
  | { readonly ready: "fire" };

/** The longest trigger or action text the GM keeps (characters). */
export const READY_TEXT_MAX = 200;

const trimmed = (v: unknown): string | null => {
  const text = textField(v)?.trim() ?? "";
  return text && text.length <= READY_TEXT_MAX ? text : null;
};

/** Reads `{ready: "declare", trigger, action}` or `{ready: "fire"}` as sent, or null. */
export function parseReady(args: unknown): ReadyRequest | null {
  if (!isFields(args)) return null;
  if (args.ready === "fire") return { ready: "fire" };
  if (args.ready !== "declare") return null;
  const trigger = trimmed(args.trigger);
  const action = trimmed(args.action);
  return trigger && action ? { ready: "declare", trigger, action } : null;
}

export interface ReadyFacts {
  readonly kept: KeptSource;
  /** It is this combatant's turn. */
  readonly ownTurn: boolean;
  /** Some combatant's turn is on (a started combat). */
  readonly someoneActing: boolean;
  /** Up (not down or defeated). */
  readonly up: boolean;
  /** It acts last in the order: nobody acts after it this round, so there is nothing to wait in. */
  readonly last?: boolean;
}

/** Whether a combatant waits on a readied action. */
export const isReadied = (kept: Pick<KeptSource, "readyTrigger">): boolean =>
  kept.readyTrigger !== "";

/** The kept fields a Ready writes (declared, or cleared as it fires), or the refusal's key. */
export function readyRuling(request: ReadyRequest | null, facts: ReadyFacts): SpendRuling {
  if (!request) return { ok: false, key: "badRequest" };
  if (!facts.up) return { ok: false, key: "FRAY.ActionPoints.Refuse.Down" };
  if (request.ready === "declare") {
    if (!facts.ownTurn) return { ok: false, key: "notYourTurn" };
    if (facts.kept.totalDefense) return { ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" };
    if (facts.last) return { ok: false, key: "FRAY.ActionPoints.Refuse.ReadyLast" };
    return { ok: true, patch: { readyTrigger: request.trigger, readyAction: request.action } };
  }
  if (!isReadied(facts.kept)) return { ok: false, key: "FRAY.ActionPoints.Refuse.NotReadied" };
  if (facts.ownTurn || !facts.someoneActing) {
    return { ok: false, key: "FRAY.ActionPoints.Refuse.FireOnAnother" };
  }
  return { ok: true, patch: { readyTrigger: "", readyAction: "" } };
}

/**
 * The order places a paid Ready writes, by combatant id: declared, its taker after everyone;
 * fired, its taker just before the combatant acting (`readiedOrder`). Null for a spend that is
 * not a Ready.
 * @param order the combatants' ids in the turn order now; `acting` the one whose turn it is.
 * @throws RangeError when `taker` (or `acting`, firing) is not in the order, or they are the same.
 */
export function readyOrderPatches(
  args: unknown, order: readonly string[], taker: string, acting: string | null,
): Record<string, { order: number }> | null {
  const ready = parseReady(args);
  if (!ready) return null;
  const next = readiedOrder(order, taker, ready.ready === "fire" ? acting : null);
  return Object.fromEntries(next.map((id, place) => [id, { order: place }]));
}

/**
 * The chat line for the table once a Ready was paid: its trigger and action as declared, or, fired,
 * the action it had readied (`readied`: as the GM kept it before the firing cleared it).
 */
export function readyLine(request: ReadyRequest, name: string, readied: string, t: Localize):
  string {
  return request.ready === "declare"
    ? t("FRAY.ActionPoints.Ready.Declared", {
      name, trigger: request.trigger, action: request.action,
    })
    : t("FRAY.ActionPoints.Ready.Fired", { name, action: readied });
}
