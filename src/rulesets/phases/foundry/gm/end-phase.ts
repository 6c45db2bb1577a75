import { rollInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { endPhasePlan } from "../../rules/saves";
import {
  endPhaseConditions, endPhaseLines, type EndPhaseCondition, type EndPhaseLine, type KeptDuration,
} from "../../play/round/end-phase";
import type { PhasesCombat } from "../documents/combat";

/** An actor in the End phase: its first combatant's id, and the GM's records of all of them. */
interface Bearer {
  readonly actor: Actor.Implementation;
  readonly id: string;
  readonly records: KeptDuration[];
}

/**
 * The End phase of `round`, on the active GM's client as the round ends (`PhasesCombat`'s round
 * edge, once): of the phases conditions on the combatants' actors (`play/round/end-phase.ts`,
 * each lasting as the GM recorded it in the combatant's kept store), those lasting to this
 * round's end end, and each save-ended or sustained one rolls its 2d6 with Foundry's `Roll`
 * (`rules/saves.ts` `endPhasePlan`: 7 or more ends a save-ended condition or keeps a sustained
 * one). The conditions that end are deleted from their actors (and the GM's records of them), and
 * one note lists each save with its dice and what it did, its rolls attached; a hidden
 * combatant's lines and dice go to the GMs alone, in a note of their own. Each actor is read
 * once, however many of its tokens fight. Source: `003_d18720f6cd315cc2.txt` §End Phase;
 * RULINGS.md §phases End phase, Conditions.
 * @throws what a Roll or a write throws; nothing is deleted before every save is rolled.
 */
export async function endPhase(combat: PhasesCombat, round: number): Promise<void> {
  // Each actor once, with the GM's records of every combatant it stands in (a linked actor may
  // fight as several tokens), read by the first of them.
  const bearers = new Map<string, Bearer>();
  const names = new Map<string, string>();
  const hidden = new Set<string>();
  for (const c of combat.phasesCombatants) {
    const actor = c.actor;
    if (!actor || !c.id) continue;
    names.set(c.id, c.name ?? actor.name ?? "");
    if (c.hidden) hidden.add(c.id);
    const known = bearers.get(actor.uuid);
    if (known) known.records.push(...c.data.conditions);
    else bearers.set(actor.uuid, { actor, id: c.id, records: [...c.data.conditions] });
  }
  const conditions: EndPhaseCondition[] = [];
  for (const [uuid, { actor, id, records }] of bearers) {
    const effects = actor.effects.contents
      .map((e) => ({ id: e.id ?? "", statuses: [...e.statuses] }));
    conditions.push(...endPhaseConditions(id, uuid, effects, round, records));
  }
  if (!conditions.length) return;
  // A hidden bearer's dice are the GM's alone, as its initiative's are.
  const byKey = new Map(conditions.map((c) => [c.key, c]));
  const open = new ShownRolls();
  const secret = new ShownRolls();
  const into = (label: string | undefined) =>
    (hidden.has(byKey.get(label ?? "")?.bearer ?? "") ? secret : open);
  const result = await rollInFoundry(endPhasePlan(conditions, round), into);
  const ending = new Map<string, string[]>();
  for (const c of result.ended) {
    ending.set(c.actorId, [...(ending.get(c.actorId) ?? []), c.effectId]);
  }
  for (const [uuid, ids] of ending) {
    await bearers.get(uuid)?.actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  }
  // The GM's records of the conditions that ended go with them (by actor: an unlinked token's
  // effects keep their base actor's ids).
  const gone = new Set(result.ended.map((c) => c.key));
  const pruned = Object.fromEntries(combat.phasesCombatants.flatMap((c) => {
    const kept = c.data.conditions;
    const left = kept.filter((k) => !gone.has(`${c.actor?.uuid ?? ""}.${k.effect}`));
    return c.id && left.length < kept.length ? [[c.id, { conditions: left }]] : [];
  }));
  if (Object.keys(pruned).length) await combat.keep(pruned);
  const heading = t("FRAY.Phases.EndPhase.Heading", { round: `${round}` });
  const lines = endPhaseLines(result, names, t);
  const note = async (shown: readonly EndPhaseLine[], dice: ShownRolls, gmOnly: boolean) => {
    if (!shown.length) return;
    const content = noteHtml("phases", shown.map((l) => l.text), heading);
    await postNote({ content, rolls: dice.rolls, gmOnly });
  };
  await note(lines.filter((l) => !hidden.has(l.bearer)), open, false);
  await note(lines.filter((l) => hidden.has(l.bearer)), secret, true);
}
