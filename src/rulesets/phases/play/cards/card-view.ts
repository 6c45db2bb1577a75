import type { Localize } from "../../../../engine/i18n";
import type { EdgeSource } from "../../../../engine/dice/edge";
import { dieText, signedText } from "../../../../engine/view/punct";
import type { StepButton } from "../../../../engine/view/step-button";
import { EDGE_SOURCE_NAMES } from "../../rules/edge";
import { CONDITION_IDS, type ConditionId } from "../../rules/constants";
import type { PhasesCard } from "./card-spec";
import type { PhasesSeal } from "./seal";
import { appliesAnything, type PhasesLedger } from "./card-steps";

/**
 * A phases attack card as one viewer sees it, pure: its net edge and the pool it rolled (2d6 and
 * the stepped die of the edge), every die with the two kept marked, each edge source by name with its sign and
 * the net edge, the kept dice plus ATK against DEF, hit or miss, the damage with its dice, the
 * conditions it inflicts with how long each lasts, and Apply and Undo for its author and the GM.
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage, §Battle Actions (Attack).
 */
export interface CardViewer {
  readonly isGM: boolean;
  readonly userId: string;
}

/** One die of the pool: its value, its size, and whether it counts. */
export interface DieView {
  readonly value: number;
  readonly die: string;
  readonly kept: boolean;
}

export interface PhasesCardView {
  readonly title: string;
  readonly target: string;
  readonly sealed: boolean;
  /** A free opportunity attack made from an offer (not the attacker's Battle action). */
  readonly opportunity: boolean;
  readonly dice: readonly DieView[];
  readonly sources: readonly string[];
  readonly edge: string;
  readonly check: string;
  readonly hit: boolean;
  readonly outcome: string;
  readonly damage: string;
  readonly effects: readonly string[];
  readonly applied: boolean;
  readonly buttons: readonly (StepButton & { readonly argsJson: string })[];
  readonly refusal: string | null;
}

const isCondition = (id: string): id is ConditionId =>
  (CONDITION_IDS as readonly string[]).includes(id);

/**
 * An edge source's name as the card shows it (`rules/edge.ts` names them): the tier difference,
 * a condition of the attacker or the target, the target's seizure or Defend, a movement power.
 */
export function sourceLabel(s: EdgeSource, t: Localize): string {
  const amount = signedText(s.amount, t);
  if (s.source === EDGE_SOURCE_NAMES.tier) return t("FRAY.Phases.Card.Source.tier", { amount });
  if (s.source === EDGE_SOURCE_NAMES.seized) return t("FRAY.Phases.Card.Source.seized", { amount });
  if (s.source === EDGE_SOURCE_NAMES.defending) {
    return t("FRAY.Phases.Card.Source.defending", { amount });
  }
  const [side, what = "", power = ""] = s.source.split(":");
  if (isCondition(what) && (side === "attacker" || side === "target")) {
    const condition = t(`FRAY.Phases.Condition.${what}`);
    return t(`FRAY.Phases.Card.Source.${side}`, { condition, amount });
  }
  const name = what === "move" ? power : t(`FRAY.Phases.MovementKind.${what}`);
  return t("FRAY.Phases.Card.Source.moved", { power: name, amount });
}

/** The net edge and what it rolls: "Advantage 2: 2d6 and a d8, the two highest kept". */
function edgeLine(seal: PhasesSeal, t: Localize): string {
  const { edge, pool } = seal.plan;
  if (edge === 0) return t("FRAY.Phases.Card.NoEdge");
  const die = dieText(pool.faces[pool.faces.length - 1] as number, t);
  const kind = edge > 0 ? "advantage" : "disadvantage";
  return t(`FRAY.Phases.Card.Edge.${kind}`, { amount: Math.abs(edge), die });
}

function damageLine(seal: PhasesSeal, t: Localize): string {
  const d = seal.damage;
  if (!d) return t("FRAY.Phases.Card.NoDamage");
  const dice = d.dice.length ? d.dice.join(", ") : "";
  return t(dice ? "FRAY.Phases.Card.Damage" : "FRAY.Phases.Card.FlatDamage", {
    amount: d.amount, formula: d.formula, dice,
  });
}

/** The buttons this viewer may press: Apply, then Undo, for the card's author and a GM. */
function buttonsOf(seal: PhasesSeal, ledger: PhasesLedger, viewer: CardViewer): StepButton[] {
  if (!viewer.isGM && viewer.userId !== seal.poster) return [];
  if (!ledger.applied && appliesAnything(seal)) {
    return [{
      step: "apply", args: {}, icon: "fa-heart-crack", labelKey: "FRAY.Phases.Card.Apply",
      labelData: { name: seal.posted.targetName },
    }];
  }
  if (ledger.applied && !ledger.undone) {
    return [{
      step: "undo", args: {}, icon: "fa-rotate-left", labelKey: "FRAY.Phases.Card.Undo",
      labelData: { name: seal.posted.targetName },
    }];
  }
  return [];
}

/**
 * The card for one viewer.
 * @param seal the GM's seal (null before it is sealed, or when it was refused).
 * @param refusal the refused seal's reason, localized, or null.
 */
export function cardView(
  card: Pick<PhasesCard, "itemName" | "targetName" | "opportunityFor">, seal: PhasesSeal | null,
  ledger: PhasesLedger, viewer: CardViewer, t: Localize, refusal: string | null,
): PhasesCardView {
  const title = seal?.posted.itemName ?? card.itemName;
  const target = seal?.posted.targetName ?? card.targetName;
  const posted = seal?.posted ?? card;
  const empty = {
    title, target, sealed: false, opportunity: posted.opportunityFor !== "", dice: [], sources: [], edge: "", check: "", hit: false,
    outcome: "", damage: "", effects: [], applied: false, buttons: [], refusal,
  };
  if (!seal) return empty;
  const { plan, roll } = seal;
  const kept = new Set(roll.roll.keptIndices);
  const dice = roll.roll.dice.map((value, i) => ({
    value, die: dieText(plan.pool.faces[i] as number, t), kept: kept.has(i),
  }));
  return {
    ...empty, sealed: true, dice,
    sources: plan.sources.map((s) => sourceLabel(s, t)),
    edge: edgeLine(seal, t),
    check: t("FRAY.Phases.Card.Check", {
      kept: roll.roll.kept.join(" + "), atk: signedText(plan.atk, t), total: roll.total,
      def: plan.def,
    }),
    hit: roll.hit,
    outcome: t(roll.hit ? "FRAY.Phases.Card.Hit" : "FRAY.Phases.Card.Miss"),
    damage: damageLine(seal, t),
    effects: seal.effects.map((e) => t("FRAY.Phases.Card.Effect", {
      condition: t(`FRAY.Phases.Condition.${e.condition}`),
      duration: t(`FRAY.Phases.Duration.${e.duration}`),
    })),
    applied: ledger.applied === true && ledger.undone !== true,
    buttons: buttonsOf(seal, ledger, viewer).map((b) => ({ ...b, argsJson: JSON.stringify(b.args) })),
  };
}

/** The rows of the card a viewer gets when the roll mode hides its content (only buttons). */
export const hiddenRows = (view: PhasesCardView) => [{ name: view.target, buttons: view.buttons }];
