import { healLine } from "../../play/survival/recovery";
import { characterData } from "../../play/data/accessors";
import {
  afterDeathSave,
  planDeathSave,
  resolveDeathSave,
  stabilize,
  startLastGasp,
} from "../../rules/death-save";
import type { FrayActor } from "../documents/actor";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import { spiritBoons } from "./party-actions";
import { spiritSaveEdge } from "../../rules/fight-in-spirit";
import { healWithActorRecovery, recoveryAmount } from "./recovery";
import type { EventLine } from "../../play/views/card-event";
import {
  deathSaveLines, makesDeathSaves, trackAfterSave,
} from "../../play/survival/death-save";

/**
 * Death saves, stabilising and Last Gasp saves on a character, each ending in a chat card.
 * Who saves, the track a save leaves and its lines are `play/survival/death-save.ts`'s. Source:
 * `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves; `death-save.ts`.
 */

/**
 * Rolls a death save (13+; 2 Disadvantage on the first after a hard drop). A success heals with a
 * recovery (averaged, so the turn is not held up) from 0 HP; a Last Gasp success keeps HP. Either
 * success leaves the character acting from its next turn (`upNextTurn`), a natural 17+ at once.
 * @param granted an ally's Standard action granted it during Last Gasp (a failure is not marked).
 * @returns whether the character acts at once (natural 17+).
 * @throws Error (localized) when the character is neither Dying nor making Last Gasp saves, or is
 *   dead; nothing changes.
 */
export async function rollDeathSave(actor: FrayActor, granted = false): Promise<boolean> {
  if (!makesDeathSaves(actor))
    throw new Error(
      t(actor.dead ? "FRAY.DeathSave.AlreadyDead" : "FRAY.DeathSave.NotDying", {
        name: actor.name,
      }),
    );
  const track = actor.death;
  const plan = planDeathSave(track, actor.statuses, spiritSaveEdge(spiritBoons(actor)));
  const { roll, dice } = await rollPool(plan.pool);
  const { natural, outcome } = resolveDeathSave(plan, dice);
  const result = afterDeathSave(track, outcome, granted);
  await actor.update({ system: { death: trackAfterSave(result) } } as Actor.UpdateData);
  let healed: EventLine | null = null;
  if (result.healFromZero) {
    const { amount } = await recoveryAmount(actor, "average");
    const heal = await healWithActorRecovery(actor, amount, false, result.actNow);
    healed = healLine(actor.name, heal, t);
  }
  const lines = deathSaveLines({ name: actor.name, natural, outcome }, track, result, healed, t);
  await actor.syncHealthStatuses();
  await postEvent(
    t(track.lastGasp ? "FRAY.DeathSave.LastGaspTitle" : "FRAY.DeathSave.Title"),
    lines,
    { rolls: [roll], actor },
  );
  return result.actNow;
}

/**
 * Stabilises a Dying character: its failed death saves no longer count.
 * @throws Error (localized) when it is not Dying or is already dead; nothing changes.
 */
export async function stabilizeActor(actor: FrayActor, helper: string): Promise<void> {
  if (!actor.isPC || actor.health !== "dying")
    throw new Error(t("FRAY.DeathSave.NotDying", { name: actor.name }));
  let track;
  try {
    track = stabilize(actor.death);
  } catch {
    throw new Error(t("FRAY.DeathSave.AlreadyDead", { name: actor.name }));
  }
  await actor.update({ system: { death: track } } as Actor.UpdateData);
  await postEvent(
    t("FRAY.DeathSave.StabilizeTitle"),
    [t("FRAY.DeathSave.Stabilized", { name: actor.name, helper })],
    { actor },
  );
}

/** Starts Last Gasp saves (an effect that can kill or disable outright): death saves, HP kept. */
export async function startLastGaspSaves(actor: FrayActor): Promise<void> {
  if (!actor.isPC) throw new Error(t("FRAY.Recovery.NotCharacter"));
  await actor.update({
    system: { death: startLastGasp(characterData(actor.system).death) },
  } as Actor.UpdateData);
  await postEvent(
    t("FRAY.DeathSave.LastGaspTitle"),
    [t("FRAY.DeathSave.LastGaspStarted", { name: actor.name })],
    { actor },
  );
}
