import type { Cell } from "../../../../engine/space/cell";
import { footprintsOverlap, movedTo, type Footprint } from "../../../../engine/space/footprint";
import { interceptSpots } from "../../../../engine/space/intercept";
import type { Grid } from "../../../../engine/space/grid";
import { REACTION_RP } from "../../rules/reaction-window";
import { INTERCEPT_HEXES } from "../../rules/constants";
import { threatWeapon, type Statblock } from "../../rules/statblock";
import type { Attacking } from "../../rules/attack";
import type { KeptSource } from "../data/kept-spec";
import type { ManeuverFacts } from "./maneuver";
import { canIntercept, distanceOf, reachesBack, threatenersOf } from "./placement";
import type { ApCard } from "./card-spec";
import type { AttackFacts } from "./seal";
import type { Party } from "./window-context";

/**
 * An attack card's field as the active GM reads it from the documents (the Foundry layer's
 * `cards/reading.ts` builds it; nothing here reads a document): the attacker, the target and the
 * other tokens that matter (in the card's encounter its combatants, outside one the scene's
 * tokens), each with its side, footprint on the attacker's scene, statblock, whether it stands and
 * what the GM keeps of it. From it, what the seal decides: the attack's facts (distance, gang-up,
 * grappling, a won Feint, the turn), a maneuver's, and the reaction window's parties with the
 * allies who may Intercept. Source: `004_2cc57162401858c9.txt` §Gang-up, §Intercept, §Riposte,
 * §Feint, §Disarm.
 */
export interface FieldToken {
  readonly tokenId: string;
  readonly uuid: string;
  /** Its combatant in the card's started encounter ("" outside one). */
  readonly combatantId: string;
  /** In the encounter its side as the GM keeps it; outside one its token's disposition. */
  readonly side: string;
  readonly at: Footprint | null;
  readonly block: Statblock;
  /** Standing: up, and not defeated. */
  readonly up: boolean;
  /** What the GM keeps of its combatant (null outside a started encounter). */
  readonly kept: KeptSource | null;
}

export interface CardField {
  /** The attacker's scene's grid (undefined without one: nothing is measured). */
  readonly grid: Grid | undefined;
  readonly attacker: FieldToken;
  readonly target: FieldToken;
  /**
   * Every other token that may count (neither the attacker's nor the target's): the encounter's
   * combatants, else the scene's tokens.
   */
  readonly others: readonly FieldToken[];
  /** In the card's started encounter, it is the attacker's turn. */
  readonly ownTurn: boolean;
}

/** The standing tokens of `of`'s side, `of` included when it stands. */
function sideOf(field: CardField, of: FieldToken): FieldToken[] {
  return [field.attacker, field.target, ...field.others].filter((x) => x.up && x.side === of.side);
}

/** The weapon or spell the card names, on the attacker now (null: gone). */
export function attackingOf(block: Statblock, itemId: string): Attacking | null {
  const weapon = block.weapons.find((w) => w.id === itemId);
  if (weapon) return { weapon };
  const spell = block.spells.find((s) => s.id === itemId);
  return spell ? { spell } : null;
}

/** The attack's facts for the seal (`seal.ts`), with the weapon or spell the card names. */
export function attackFacts(field: CardField, card: Pick<ApCard, "itemId">): AttackFacts {
  const { attacker, target, grid } = field;
  const with_ = attackingOf(attacker.block, card.itemId);
  const feinting = attacker.kept?.feinting;
  return {
    attacker: attacker.block, with: with_, distance: distanceOf(grid, attacker.at, target.at),
    threateners: threatenersOf(grid, target.at, sideOf(field, attacker)),
    grappling: Boolean(attacker.kept?.grappling),
    feint: Boolean(with_?.weapon && feinting && feinting === target.combatantId),
    combat: attacker.kept ? { kept: attacker.kept, ownTurn: field.ownTurn, up: attacker.up } : null,
  };
}

/**
 * A maneuver's facts: both statblocks, the actor's weapon for a Disarm (the card's item in hand,
 * else its threatening weapon), what the GM keeps of both, its turn.
 */
export function maneuverFacts(field: CardField, card: Pick<ApCard, "itemId">): ManeuverFacts {
  const { attacker: a, target: b } = field;
  const weapon = a.block.weapons.find((w) => w.id === card.itemId && w.readied)
    ?? threatWeapon(a.block);
  return {
    actor: a.block, target: b.block, weapon,
    kept: a.kept && b.kept ? { actor: a.kept, target: b.kept } : null,
    ids: { actor: a.combatantId || "attacker", target: b.combatantId || "target" },
    ownTurn: Boolean(a.kept) && field.ownTurn, up: a.up,
  };
}

const partyOf = (x: FieldToken, key: string): Party =>
  ({ key: x.combatantId || key, block: x.block, kept: x.kept });

/**
 * The attacker, the target and the allies who may Intercept (standing, with the RP, able to reach
 * a spot within 3 hexes; only in an encounter), as the window's parties, and each one's token by
 * its window key (its card is applied by token once a combat is gone).
 */
export function partiesOf(field: CardField, kind: "melee" | "ranged"): {
  attacker: Party; target: Party; interceptors: Party[]; tokens: Record<string, string>;
} {
  const { grid, attacker: a, target: b } = field;
  const attacker = partyOf(a, "attacker");
  const target = { ...partyOf(b, "target"), reachesAttacker: reachesBack(grid, b, a.at) };
  const tokens = { [attacker.key]: a.uuid, [target.key]: b.uuid };
  if (!a.kept || !b.kept) return { attacker, target, interceptors: [], tokens };
  const interceptors = sideOf(field, b).filter((x) => x.tokenId !== b.tokenId && x.combatantId
    && (x.kept?.rp ?? 0) >= REACTION_RP.intercept && canIntercept(grid, kind, x.at, b.at, a.at));
  for (const x of interceptors) tokens[x.combatantId] = x.uuid;
  return { attacker, target, interceptors: interceptors.map((x) => partyOf(x, "")), tokens };
}

/**
 * Where an interceptor moves to take the attack: the cheapest spot within 3 hexes from which it
 * intercepts (adjacent to both in melee, between them at range: engine `space/intercept.ts`)
 * that no other token stands on; null off the grid or with no free spot (the GM's call).
 */
export function interceptSpot(
  field: CardField, interceptorId: string, kind: "melee" | "ranged",
): Cell | null {
  const { grid, attacker, target } = field;
  const me = field.others.find((x) => x.combatantId === interceptorId);
  if (!grid || !me?.at || !attacker.at || !target.at) return null;
  const taken = [attacker, target, ...field.others]
    .filter((x) => x !== me && x.at).map((x) => x.at as Footprint);
  const at = me.at;
  const free = (cell: Cell) => !taken.some((fp) => footprintsOverlap(grid, movedTo(at, cell), fp));
  const spots = interceptSpots(grid, at, target.at, attacker.at, {
    attack: kind, budget: INTERCEPT_HEXES, canEnd: free,
  });
  return spots?.[0] ?? null;
}
