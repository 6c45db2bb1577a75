import type { Localize } from "../../../../engine/i18n";
import { diceText, signedText } from "../../../../engine/view/punct";
import { MELEE_ZONE } from "../../rules/constants";
import type { Derived } from "../../rules/derived";
import { damageDice } from "../../rules/damage";
import { focused, type FeatLike } from "../../rules/feats";
import { isChanneled } from "../../rules/spells";
import { isNoWard } from "../../rules/upkeep";
import { aimEffectTerms } from "../../rules/wounds";
import type { Feat, Spell, Weapon } from "../../rules/statblock";
import type { WoundRecord } from "../actors/wound-effects";
import { wardTexts } from "../round/upkeep";

/**
 * The rows of a wounds actor sheet and the play view of its item sheets, pure: a weapon's kind and
 * damage formula (one more die with Weapon Focus, + Strength after wounds for a melee weapon), a
 * spell's cast time, MP, upkeep and what it does, a feat's effect, and a wound's aim, effect and
 * the round it was dealt. Every word through `t` (`FRAY.Wounds.Sheet.*`, `Aim`, `Feat`).
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Spell Casting, §Channeling,
 * §Feats; RULINGS.md §wounds Aim, Damage, Feats.
 */

/** Who wields a weapon, as its damage formula reads them (none: the formula alone). */
export interface Wielder {
  /** Strength after wounds. */
  readonly strength: number;
  readonly feats: readonly FeatLike[];
}

/**
 * A weapon's row: its kind and the damage formula a hit rolls ("2d8+1": Weapon Focus's die and
 * a melee weapon's Strength counted in; "1d8 + Strength" for a melee weapon nobody wields).
 */
export function weaponRow(w: Weapon, wielder: Wielder | null, t: Localize) {
  const focus = wielder !== null && focused(wielder.feats, w);
  const dice = wielder === null ? w.damage.dice : damageDice({
    weapon: w, strength: wielder.strength, feats: wielder.feats, extraAttack: false,
    meleeDamagePurchases: 0, sneak: false, reductions: [], multiplier: 1, aim: "centerMass",
  }).weapon;
  const melee = w.kind === "melee";
  const bonus = w.damage.bonus + (melee && wielder ? wielder.strength : 0);
  const formula = diceText(dice, w.damage.die, bonus, t);
  const damage = melee && !wielder
    ? t("FRAY.Wounds.Sheet.PlusStrength", { damage: formula }) : formula;
  const tags = [
    t(`FRAY.Wounds.WeaponKind.${w.kind}`),
    ...(melee && wielder ? [t("FRAY.Wounds.Sheet.WithStrength", {
      strength: signedText(wielder.strength, t),
    })] : []),
    ...(focus ? [t("FRAY.Wounds.Sheet.Focused")] : []),
  ];
  return { id: w.id, name: w.name, kind: w.kind, damage, tags };
}

/** A spell's row: cast time, MP, upkeep or channeled, and its damage, summon or ward. */
export function spellRow(s: Spell, t: Localize) {
  const tags = [
    t(s.castTime === 1 ? "FRAY.Wounds.Sheet.CastAction" : "FRAY.Wounds.Sheet.CastActions",
      { count: s.castTime }),
    t("FRAY.Wounds.Sheet.Mp", { mp: s.mp }),
    ...(s.upkeep > 0 ? [t("FRAY.Wounds.Sheet.Upkeep", { mp: s.upkeep })] : []),
    ...(s.improvement > 0 ? [t("FRAY.Wounds.Sheet.Improvement", { amount: s.improvement })] : []),
    ...(isChanneled(s) ? [t("FRAY.Wounds.Sheet.Channeled")] : []),
  ];
  const ward = wardTexts(s.ward, t).join(t("FRAY.Wounds.Sheet.WardAnd"));
  const does = s.damage
    ? t("FRAY.Wounds.Sheet.SpellDamage", {
      damage: diceText(s.damage.dice, s.damage.die, s.damage.bonus, t),
    })
    : s.summon ? t("FRAY.Wounds.Sheet.Summons", { unit: s.summon })
      : !isNoWard(s.ward) ? t("FRAY.Wounds.Sheet.Ward", { ward })
        : t("FRAY.Wounds.Sheet.NoAttack");
  return { id: s.id, name: s.name, tags, does, channeled: isChanneled(s), attacks: !!s.damage };
}

/** A feat's row: which feat, what it does, and the weapons a Weapon Focus names. */
export function featRow(f: Feat, name: string, t: Localize) {
  const weapons = f.feat === "weaponFocus" && f.weapons.length
    ? t("FRAY.Wounds.Sheet.FocusWeapons", { weapons: f.weapons.join(t("FRAY.Punct.Separator")) })
    : null;
  return {
    id: f.id, name, feat: t(`FRAY.Wounds.Feat.${f.feat}`),
    does: t(`FRAY.Wounds.FeatHint.${f.feat}`),
    weapons,
  };
}

/**
 * What a wound of `aim` does, from its effect (`AIM_EFFECTS`): "Movement −2 · Agility −1",
 * "Accuracy −3 the round it is dealt, −1 after", or that it leaves no lasting penalty.
 */
export function aimEffectText(aim: WoundRecord["aim"], t: Localize): string {
  const parts = aimEffectTerms(aim).map((term) => (term.key === "disrupting"
    ? t("FRAY.Wounds.Sheet.Effect.disrupting", {
      now: signedText(term.now, t), after: signedText(term.after, t),
    })
    : t(`FRAY.Wounds.Sheet.Effect.${term.key}`, { value: signedText(term.value, t) })));
  return parts.length ? parts.join(t("FRAY.Punct.Separator")) : t("FRAY.Wounds.Sheet.Effect.none");
}

/**
 * The wounds as the sheet lists them, oldest first (the order the rules keep): each with its aim,
 * what it does, when it was dealt (a round of this combat, "this round", an earlier fight, or
 * outside a fight) and whether it is the newest, the one a heal of 6 or more removes.
 * @param combat the id of the combat whose round counts, or null.
 */
export function woundRows(
  wounds: readonly WoundRecord[], combat: string | null, round: number, t: Localize,
) {
  return wounds.map((w, i) => {
    const mine = combat !== null && w.combat === combat;
    const when = !w.combat ? t("FRAY.Wounds.Sheet.DealtOutside")
      : !mine ? t("FRAY.Wounds.Sheet.DealtEarlier")
        : w.round === round ? t("FRAY.Wounds.Sheet.DealtThisRound", { round })
          : t("FRAY.Wounds.Sheet.DealtRound", { round: w.round });
    const aim = t(`FRAY.Wounds.Aim.${w.aim}`);
    return {
      id: w.id, aim, does: aimEffectText(w.aim, t), when, newest: i === wounds.length - 1,
      removeLabel: t("FRAY.Wounds.Sheet.RemoveWound", { aim, n: i + 1 }),
    };
  });
}

/** The unit's values now beside its unwounded ones, for the statline. */
export function statline(now: Derived, unwounded: Derived, t: Localize) {
  const signed = (n: number) => signedText(n, t);
  const spaces = (n: number) => t("FRAY.Wounds.Sheet.Spaces", { spaces: n });
  // Reach makes the zone 2 spaces: said so, as the feat is why (§Melee Zone, §Feats).
  const zone = (n: number) => (n > MELEE_ZONE ? t("FRAY.Wounds.Sheet.ReachZone", { spaces: n })
    : spaces(n));
  const stat = (key: string, value: string, was: string) => ({
    key, label: t(`FRAY.Wounds.Stat.${key}`), name: t(`FRAY.Wounds.StatName.${key}`), value,
    was: value === was ? null : was,
    wasLabel: t("FRAY.Wounds.Sheet.Unwounded", { value: was }),
  });
  return [
    stat("accuracy", signed(now.accuracy), signed(unwounded.accuracy)),
    stat("agility", signed(now.agility), signed(unwounded.agility)),
    stat("strength", signed(now.strength), signed(unwounded.strength)),
    stat("armor", String(now.armor), String(unwounded.armor)),
    stat("movement", spaces(now.movement), spaces(unwounded.movement)),
    stat("defense", String(now.defense), String(unwounded.defense)),
    stat("freeHits", String(now.freeHitSlots), String(unwounded.freeHitSlots)),
    stat("bonusActions", String(now.bonusActions), String(unwounded.bonusActions)),
    stat("meleeZone", zone(now.meleeZone), zone(unwounded.meleeZone)),
  ];
}
