import { pay, type SlotState } from "../../../../engine/economy/slots";
import { resolveCheck, type CheckOutcome, type CheckPlan } from "../../../../engine/dice/check";
import { chainFor, type ChainKind } from "../../../../engine/dice/chain";
import { defenseOf, planAttack, type Defense, type DefenseState } from "../../rules/attack";
import { ATTACK_FACES } from "../../rules/constants";
import type { Derived } from "../../rules/derived";
import { damageDice, type DamageTerms } from "../../rules/damage";
import { improvementDamage } from "../../rules/spells";
import { activePurchases, afterAttack, buy, type Bought } from "../../rules/purchases";
import { defenseState, type UnitStates } from "../../rules/states";
import type { Statblock, Weapon } from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import { economyOf, keptOfSlots, slotsOf } from "../round/economy";
import { postedOf, type PostedAttack, type WoundsCard } from "./card-spec";

/**
 * The active GM's seal of a wounds attack card, pure: the attack recomputed from the documents
 * (the weapon on the attacker now; its Accuracy and Strength and the target's Agility after
 * wounds; the aim; attacking from behind; the target's states and bought dodge: `rules/attack.ts`),
 * the dice the GM's own client rolled read under it (the author's are never trusted), and in a
 * started combat the attack paid from the attacker's slots: an Attack Action (or the extra
 * attack's Move and both Bonus Actions), one Bonus Action per purchase it asks for, or a Free Hit
 * Slot for a free hit. A GM may post an attack at any moment (a ruling): it is paid only on the
 * attacker's own turn, and only while the slots allow. The chain a natural 20 or 1 starts is
 * rolled link by link afterwards (`card-steps.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Bonus Actions, §Free Hits,
 * §Flanking, §Flat Footed, §Prone, §Sneak Damage; RULINGS.md §wounds Attack, Aim, Turn.
 */
export interface AttackFacts {
  readonly attacker: Statblock;
  readonly attackerDerived: Derived;
  readonly target: Statblock;
  readonly targetDerived: Derived;
  readonly targetStates: UnitStates;
  /**
   * The card's weapon on the attacker now, or its attack spell as a ranged weapon of the spell's
   * damage (null: gone).
   */
  readonly weapon: Weapon | null;
  /** The card's item is an attack spell: its cast paid its actions (`castReady`), not the card. */
  readonly spell: boolean;
  /** An attack spell's damage per Bonus Action improving it (0: none, or not a spell). */
  readonly improvement: number;
  readonly attackerUp: boolean;
  readonly targetUp: boolean;
  /** The attacker is a summon in its first round (it cannot act). */
  readonly attackerSick: boolean;
  /** A melee weapon reaches the target (within the attacker's melee zone); null gridless. */
  readonly inReach: boolean | null;
  /**
   * The attacker stands in the target's melee zone (a natural 1 gives a free hit); null gridless.
   */
  readonly inTargetZone: boolean | null;
  /** An ally of the attacker stands on the target's other side (`engine/space/flanking.ts`). */
  readonly flanking: boolean;
  /** The target was snuck up on: the attacker is undetected (flat-footed, sneak damage). */
  readonly undetected: boolean;
  /** A GM posted the card: no turn or slot is asked of it. */
  readonly gmPosted: boolean;
  /** A free hit whose grant the GM checked: paid with a Free Hit Slot, on or off the turn. */
  readonly freeHit: boolean;
  /** The players who own the target now (user ids): they may roll a tragedy's links. */
  readonly targetOwners?: readonly string[];
  /**
   * A tragedy's free hit (its grant checked): an automatic critical, no roll, no chain, paid
   * with nothing (RULINGS.md §wounds Free hit).
   */
  readonly criticalFreeHit?: boolean;
  /** The started encounter both fight in, as the GM keeps it (null outside one). */
  readonly combat: null | {
    readonly round: number;
    readonly ownTurn: boolean;
    readonly kept: KeptSource;
    /** What the GM keeps of the target (null: not in the fight). */
    readonly targetKept: KeptSource | null;
  };
}

/** The card's attack as the seal fixed it: everything its chain and Apply read. */
export interface WoundsSeal {
  readonly poster: string;
  readonly posted: PostedAttack;
  /** The round it was sealed in (0 outside a started combat). */
  readonly round: number;
  readonly plan: CheckPlan;
  readonly defense: Defense;
  readonly defenseState: DefenseState;
  readonly check: CheckOutcome;
  /** The chain its natural starts, or null. */
  readonly chain: ChainKind | null;
  /** A tragedy's free hit: it hits without a roll, damage ×2, no chain. */
  readonly autoCritical: boolean;
  /** The damage terms of a hit (the chain gives the multiplier). */
  readonly hit: Omit<DamageTerms, "multiplier">;
  readonly weaponDice: readonly number[];
  readonly sneakDice: readonly number[];
  /** A natural 1 here gives the target a free hit (`rules/free-hits.ts`). */
  readonly inTargetZone: boolean;
  readonly targetIsPC: boolean;
  readonly targetHp: number;
  /**
   * The players who owned the target as it was sealed: a natural 1's chain is theirs to gain by,
   * so they may roll its links too and its attacker cannot leave it unrolled (absent on cards
   * sealed before: the author's and a GM's alone).
   */
  readonly targetOwners?: readonly string[];
}

/** Why the GM refuses the attack, as a relay reason (`FRAY.Relay.Reason.*`), or null. */
export function attackRefusal(facts: AttackFacts, card: PostedAttack): string | null {
  if (!facts.weapon) return "wndNoWeapon";
  if (!facts.attackerUp) return "wndDown";
  if (facts.attackerSick) return "wndSick";
  if (!facts.targetUp) return "wndTargetDown";
  // A free hit strikes as its mover leaves: by the time it is taken the mover stands further on,
  // and its grant (the GM's offer, made from the walk) says it was in reach.
  if (facts.weapon.kind === "melee" && facts.inReach === false && !facts.freeHit) {
    return "wndOutOfReach";
  }
  const c = facts.combat;
  // Bonus Actions improve a spell on its caster's turn in a fight (a GM's card may rule it).
  const improvable = facts.spell && facts.improvement > 0 && (facts.gmPosted || c?.ownTurn);
  if (card.improveSpell > 0 && !improvable) return "wndNoImprovement";
  const buys = card.extraAttack || card.buyToHit > 0 || card.buyMeleeDamage > 0;
  if (card.freeHitFor !== "" && buys) return "wndFreeHitPlain";
  if (facts.spell && (buys || card.freeHitFor !== "")) return "wndSpellPlain";
  if (!c || facts.gmPosted || facts.freeHit) return null;
  if (!c.ownTurn) return "notYourTurn";
  return facts.spell && c.kept.castReady !== facts.weapon.id ? "wndNotCast" : null;
}

export interface AttackPlanned {
  readonly plan: CheckPlan;
  readonly defense: Defense;
  readonly defenseState: DefenseState;
  readonly hit: Omit<DamageTerms, "multiplier">;
  /** The attacker's purchases after this attack (the bought +1s to hit used up). */
  readonly purchases: readonly Bought[];
  /** The slots after paying, or null when nothing is paid. */
  readonly slots: SlotState | null;
}

/**
 * What the attack rolls against and pays, or the relay reason it cannot be paid.
 * @throws RangeError when the facts hold no weapon (check `attackRefusal` first).
 */
export function planOf(facts: AttackFacts, card: PostedAttack): AttackPlanned | string {
  const weapon = facts.weapon;
  if (!weapon) throw new RangeError("no weapon");
  const c = facts.combat;
  const round = c?.round ?? 0;
  let purchases: readonly Bought[] = c?.kept.purchases ?? [];
  let slots: SlotState | null = null;
  // A player's attack is paid or refused; a GM's on the attacker's turn is paid when it can be,
  // else it is a ruling and costs nothing.
  const mustPay = c !== null && (facts.freeHit || (c.ownTurn && !facts.gmPosted));
  if (facts.criticalFreeHit) {
    // Taken with or without a slot: it costs none.
  } else if (c && facts.spell) {
    // The cast paid its actions; the card uses the cast up and pays the Bonus Actions improving
    // it (a GM's ruling uses up and pays nothing).
    let state: SlotState | null = c.kept.castReady === weapon.id ? slotsOf(c.kept) : null;
    const econ = economyOf(facts.attackerDerived);
    for (let i = 0; state && i < card.improveSpell; i++) {
      const paid = pay(econ, state, "toggleSpell", { onTurn: c.ownTurn });
      state = paid.ok ? paid.state : null;
      if (!state && mustPay) return "wndNoSlot";
    }
    slots = state;
  } else if (c && (mustPay || c.ownTurn)) {
    const econ = economyOf(facts.attackerDerived);
    const actions = facts.freeHit ? ["freeHit"]
      : [card.extraAttack ? "extraAttack" : "attack",
        ...Array<string>(card.buyToHit).fill("buyToHit"),
        ...Array<string>(card.buyMeleeDamage).fill("buyMeleeDamage")];
    let state: SlotState | null = slotsOf(c.kept);
    for (const action of actions) {
      const paid: ReturnType<typeof pay> | null = state
        ? pay(econ, state, action, { onTurn: c.ownTurn }) : null;
      state = paid?.ok ? paid.state : null;
    }
    if (!state && mustPay) return "wndNoSlot";
    slots = state;
    if (state) {
      for (let i = 0; i < card.buyToHit; i++) purchases = buy(purchases, "toHit", round);
      for (let i = 0; i < card.buyMeleeDamage; i++) {
        purchases = buy(purchases, "meleeDamage", round);
      }
    }
  }
  const bought = activePurchases(purchases, round);
  const targetBought = activePurchases(c?.targetKept?.purchases ?? [], round);
  const state = defenseState(facts.targetStates, facts.target.feats, facts.undetected);
  const defense = defenseOf({
    agility: facts.targetDerived.agility, state, dodgePurchases: targetBought.dodge,
  });
  const plan = planAttack({
    accuracy: facts.attacker.accuracy, woundAccuracy: facts.attackerDerived.penalties.accuracy,
    wardAccuracy: facts.attackerDerived.ward.accuracy,
    aim: card.aim, flanking: weapon.kind === "melee" && facts.flanking,
    toHitPurchases: bought.toHit,
  }, defense);
  const hit = {
    weapon: { id: weapon.id, name: weapon.name, kind: weapon.kind, damage: weapon.damage },
    strength: facts.attackerDerived.strength,
    feats: facts.attacker.feats.map((f) => ({ id: f.id, feat: f.feat, weapons: [...f.weapons] })),
    extraAttack: card.extraAttack, meleeDamagePurchases: bought.meleeDamage,
    improvement: improvementDamage(facts, card.improveSpell),
    sneak: facts.undetected,
    // The target's armor with a kept-up spell's ward (`rules/upkeep.ts`).
    reductions: facts.targetDerived.armor > 0
      ? [{ source: "armor", value: facts.targetDerived.armor }] : [],
    aim: card.aim,
  };
  return { plan, defense, defenseState: state, hit, purchases: afterAttack(purchases), slots };
}

/** The dice a hit rolls (weapon dice of one size, sneak d4s), for the GM's client to roll. */
export const diceToRoll = (planned: AttackPlanned) =>
  damageDice({ ...planned.hit, multiplier: 1 });

export type SealVerdict =
  | { readonly ok: true; readonly seal: WoundsSeal; readonly pay: Partial<KeptSource> | null }
  | { readonly ok: false; readonly refused: string };

/**
 * Seals the card by `poster` with the dice the GM's client rolled.
 * @param d20 the attack's die (null for a tragedy's free hit, which rolls none); `weaponDice` and
 *   `sneakDice` as `diceToRoll` asked (rolled only on a hit: empty on a miss).
 * @throws RangeError when a die does not fit.
 */
export function sealAttack(
  card: WoundsCard, poster: string, facts: AttackFacts, planned: AttackPlanned, d20: number | null,
  weaponDice: readonly number[], sneakDice: readonly number[],
): SealVerdict {
  const posted = postedOf(card);
  const refused = attackRefusal(facts, posted);
  if (refused) return { ok: false, refused };
  const auto = facts.criticalFreeHit === true;
  if (auto !== (d20 === null)) throw new RangeError("a d20 is rolled unless the hit is automatic");
  const check: CheckOutcome = d20 === null
    ? { dice: [], natural: 0, total: 0, success: true, decidedBy: "natural" }
    : resolveCheck(planned.plan, [d20]);
  const c = facts.combat;
  const seal: WoundsSeal = {
    poster, posted, round: c?.round ?? 0, plan: planned.plan, defense: planned.defense,
    defenseState: planned.defenseState, check,
    chain: auto ? null : chainFor(check.natural, ATTACK_FACES), autoCritical: auto,
    hit: planned.hit, weaponDice: check.success ? [...weaponDice] : [],
    sneakDice: check.success ? [...sneakDice] : [],
    inTargetZone: facts.inTargetZone ?? facts.weapon?.kind === "melee",
    targetIsPC: facts.target.isPC, targetHp: facts.target.hp,
    targetOwners: [...facts.targetOwners ?? []],
  };
  const pay = c && (planned.slots || planned.purchases !== c.kept.purchases)
    ? {
      ...(planned.slots ? keptOfSlots(planned.slots) : {}),
      purchases: [...planned.purchases],
      ...(facts.spell && planned.slots ? { castReady: "" } : {}),
    }
    : null;
  return { ok: true, seal, pay };
}

/**
 * Why the GM refuses a posted card before reading its attack (a relay reason), or null: its
 * poster acts for the attacker, and it names the encounter the attacker's token fights in, in the
 * round it is in (a card sealed a round late lost its moment).
 */
export function postedRefusal(
  card: Pick<WoundsCard, "combatId" | "round">,
  at: {
    readonly owns: boolean;
    readonly combat: { readonly id: string | null; readonly round: number } | null;
  },
): string | null {
  if (!at.owns) return "notOwner";
  if ((at.combat?.id ?? "") !== card.combatId) return "wndCombat";
  return at.combat && card.round !== at.combat.round ? "wndStale" : null;
}
