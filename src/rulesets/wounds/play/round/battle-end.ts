import { mpAfterBattle } from "../../rules/spells";
import type { Statblock } from "../../rules/statblock";
import { payThrall } from "../../rules/summons";

/**
 * What the GM does when a wounds battle ends (its Combat deleted), pure: who won, whose MP
 * refill, and for each summon made in it and not kept as a thrall, whether its summoner may keep
 * it (an offer to pay its thrall cost in MP) or it vanishes at once.
 * Winners, plainly: the party (the PCs' side: PCs and every unit of a friendly token) wins if any
 * PC is still up; else the foes win if any of theirs is up; else nobody wins. The winners' units
 * still up, summons left out, refill their MP (as the headless runner reads it,
 * `encounter/readings.ts`). The offers are made after the refill, so the cost is paid from it.
 * Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds Summons (End of battle).
 */
export type Side = "party" | "foes";

export interface BattleUnit {
  /** Its combatant's id. */
  readonly id: string;
  readonly side: Side;
  readonly pc: boolean;
  /** Up, and not marked defeated. */
  readonly up: boolean;
  readonly mp: number;
  readonly mpMax: number;
  /** Its summoner's combatant id for a summon of this battle; "" otherwise. */
  readonly summoner: string;
  /** A summon's thrall cost (`statblock.ts` `thrallCost`). */
  readonly thrallCost: number;
}

/** The side of a unit: a PC's, or a friendly token's, is the party's (Foundry's FRIENDLY is 1). */
export const sideOf = (pc: boolean, disposition: number): Side =>
  (pc || disposition === 1 ? "party" : "foes");

/** A unit of the battle from its statblock and what its Combat and token say. */
export function battleUnitOf(
  id: string, block: Pick<Statblock, "isPC" | "mp" | "mpMax" | "thrallCost">,
  at: { readonly disposition: number; readonly up: boolean; readonly summoner: string },
): BattleUnit {
  return {
    id, side: sideOf(block.isPC, at.disposition), pc: block.isPC, up: at.up, mp: block.mp,
    mpMax: block.mpMax, summoner: at.summoner, thrallCost: block.thrallCost,
  };
}

/** The winning side, or null for none. */
export function winnerOf(units: readonly BattleUnit[]): Side | null {
  if (units.some((u) => u.pc && u.up)) return "party";
  return units.some((u) => u.side === "foes" && u.up) ? "foes" : null;
}

/** A summon's fate at the battle's end. */
export interface SummonFate {
  readonly id: string;
  readonly summoner: string;
  readonly thrallCost: number;
  /** Offered to its summoner's owner, or gone at once (its summoner cannot pay, or is gone). */
  readonly offered: boolean;
}

export interface BattleEnd {
  readonly winner: Side | null;
  /** MP to write, by combatant id (only those that change). */
  readonly mp: Readonly<Record<string, number>>;
  readonly summons: readonly SummonFate[];
}

/**
 * The battle's end: the winners' refills, then each summon's fate (offered when it is up, its
 * summoner is in the list and the summoner's MP after the refill cover the cost; a summoner with
 * several summons is offered each, paying as it takes them).
 */
export function battleEnd(units: readonly BattleUnit[]): BattleEnd {
  const winner = winnerOf(units);
  const mp: Record<string, number> = {};
  const after = new Map<string, number>();
  for (const u of units) {
    const won = winner !== null && u.side === winner && u.up && !u.summoner;
    const next = mpAfterBattle(u.mp, u.mpMax, won);
    after.set(u.id, next);
    if (next !== u.mp) mp[u.id] = next;
  }
  const summons = units.filter((u) => u.summoner).map((u) => {
    const left = after.get(u.summoner);
    // A summon down is out of the battle: nothing to keep.
    const offered = u.up && left !== undefined && payThrall(left, u.thrallCost) !== null;
    return { id: u.id, summoner: u.summoner, thrallCost: u.thrallCost, offered };
  });
  return { winner, mp, summons };
}
