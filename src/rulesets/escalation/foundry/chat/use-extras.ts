import type { FrayActor } from "../documents/actor";
import type { AbilitySource } from "../../rules/models";
import { resolveSave } from "../../rules/save";
import { confusedActionCheck, tierOf } from "../../rules/special-actions";
import { characterData, npcData } from "../../play/data/accessors";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { rollPool } from "../../../../shell/dice/pool-roll";
import { withResult, type EventLine } from "../../play/views/card-event";
import { sustainFlag } from "../../play/actors/sustain";
import { dealsDamage } from "../../play/cards/ability-use";

/**
 * What using an ability may bring besides its attacks: Confused's 11+ save before a non-attack
 * ability (tier damage to oneself on a failure) and the sustain marker of a `Sustain X` ability.
 * Source: `000_c2dc3d650823e22d.txt` §Conditions (Confused), §Ability Entries (Sustain).
 */
export async function confusedCheck(
  actor: FrayActor, ability: AbilitySource,
): Promise<{ lines: EventLine[]; rolls: Roll[] }> {
  const plan = dealsDamage(ability) ? null : confusedActionCheck(actor.statuses);
  if (!plan) return { lines: [], rolls: [] };
  const { roll, dice } = await rollPool(plan.pool);
  const save = resolveSave(plan, dice);
  if (save.success) {
    const kept = t("FRAY.Confused.Pass", { name: actor.name, natural: save.natural });
    return { lines: [withResult(kept, "saved")], rolls: [roll] };
  }
  const level = actor.isPC ? characterData(actor.system).level : npcData(actor.system).level;
  const damage = tierOf(level);
  await actor.changeHp(-damage);
  const said = t("FRAY.Confused.Fail", { name: actor.name, natural: save.natural, damage });
  return { lines: [withResult(said, "failed")], rolls: [roll] };
}

/** Marks a `Sustain X` ability as running on its user until a turn ends without a sustain roll. */
export async function startSustain(
  actor: FrayActor,
  itemId: string,
  name: string,
  ability: AbilitySource,
  round: number,
): Promise<void> {
  const flag = sustainFlag(itemId, ability, round);
  await actor.createEmbeddedDocuments("ActiveEffect", [
    {
      name: t("FRAY.Sustain.Marker", { name }),
      img: "icons/svg/aura.svg",
      flags: { fray: { sustain: flag } },
    },
  ] as unknown as ActiveEffect.CreateData[]);
}
