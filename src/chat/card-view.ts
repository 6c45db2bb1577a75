import type { AttackCard, CardTarget } from "./card-spec";
import { DURATIONS, type Duration } from "../rules/escalation/constants";

/**
 * What a card shows to one viewer (pure, so the template is tested with real Handlebars): the GM
 * sees each defense value, players do not; buttons appear only for those who may press them, and
 * only while they do something.
 */
export interface CardTargetView extends CardTarget {
  readonly index: number;
  readonly showDefense: boolean;
  readonly resultKey: string;
  readonly canApply: boolean;
  readonly canUndo: boolean;
  /** The durations an effect may be given before it is applied. */
  readonly durations: readonly Duration[];
}

export interface CardView {
  readonly abilityName: string;
  readonly escalation: number;
  readonly formula: string;
  readonly targets: readonly CardTargetView[];
}

export function cardView(card: AttackCard, viewer: { isGM: boolean; isAuthor: boolean }): CardView {
  const mayAct = viewer.isGM || viewer.isAuthor;
  return {
    abilityName: card.abilityName,
    escalation: card.escalation,
    formula: card.formula,
    targets: card.targets.map((t, index) => ({
      ...t,
      index,
      showDefense: viewer.isGM,
      resultKey: t.invisibleFailed
        ? "FRAY.Chat.NoEffect"
        : t.crit ? "FRAY.Chat.Crit" : t.critFail ? "FRAY.Chat.CritFail" : t.hit ? "FRAY.Chat.Hit" : "FRAY.Chat.Miss",
      // A hit with effects but no damage still has something to apply.
      canApply: mayAct && !t.applied.done && (t.damage > 0 || t.effects.length > 0 || t.lastGasp),
      canUndo: mayAct && t.applied.done,
      durations: DURATIONS,
    })),
  };
}
