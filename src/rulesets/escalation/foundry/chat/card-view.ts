import type { AttackCard, CardTarget } from "./card-spec";
import { appliedRecord, recordsOf, type AttackSeal } from "./card-seal";
import { hpChange } from "./relay-check";
import { DURATIONS, type Duration } from "../../rules/constants";

/**
 * What a card shows to one viewer (pure, so the template is tested with real Handlebars). Damage,
 * effects and targets come from the seal when there is one (that is what the GM will apply);
 * applied state comes from the GM's records. The GM sees each defense value, looked up by its own
 * client (they are not stored on the card, which every client receives). Buttons appear only for
 * those who may press them, and only while they do something: Apply and Undo for the author, Half,
 * Double and Heal for the GM.
 */
export interface Viewer {
  readonly isGM: boolean;
  readonly userId: string;
}

export interface CardTargetView extends CardTarget {
  readonly index: number;
  /** The defense value the GM's client read for this target now, or null (players, or unknown). */
  readonly defenseValue: number | null;
  readonly resultKey: string;
  readonly canApply: boolean;
  /** Half, Double and Heal: the GM's decisions. */
  readonly canAdjust: boolean;
  readonly canUndo: boolean;
  /** What each button would change, for its label. */
  readonly amounts: { readonly apply: number; readonly half: number; readonly double: number; readonly heal: number };
  /** The step in force: its mode and the amount of damage (or healing) it dealt. */
  readonly applied: { readonly mode: string; readonly amount: number } | null;
  readonly durations: readonly Duration[];
}

export interface CardView {
  readonly abilityName: string;
  readonly escalation: number;
  readonly formula: string;
  /** A card posted while no GM was online, or whose claims the GM could not verify. */
  readonly unsealed: boolean;
  readonly targets: readonly CardTargetView[];
}

export interface CardRecords {
  readonly seal: AttackSeal | null;
  readonly ledger: unknown;
}

const NO_RECORDS: CardRecords = { seal: null, ledger: undefined };

export function cardView(
  card: AttackCard, viewer: Viewer, records: CardRecords = NO_RECORDS, defenseValues: readonly (number | null)[] = [],
): CardView {
  const { seal } = records;
  const mayApply = viewer.isGM || (seal !== null && seal.authorId === viewer.userId);
  return {
    abilityName: card.abilityName,
    escalation: card.escalation,
    formula: card.formula,
    unsealed: seal === null,
    targets: card.targets.map((t, index) => {
      const sealed = seal?.targets[index];
      const damage = sealed ? sealed.damage : t.damage;
      const effects = sealed ? sealed.effects.map((e, i) => ({ ...e, duration: t.effects[i]?.duration ?? "saveEnds" })) : t.effects;
      const lastGasp = sealed ? sealed.lastGasp : t.lastGasp;
      const step = appliedRecord(recordsOf(records.ledger, index));
      const open = !step && (damage > 0 || effects.length > 0 || lastGasp);
      return {
        ...t, damage, effects, lastGasp, index,
        defenseValue: viewer.isGM ? defenseValues[index] ?? null : null,
        resultKey: t.invisibleFailed
          ? "FRAY.Chat.NoEffect"
          : t.crit ? "FRAY.Chat.Crit" : t.critFail ? "FRAY.Chat.CritFail" : t.hit ? "FRAY.Chat.Hit" : "FRAY.Chat.Miss",
        canApply: mayApply && open,
        canAdjust: viewer.isGM && open && damage > 0,
        canUndo: Boolean(step) && (viewer.isGM || step?.by === viewer.userId),
        amounts: {
          apply: Math.abs(hpChange("apply", damage)), half: Math.abs(hpChange("half", damage)),
          double: Math.abs(hpChange("double", damage)), heal: hpChange("heal", damage),
        },
        applied: step
          ? { mode: step.mode, amount: step.mode === "undo" || step.mode === "void" ? 0 : Math.abs(hpChange(step.mode, damage)) }
          : null,
        durations: DURATIONS,
      };
    }),
  };
}
