import { NATURALS_DEFAULT } from "../../rules/constants";
import { screenSide } from "../../rules/maneuvers";
import type { ShockWindowContext } from "../../rules/reaction-window";
import type { Statblock } from "../../rules/statblock";
import type { Snapper } from "../cards/card-seal";

/**
 * The reaction window's context for an attack card, from what the GM's client read of the
 * documents when it seals the card (`foundry/gm/window.ts` `openingOf`): who screens, who may
 * screen with a held action and what it pays, who may take Total Defense, snap at the attacker or
 * strike it first with a held attack. No AC: the GM's client adds the ACs when it plays the window.
 * Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Screen an Ally, §Hold An Action, §Make a
 * Snap Attack; RULINGS.md §shock.
 */

/** The attack as the opening reads it: its attacker's combatant id ("" outside a combat). */
export interface OpeningAttack {
  readonly attackerId: string;
  readonly attacker: Statblock;
  readonly natural: number;
  readonly total: number;
}

/** A combatant that may end up the attack's target: its id and statblock. */
export interface OpeningParty {
  readonly id: string;
  readonly block: Statblock;
}

/** An ally holding its action who may screen, with the Moves it took this round. */
export interface OpeningHolder extends OpeningParty {
  readonly moves: number;
}

/** Who may answer, in a started combat with the attacker's combatant. */
export interface OpeningParties {
  /** The ward's combatant id. */
  readonly ward: string;
  /** The declared screeners who can block this attacker now, in the combat's order. */
  readonly screeners: readonly OpeningParty[];
  readonly holders: readonly OpeningHolder[];
  /** Of the ward, screeners and holders, those who may take Total Defense now. */
  readonly defenders: readonly string[];
  /** Offered a Snap Attack on the attacker (the ward's side and each screener's). */
  readonly snappers: readonly string[];
  /** Offered a held attack on the attacker first. */
  readonly heldAttackers: readonly string[];
}

/**
 * The window's context. With no `parties` (outside a started combat, or without the attacker's
 * combatant) nobody may answer and the ward is `targetKey`. A held screen is a Move: the held one,
 * or the Main as a second Move once a Move was taken (`rules/actions.ts` `take`). The attack's
 * final target, when offered a Snap Attack, may take it (`targetSnaps`).
 */
export function openingContext(
  attack: OpeningAttack, parties: OpeningParties | null, targetKey: string,
): ShockWindowContext {
  const attacker = attack.attackerId || "attacker";
  const base = {
    attacker, natural: attack.natural, total: attack.total, naturals: NATURALS_DEFAULT, ac: {},
    attackerSide: screenSide(attacker, attack.attacker),
  };
  if (!parties || !attack.attackerId) {
    return { ...base, ward: targetKey, screeners: [], holders: [], defenders: [], snappers: [] };
  }
  const side = (p: OpeningParty) => screenSide(p.id, p.block);
  return {
    ...base, ward: parties.ward, screeners: parties.screeners.map(side),
    holders: parties.holders.map((h) => ({ side: side(h), pays: h.moves === 0 ? "move" : "main" })),
    defenders: [...new Set(parties.defenders)],
    snappers: [...new Set(parties.snappers)], targetSnaps: true,
    heldAttackers: [...new Set(parties.heldAttackers)],
  };
}

/** The attacks offered on the attacker by the side of one party it may end on. */
export interface PartyStrikes {
  /** Snap Attacks (§Make a Snap Attack). */
  readonly snaps: readonly Snapper[];
  /** Held attacks: holding the action with the Main left, they strike first (§Hold An Action). */
  readonly held: readonly Snapper[];
}

/**
 * Who is offered an attack on the attacker, over the ward's side and each screener's (whoever
 * the attack ends on may be struck from): each snapper and held attacker once, in the order first
 * offered, and the seal's list naming each striker once with its weapon (a snap's offer over a
 * held attack's, as both name the same readied weapon: `snapWeaponOf`).
 */
export function strikersOffered(parties: readonly PartyStrikes[]): {
  snappers: string[]; heldAttackers: string[]; strikers: Snapper[];
} {
  const snaps = new Map<string, Snapper>();
  const held = new Map<string, Snapper>();
  for (const party of parties) {
    for (const s of party.snaps) snaps.set(s.combatantId, s);
    for (const s of party.held) held.set(s.combatantId, s);
  }
  const strikers = new Map([...held, ...snaps]);
  return { snappers: [...snaps.keys()], heldAttackers: [...held.keys()],
    strikers: [...strikers.values()] };
}
