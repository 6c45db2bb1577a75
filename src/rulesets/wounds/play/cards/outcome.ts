import { nextLinkFaces, WOUNDS_CHAIN } from "../../../../engine/dice/chain";
import { chainOutcome, type ChainOutcome } from "../../rules/chains";
import { resolveDamage, type DamageOutcome } from "../../rules/damage";
import { fumbleFreeHit, type FumbleFreeHit } from "../../rules/free-hits";
import { CRITICAL_MULTIPLIER, FATAL_DIE } from "../../rules/constants";
import type { WoundsSeal } from "./seal";

/**
 * What a sealed wounds attack comes to, pure, from the seal and the links of its chain rolled so
 * far (one card step each, `card-steps.ts`): the chain's meaning (super critical, decisive blow;
 * tragedy, fatal blow: `rules/chains.ts`), the damage at the chain's multiplier (`rules/damage.ts`,
 * the fatal aim's d4 once rolled), whether it wounds, and the free hit a natural 1 gives the
 * target. While a link is still to roll the outcome is not final: Apply waits for it.
 * Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals, §Combat specific Fails/Criticals,
 * §Wounds/Aiming; RULINGS.md §wounds Natural 20, Natural 1, Crit arithmetic.
 */
export interface AttackOutcome {
  readonly chain: ChainOutcome | null;
  /** The faces of the next link to roll, or null when the chain is over (or none). */
  readonly nextLink: number | null;
  readonly hit: boolean;
  /** The damage of a hit (null on a miss). */
  readonly damage: DamageOutcome | null;
  /** The fatal aim's d4 is due: the hit wounds, aimed at a fatal target, and it is not rolled. */
  readonly fatalDue: boolean;
  readonly decisive: boolean;
  readonly fatalBlow: boolean;
  readonly freeHit: FumbleFreeHit;
}

/**
 * @param links the chain's rolls so far, in order.
 * @param fatal the fatal aim's d4 once rolled, else null.
 * @throws RangeError when the links do not fit the chain (a link after it stopped, a face too
 *   big) or the fatal roll is not a d4.
 */
export function outcomeOf(
  seal: WoundsSeal, links: readonly number[], fatal: number | null,
): AttackOutcome {
  const chain = seal.chain ? chainOutcome(seal.chain, links) : null;
  const nextLink = seal.chain ? nextLinkFaces(WOUNDS_CHAIN, links) : null;
  if (fatal !== null && (!Number.isInteger(fatal) || fatal < 1 || fatal > FATAL_DIE)) {
    throw new RangeError(`the fatal roll must be a d${FATAL_DIE}, got ${fatal}`);
  }
  const hit = seal.check.success;
  const multiplier = seal.autoCritical ? CRITICAL_MULTIPLIER
    : chain?.kind === "critical" ? chain.multiplier : 1;
  const damage = hit
    ? resolveDamage({ ...seal.hit, multiplier }, seal.weaponDice, seal.sneakDice, fatal) : null;
  const before = hit && fatal === null ? damage : null;
  const tragedy = chain?.kind === "tragedy" ? chain : null;
  return {
    chain, nextLink, hit, damage,
    fatalDue: nextLink === null && before !== null && before.wound && seal.hit.aim === "fatal",
    decisive: chain?.kind === "critical" && chain.decisive,
    fatalBlow: tragedy?.fatalBlow === true,
    freeHit: tragedy ? fumbleFreeHit(seal.inTargetZone, tragedy.tragedy) : "none",
  };
}
