import type { Localize } from "../../../../engine/i18n";
import { withResult, type EventLine } from "./card-event";

/**
 * The lines of the special actions' event cards, each led by its result: disengaging, Rally's
 * save against an effect, sustaining an ability (and one that lapsed). The Foundry layer rolls,
 * writes and posts them (`foundry/chat/disengage.ts`, `rally.ts`, `sustain.ts`). Source:
 * `000_c2dc3d650823e22d.txt` §Disengaging and Popping Off, §Rally, §Ability Entries (Sustain).
 */

/** A roll against a target number, as the lines say it. */
export interface CheckRoll {
  readonly success: boolean;
  readonly natural: number;
  readonly target: number;
}

/** `name` disengages (or fails to) from `foes`, already listed in the world's language. */
export function disengageLine(
  name: string, foes: string, check: CheckRoll, t: Localize,
): EventLine {
  const said = t(check.success ? "FRAY.Disengage.Pass" : "FRAY.Disengage.Fail", {
    name, foes, natural: check.natural, target: check.target,
  });
  return withResult(said, check.success ? "success" : "failure");
}

/** Rally's save by `name` against `effect` (its natural and total with the escalation die). */
export function rallySaveLine(
  name: string, effect: string, save: CheckRoll & { readonly total: number }, t: Localize,
): EventLine {
  const said = t(save.success ? "FRAY.Rally.SavePass" : "FRAY.Rally.SaveFail", {
    name, effect, natural: save.natural, total: save.total, target: save.target,
  });
  return withResult(said, save.success ? "saved" : "failed");
}

/** `name`'s sustain roll for `ability`: it holds, or it ends. */
export function sustainLine(
  name: string, ability: string, check: CheckRoll, t: Localize,
): EventLine {
  const said = t(check.success ? "FRAY.Sustain.Pass" : "FRAY.Sustain.Fail", {
    name, ability, natural: check.natural, target: check.target,
  });
  return withResult(said, check.success ? "success" : "failure");
}

/** `name` did not sustain `ability` this round: it ends. */
export function sustainLapsedLine(name: string, ability: string, t: Localize): string {
  return t("FRAY.Sustain.Expired", { name, ability });
}
