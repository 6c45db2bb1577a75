import type { Localize } from "../../../../engine/i18n";
import { signedText } from "../../../../engine/view/punct";
import type { CheckPlan } from "../../rules/checks";
import type { ApCard } from "../cards/card-spec";

/**
 * The attack dialog an attacker sees before its card is posted: the check as the GM will compute
 * it from the documents (the skill, each modifier by source: gang-up, range increments, off hand;
 * each edge source: Feint, grappling), the number it rolls under and how many d100 it keeps, and
 * the edge sources its author may add: a Disadvantage it takes on itself, and (a GM only) an
 * Advantage the situation gives. Nothing here is trusted: the GM recomputes all of it as it seals.
 * Source: `004_2cc57162401858c9.txt` §Gang-up, §Range Penalties, §Two-Weapon Fighting, §Feint,
 * §Grapple; RULINGS.md §action-points Checks.
 */
export interface AttackDialogView {
  /** One line a term: the skill, then each modifier and edge source. */
  readonly lines: readonly string[];
  /** "Roll under 70%, one d100" and the like. */
  readonly roll: string;
  /** The sources the author may add (checkboxes, none ticked). */
  readonly choices: readonly { readonly name: string; readonly label: string }[];
}

/** The check's terms as the card and the dialog show them, localized. */
export function planLines(plan: CheckPlan, t: Localize): string[] {
  return [
    t("FRAY.ActionPoints.Card.Skill.base", { value: plan.skill }),
    ...plan.modifiers.map((m) => t(`FRAY.ActionPoints.Card.Modifier.${m.source}`, {
      value: signedText(m.value, t),
    })),
    ...plan.edgeSources.map((e) => t(`FRAY.ActionPoints.Card.EdgeSource.${e.source}`)),
  ];
}

/** The dialog for `plan` (the GM's own reading of the attack before anything is added). */
export function attackDialogView(plan: CheckPlan, gm: boolean, t: Localize): AttackDialogView {
  const choices = [{ name: "disadvantage", label: t("FRAY.ActionPoints.Dialog.Disadvantage") }];
  if (gm) choices.push({ name: "advantage", label: t("FRAY.ActionPoints.Dialog.Advantage") });
  return {
    lines: planLines(plan, t),
    roll: t(`FRAY.ActionPoints.Dialog.Roll.${plan.edge}`, { target: plan.target }),
    choices,
  };
}

/** The edge sources the dialog's form adds to the card (`disadvantage`, `advantage` ticked). */
export function declaredOf(
  form: Readonly<Record<string, unknown>>,
): Pick<ApCard, "disadvantages" | "advantages"> {
  return {
    disadvantages: form.disadvantage ? ["other"] : [],
    advantages: form.advantage ? ["other"] : [],
  };
}
