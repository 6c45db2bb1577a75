import type { Localize } from "../../../../engine/i18n";
import type { CharacterSource } from "../../rules/models";
import { healWithRecovery, type HealResult, type HealthTrack } from "../../rules/recovery";
import { deathAfterHpChange } from "../actors/death-track";
import { withResult, type EventLine } from "../views/card-event";

/**
 * A heal with recoveries on a character, from its data: what the rules make of it and the one
 * write that records it (HP, recoveries, penalty, the end of Dying). The Foundry layer rolls or
 * averages the amount and writes (`foundry/chat/recovery.ts`). Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries, §Dying and Death.
 */
export type HealedData = Pick<CharacterSource, "hp" | "recoveries" | "death">;

/** The character's health track as the recovery and rest rules read it. */
export function healthTrackOf(data: Pick<CharacterSource, "hp" | "recoveries">): HealthTrack {
  return {
    hp: data.hp.value, hpMax: data.hp.max, recoveries: data.recoveries.value,
    penalty: data.recoveries.penalty,
  };
}

/** The system update of a heal: HP, recoveries and penalty, and the death track it leaves. */
export interface HealChange {
  readonly result: HealResult;
  readonly system: {
    readonly hp: { readonly value: number };
    readonly recoveries: { readonly value: number; readonly penalty: number };
    readonly death: CharacterSource["death"];
  };
}

/**
 * A heal of `amount` through the recovery rules. `free` spends no recovery (and needs none). A
 * heal that brings the character back up from 0 or below marks it to act from its next turn
 * (`deathAfterHpChange`), unless `actsNow` (a death save's natural 17+).
 * @throws RangeError on a negative or fractional amount (`healWithRecovery`).
 */
export function recoveryHeal(
  data: HealedData, amount: number, free = false, actsNow = false,
): HealChange {
  const result = healWithRecovery(healthTrackOf(data), amount, free);
  const death = deathAfterHpChange(
    data.death, { before: data.hp.value, after: result.track.hp, hpMax: data.hp.max }, actsNow,
  );
  return {
    result,
    system: {
      hp: { value: result.track.hp },
      recoveries: { value: result.track.recoveries, penalty: result.track.penalty },
      death,
    },
  };
}

/** The chat line for a heal, localized, led by a "Healed" badge on its card. */
export function healLine(name: string, result: HealResult, t: Localize): EventLine {
  const line = t("FRAY.Recovery.Healed", {
    name, amount: result.gained, hp: result.track.hp, recoveries: result.track.recoveries,
  });
  const text = result.withoutRecovery ? `${line} ${t("FRAY.Recovery.NoneLeft", { name })}` : line;
  return withResult(text, "healed");
}
