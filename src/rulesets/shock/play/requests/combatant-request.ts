import { isFields, textField, type Fields } from "../../../../engine/requests/fields";
import type { HealthState } from "../../rules/health";

/**
 * The plain fields of the GM requests a player's client sends about one combatant (break free,
 * act next, an Attack of Opportunity offer) or about an ally (first aid), read from the relay's
 * payload without trusting its shape: a missing or mistyped field reads as "" (which names no
 * document), a payload that is not an object as null. The GM re-reads the documents they name.
 */
export interface CombatantRequest {
  readonly combatId: string;
  readonly combatantId: string;
}

const text = (v: unknown): string => textField(v) ?? "";
const fieldsOf = (v: unknown): Fields | null => (isFields(v) ? v : null);

/** `{ combatId, combatantId }` of a payload; null when it is not an object. */
export function readCombatantRequest(payload: unknown): CombatantRequest | null {
  const p = fieldsOf(payload);
  return p ? { combatId: text(p.combatId), combatantId: text(p.combatantId) } : null;
}

/** First aid's helper actor and target token, by uuid; null when the payload is not an object. */
export function readFirstAidRequest(
  payload: unknown,
): { readonly helperUuid: string; readonly tokenUuid: string } | null {
  const p = fieldsOf(payload);
  return p ? { helperUuid: text(p.helperUuid), tokenUuid: text(p.tokenUuid) } : null;
}

/**
 * Why first aid cannot be given (a `FRAY.` key; `{name}` the target for `NotMortal`, the helper
 * for `CannotAct`), or null: only a Mortally Injured PC other than the helper is stabilised, and
 * only by a helper who is up (RULINGS.md §shock Mortally Injured; `002_5e27cdf788b28f5f.txt` §Use
 * a Skill).
 */
export function firstAidRefusal(
  helper: HealthState, target: HealthState, self: boolean,
): { readonly key: string; readonly who: "helper" | "target" } | null {
  if (self || target !== "mortallyInjured")
    return { key: "FRAY.Shock.FirstAid.NotMortal", who: "target" };
  if (helper !== "up") return { key: "FRAY.Shock.Refuse.CannotAct", who: "helper" };
  return null;
}
