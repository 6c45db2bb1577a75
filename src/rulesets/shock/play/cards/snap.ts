import { mayHeldAttack, maySnapAt, type Budget } from "../../rules/actions";
import type { Weapon } from "../../rules/statblock";
import { adjacent, type Footprint } from "./screen";

/**
 * Snap Attacks answering an attack, pure. While an attack card waits for the target's reaction,
 * each combatant of the target's side, the target itself included, that may still Make a Snap
 * Attack (`maySnapAt`, as the runner asks it: a PC or a disciplined NPC, standing, its Main unspent
 * this round, not surprised, with a readied weapon that reaches the attacker) is offered "Snap
 * Attack": a melee weapon when its token touches the attacker's, else a readied
 * ranged weapon (Fray does not measure range: the GM judges it). In a grapple only unarmed attacks
 * are allowed, so only an adjacent unarmed blow. Source: `002_5e27cdf788b28f5f.txt` §Make a Snap
 * Attack ("give up your Main Action … at a -4 penalty … even when it's not your turn … Only
 * well-trained and disciplined NPCs"), §Grappling; RULINGS.md §shock (Actions: Instant).
 */
export interface SnapCandidate {
  readonly id: string;
  readonly side: string;
  readonly at: Footprint | null;
  /** Up and not defeated. */
  readonly able: boolean;
  /** A PC, or an NPC marked disciplined (the statblock's `snapAttack`). */
  readonly maySnap: boolean;
  /** What it spent this round (a surprised side's Main counts as spent: no Instants). */
  readonly budget: Budget;
  readonly weapons: readonly Weapon[];
  /** In a grapple either way: it fights unarmed only. */
  readonly held: boolean;
}

/** The weapon a snap attack is made with, or null when none reaches the attacker. */
export function snapWeaponOf(
  weapons: readonly Weapon[],
  nextToAttacker: boolean,
  held: boolean,
): Weapon | null {
  const ready = weapons.filter((w) => w.readied);
  if (held) return nextToAttacker ? (ready.find((w) => w.unarmed) ?? null) : null;
  const melee = nextToAttacker ? ready.find((w) => w.kind === "melee" && !w.unarmed) : undefined;
  return (
    melee
    ?? ready.find((w) => w.kind !== "melee")
    ?? (nextToAttacker ? (ready.find((w) => w.unarmed) ?? null) : null)
  );
}

/**
 * The target's side offered a Snap Attack on the attacker, the target itself included (it may
 * strike its attacker down before the damage, §Make a Snap Attack), with the weapon each would use.
 * @param grid the scene's square size, or null (gridless: nobody is adjacent, ranged weapons only).
 */
export function snappersOn(
  target: { readonly id: string; readonly side: string },
  attacker: { readonly id: string; readonly at: Footprint | null },
  candidates: readonly SnapCandidate[],
  grid: number | null,
): { readonly id: string; readonly weapon: Weapon }[] {
  return strikersOn(target, attacker, candidates, grid,
    (c) => maySnapAt(c.able, c.maySnap, c.budget, true));
}

/**
 * The target's side (the target included) offered a held attack on the attacker (`mayHeldAttack`:
 * holding its action, standing, its Main left; anyone may hold, discipline or not), with the weapon
 * each would use (`snapWeaponOf`: reach is judged as for a snap). Source: `002_5e27cdf788b28f5f.txt`
 * §Hold An Action; RULINGS.md §shock Held action.
 * @param grid the scene's square size, or null (gridless: nobody is adjacent, ranged weapons only).
 */
export function heldAttackersOn(
  target: { readonly id: string; readonly side: string },
  attacker: { readonly id: string; readonly at: Footprint | null },
  candidates: readonly SnapCandidate[],
  grid: number | null,
): { readonly id: string; readonly weapon: Weapon }[] {
  return strikersOn(target, attacker, candidates, grid,
    (c) => mayHeldAttack(c.able, c.budget, true));
}

/**
 * The target's side (the target included) who may strike the attacker before the damage (`may`,
 * given that a weapon reaches it), with the weapon that reaches (`snapWeaponOf`).
 */
function strikersOn(
  target: { readonly id: string; readonly side: string },
  attacker: { readonly id: string; readonly at: Footprint | null },
  candidates: readonly SnapCandidate[],
  grid: number | null,
  may: (c: SnapCandidate) => boolean,
): { readonly id: string; readonly weapon: Weapon }[] {
  return candidates.flatMap((c) => {
    if (c.id === attacker.id || c.side !== target.side) return [];
    const near =
      grid !== null && c.at !== null && attacker.at !== null && adjacent(c.at, attacker.at, grid);
    const weapon = snapWeaponOf(c.weapons, near, c.held);
    return weapon && may(c) ? [{ id: c.id, weapon }] : [];
  });
}
