import {
  cheapestRecovery, standOffTurn, turnAfterDebts, type RecoverySlot, type TurnCounts,
} from "../rules/recovery";
import type { Context } from "./context";
import type { Lying } from "./events";
import { bonusLeft, derivedOf, heldWeapon, type Fighter } from "./fighter";

/**
 * Prone and disarmed units in a headless `wounds` fight. Nothing in the text knocks a unit down
 * or disarms it in combat, so the tactics never make either: a fight may begin with units lying
 * prone or disarmed (`WoundsEncounterOptions.lying`, a scripted set-up). A prone unit defends at
 * 5 + Agility and moves a third (`rules/attack.ts`, `rules/movement.ts`); a disarmed one has lost
 * the weapon it holds (`fighter.ts` `heldWeapon`). On its turn the unit stands up, then takes
 * its item back, each with its cheapest action left (`rules/recovery.ts` `cheapestRecovery`);
 * standing up off its turn (`standUp`, which the tactics never do) spends that action of its
 * next turn (`turnSlots`). Source: `001_dbc5fcc02a99a518.txt` §Prone, §Disarmed, §Flat Footed;
 * RULINGS.md §wounds States, Bonus purchases.
 */

/** Who lies prone or disarmed as the fight begins: a line-up index (party first, then foes). */
export interface LyingAtStart {
  readonly unit: number;
  readonly prone?: boolean;
  readonly disarmed?: boolean;
}

/** Sets the units' states as the fight begins (before the field is logged). */
export function layLying(fighters: readonly Fighter[], lying: readonly LyingAtStart[]): void {
  for (const l of lying) {
    const f = fighters[l.unit];
    if (!f) throw new RangeError(`unit ${l.unit} is not in the line-up`);
    f.states = {
      ...f.states, prone: f.states.prone || l.prone === true,
      disarmed: f.states.disarmed || l.disarmed === true,
    };
  }
}

/** Logs the units that begin the fight prone or disarmed (recorded fights only). */
export function emitLying(ctx: Context): void {
  for (const f of ctx.fighters) {
    for (const c of ["prone", "disarmed"] as const) {
      if (!f.states[c]) continue;
      ctx.emit({
        kind: "condition", round: 0, target: f.key, condition: c, added: true, source: "setup",
        reason: "setup", weapon: c === "disarmed" ? heldWeapon(f)?.name ?? null : null,
      });
    }
  }
}

/** A turn's slots before anything is owed: 1 AA, 1 MA and its Bonus Actions in `round`. */
const fullTurn = (f: Fighter, round: number): TurnCounts =>
  ({ attack: 1, move: 1, bonus: derivedOf(f, round).bonusActions });

/** The slots its turn starts with in `round`: a full turn less what off-turn stands owe. */
export const turnSlots = (f: Fighter, round: number): TurnCounts =>
  turnAfterDebts(fullTurn(f, round), f.owed);

function clear(f: Fighter, c: Lying): void {
  f.states = { ...f.states, [c]: false };
}

function emitRecover(
  ctx: Context, f: Fighter, c: Lying, paid: RecoverySlot, offTurn: boolean,
): void {
  if (!ctx.record) return;
  ctx.emit({
    kind: "recover", round: ctx.round, actor: f.key, condition: c, paid, offTurn,
    owed: { ...f.owed }, weapon: c === "disarmed" ? heldWeapon(f)?.name ?? null : null,
  });
}

/** Pays `slot` of the turn under way. */
function payNow(f: Fighter, slot: RecoverySlot): void {
  if (slot === "attack") f.attackLeft--;
  else if (slot === "move") f.moveLeft--;
  else f.bonusUsed++;
}

/** The turn's slots left now. */
const leftNow = (f: Fighter, round: number): TurnCounts =>
  ({ attack: f.attackLeft, move: f.moveLeft, bonus: bonusLeft(f, round) });

/**
 * A prone unit stands up with `slot`: on its turn from that turn, off it from its next turn
 * (refused when the next turn has no such action left). @returns whether it stood.
 * @throws RangeError when it is not prone, or on its turn without that slot left.
 */
export function standUp(ctx: Context, f: Fighter, slot: RecoverySlot, offTurn: boolean): boolean {
  if (!f.states.prone) throw new RangeError(`${f.key} is not prone`);
  if (offTurn) {
    const owed = standOffTurn(f.owed, fullTurn(f, ctx.round), slot);
    if (owed === null) return false;
    f.owed = owed;
  } else {
    if (leftNow(f, ctx.round)[slot] < 1) throw new RangeError(`${f.key} has no ${slot} left`);
    payNow(f, slot);
  }
  clear(f, "prone");
  emitRecover(ctx, f, "prone", slot, offTurn);
  return true;
}

/**
 * The tactics at a turn's start: a prone unit stands up, then a disarmed one takes its item back
 * (it lies at its feet), each with its cheapest action left; without one it stays as it is.
 */
export function recoverOnTurn(ctx: Context, f: Fighter): void {
  if (f.states.prone) {
    const slot = cheapestRecovery(leftNow(f, ctx.round));
    if (slot !== null) standUp(ctx, f, slot, false);
  }
  if (f.states.disarmed) {
    const slot = cheapestRecovery(leftNow(f, ctx.round));
    if (slot === null) return;
    payNow(f, slot);
    clear(f, "disarmed");
    emitRecover(ctx, f, "disarmed", slot, false);
  }
}
