import { combatOfActor } from "../../../../shell/combat/located";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { damageFormula } from "../../rules/attack";
import { usable } from "../../rules/battle";
import { CONDITION_IDS } from "../../rules/constants";
import { conditionsOfStatuses } from "../../play/round/end-phase";
import { activation, activationLines } from "../../play/round/battle-actions";
import type { PhasesActor } from "../documents/actor";
import type { PhasesCombat } from "../documents/combat";
import type { PhasesCombatant } from "../documents/combatant";

const refusal = (key: string, actor: PhasesActor) =>
  new Error(t(`FRAY.Phases.Refuse.${key}`, { name: actor.name ?? "" }));

/**
 * Activate Item, on the item's owner's client: in a started encounter it is the actor's Battle
 * action, which the active GM rules and pays first (`PhasesCombat#battleAction`: the Battle phase,
 * its own turn, once a round); then, as its owner may, it spends a use on the item, rolls the
 * healing with Foundry's Roll, heals the actor up to its maximum and deletes the effects of the
 * conditions the item ends (`play/round/battle-actions.ts` `activation`), and posts one note
 * with the roll. Out of combat nothing is paid. Source: `003_d18720f6cd315cc2.txt` §Battle
 * Actions (Activate Item).
 * @throws Error (localized) for every refusal, before anything changes.
 */
export async function activateItem(actor: PhasesActor, item: Item.Implementation): Promise<void> {
  const entry = actor.statblock.activatables.find((a) => a.id === item.id);
  if (!entry) throw refusal("NoItem", actor);
  if (!usable(entry)) throw refusal("NoUses", actor);
  if (actor.health !== "up") throw refusal("Down", actor);
  const fought = combatOfActor(actor);
  if (fought) {
    await (fought.combat as PhasesCombat).battleAction(fought.combatant as PhasesCombatant,
      { action: "activateItem", itemId: entry.id });
  }
  const formula = entry.heal.dice > 0 || entry.heal.bonus > 0 ? damageFormula(entry.heal) : "";
  const roll = entry.heal.dice > 0 ? await new Roll(formula).evaluate() : null;
  const dice = roll?.dice[0]?.results.map((r) => r.result) ?? [];
  const effects = actor.effects.contents.map((e) => ({
    id: e.id ?? "", conditions: conditionsOfStatuses(e.statuses),
  }));
  const block = actor.statblock;
  const plan = activation(entry, { value: block.hp, max: block.hpMax }, effects, dice);
  if (!plan) throw refusal("NoUses", actor);
  if (plan.uses.value !== entry.uses.value) {
    await item.update({ "system.uses.value": plan.uses.value } as Item.UpdateData);
  }
  if (plan.hp.after !== plan.hp.before) {
    await actor.update({ "system.hp.value": plan.hp.after } as Actor.UpdateData);
  }
  if (plan.ends.length) await actor.deleteEmbeddedDocuments("ActiveEffect", [...plan.ends]);
  const ended = CONDITION_IDS.filter((c) => effects.some((e) =>
    plan.ends.includes(e.id) && e.conditions.includes(c) && entry.ends.includes(c)));
  const names = { actor: actor.name ?? "", item: entry.name };
  const lines = activationLines(names, plan, formula, dice, ended, t);
  await postNote({
    content: noteHtml("phases", lines), alias: actor.name ?? null, rolls: roll ? [roll] : [],
  });
}
