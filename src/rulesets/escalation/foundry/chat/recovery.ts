import { characterData } from "../../play/data/accessors";
import {
  recoveryAverage, recoveryDiceOf, recoveryFormula, type HealResult,
} from "../../rules/recovery";
import type { FrayActor } from "../documents/actor";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { recoveryHeal } from "../../play/survival/recovery";

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
 * the end of Dying in one update (`recoveryHeal`: `free` heals without a recovery, `actsNow` after
 * a death save's natural 17+). Source: `000_c2dc3d650823e22d.txt` §Recoveries, §Dying and Death.
 * @throws Error when the actor is not a character (nothing changes).
 */
export async function healWithActorRecovery(
  actor: FrayActor,
  amount: number,
  free = false,
  actsNow = false,
): Promise<HealResult> {
  if (!actor.isPC) throw new Error(t("FRAY.Recovery.NotCharacter"));
  const { result, system } = recoveryHeal(characterData(actor.system), amount, free, actsNow);
  await actor.update({ system } as Actor.UpdateData);
  await actor.syncHealthStatuses();
  return result;
}

