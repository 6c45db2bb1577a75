import { spend, type PointsState } from "../../../../engine/economy/points";
import type { Localize } from "../../../../engine/i18n";
import { isFields, textField } from "../../../../engine/requests/fields";
import { apEconomy } from "../../rules/pools";
import type { FlowAction, Statblock, Weapon } from "../../rules/statblock";
import { keptOfPoints } from "../data/kept-spec";
import type { SpendRuling } from "./spend-rule";

/**
 * A Flow action bought with FP, and the active GM's check of it: the weapon in hand, its Flow
 * action by index, its FP cost read from the weapon (never from the request), paid from what the
 * GM keeps, by a combatant still standing. What the action then does is its text, which the table
 * plays (RULINGS.md §action-points Flow actions: "FP buys the Flow actions listed on weapons").
 */
export interface FlowRequest {
  readonly itemId: string;
  readonly index: number;
}

/** Reads `{flow: {itemId, index}}` as sent, or null. */
export function parseFlow(args: unknown): FlowRequest | null {
  const flow = isFields(args) ? args.flow : null;
  if (!isFields(flow)) return null;
  const itemId = textField(flow.itemId);
  const index = flow.index;
  return itemId && Number.isInteger(index) && (index as number) >= 0
    ? { itemId, index: index as number } : null;
}

/** The weapon and Flow action a request names, or null. */
export function flowActionOf(
  weapons: readonly Weapon[], request: FlowRequest,
): { readonly weapon: Weapon; readonly action: FlowAction } | null {
  const weapon = weapons.find((w) => w.id === request.itemId);
  const action = weapon?.flowActions[request.index];
  return weapon && action ? { weapon, action } : null;
}

/** The kept fields a Flow action writes (its FP spent), or the refusal's key. */
export function flowRuling(
  request: FlowRequest | null, facts: { readonly block: Statblock; readonly up: boolean },
  points: PointsState,
): SpendRuling {
  const found = request ? flowActionOf(facts.block.weapons, request) : null;
  if (!found) return { ok: false, key: "badRequest" };
  if (!facts.up) return { ok: false, key: "FRAY.ActionPoints.Refuse.Down" };
  if (!found.weapon.readied) return { ok: false, key: "apSheathed" };
  const paid = spend(apEconomy(facts.block), points, "fp", found.action.fp);
  if (!paid.ok) return { ok: false, key: "FRAY.ActionPoints.Refuse.NotEnoughFP" };
  return { ok: true, patch: keptOfPoints(paid.state) };
}

/** The chat line for the table once a Flow action was bought: who, what, its FP and its text. */
export const flowLine = (name: string, action: FlowAction, t: Localize): string =>
  t("FRAY.ActionPoints.Sheet.FlowUsed", {
    name, action: action.name, fp: action.fp, effect: action.effect,
  });
