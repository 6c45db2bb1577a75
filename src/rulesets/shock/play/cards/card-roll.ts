import type { Modifier } from "../../../../engine/dice/check";
import type { Localize } from "../../../../engine/i18n";
import { signedText } from "../../../../engine/view/punct";
import type { CardView } from "./card-view";

/**
 * The attack roll's detail on a shock card, pure: the formula and each modifier by its source
 * ("1d20 + 6: Attack bonus +1 · Dexterity +1 · Stab +2 · Charge +2"), shown as the roll's
 * tooltip and read as its accessible name. The terms come from `attackModifiers` (rules/attack.ts)
 * for the card's attacker, weapon and options; they sum to the formula's modifier.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls.
 */
export interface RollText {
  /** "18 vs AC 13" (GM) or "18 vs AC". */
  readonly versus: string;
  /** "d20 12". */
  readonly natural: string;
  /** The formula and its terms by source (the tooltip). */
  readonly detail: string;
  /** Everything above in one sentence: the roll's accessible name. */
  readonly label: string;
}

/** The localized name of a modifier's source (`attribute:dex`, `skill:stab`, `situation:…`). */
export function sourceLabel(source: string, t: Localize): string {
  const [kind, id] = source.split(":");
  if (kind === "attribute" && id) return t(`FRAY.Shock.Attribute.${id}`);
  if (kind === "skill" && id) return t(`FRAY.Shock.Skill.${id}`);
  if (kind === "situation" && id) return t(`FRAY.Shock.Situation.${id}`);
  return t(`FRAY.Shock.Card.Source.${source}`);
}


export function rollText(view: CardView, terms: readonly Modifier[], t: Localize): RollText {
  const versus = t(view.versus.key, { total: view.versus.total, ac: view.versus.ac ?? "" });
  const natural = t("FRAY.Shock.Card.Natural", { natural: view.natural });
  const parts = terms.map((m) =>
    t("FRAY.Shock.Card.Term", { source: sourceLabel(m.source, t), value: signedText(m.value, t) }));
  const detail = parts.length
    ? t("FRAY.Shock.Card.RollDetail", {
        formula: view.formula,
        terms: parts.join(t("FRAY.Punct.Separator")),
      })
    : view.formula;
  return {
    versus,
    natural,
    detail,
    label: t("FRAY.Shock.Card.RollLabel", { versus, natural, detail }),
  };
}

/** What the card template gets: the viewer's card and its roll's text. */
export function cardContext(
  view: CardView, terms: readonly Modifier[], t: Localize,
): { view: CardView; roll: RollText } {
  return { view, roll: rollText(view, terms, t) };
}
