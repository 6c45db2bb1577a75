import { attackEdge, type AttackEdge, type MoveEdge } from "../../rules/edge";
import {
  damageDealt, damageFormula, effectsInflicted, planAttack, resolveAttack, rollsDamage,
  type AttackPlan, type AttackRoll,
} from "../../rules/attack";
import type { ConditionId } from "../../rules/constants";
import {
  opportunityAttackOf, type AttackPower, type ConditionEffect, type Statblock,
} from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import { postedOf, type PhasesCard, type PostedAttack } from "./card-spec";

/**
 * The active GM's seal of a phases attack card, pure: the attack recomputed from the documents
 * (the power on the attacker now, its ATK against the target's DEF, the edge from the tiers, the
 * attacker's and the target's conditions and the target's seizure this round: `rules/edge.ts`),
 * the dice the GM's own client rolled read under it (the author's are never trusted), and in a
 * started combat the attack checked against the round (the Battle phase, the attacker's own turn,
 * its Battle action unused) and paid. A GM may post an attack at any moment (an opportunity
 * attack, a ruling); it is paid only on the attacker's own Battle turn, while unspent.
 * Defend, Disengage and the edge of this round's movement power (Hustle, Charge at its enemy;
 * Run forbids the Attack) are read from what the GM keeps (`play/round/battle-actions.ts`,
 * `moves.ts`). A granted opportunity attack is a free melee attack at any moment.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Phase, §Battle Actions (Attack),
 * §Advantage / Disadvantage; RULINGS.md §phases Edge, Battle phase, Powers.
 */
export interface AttackFacts {
  readonly attacker: Statblock;
  readonly target: Statblock;
  /** The card's power on the attacker now (null: gone). */
  readonly power: AttackPower | null;
  readonly attackerConditions: readonly ConditionId[];
  readonly targetConditions: readonly ConditionId[];
  readonly attackerUp: boolean;
  readonly targetUp: boolean;
  /** Whether the power reaches the target (`rules/attack.ts` `reaches`); null off a grid. */
  readonly reaches: boolean | null;
  /** A GM posted the card: no turn, phase or action is asked of it. */
  readonly gmPosted: boolean;
  /**
   * A granted opportunity attack (its offer taken by this attacker, checked by the GM): a free
   * basic melee attack off the turn, paid by nothing (RULINGS.md §phases Opportunity attack).
   */
  readonly opportunity?: boolean;
  /** The started encounter both fight in, as the GM keeps it (null outside one). */
  readonly combat: null | {
    readonly round: number;
    /** The step the tracker stands in (`FraySteppedCombat#currentStep`). */
    readonly step: string | null;
    /** The attacker's turn is the current one. */
    readonly ownTurn: boolean;
    /** What the GM keeps of the attacker. */
    readonly kept: KeptSource;
    /** The target seized the initiative this round. */
    readonly targetSeized: boolean;
    /** The target took Defend and its next turn has not started. */
    readonly targetDefending: boolean;
    /** The attacker took Disengage this round or the last (its attacks have Disadvantage). */
    readonly attackerDisengaged: boolean;
    /** The target's combatant id (a Charge's Advantage is against one enemy). */
    readonly targetId?: string;
    /** The edge of the attacker's movement power this round (Hustle, Charge), if any. */
    readonly attackerMoveEdge?: MoveEdge | null;
    /** The attacker's movement power this round forbids an Attack (Run). */
    readonly attackerRan?: boolean;
  };
}

/** The damage a sealed attack deals, as rolled. */
export interface SealedDamage {
  readonly formula: string;
  readonly dice: readonly number[];
  readonly amount: number;
}

export interface PhasesSeal {
  readonly poster: string;
  readonly posted: PostedAttack;
  readonly plan: AttackPlan;
  readonly roll: AttackRoll;
  /** Null when nothing is dealt (a miss of a power that deals nothing on one). */
  readonly damage: SealedDamage | null;
  readonly effects: readonly ConditionEffect[];
  /** The round it was sealed in (0 outside a started combat): the conditions' durations. */
  readonly round: number;
}

/** Why the GM refuses the attack, as a relay reason (`FRAY.Relay.Reason.*`), or null. */
export function attackRefusal(facts: AttackFacts): string | null {
  if (!facts.power) return "phsNoPower";
  if (!facts.attackerUp) return "phsDown";
  if (!facts.targetUp) return "phsTargetDown";
  // An opportunity attack strikes as its mover leaves: by the time it is taken the mover stands
  // further on, and its grant (the GM's offer, made where the mover left) says it reached.
  if (facts.reaches === false && !facts.opportunity) return "phsOutOfReach";
  if (facts.opportunity) {
    return opportunityAttackOf(facts.attacker)?.id === facts.power.id ? null : "phsNotBasic";
  }
  const c = facts.combat;
  if (!c || facts.gmPosted) return null;
  if (c.step !== "battle") return "phsNotBattle";
  if (!c.ownTurn) return "notYourTurn";
  if (c.kept.battle >= 1) return "phsActed";
  return c.attackerRan ? "phsRan" : null;
}

/** The attack's edge from the facts (`rules/edge.ts`). */
export function edgeOf(facts: AttackFacts, power: AttackPower): AttackEdge {
  const c = facts.combat;
  return attackEdge({
    attacker: {
      tier: facts.attacker.tier, conditions: facts.attackerConditions,
      moveEdges: [
        ...(c?.attackerDisengaged ? [DISENGAGED] : []),
        ...(c?.attackerMoveEdge ? [c.attackerMoveEdge] : []),
      ],
    },
    target: {
      id: c?.targetId ?? "", tier: facts.target.tier, conditions: facts.targetConditions,
      seized: c?.targetSeized ?? false, defending: c?.targetDefending ?? false,
    },
    attackKind: power.kind,
  });
}

/** The Disengage Battle action's edge on its taker's attacks (§Battle Actions: Disadvantage). */
const DISENGAGED: MoveEdge = {
  kind: "disengage", powerId: "", amount: -1, scope: "all", enemy: null,
};

/** What the GM's client rolls for the attack: its pool's formula, ATK and DEF, its sources. */
export const planOf = (facts: AttackFacts, power: AttackPower): AttackPlan =>
  planAttack(facts.attacker.atk, facts.target.def, edgeOf(facts, power));

/**
 * The Foundry formula of the damage to roll for the outcome (its dice with the bonus), or null
 * when no dice are rolled: nothing is due, or the power deals a flat amount.
 */
export function damageToRoll(power: AttackPower, hit: boolean): string | null {
  return rollsDamage(power, hit) && power.damage.dice > 0 ? damageFormula(power.damage) : null;
}

export type SealVerdict =
  | { readonly ok: true; readonly seal: PhasesSeal; readonly pay: Partial<KeptSource> | null }
  | { readonly ok: false; readonly refused: string };

/**
 * Seals the card by `poster` with the dice the GM's client rolled.
 * @param dice every die of the attack's pool, in the pool's order (`rules/attack.ts`).
 * @param damageDice the damage dice, when `damageToRoll` asked for a roll with dice (else none).
 * @throws RangeError when the dice do not fit the pool or the damage formula.
 */
export function sealAttack(
  card: PhasesCard, poster: string, facts: AttackFacts, dice: readonly number[],
  damageDice: readonly number[],
): SealVerdict {
  const refused = attackRefusal(facts);
  if (refused || !facts.power) return { ok: false, refused: refused ?? "phsNoPower" };
  const power = facts.power;
  const plan = planOf(facts, power);
  const roll = resolveAttack(plan, dice);
  const due = rollsDamage(power, roll.hit);
  const amount = due ? damageDealt(power, roll.hit, damageDice) : 0;
  const damage = due ? { formula: damageFormula(power.damage), dice: [...damageDice], amount } : null;
  const c = facts.combat;
  // A GM's attack on a turn whose Battle action is spent already is a ruling: nothing more to pay.
  const pays = c !== null && c.step === "battle" && c.ownTurn && !facts.opportunity
    && c.kept.battle === 0;
  const seal: PhasesSeal = {
    poster, posted: postedOf(card), plan, roll, damage,
    effects: effectsInflicted(power, roll.hit), round: c?.round ?? 0,
  };
  return { ok: true, seal, pay: pays ? { battle: c.kept.battle + 1 } : null };
}

/**
 * Why the GM refuses a posted card before reading its attack (a relay reason), or null: its
 * poster acts for the attacker, and it names the encounter the attacker's token fights in, in
 * the round it is in (a card sealed a round late, its GM away meanwhile, lost its moment).
 */
export function postedRefusal(
  card: Pick<PhasesCard, "combatId" | "round">,
  at: {
    readonly owns: boolean;
    readonly combat: { readonly id: string | null; readonly round: number } | null;
  },
): string | null {
  if (!at.owns) return "notOwner";
  if ((at.combat?.id ?? "") !== card.combatId) return "phsCombat";
  return at.combat && card.round !== at.combat.round ? "phsStale" : null;
}
