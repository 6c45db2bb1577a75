import type { Localize } from "../../../../engine/i18n";
import type { DamageType } from "../../rules/constants";
import type { ConditionId } from "../../rules/conditions";
import { withResult, type EventLine } from "./card-event";

/**
 * The lines of the end-of-turn card (and of a source's going down): ongoing damage taken, a save
 * against a save-ends effect with its result, an effect that ended. The Foundry layer rolls,
 * writes and posts them (`foundry/chat/turn-events.ts`). Source: `000_c2dc3d650823e22d.txt`
 * §Conditions and Effects; `durations.ts`.
 */

/** `name` takes `amount` ongoing damage of `type`. */
export function ongoingLine(name: string, amount: number, type: DamageType, t: Localize): string {
  return t("FRAY.Turn.Ongoing", { name, amount, type: t(`FRAY.DamageType.${type}`) });
}

/** `name`'s save against `condition` (natural vs target), led by its result. */
export function turnSaveLine(
  name: string, condition: ConditionId,
  save: { readonly success: boolean; readonly natural: number; readonly target: number },
  t: Localize,
): EventLine {
  const said = t(save.success ? "FRAY.Turn.SavePass" : "FRAY.Turn.SaveFail", {
    name, condition: t(`FRAY.Condition.${condition}`), natural: save.natural, target: save.target,
  });
  return withResult(said, save.success ? "saved" : "failed");
}

/** `condition` on `name` has ended. */
export function expiredLine(name: string, condition: ConditionId, t: Localize): string {
  return t("FRAY.Turn.Expired", { name, condition: t(`FRAY.Condition.${condition}`) });
}
