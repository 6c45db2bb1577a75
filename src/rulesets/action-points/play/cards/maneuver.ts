import { isSuccess, type SuccessLevel } from "../../../../engine/dice/roll-under";
import { planCheck, type CheckPlan, type EdgeSource } from "../../rules/checks";
import {
  actorWins, breaksFree, disarmResult, shoveEffects, sizeRefusal, type ShoveEffect,
} from "../../rules/special-actions";
import { attackSkill } from "../../rules/attack";
import type { Statblock, Weapon } from "../../rules/statblock";
import { pointsOf, type KeptSource } from "../data/kept-spec";
import { spendRuling } from "../round/spend-rule";
import { TAGS, apEconomy } from "../../rules/pools";
import { spend } from "../../../../engine/economy/points";

/**
 * The special actions that are checks, as a card plays them in Foundry, pure: Shove and Grapple
 * (the actor's Athletics against the target's), Feint (the better of Melee and Deception against
 * the target's better of Melee and Agility, the target's choice read as its better), Disarm (an
 * attack roll at Disadvantage, no damage, its success level saying where the item goes), Tumble
 * Through (an Agility check; failing provokes that enemy alone) and breaking free (Athletics
 * against the grappler's; only an outright win frees). The actor's checks are at Disadvantage
 * while it grapples. Sizes, costs and once-a-round limits as the text's table; breaking free
 * costs no AP, once a round (`rules/silent.ts`). Source: `004_2cc57162401858c9.txt` §Special
 * Actions and each one's section; RULINGS.md §action-points Breaking free.
 */
export const MANEUVERS = ["shove", "grapple", "feint", "disarm", "tumble", "breakFree"] as const;
export type Maneuver = (typeof MANEUVERS)[number];

export interface ManeuverFacts {
  readonly actor: Statblock;
  readonly target: Statblock;
  /** The actor's weapon in hand for a Disarm (its attack skill), else null. */
  readonly weapon: Weapon | null;
  /** What the GM keeps of both, in a started combat (null outside one). */
  readonly kept: null | { readonly actor: KeptSource; readonly target: KeptSource };
  readonly ids: { readonly actor: string; readonly target: string };
  readonly ownTurn: boolean;
  readonly up: boolean;
}

const grappling = (k: KeptSource | undefined): boolean => Boolean(k?.grappling);
const disadvantage = (on: boolean, source: string): EdgeSource[] =>
  on ? [{ source, edge: -1 }] : [];

/** The actor's check. */
export function actorPlan(m: Maneuver, f: ManeuverFacts): CheckPlan {
  const s = f.actor.skills;
  const edges = disadvantage(grappling(f.kept?.actor), "grappling");
  if (m === "feint") return planCheck(Math.max(s.melee, s.deception), [], edges);
  if (m === "tumble") return planCheck(s.agility, [], edges);
  if (m === "disarm") {
    const skill = f.weapon ? attackSkill(f.actor, { weapon: f.weapon }) : s.melee;
    return planCheck(skill, [], [...edges, { source: "disarm", edge: -1 }]);
  }
  return planCheck(s.athletics, [], edges);
}

/** The target's opposing check, or null (Disarm, Tumble Through: no opposed roll). */
export function targetPlan(m: Maneuver, f: ManeuverFacts): CheckPlan | null {
  if (m === "disarm" || m === "tumble") return null;
  const s = f.target.skills;
  const edges = disadvantage(grappling(f.kept?.target), "grappling");
  return planCheck(m === "feint" ? Math.max(s.melee, s.agility) : s.athletics, [], edges);
}

/**
 * Why the maneuver cannot be made now (a refusal key), or what it pays (kept fields; null
 * outside a combat).
 */
export function maneuverRefusal(
  m: Maneuver, f: ManeuverFacts,
): { readonly refused: string } | { readonly pay: Partial<KeptSource> | null } {
  if (m === "breakFree") {
    const held = f.kept?.actor.grappledBy.includes(f.ids.target);
    if (!f.kept || !held) return { refused: "apNotGrappled" };
    if (!f.up) return { refused: "FRAY.ActionPoints.Refuse.Down" };
    const paid = spend(apEconomy(f.actor), pointsOf(f.kept.actor), "ap", 0, TAGS.breakFree);
    return paid.ok ? { pay: { breakFree: true } }
      : { refused: "FRAY.ActionPoints.Refuse.OnceARound" };
  }
  const size = sizeRefusal(m, f.actor.size, f.target.size);
  if (size) return { refused: size };
  if (!f.kept) return { pay: null };
  const ruling = spendRuling({ action: m }, {
    kept: f.kept.actor, pools: f.actor.pools, ownTurn: f.ownTurn, up: f.up, spellAp: null,
  }, pointsOf(f.kept.actor));
  return ruling.ok ? { pay: ruling.patch } : { refused: ruling.key };
}

export interface ManeuverResult {
  readonly won: boolean;
  /** Shove: what it does. */
  readonly shove: readonly ShoveEffect[];
  /** Disarm: how far the item goes, and whether the actor chooses. */
  readonly disarm: { readonly hexes: number; readonly attackerChooses: boolean } | null;
  /** Kept fields to write, by role. */
  readonly actor: Partial<KeptSource>;
  readonly target: Partial<KeptSource>;
  /** Tumble Through failed: the target alone may make a reaction attack. */
  readonly provokes: boolean;
}

/** What a maneuver does, from both checks' levels (`target` null when unopposed). */
export function maneuverResult(
  m: Maneuver, f: ManeuverFacts, actor: SuccessLevel, target: SuccessLevel | null,
  shove: { readonly choice: ShoveEffect; readonly both: boolean },
): ManeuverResult {
  const none = { shove: [], disarm: null, actor: {}, target: {}, provokes: false };
  const opposed = target !== null;
  const won = m === "breakFree" ? breaksFree(actor, target ?? "failure")
    : opposed ? actorWins(actor, target) : isSuccess(actor);
  if (!won) return { ...none, won, provokes: m === "tumble" };
  if (m === "shove") return { ...none, won, shove: shoveEffects(true, actor, shove.choice, shove.both) };
  if (m === "disarm") return { ...none, won, disarm: disarmResult(actor) };
  if (m === "feint") return { ...none, won, actor: { feinting: f.ids.target } };
  if (m === "grapple") {
    return {
      ...none, won, actor: { grappling: f.ids.target },
      target: { grappledBy: [...(f.kept?.target.grappledBy ?? []), f.ids.actor] },
    };
  }
  if (m === "breakFree") {
    const rest = (f.kept?.actor.grappledBy ?? []).filter((id) => id !== f.ids.target);
    return { ...none, won, actor: { grappledBy: rest }, target: { grappling: "" } };
  }
  return { ...none, won };
}

/**
 * What a sealed maneuver writes to what the GM keeps, by combatant id: the actor's payment with
 * its marks, and the target's marks when it has any (an id absent: not in the encounter).
 */
export function maneuverPatches(
  ids: { readonly actor?: string | null; readonly target?: string | null },
  pay: Partial<KeptSource> | null, result: Pick<ManeuverResult, "actor" | "target">,
): Record<string, Partial<KeptSource>> {
  const patches: Record<string, Partial<KeptSource>> = {};
  if (ids.actor) patches[ids.actor] = { ...pay, ...result.actor };
  if (ids.target && Object.keys(result.target).length) patches[ids.target] = result.target;
  return patches;
}

/** One side's check as rolled. */
export interface RolledCheck {
  readonly plan: CheckPlan;
  readonly dice: readonly number[];
  readonly roll: number;
  readonly level: SuccessLevel;
}

/** What the GM seals for a maneuver card: both checks as rolled, and what they did. */
export interface ManeuverSeal {
  readonly maneuver: Maneuver;
  readonly poster: string;
  readonly actor: RolledCheck;
  readonly target: RolledCheck | null;
  readonly result: ManeuverResult;
  /** The card's target's name and the actor's (for the view). */
  readonly names: { readonly actor: string; readonly target: string };
}

/** Whether a card's `maneuver` names one. */
export const isManeuver = (m: string): m is Maneuver => (MANEUVERS as readonly string[]).includes(m);

/** A Shove's choice as its dialog's form gives it (`choice`, `both`): knock prone unless pushing. */
export function shoveOf(form: Readonly<Record<string, unknown>>): {
  readonly choice: ShoveEffect; readonly both: boolean;
} {
  return { choice: form.choice === "pushBack" ? "pushBack" : "prone", both: Boolean(form.both) };
}
