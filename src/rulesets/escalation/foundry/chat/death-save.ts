import { healLine } from "../../play/survival/recovery";
import { characterData } from "../data/accessors";
import {
  afterDeathSave,
  planDeathSave,
  resolveDeathSave,
  stabilize,
  startLastGasp,
} from "../../rules/death-save";
import type { FrayActor } from "../documents/actor";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent, rollPool } from "./dice";
import { spiritBoons } from "./party-actions";
import { spiritSaveEdge } from "../../rules/fight-in-spirit";
import { healWithActorRecovery, recoveryAmount } from "./recovery";
import { withResult, type EventLineInput } from "../../play/views/card-event";

/**
 * Death saves, stabilising and Last Gasp saves on a character, each ending in a chat card.
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves; `death-save.ts`.
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
  // Back up, from Dying or from Last Gasp saves: a plain success acts from its next turn, a
  // natural 17+ at once (§Dying and Death, §Last Gasp Saves). A failure changes no such mark.
  const backUp = result.healFromZero || result.lastGaspEnded;
  const up = backUp ? { upNextTurn: !result.actNow } : {};
  await actor.update({ system: { death: { ...result.track, ...up } } } as Actor.UpdateData);
  const said = t(`FRAY.DeathSave.${outcome}`, {
    name: actor.name,
    natural,
    failures: result.track.failures,
  });
  const lines: EventLineInput[] = [withResult(said, outcome === "failure" ? "failed" : "saved")];
  if (track.hardFirstSave) lines.push(t("FRAY.DeathSave.Hard"));
  if (result.healFromZero) {
    const { amount } = await recoveryAmount(actor, "average");
    const healed = await healWithActorRecovery(actor, amount, false, result.actNow);
    lines.push(healLine(actor.name, healed, t));
  }
  if (result.lastGaspEnded) lines.push(t("FRAY.DeathSave.LastGaspEnded", { name: actor.name }));
  if (result.dead) lines.push(withResult(t("FRAY.DeathSave.Dead", { name: actor.name }), "failed"));
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

/** Whether the character makes a death save at the start of its turn. */
export function makesDeathSaves(actor: FrayActor): boolean {
  return actor.isPC && !actor.dead && (actor.health === "dying" || actor.death.lastGasp);
}
