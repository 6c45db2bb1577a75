import type { Localize } from "../../../../engine/i18n";
import type { CharacterSource, NpcSource } from "../../rules/models";
import { survivalView } from "../applications/survival-view";
import {
  characterView, HEALTH_MARKERS, npcEditView, npcView, type SheetActor, type SheetCombat,
} from "./actor-view";
import { turnView, type TurnInput } from "./turn-state";
import { dieChoices } from "./item-view";
import { statusToggles } from "../../../../shell/applications/statuses";

/**
 * The whole template context of the character and NPC sheets, from plain data: what
 * `CharacterSheet`/`NpcSheet#sheetContext` return in Foundry and what the browser tests render,
 * so both show the same thing. The `labels` are CONFIG.FRAY's choice maps for the edit selects.
 */
export interface SheetContextInput<S> {
  readonly actor: SheetActor<S>;
  readonly combat: SheetCombat | null;
  /** The turn part's input, less what the actor already says. */
  readonly turn: Pick<TurnInput, "combat" | "combatant" | "effects">;
  readonly statusEffects: readonly { id: string; name: string; img?: string | null }[];
  readonly labels: Readonly<Record<string, unknown>>;
}

function shared<S>(input: SheetContextInput<S>, usesEscalation: boolean, t: Localize) {
  const { actor } = input;
  return {
    turn: turnView(
      { ...input.turn, isPC: actor.isPC, usesEscalation, conditions: actor.statuses },
      t,
    ),
    conditions: statusToggles(input.statusEffects, actor.statuses, HEALTH_MARKERS, t),
    dieChoices: dieChoices(t),
    ...input.labels,
  };
}

export function characterSheetContext(input: SheetContextInput<CharacterSource>, t: Localize) {
  const { actor } = input;
  return {
    system: actor.system,
    view: characterView(actor, input.combat, t),
    survival: survivalView(actor.system, actor.health, t),
    ...shared(input, true, t),
  };
}

export function npcSheetContext(input: SheetContextInput<NpcSource>, t: Localize) {
  const { actor } = input;
  return {
    system: actor.system,
    view: npcView(actor, input.combat, t),
    ...npcEditView(actor.system),
    ...shared(input, actor.system.usesEscalation, t),
  };
}
