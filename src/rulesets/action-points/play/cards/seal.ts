import type { SuccessLevel } from "../../../../engine/dice/roll-under";
import { attackPlan, type Attacking } from "../../rules/attack";
import { resolveCheck, type CheckPlan, type EdgeSource } from "../../rules/checks";
import { reachWith, type Statblock } from "../../rules/statblock";
import { REACTION_ATTACK_RP } from "../../rules/constants";
import { pointsOf, type KeptSource } from "../data/kept-spec";
import { spendRuling } from "../round/spend-rule";
import type { ApCard } from "./card-spec";

/**
 * The active GM's seal of an attack card, pure: the check recomputed from the documents (the
 * attacker's skill, gang-up from who threatens the target, range increments from the distance,
 * the off hand from the weapon; Disadvantage from grappling and from what the author declared
 * against itself), the d100s the GM's own client rolled read under it (one, or two for an edge:
 * the author's dice are never trusted), a melee attack only within reach (a granted reaction
 * attack was in reach when provoked) and a weapon only in hand, and in a started combat the
 * attack's AP paid on the attacker's own turn (`spendRuling`: the GM's seal is the payment, so a
 * card nobody paid for is refused). Source: `004_2cc57162401858c9.txt` §Actions,
 * §Gang-up, §Range Penalties, §Two-Weapon Fighting, §Reach, §Grapple; RULINGS.md
 * §action-points.
 */
export interface AttackFacts {
  readonly attacker: Statblock;
  /** The card's weapon or spell on the attacker now (null: gone). */
  readonly with: Attacking | null;
  /** Hexes (or squares) between the tokens; null without a grid (no range or reach rule). */
  readonly distance: number | null;
  /** The attacker's side threatening the target, the attacker included. */
  readonly threateners: number;
  /** The attacker grapples another (it acts at Disadvantage, §Grapple). */
  readonly grappling: boolean;
  /**
   * A reaction attack the GM found granted to this attacker (its offer taken): one unmodified
   * attack paid with 1 RP on any turn (§Reaction Attacks).
   */
  readonly reaction?: boolean;
  /** The attacker won a Feint against this target: Advantage, and the Feint is used (§Feint). */
  readonly feint?: boolean;
  /** A GM posted the card: its declared Advantage is honoured (a player's is not). */
  readonly gmPosted?: boolean;
  /** Its combatant in the card's started combat: what the GM keeps of it, its turn. */
  readonly combat: null | {
    readonly kept: KeptSource;
    readonly ownTurn: boolean;
    readonly up: boolean;
  };
}

/** What the GM reads of the card as posted (its author may edit the card since). */
export type PostedAttack = Pick<
  ApCard, "actorUuid" | "tokenUuid" | "targetTokenUuid" | "targetName" | "combatId" | "itemId"
  | "itemName"
>;

export interface ApSeal {
  readonly poster: string;
  readonly posted: PostedAttack;
  readonly plan: CheckPlan;
  readonly dice: readonly number[];
  readonly roll: number;
  readonly level: SuccessLevel;
  /** Each window key's token uuid (written with the window), so Apply outlives the encounter. */
  readonly tokens?: Readonly<Record<string, string>>;
}

export type SealVerdict =
  | { readonly ok: true; readonly seal: ApSeal; readonly pay: Partial<KeptSource> | null }
  | { readonly ok: false; readonly refused: string };

const refused = (reason: string): SealVerdict => ({ ok: false, refused: reason });

/**
 * The edge sources the GM honours: the author's own Disadvantages, a GM author's Advantages,
 * grappling's, and a won Feint's Advantage.
 */
function edgeSourcesOf(card: ApCard, facts: AttackFacts): EdgeSource[] {
  const declared: EdgeSource[] = [...new Set(card.disadvantages)]
    .map((source) => ({ source, edge: -1 as const }));
  if (facts.gmPosted) {
    for (const source of new Set(card.advantages)) {
      declared.push({ source: `${source}Advantage`, edge: 1 });
    }
  }
  if (facts.grappling) declared.push({ source: "grappling", edge: -1 });
  if (facts.feint) declared.push({ source: "feint", edge: 1 });
  return declared;
}

/** The check the card is read under (also what the author's client rolls by). */
export function planOf(card: ApCard, facts: AttackFacts, with_: Attacking): CheckPlan {
  return attackPlan(facts.attacker, with_, {
    distance: facts.distance ?? 0, threateners: facts.threateners,
    edgeSources: edgeSourcesOf(card, facts), reactionAttack: facts.reaction === true,
  });
}

/**
 * What the attack would pay, or why it cannot be made now (the weapon not in hand, a melee target
 * out of reach, in combat not its turn or not enough AP): what the seal refuses, and what the
 * author's client checks before rolling anything.
 */
export function attackRefusal(
  facts: AttackFacts,
): { readonly refused: string } | { readonly pay: Partial<KeptSource> | null } {
  const with_ = facts.with;
  if (!with_) return { refused: "noTarget" };
  if (with_.weapon && !with_.weapon.readied) return { refused: "apSheathed" };
  const melee = (with_.weapon?.kind ?? with_.spell?.kind) === "melee";
  const reach = with_.weapon ? reachWith(facts.attacker, with_.weapon) : 1;
  // A granted reaction attack was in reach when provoked (the mover may have gone on since).
  if (melee && !facts.reaction && facts.distance !== null && facts.distance > reach) {
    return { refused: "apReach" };
  }
  const c = facts.combat;
  if (!c) return { pay: null };
  if (facts.reaction) {
    if (!c.up) return { refused: "FRAY.ActionPoints.Refuse.Down" };
    if (c.kept.rp < REACTION_ATTACK_RP) return { refused: "FRAY.ActionPoints.Refuse.NoRP" };
    return { pay: { rp: c.kept.rp - REACTION_ATTACK_RP } };
  }
  const args = with_.spell ? { action: "spell", spellId: with_.spell.id } : { action: "attack" };
  const ruling = spendRuling(args, {
    kept: c.kept, pools: facts.attacker.pools, ownTurn: c.ownTurn, up: c.up,
    spellAp: with_.spell ? with_.spell.ap : null,
  }, pointsOf(c.kept));
  if (!ruling.ok) return { refused: ruling.key };
  return { pay: facts.feint ? { ...ruling.patch, feinting: "" } : ruling.patch };
}

/** How many d100 the GM rolls for the card's check (one, or two with an edge). */
export const diceCount = (plan: CheckPlan): number => (plan.edge === "none" ? 1 : 2);

/**
 * Seals the card as posted by `poster` (see the module comment), with the d100s the GM's client
 * rolled for it (`diceCount` of them).
 * @throws RangeError when `dice` are not that many d100.
 */
export function sealAttack(
  card: ApCard, poster: string, facts: AttackFacts, dice: readonly number[],
): SealVerdict {
  const with_ = facts.with;
  const may = attackRefusal(facts);
  if ("refused" in may || !with_) return refused("refused" in may ? may.refused : "noTarget");
  const plan = planOf(card, facts, with_);
  const { roll, level } = resolveCheck(plan, dice);
  const posted: PostedAttack = {
    actorUuid: card.actorUuid, tokenUuid: card.tokenUuid, targetTokenUuid: card.targetTokenUuid,
    targetName: card.targetName, combatId: card.combatId, itemId: card.itemId,
    itemName: card.itemName,
  };
  return {
    ok: true, seal: { poster, posted, plan, dice: [...dice], roll, level }, pay: may.pay,
  };
}
