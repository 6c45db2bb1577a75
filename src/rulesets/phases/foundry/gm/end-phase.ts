import { rollInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { endPhasePlan } from "../../rules/saves";
import {
  endPhaseConditions, endPhaseLines, type EndPhaseCondition,
} from "../../play/round/end-phase";
import type { PhasesCombat } from "../documents/combat";

/**
 * The End phase of `round`, on the active GM's client as the round ends (`PhasesCombat`'s round
 * edge, once): of the phases conditions on the combatants' actors (`play/round/end-phase.ts`,
 * each lasting as the GM recorded it in the combatant's kept store), those lasting to this
 * round's end end, and each save-ended or sustained one rolls its 2d6 with Foundry's `Roll`
 * (`rules/saves.ts` `endPhasePlan`: 7 or more ends a save-ended condition or keeps a sustained
 * one). The conditions that end are deleted from their actors (and the GM's records of them), and
 * one note lists each save with its dice and what it did, its rolls attached. Each actor is read
 * once, however many of its tokens fight. Source: `003_d18720f6cd315cc2.txt` §End Phase;
 * RULINGS.md §phases End phase, Conditions.
 * @throws what a Roll or a write throws; nothing is deleted before every save is rolled.
 */
export async function endPhase(combat: PhasesCombat, round: number): Promise<void> {
  const actors = new Map<string, Actor.Implementation>();
  const names = new Map<string, string>();
  const conditions: EndPhaseCondition[] = [];
  for (const c of combat.phasesCombatants) {
    const actor = c.actor;
    if (!actor || !c.id || actors.has(actor.uuid)) continue;
    actors.set(actor.uuid, actor);
    names.set(c.id, c.name ?? actor.name ?? "");
    const effects = actor.effects.contents
      .map((e) => ({ id: e.id ?? "", statuses: [...e.statuses] }));
    conditions.push(...endPhaseConditions(c.id, actor.uuid, effects, round, c.data.conditions));
  }
  if (!conditions.length) return;
  const dice = new ShownRolls();
  const result = await rollInFoundry(endPhasePlan(conditions, round), dice);
  const ending = new Map<string, string[]>();
  for (const c of result.ended) {
    ending.set(c.actorId, [...(ending.get(c.actorId) ?? []), c.effectId]);
  }
  for (const [uuid, ids] of ending) {
    await actors.get(uuid)?.deleteEmbeddedDocuments("ActiveEffect", ids);
  }
  // The GM's records of the conditions that ended go with them.
  const gone = new Set(result.ended.map((c) => c.effectId));
  const pruned = Object.fromEntries(combat.phasesCombatants.flatMap((c) => {
    const kept = c.data.conditions;
    const left = kept.filter((k) => !gone.has(k.effect));
    return c.id && left.length < kept.length ? [[c.id, { conditions: left }]] : [];
  }));
  if (Object.keys(pruned).length) await combat.keep(pruned);
  const lines = endPhaseLines(result, names, t).map((l) => l.text);
  const heading = t("FRAY.Phases.EndPhase.Heading", { round: `${round}` });
  await postNote({ content: noteHtml("phases", lines, heading), rolls: dice.rolls });
}
