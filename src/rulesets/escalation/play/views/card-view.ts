import type { AttackCard, CardTarget } from "../cards/card-spec";
import { appliedRecord, recordsOf, type ApplyRecord, type AttackSeal } from "../cards/card-seal";
import { hpChange } from "../cards/hp-change";
import { DURATIONS, type Duration } from "../../rules/constants";
import { edgePool, poolFormula } from "../../../../engine/dice/pool";
import { attackResult, badge, type BadgeView } from "./card-badge";
import { diceText, diceView, type DieView } from "./card-roll";

/**
 * What a card shows to one viewer (pure, so the template is tested with real Handlebars). Damage,
 * effects and targets come from the seal when there is one (that is what the GM will apply);
 * applied state comes from the GM's records. The GM sees each defense value, looked up by its own
 * client (they are not stored on the card, which every client receives). Buttons appear only for
 * those who may press them, and only while they do something: Apply and Undo for the author, Half,
 * Double and Heal for the GM. Each target leads with its result badge (word and icon), then
 * "26 vs PD 14", then its dice and natural; the formula and its terms are the roll's tooltip.
 */
export interface Viewer {
  readonly isGM: boolean;
  readonly userId: string;
}

/**
 * One button under a target: the card step it asks the GM for (`apply` with a mode, or `undo`),
 * its arguments as JSON, and the amount it will change.
 */
export interface CardButtonView {
  readonly action: "apply" | "half" | "double" | "heal" | "undo";
  readonly step: "apply" | "undo";
  readonly args: { readonly index: number; readonly mode?: string };
  readonly argsJson: string;
  readonly labelKey: string;
  readonly amount: number;
  readonly icon: string;
}

export interface CardTargetView extends CardTarget {
  readonly index: number;
  /** The defense value the GM's client read for this target now, or null (players, or unknown). */
  readonly defenseValue: number | null;
  /** The result as a badge (word key and icon); `resultKey` is its word. */
  readonly result: BadgeView;
  readonly resultKey: string;
  /** "26 vs PD 14" for the GM (`FRAY.Punct.VersusNamed`), "26 vs PD" for players. */
  readonly versusKey: string;
  readonly defenseKey: string;
  /** Every die rolled, kept or dropped, and the roll's formula with its terms (the tooltip). */
  readonly diceView: readonly DieView[];
  readonly diceAll: string;
  readonly diceKept: string;
  readonly rollFormula: string;
  /** The formula's terms by name for the tooltip, or null on a card that did not record them. */
  readonly rollTerms: {
    readonly key: string; readonly level: number; readonly volition: number;
    readonly escalation: number;
  } | null;
  /** Advantage or Disadvantage and how much, or null without edge. */
  readonly edgeView: { readonly key: string; readonly amount: number } | null;
  /** The damage line's format key (hit or miss damage), or null without damage. */
  readonly damageKey: string | null;
  readonly effectViews: readonly {
    readonly key: string; readonly durationKey: string; readonly index: number;
  }[];
  readonly canApply: boolean;
  /** Half, Double and Heal: the GM's decisions. */
  readonly canAdjust: boolean;
  readonly canUndo: boolean;
  /** What each button would change, for its label. */
  readonly amounts: {
    readonly apply: number; readonly half: number; readonly double: number; readonly heal: number;
  };
  readonly buttons: readonly CardButtonView[];
  /** The step in force: its mode and the amount of damage (or healing) it dealt. */
  readonly applied: {
    readonly mode: string; readonly amount: number; readonly badge: BadgeView;
  } | null;
  /**
   * The last try refused by the GM's client (a `void` record since the last step in force): the
   * reason as a FRAY.Relay.Reason key, or as the text the GM's client recorded.
   */
  readonly refused: {
    readonly reasonKey: string | null; readonly reasonText: string; readonly badge: BadgeView;
  } | null;
  readonly durations: readonly Duration[];
  /** The duration step's arguments (JSON) for each effect's select. */
  readonly durationArgs: readonly string[];
}

export interface CardView {
  readonly abilityName: string;
  readonly escalation: number;
  readonly formula: string;
  /** A card posted while no GM was online, or whose claims the GM could not verify. */
  readonly unsealed: boolean;
  readonly isGM: boolean;
  readonly targets: readonly CardTargetView[];
}

export interface CardRecords {
  readonly seal: AttackSeal | null;
  readonly ledger: unknown;
}

const NO_RECORDS: CardRecords = { seal: null, ledger: undefined };

const BUTTON_ICONS = {
  apply: "fa-heart-crack", half: "fa-divide", double: "fa-angles-up", heal: "fa-heart-pulse",
  undo: "fa-rotate-left",
} as const;

/** The formula of one target's roll: the card's terms after this target's own edge pool. */
function rollFormulaOf(cardFormula: string, edge: number): string {
  const pool = poolFormula(edgePool(3, 6, Number.isInteger(edge) ? edge : 0));
  return cardFormula.trim() ? cardFormula.trim().replace(/^\S+/, pool) : pool;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The duration the author picked for effect `i` of target `index` (the GM's record), if any. */
function pickedOf(ledger: unknown, index: number, i: number): Duration | null {
  const target = isObject(ledger) && isObject(ledger.picked) ? ledger.picked[String(index)] : null;
  const d = isObject(target) ? target[String(i)] : undefined;
  return (DURATIONS as readonly unknown[]).includes(d) ? (d as Duration) : null;
}

/** The last refused try on a target, when nothing was applied after it. */
function refusedOf(records: readonly ApplyRecord[]): CardTargetView["refused"] {
  const last = records.at(-1);
  if (!last || last.mode !== "void") return null;
  const reason = last.reason ?? "failed";
  const isKey = /^[a-zA-Z]+$/.test(reason);
  return {
    reasonKey: isKey ? `FRAY.Relay.Reason.${reason}` : null, reasonText: isKey ? "" : reason,
    badge: badge("refused"),
  };
}

export function cardView(
  card: AttackCard, viewer: Viewer, records: CardRecords = NO_RECORDS,
  defenseValues: readonly (number | null)[] = [],
): CardView {
  const { seal } = records;
  const mayApply = viewer.isGM || (seal !== null && seal.authorId === viewer.userId);
  return {
    abilityName: card.abilityName,
    escalation: card.escalation,
    formula: card.formula,
    unsealed: seal === null,
    isGM: viewer.isGM,
    targets: card.targets.map((t, index) => {
      const sealed = seal?.targets[index];
      const damage = sealed ? sealed.damage : t.damage;
      const duration = (i: number) =>
        pickedOf(records.ledger, index, i) ?? t.effects[i]?.duration ?? "saveEnds";
      const effects = sealed
        ? sealed.effects.map((e, i) => ({ ...e, duration: duration(i) }))
        : t.effects;
      const lastGasp = sealed ? sealed.lastGasp : t.lastGasp;
      const history = recordsOf(records.ledger, index);
      const step = appliedRecord(history);
      const open = !step && (damage > 0 || effects.length > 0 || lastGasp);
      const defenseValue = viewer.isGM ? defenseValues[index] ?? null : null;
      const result = badge(attackResult(t));
      const dice = diceView(t.dice, t.edge);
      const canApply = mayApply && open;
      const canAdjust = viewer.isGM && open && damage > 0;
      const canUndo = Boolean(step) && (viewer.isGM || step?.by === viewer.userId);
      const amounts = {
        apply: Math.abs(hpChange("apply", damage)), half: Math.abs(hpChange("half", damage)),
        double: Math.abs(hpChange("double", damage)), heal: hpChange("heal", damage),
      };
      const button = (action: CardButtonView["action"], amount: number): CardButtonView => {
        const args = action === "undo" ? { index } : { index, mode: action };
        return {
          action, step: action === "undo" ? "undo" : "apply", args, argsJson: JSON.stringify(args),
          amount, icon: BUTTON_ICONS[action], labelKey: `FRAY.Card.Button.${action}`,
        };
      };
      const buttons = [
        ...(canApply ? [button("apply", amounts.apply)] : []),
        ...(canAdjust
          ? [button("half", amounts.half), button("double", amounts.double),
            button("heal", amounts.heal)]
          : []),
        ...(canUndo ? [button("undo", 0)] : []),
      ];
      const appliedAmount = step && step.mode !== "undo" && step.mode !== "void"
        ? Math.abs(hpChange(step.mode, damage)) : 0;
      return {
        ...t, damage, effects, lastGasp, index, defenseValue, result,
        resultKey: result.labelKey,
        versusKey: defenseValue === null ? "FRAY.Punct.Versus" : "FRAY.Punct.VersusNamed",
        defenseKey: `FRAY.Defense.${t.defense}`,
        diceView: dice, diceAll: diceText(dice), diceKept: diceText(dice, "kept"),
        rollFormula: rollFormulaOf(card.formula, t.edge),
        // Cards rolled before the terms were recorded show the formula alone.
        rollTerms: t.level > 0
          ? { key: card.escalation > 0 ? "FRAY.Card.TermsEscalation" : "FRAY.Card.Terms",
            level: t.level, volition: t.volition, escalation: card.escalation }
          : null,
        edgeView: t.edge > 0 ? { key: "FRAY.Card.Advantage", amount: t.edge }
          : t.edge < 0 ? { key: "FRAY.Card.Disadvantage", amount: -t.edge } : null,
        damageKey: damage > 0
          ? (t.damageKind === "miss" ? "FRAY.Card.MissDamage" : "FRAY.Card.Damage") : null,
        effectViews: effects.map((e, i) => ({
          key: `FRAY.Condition.${e.id}`, durationKey: `FRAY.Duration.${e.duration}`, index: i,
        })),
        canApply, canAdjust, canUndo, amounts, buttons,
        applied: step
          ? {
            mode: step.mode, amount: appliedAmount,
            badge: badge(step.mode === "heal" ? "healed" : "applied"),
          }
          : null,
        refused: step ? null : refusedOf(history),
        durations: DURATIONS,
        durationArgs: effects.map((_, i) => JSON.stringify({ index, effect: i })),
      };
    }),
  };
}

/**
 * What a viewer the roll mode hides the card from may still do: each target's name and the
 * buttons it may press, as the shell's hidden-card rows (`shell/cards/actions.ts` ActionRow).
 */
export function hiddenRows(view: CardView): {
  name: string;
  buttons: {
    step: string; args: CardButtonView["args"]; labelKey: string;
    labelData: { amount: number }; icon: string;
  }[];
}[] {
  return view.targets.map((t) => ({
    name: t.name,
    buttons: t.buttons.map((b) => ({
      step: b.step, args: b.args, labelKey: b.labelKey, labelData: { amount: b.amount },
      icon: b.icon,
    })),
  }));
}
