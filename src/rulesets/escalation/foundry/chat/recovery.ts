import { characterData } from "../data/accessors";
import {
  healWithRecovery,
  recoveryAverage,
  recoveryDiceOf,
  recoveryFormula,
  type HealResult,
} from "../../rules/recovery";
import type { FrayActor } from "../documents/actor";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { withResult, type EventLine } from "../../play/views/card-event";
import { deathAfterHpChange } from "./may-act";

/**
 * Healing with recoveries on a character: rolled with Foundry's Roll or taken as the average (each
 * die rounded down); with none left the healing is halved and the −1 penalty grows. Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries; `recovery.ts`.
 */
export type RecoveryMode = "roll" | "average";

/** One recovery's amount: rolled (the Roll is returned to show in chat) or averaged. */
export async function recoveryAmount(
  actor: FrayActor,
  mode: RecoveryMode,
): Promise<{ amount: number; roll: Roll | null }> {
  const dice = recoveryDiceOf(characterData(actor.system).recoveries);
  if (mode === "average") return { amount: recoveryAverage(dice), roll: null };
  const roll = await new Roll(recoveryFormula(dice)).evaluate();
  return { amount: Math.max(0, roll.total ?? 0), roll };
}

/**
 * Heals a character by `amount` through the recovery rules and writes HP, recoveries, penalty and
 * the end of Dying in one update. `free` heals without spending (or needing) a recovery. A heal
 * that brings it back up from 0 or below marks it to act from its next turn (as after a death
 * save's success, `deathAfterHpChange`), unless `actsNow` (a death save's natural 17+).
 * Source: `000_c2dc3d650823e22d.txt` §Recoveries, §Dying and Death.
 * @throws Error when the actor is not a character (nothing changes).
 */
export async function healWithActorRecovery(
  actor: FrayActor,
  amount: number,
  free = false,
  actsNow = false,
): Promise<HealResult> {
  if (!actor.isPC) throw new Error(t("FRAY.Recovery.NotCharacter"));
  const data = characterData(actor.system);
  const result = healWithRecovery(
    {
      hp: data.hp.value,
      hpMax: data.hp.max,
      recoveries: data.recoveries.value,
      penalty: data.recoveries.penalty,
    },
    amount,
    free,
  );
  const death = deathAfterHpChange(
    data.death,
    { before: data.hp.value, after: result.track.hp, hpMax: data.hp.max },
    actsNow,
  );
  await actor.update({
    system: {
      hp: { value: result.track.hp },
      recoveries: { value: result.track.recoveries, penalty: result.track.penalty },
      death,
    },
  } as Actor.UpdateData);
  await actor.syncHealthStatuses();
  return result;
}

/** The chat line for a heal, localized, led by a "Healed" badge on its card. */
export function healLine(actor: FrayActor, result: HealResult): EventLine {
  const line = t("FRAY.Recovery.Healed", {
    name: actor.name,
    amount: result.gained,
    hp: result.track.hp,
    recoveries: result.track.recoveries,
  });
  const text = result.withoutRecovery
    ? `${line} ${t("FRAY.Recovery.NoneLeft", { name: actor.name })}`
    : line;
  return withResult(text, "healed");
}
