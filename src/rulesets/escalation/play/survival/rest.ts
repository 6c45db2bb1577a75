import { FRESH_DEATH_TRACK, afterHpChange, type DeathTrack } from "../../rules/death-save";
import type { AbilitySource, CharacterSource } from "../../rules/models";
import { fullRest, quickRest, type PowerState, type RestResult } from "../../rules/rest";
import type { Localize } from "../../../../engine/i18n";
import { withResult, type EventLine } from "../views/card-event";
import { healthTrackOf } from "./recovery";

/**
 * Quick Rest and Full Rest on a character, from its data: the powers the rules check, whether a
 * spend of recoveries is allowed, and each rest's result with the one write that records it. The
 * Foundry layer rolls the recoveries and recharge checks and writes (`foundry/chat/rest.ts`).
 * Source: `000_c2dc3d650823e22d.txt` §Resting and Recharging, §Recoveries.
 */
export type RestedData = Pick<CharacterSource, "hp" | "recoveries" | "death">;

/** The powers of a character's abilities as the rest rules read them, in item order. */
export function powersOf(
  abilities: readonly { readonly id: string; readonly system: AbilitySource }[],
): PowerState[] {
  return abilities.map(({ id, system: a }) => ({
    id, frequency: a.frequency, recharge: a.recharge, used: a.used,
  }));
}

/** Whether `spend` is a whole number of recoveries the character has (`left`). */
export function spendFits(spend: number, left: number): boolean {
  return Number.isInteger(spend) && spend >= 0 && spend <= left;
}

/** A rest's result and its system update. */
export interface RestChange<S> {
  readonly result: RestResult;
  readonly system: S;
}

/**
 * A Quick Rest: one heal per recovery spent, Encounter powers back, Recharge powers back on a
 * successful check (`rechargeDice` by power id), the death track after the change of HP.
 * @throws RangeError as `quickRest` does (more heals than recoveries, missing recharge dice).
 */
export function quickRestChange(
  data: RestedData, powers: readonly PowerState[], heals: readonly number[],
  rechargeDice: Readonly<Record<string, readonly number[]>>,
): RestChange<{
  hp: { value: number }; recoveries: { value: number }; death: DeathTrack;
}> {
  const result = quickRest({ track: healthTrackOf(data), powers, heals, rechargeDice });
  const death = afterHpChange(data.death, {
    before: data.hp.value, after: result.track.hp, hpMax: data.hp.max,
  });
  return {
    result,
    system: {
      hp: { value: result.track.hp }, recoveries: { value: result.track.recoveries }, death,
    },
  };
}

/** A Full Rest: full HP and recoveries, no penalty, every power back, a fresh death track. */
export function fullRestChange(
  data: RestedData, powers: readonly PowerState[],
): RestChange<{
  hp: { value: number }; recoveries: { value: number; penalty: 0 };
  death: DeathTrack & { upNextTurn: false };
}> {
  const result = fullRest(
    { ...healthTrackOf(data), recoveriesMax: data.recoveries.max }, powers,
  );
  return {
    result,
    system: {
      hp: { value: result.track.hp },
      recoveries: { value: result.track.recoveries, penalty: 0 },
      death: { ...FRESH_DEATH_TRACK, upNextTurn: false },
    },
  };
}

/** A recharge check's line: the power recharges or not (natural vs target), led by its result. */
export function rechargeLine(
  ability: string, check: { readonly success: boolean; readonly natural: number;
    readonly target: number }, t: Localize,
): EventLine {
  const said = t(check.success ? "FRAY.Rest.Recharged" : "FRAY.Rest.NotRecharged", {
    ability, natural: check.natural, target: check.target,
  });
  return withResult(said, check.success ? "success" : "failure");
}

/**
 * A rest's summary line for one character: HP before and after, recoveries, the powers restored.
 * @param restored the restored powers' names already listed in the world's language ("" none).
 */
export function restLine(
  kind: "quick" | "full", name: string, from: number, result: RestResult, restored: string,
  t: Localize,
): string {
  const powers = restored || t("FRAY.Log.Nothing");
  return kind === "quick"
    ? t("FRAY.Rest.QuickLine", {
      name, spent: result.recoveriesSpent, from, to: result.track.hp,
      left: result.track.recoveries, restored: powers,
    })
    : t("FRAY.Rest.FullLine", {
      name, from, to: result.track.hp, recoveries: result.track.recoveries, restored: powers,
    });
}
