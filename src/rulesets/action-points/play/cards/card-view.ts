import type { Localize } from "../../../../engine/i18n";
import { waitingOf } from "../../../../engine/resolution/window/step";
import { planLines } from "../views/attack-dialog";
import type { StepButton } from "../../../../engine/view/step-button";
import {
  AP_WINDOW, REACTION_RP, type ApDefence, type ApWindowSettlement,
} from "../../rules/reaction-window";
import type { ApCard } from "./card-spec";
import type { ApSeal } from "./seal";
import type { ManeuverSeal, RolledCheck } from "./maneuver";
import { closedSettlements, interceptorOf, swapRefusal, type ApWindowState } from "./react";
import { hitsOf } from "./apply-plan";

/**
 * An attack card as one viewer sees it, pure: the attack's check (its d100s, the kept roll, the
 * skill with its modifiers by source, the success level), the reactions the window offers with
 * their RP cost and skill, as buttons for whoever may answer (the party's owner, or a GM for an
 * absent player) beside "Take the hit"; each reaction's opposed check and who won; a Riposte's
 * counterattack; the damage with its dice and multiplier; Apply and Undo for the author and the
 * GM. Source: `004_2cc57162401858c9.txt` §Reactions, §Riposte, §Critical Results.
 */
export interface CardViewer {
  readonly isGM: boolean;
  readonly userId: string;
  /** Whether this viewer may answer for a window key (owns it). */
  acts(key: string): boolean;
  /** A window key's name. */
  name(key: string): string;
}

export interface CardLedger {
  readonly window?: ApWindowState;
  readonly applied?: boolean;
  readonly undone?: boolean;
  /** The interceptor swapped places with the ally it covered. */
  readonly swapped?: boolean;
}

/** A step button as the template renders it: its arguments already JSON. */
const withJson = (b: StepButton) => ({ ...b, argsJson: JSON.stringify(b.args) });

const SKILL_OF: Readonly<Record<string, string>> = {
  dodge: "agilityOrAthletics", parry: "melee", riposte: "melee", block: "endurance",
  intercept: "agility",
};

function defenceLine(d: ApDefence, viewer: CardViewer, t: Localize): string {
  return t(`FRAY.ActionPoints.Card.Defence.${d.won ? "Won" : "Lost"}`, {
    name: viewer.name(d.by), reaction: t(`FRAY.ActionPoints.Reaction.${d.reaction}`),
    dice: d.dice.join(", "), skill: d.skill, level: t(`FRAY.ActionPoints.Level.${d.level}`),
  });
}

function damageLine(s: ApWindowSettlement, viewer: CardViewer, t: Localize): string {
  if (!s.hit || !s.target) return t("FRAY.ActionPoints.Card.NoDamage");
  return t("FRAY.ActionPoints.Card.Damage", {
    name: viewer.name(s.target), damage: s.damage, dice: s.dice.join(", "), times: s.multiplier,
  });
}

function offerButtons(state: ApWindowState, viewer: CardViewer, t: Localize) {
  const waiting = waitingOf(AP_WINDOW, state);
  if (waiting.kind !== "answers") return [];
  const byParty = new Map<string, StepButton[]>();
  for (const o of waiting.offers) {
    if (!viewer.acts(o.by) && !viewer.isGM) continue;
    const list = byParty.get(o.by) ?? [];
    list.push({
      step: "react", args: { by: o.by, answer: o.answer }, icon: "fa-shield",
      labelKey: "FRAY.ActionPoints.Card.Answer",
      labelData: {
        name: t(`FRAY.ActionPoints.Reaction.${o.answer}`),
        amount: REACTION_RP[o.answer as keyof typeof REACTION_RP] ?? 0,
      },
    });
    byParty.set(o.by, list);
  }
  return [...byParty].map(([by, buttons]) => ({
    name: viewer.name(by),
    skills: buttons.map((b) => t(`FRAY.ActionPoints.Card.Skill.${SKILL_OF[b.args.answer as string]}`)),
    buttons: [...buttons, {
      step: "react", args: { by, answer: null }, icon: "fa-heart-crack",
      labelKey: "FRAY.ActionPoints.Card.TakeHit",
    }].map(withJson),
  }));
}

/** A rolled check's line: "Athletics d100 34 under 55: Hard". */
const checkLine = (c: RolledCheck, name: string, t: Localize): string =>
  t("FRAY.ActionPoints.Card.NamedCheck", {
    name, dice: c.dice.join(", "), roll: c.roll, skill: c.plan.target,
    level: t(`FRAY.ActionPoints.Level.${c.level}`),
  });

/** What a sealed maneuver did, localized. */
function maneuverOutcome(s: ManeuverSeal, t: Localize): string {
  const r = s.result;
  const names = { actor: s.names.actor, target: s.names.target };
  if (!r.won) {
    return t(`FRAY.ActionPoints.Maneuver.Lost.${s.maneuver === "tumble" ? "tumble" : "any"}`, names);
  }
  if (s.maneuver === "shove") {
    return r.shove.map((e) => t(`FRAY.ActionPoints.Maneuver.Shove.${e}`, names)).join(" ");
  }
  if (s.maneuver === "disarm" && r.disarm) {
    const who = r.disarm.attackerChooses ? "Attacker" : "Target";
    return t(`FRAY.ActionPoints.Maneuver.Disarm${who}`, { ...names, hexes: r.disarm.hexes });
  }
  return t(`FRAY.ActionPoints.Maneuver.Won.${s.maneuver}`, names);
}

/** The card's view for one viewer. */
export function cardView(
  card: ApCard, seal: ApSeal | ManeuverSeal | null, ledger: CardLedger, viewer: CardViewer,
  t: Localize, refusal: string | null,
) {
  const base = { title: card.itemName, target: card.targetName, refusal };
  if (!seal) return { ...base, sealed: false };
  if ("maneuver" in seal) {
    return {
      ...base, sealed: true, maneuver: true,
      checks: [checkLine(seal.actor, seal.names.actor, t),
        ...(seal.target ? [checkLine(seal.target, seal.names.target, t)] : [])],
      result: maneuverOutcome(seal, t), level: seal.actor.level,
    };
  }
  const { plan } = seal;
  const state = ledger.window ?? null;
  const settlement = state?.settlement ?? null;
  const counters = state ? closedSettlements(state) : [];
  const defences = [
    ...(state?.frames.flatMap((f) => (f.facts?.defence ? [f.facts.defence] : [])) ?? []),
    ...(state?.closed.flatMap((c) => (c.frame.facts?.defence ? [c.frame.facts.defence] : [])) ?? []),
  ];
  const mine = viewer.isGM || seal.poster === viewer.userId;
  const hits = state ? hitsOf(state) : [];
  const buttons: StepButton[] = [];
  if (settlement && mine && hits.length && !ledger.applied) {
    buttons.push({ step: "apply", args: {}, icon: "fa-heart-crack", labelKey: "FRAY.ActionPoints.Card.Apply" });
  }
  const interceptor = interceptorOf(state);
  if (interceptor && swapRefusal(state, ledger, viewer.isGM || viewer.acts(interceptor)) === null) {
    buttons.push({
      step: "swap", args: {}, icon: "fa-arrow-right-arrow-left",
      labelKey: "FRAY.ActionPoints.Card.Swap", labelData: { name: viewer.name(interceptor) },
    });
  }
  if (mine && ledger.applied && !ledger.undone) {
    buttons.push({ step: "undo", args: {}, icon: "fa-rotate-left", labelKey: "FRAY.ActionPoints.Card.Undo" });
  }
  return {
    ...base, sealed: true,
    check: t("FRAY.ActionPoints.Card.Check", {
      dice: seal.dice.join(", "), roll: seal.roll, skill: plan.target,
      level: t(`FRAY.ActionPoints.Level.${seal.level}`),
    }),
    modifiers: planLines(plan, t),
    level: seal.level,
    offers: state ? offerButtons(state, viewer, t) : [],
    defences: defences.map((d) => defenceLine(d, viewer, t)),
    counters: counters.map((s) => damageLine(s, viewer, t)),
    result: settlement ? damageLine(settlement, viewer, t) : null,
    waiting: state !== null && !settlement,
    applied: Boolean(ledger.applied && !ledger.undone),
    buttons: buttons.map(withJson),
  };
}

/**
 * The rows of the card a viewer gets when the roll mode hides its content (the shell's
 * `renderActions`): each party's reactions this viewer may answer, then the card's own buttons
 * (apply, swap, undo) under its target's name.
 */
export function hiddenRows(view: ReturnType<typeof cardView>) {
  const rows = "offers" in view
    ? view.offers.map((o) => ({ name: o.name, buttons: o.buttons })) : [];
  const own = "buttons" in view && view.buttons.length
    ? [{ name: view.target, buttons: view.buttons }] : [];
  return [...rows, ...own];
}

/** The card as its author posts it, before the GM seals it: seen by nobody who may act on it. */
export const postedView = (card: ApCard, t: Localize) => cardView(card, null, {}, {
  isGM: false, userId: "", acts: () => false, name: () => "",
}, t, null);
