import type { Localize } from "../../../../engine/i18n";
import type { CharacterSource, NpcSource } from "../../rules/models";
import { survivalView } from "./survival-view";
import {
  characterView, HEALTH_MARKERS, npcEditView, npcView, type SheetActor, type SheetCombat,
} from "./actor-view";
import { turnView, type TurnInput } from "./turn-state";
import { dieChoices } from "./item-view";
import { statusToggles } from "../../../../engine/view/statuses";

/**
 * The template context of the character and NPC sheets, from plain data, in the shape the sheets
 * declare it (dnd5e's): what every part reads (`characterContext`, `npcContext`) and one preparer
 * per part that reads more (`PART_CONTEXT`: survival, turn, conditions), run only when that part
 * renders. `characterSheetContext`/`npcSheetContext` put them together, as the browser tests
 * render every part at once, so Foundry and the tests show the same thing. The `labels` are
 * CONFIG.FRAY's choice maps for the edit selects.
 */
export interface SheetContextInput<S> {
  readonly actor: SheetActor<S>;
  readonly combat: SheetCombat | null;
  /** The turn part's input, less what the actor already says. */
  readonly turn: Pick<TurnInput, "combat" | "combatant" | "effects">;
  readonly statusEffects: readonly { id: string; name: string; img?: string | null }[];
  readonly labels: Readonly<Record<string, unknown>>;
}
type Input = SheetContextInput<CharacterSource> | SheetContextInput<NpcSource>;

/** What the character sheet's parts all read: its data, its view, the edit selects' choices. */
export function characterContext(input: SheetContextInput<CharacterSource>, t: Localize) {
  const { actor } = input;
  const view = characterView(actor, input.combat, t);
  return { system: actor.system, view, dieChoices: dieChoices(t), ...input.labels };
}

/** What the NPC statblock's parts all read, its edit mode's list rows included. */
export function npcContext(input: SheetContextInput<NpcSource>, t: Localize) {
  const { actor } = input;
  return {
    system: actor.system, view: npcView(actor, input.combat, t), ...npcEditView(actor.system),
    dieChoices: dieChoices(t), ...input.labels,
  };
}

/** A PC counts the escalation die; an NPC when its statblock says so (§The Escalation Die). */
const usesEscalation = ({ actor }: Input) =>
  actor.isPC || (actor.system as NpcSource).usesEscalation;

/** One preparer per part that reads more than the shared context. */
export const PART_CONTEXT = {
  survival: (input: SheetContextInput<CharacterSource>, t: Localize) =>
    ({ survival: survivalView(input.actor.system, input.actor.health, t) }),
  turn: (input: Input, t: Localize) => {
    const { actor } = input;
    const turn = { ...input.turn, isPC: actor.isPC, usesEscalation: usesEscalation(input),
      conditions: actor.statuses };
    return { turn: turnView(turn, t) };
  },
  conditions: (input: Input, t: Localize) => ({
    conditions: statusToggles(input.statusEffects, input.actor.statuses, HEALTH_MARKERS, t),
  }),
};

export function characterSheetContext(input: SheetContextInput<CharacterSource>, t: Localize) {
  return {
    ...characterContext(input, t), ...PART_CONTEXT.survival(input, t),
    ...PART_CONTEXT.turn(input, t), ...PART_CONTEXT.conditions(input, t),
  };
}

export function npcSheetContext(input: SheetContextInput<NpcSource>, t: Localize) {
  return {
    ...npcContext(input, t), ...PART_CONTEXT.turn(input, t), ...PART_CONTEXT.conditions(input, t),
  };
}
