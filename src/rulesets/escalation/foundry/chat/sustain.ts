import { abilityData } from "../../play/data/accessors";
import { combatFor } from "../../../../shell/combat/located";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayItem } from "../documents/item";
import { resolveSave } from "../../rules/save";
import { planSustain } from "../../rules/special-actions";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import {
  heldEffects, lapsedSustains, sustainedItemIds, sustainOf,
} from "../../play/actors/sustain";
import { sustainLapsedLine, sustainLine } from "../../play/views/action-lines";

/**
 * Sustaining a `Sustain X` ability: on a later turn, the same action as using it and a 3d6 ≥ X
 * roll; a failure ends it, and a turn that ends without the roll ends it too (see `onTurnEnd`).
 * Source: `000_c2dc3d650823e22d.txt` §Ability Entries (Sustain).
 */
export function sustainedItems(actor: FrayActor): Set<string> {
  return sustainedItemIds(actor.effects.contents);
}

/**
 * @throws Error (localized) when the ability is not running or no action is left; nothing changes.
 */
export async function sustainAbility(actor: FrayActor, item: FrayItem): Promise<void> {
  const ability = abilityData(item.system);
  const marker = actor.effects.contents.find((e) => sustainOf(e)?.itemId === item.id);
  // An ability edited since it was started may no longer be a Sustain X one: nothing to sustain.
  if (!marker || ability.sustain < 1)
    throw new Error(t("FRAY.Sustain.NotRunning", { ability: item.name }));
  // The actor's own encounter: on the GM's client (a sustain request) not the one the GM views.
  const combat = combatFor(actor) as FrayCombat | null;
  const combatant = combat?.started ? combat.combatantOf(actor) : undefined;
  if (combatant && !(await combat!.spendAction(combatant.id ?? "", ability.action))) {
    throw new Error(
      t("FRAY.Use.NoAction", { name: item.name, action: t(`FRAY.Action.${ability.action}`) }),
    );
  }
  const plan = planSustain(ability.sustain, actor.statuses);
  const { roll, dice } = await rollPool(plan.pool);
  const r = resolveSave(plan, dice);
  if (r.success)
    await marker.update({
      "flags.fray.sustain.round": combat?.round ?? 0,
    } as ActiveEffect.UpdateData);
  else await marker.delete();
  if (combat && combatant?.id) await holdOrEnd(combat, combatant.id, item.id ?? "", r.success);
  const line = sustainLine(actor.name, item.name, { ...r, target: plan.target }, t);
  await postEvent(item.name, [line], {
    rolls: [roll],
    actor,
  });
}

/** At the end of the bearer's turn: sustained abilities not used or sustained this round end. */
export async function expireUnsustained(actor: FrayActor, round: number): Promise<string[]> {
  const lines: string[] = [];
  for (const { effect: e, flag } of lapsedSustains(actor.effects.contents, round)) {
    lines.push(sustainLapsedLine(actor.name, actor.items.get(flag.itemId)?.name ?? e.name, t));
    await e.delete();
  }
  return lines;
}

/**
 * The effects a sustained ability holds up (applied from its card by this combatant): a success
 * keeps them through the end of the combatant's next turn (they wait again), a failure ends them.
 */
async function holdOrEnd(
  combat: FrayCombat,
  source: string,
  itemId: string,
  keep: boolean,
): Promise<void> {
  for (const c of combat.combatants) {
    const actor = c.actor as FrayActor | null;
    const held = heldEffects(actor?.timedEffects ?? [], source, itemId);
    if (!actor || !held.length) continue;
    if (keep)
      await actor.updateEmbeddedDocuments(
        "ActiveEffect",
        held.map((e) => ({
          _id: e.id,
          "flags.fray.timing.armed": false,
        })) as ActiveEffect.UpdateData[],
      );
    else
      await actor.deleteEmbeddedDocuments(
        "ActiveEffect",
        held.map((e) => e.id ?? ""),
      );
  }
}
