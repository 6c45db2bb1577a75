import type { Localize } from "../../../../engine/i18n";
import { AIMS, DEFAULT_AIM, type Aim } from "../../rules/constants";
import { MAX_CARD_PURCHASES, type WoundsCard } from "../cards/card-spec";
import { aimText } from "../cards/card-view";
import type { AttackPlanned } from "../cards/seal";

/**
 * The attack dialog an attacker sees before its card is posted: the aim to pick (each with what
 * its wound does; center mass first, the default, with its +1), the defense the GM reads now,
 * and on its own turn in a fight the extra attack (the Move and both Bonus Actions) and the
 * Bonus Actions to spend on +1 to hit and +1 melee damage, as many as its Bonus Actions left
 * allow; an attack spell buys none of these, but its Bonus Actions may improve it (when it has
 * an improvement). Nothing here is trusted: the GM recomputes and pays all of it as it seals.
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Bonus Actions; RULINGS.md §wounds Aim,
 * Turn, Bonus purchases.
 */
export interface AttackDialogView {
  readonly aims: readonly {
    readonly id: Aim; readonly name: string; readonly effect: string; readonly checked: boolean;
  }[];
  /** "Needs 14 or more on the d20 with its modifiers (+3)". */
  readonly needs: string;
  /** The purchases may be chosen (its own turn in a fight). */
  readonly turn: boolean;
  /** The extra attack may be chosen (its own turn, with a weapon). */
  readonly extraAttack: boolean;
  /** How many of each purchase the Bonus Actions left allow (0 hides the choice). */
  readonly purchases: readonly {
    readonly name: "buyToHit" | "buyMeleeDamage" | "improveSpell"; readonly label: string;
    readonly options: readonly number[];
  }[];
}

/**
 * The dialog for `planned` (the GM's reading with the default aim and no purchases).
 * @param bonusLeft the attacker's Bonus Actions left this turn, or null outside its turn.
 * @param arms `melee`: melee damage can be bought only for a melee weapon; `improvement`: an
 *   attack spell's damage per Bonus Action improving it, null for a weapon.
 */
export function attackDialogView(
  planned: AttackPlanned, bonusLeft: number | null,
  arms: { readonly melee: boolean; readonly improvement: number | null }, t: Localize,
): AttackDialogView {
  const options = (n: number) => Array.from({ length: Math.min(n, MAX_CARD_PURCHASES) + 1 },
    (_, i) => i);
  const left = bonusLeft ?? 0;
  const spell = arms.improvement !== null;
  const purchase = (name: AttackDialogView["purchases"][number]["name"], label: string) =>
    ({ name, label, options: options(left) });
  const purchases = (spell
    ? [...arms.improvement ? [purchase("improveSpell",
      t("FRAY.Wounds.Dialog.Improve", { amount: arms.improvement }))] : []]
    : [purchase("buyToHit", t("FRAY.Wounds.Dialog.BuyToHit")),
      ...arms.melee ? [purchase("buyMeleeDamage", t("FRAY.Wounds.Dialog.BuyMeleeDamage"))] : []]
  ).filter((p) => p.options.length > 1);
  return {
    aims: AIMS.map((id) => ({ id, ...aimText(id, t), checked: id === DEFAULT_AIM })),
    needs: t(`FRAY.Wounds.Dialog.Needs.${planned.defenseState}`, {
      target: planned.defense.target,
    }),
    turn: bonusLeft !== null,
    extraAttack: bonusLeft !== null && !spell,
    purchases,
  };
}

const count = (v: unknown): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_CARD_PURCHASES) : 0;
};

/** What the dialog's form adds to the card (an unknown aim is the default). */
export function declaredOf(form: Readonly<Record<string, unknown>>):
  Pick<WoundsCard, "aim" | "extraAttack" | "buyToHit" | "buyMeleeDamage" | "improveSpell"> {
  const aim = AIMS.includes(form.aim as Aim) ? (form.aim as Aim) : DEFAULT_AIM;
  return {
    aim, extraAttack: form.extraAttack === true || form.extraAttack === "on",
    buyToHit: count(form.buyToHit), buyMeleeDamage: count(form.buyMeleeDamage),
    improveSpell: count(form.improveSpell),
  };
}
