import type { Localize } from "../../../../engine/i18n";
import type { Modifier } from "../../../../engine/dice/check";
import { dieText, signedText } from "../../../../engine/view/punct";
import type { StepButton } from "../../../../engine/view/step-button";
import { aimEffectText } from "../views/rows";
import type { Aim } from "../../rules/constants";
import type { WoundsCard } from "./card-spec";
import type { WoundsSeal } from "./seal";
import {
  appliesAnything, recordedOutcome, rollsForTarget, type WoundsLedger,
} from "./card-steps";
import type { AttackOutcome } from "./outcome";

/**
 * A wounds attack card as one viewer sees it, pure: the aim and what its wound does, the
 * attack's modifiers by source, the defense and what set it (dodging, flat-footed, prone), the
 * d20 and its total against the defense, hit or miss; then each link of a critical or tragedy
 * chain with its die and what it made (super critical, decisive blow; tragedy, fatal blow); the
 * damage by source with armor taken off and the multiplier; the wound it deals; the free hit a
 * natural 1 gives; and the buttons its author and a GM may press: the next link's die (one button
 * per link), then Apply, then Undo. Source: `001_dbc5fcc02a99a518.txt` §Attacking,
 * §Wounds/Aiming, §Auto Fails/Criticals, §Combat specific Fails/Criticals.
 */
export interface CardViewer {
  readonly isGM: boolean;
  readonly userId: string;
}

export interface LinkView {
  readonly die: string;
  readonly roll: number;
  /** The link landed on its top face. */
  readonly top: boolean;
  readonly says: string;
}

export interface WoundsCardView {
  readonly title: string;
  readonly target: string;
  readonly sealed: boolean;
  readonly freeHit: boolean;
  readonly aim: string;
  readonly aimEffect: string;
  readonly modifiers: readonly string[];
  readonly defense: string;
  readonly defenseSources: readonly string[];
  readonly check: string;
  readonly hit: boolean;
  readonly outcome: string;
  readonly links: readonly LinkView[];
  readonly chainResult: string;
  readonly damage: readonly string[];
  readonly total: string;
  readonly wound: string;
  readonly freeHitLine: string;
  readonly applied: boolean;
  readonly buttons: readonly (StepButton & { readonly argsJson: string })[];
  readonly refusal: string | null;
}

/**
 * An aim's name and what it does, for a card and the attack dialog: center mass's +1 and fatal's
 * d4 happen at the attack; the other aims' wounds as the sheet lists them (`aimEffectText`).
 */
export function aimText(aim: Aim, t: Localize): { name: string; effect: string } {
  const atAttack = aim === "centerMass" || aim === "fatal";
  const effect = atAttack ? t(`FRAY.Wounds.Card.AimHint.${aim}`) : aimEffectText(aim, t);
  return { name: t(`FRAY.Wounds.Aim.${aim}`), effect };
}

/**
 * A modifier's source by name with its sign: "Accuracy +2", "Center mass +1"; a defense's base
 * (10, or 5 when it cannot dodge) is a number, not a bonus: "Base 10".
 */
function sourceText(m: Modifier, t: Localize): string {
  const key = m.source.replace(":", ".");
  const base = ["base", "flatFooted", "prone"].includes(m.source);
  return t("FRAY.Wounds.Card.Term", {
    name: t(`FRAY.Wounds.Card.Source.${key}`),
    amount: base ? String(m.value) : signedText(m.value, t),
  });
}

/** What the chain has made so far, in the card's words. */
function chainWords(o: AttackOutcome, t: Localize): string {
  const c = o.chain;
  if (!c) return "";
  const done = o.nextLink === null;
  if (c.kind === "critical") {
    const key = c.decisive ? "decisive" : c.superCritical ? "superCritical" : "critical";
    return t(`FRAY.Wounds.Card.Chain.${key}${done || c.decisive ? "" : "Pending"}`);
  }
  const key = c.fatalBlow ? "fatalBlow" : c.tragedy ? "tragedy" : "fumble";
  return t(`FRAY.Wounds.Card.Chain.${key}${done || c.fatalBlow ? "" : "Pending"}`);
}

/** What each link said: the first two links name their result, later ones are reported. */
function linkViews(o: AttackOutcome, t: Localize): LinkView[] {
  const c = o.chain;
  if (!c) return [];
  return c.chain.rolls.map((roll, i) => {
    const faces = c.chain.faces[i] as number;
    const top = roll === faces;
    const word = i === 0 ? (c.kind === "critical" ? "superCritical" : "tragedy")
      : i === 1 ? (c.kind === "critical" ? "decisive" : "fatalBlow") : "further";
    return {
      die: dieText(faces, t), roll, top,
      says: top ? t(`FRAY.Wounds.Card.Link.${word}`) : t("FRAY.Wounds.Card.Link.stops"),
    };
  });
}

function damageLines(seal: WoundsSeal, o: AttackOutcome, t: Localize): string[] {
  const d = o.damage;
  if (!d) return [];
  const lines = d.terms.map((m) => sourceText(m, t));
  for (const r of seal.hit.reductions) {
    lines.push(t("FRAY.Wounds.Card.Reduction", {
      name: t(`FRAY.Wounds.Card.Source.${r.source}`), amount: r.value,
    }));
  }
  if (d.multiplier !== 1) lines.push(t("FRAY.Wounds.Card.Multiplier", { times: d.multiplier }));
  if (d.fatalRoll !== null) {
    lines.push(t("FRAY.Wounds.Card.FatalRoll", { roll: d.fatalRoll, bonus: d.fatalBonus }));
  }
  return lines;
}

function buttonsOf(
  seal: WoundsSeal, ledger: WoundsLedger, o: AttackOutcome, viewer: CardViewer,
): StepButton[] {
  const name = seal.posted.targetName;
  const link: StepButton[] = o.nextLink === null ? [] : [{
    step: "link", args: {}, icon: "fa-dice", labelKey: "FRAY.Wounds.Card.RollLink",
    labelData: { die: `d${o.nextLink}` },
  }];
  // A tragedy's target's owners roll its links too; nothing else (`card-steps.ts`).
  if (!viewer.isGM && rollsForTarget(seal, viewer.userId) && viewer.userId !== seal.poster) {
    return link;
  }
  // A fatal blow is the GM's to apply or undo (`card-steps.ts`).
  if (!viewer.isGM && (viewer.userId !== seal.poster || o.fatalBlow)) return [];
  if (ledger.applied) {
    return ledger.undone ? [] : [{
      step: "undo", args: {}, icon: "fa-rotate-left", labelKey: "FRAY.Wounds.Card.Undo",
      labelData: { name },
    }];
  }
  if (link.length) return link;
  if (!appliesAnything(o)) return [];
  return [{
    step: "apply", args: {}, icon: "fa-heart-crack", labelKey: "FRAY.Wounds.Card.Apply",
    labelData: { name },
  }];
}

/**
 * The card for one viewer.
 * @param seal the GM's seal (null before it is sealed, or when it was refused).
 * @param refusal the refused seal's reason, localized, or null.
 */
export function cardView(
  card: Pick<WoundsCard, "itemName" | "targetName" | "freeHitFor" | "aim">,
  seal: WoundsSeal | null, ledger: WoundsLedger, viewer: CardViewer, t: Localize,
  refusal: string | null,
): WoundsCardView {
  const posted = seal?.posted ?? card;
  const aim = aimText(posted.aim, t);
  const empty: WoundsCardView = {
    title: posted.itemName, target: posted.targetName, sealed: false,
    freeHit: posted.freeHitFor !== "", aim: aim.name, aimEffect: aim.effect, modifiers: [],
    defense: "", defenseSources: [], check: "", hit: false, outcome: "", links: [],
    chainResult: "", damage: [], total: "", wound: "", freeHitLine: "", applied: false,
    buttons: [], refusal,
  };
  const o = recordedOutcome(seal, ledger);
  if (!seal || !o) return empty;
  const { check } = seal;
  const total = o.damage ? t("FRAY.Wounds.Card.Total", { amount: o.damage.total }) : "";
  return {
    ...empty, sealed: true,
    modifiers: seal.plan.modifiers.map((m) => sourceText(m, t)),
    defense: t(`FRAY.Wounds.Card.Defense.${seal.defenseState}`, { target: seal.defense.target }),
    defenseSources: seal.defense.sources.map((m) => sourceText(m, t)),
    check: seal.autoCritical ? t("FRAY.Wounds.Card.AutoCritical")
      : t("FRAY.Wounds.Card.Check", {
        natural: check.natural, total: check.total, target: seal.defense.target,
      }),
    hit: o.hit,
    outcome: t(o.hit ? "FRAY.Wounds.Card.Hit" : "FRAY.Wounds.Card.Miss"),
    links: linkViews(o, t),
    chainResult: chainWords(o, t),
    damage: damageLines(seal, o, t),
    total,
    wound: o.damage?.wound
      ? t("FRAY.Wounds.Card.Wound", { aim: aim.name, effect: aim.effect })
      : o.fatalDue ? t("FRAY.Wounds.Card.FatalDue") : "",
    freeHitLine: o.freeHit === "none" ? ""
      : t(`FRAY.Wounds.Card.FreeHit.${o.freeHit}`, { name: seal.posted.targetName }),
    applied: ledger.applied === true && ledger.undone !== true,
    buttons: buttonsOf(seal, ledger, o, viewer)
      .map((b) => ({ ...b, argsJson: JSON.stringify(b.args) })),
  };
}

/** The rows of the card a viewer gets when the roll mode hides its content (only buttons). */
export const hiddenRows = (view: WoundsCardView) => [{ name: view.target, buttons: view.buttons }];
