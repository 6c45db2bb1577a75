import type { HealthState } from "../../rules/health";

/**
 * The health of an actor from its stored data, and what an HP change writes. Pure. A PC at 0 HP is
 * Mortally Injured until first aid stabilises it; healing above 0 ends both marks; an NPC at 0 is
 * defeated. Source: RULINGS.md §shock (Mortally Injured, NPC defeated); `002_5e27cdf788b28f5f.txt`
 * §Execution Attacks ("reduced to zero HP and Mortally Injured").
 */
export interface MortalMarks {
  readonly injured: boolean;
  readonly stabilised: boolean;
}

export function healthOf(hp: number, isPC: boolean, mortal: MortalMarks): HealthState {
  if (hp > 0) return "up";
  if (!isPC) return "defeated";
  return mortal.stabilised ? "stabilised" : "mortallyInjured";
}

/**
 * HP and a PC's mortal marks after a change of `delta` (negative: damage), HP kept in 0..max.
 * @throws RangeError for a fractional delta.
 */
export function afterHpChange(
  hp: { value: number; max: number }, delta: number, isPC: boolean, mortal: MortalMarks,
): { value: number; mortal: MortalMarks } {
  if (!Number.isInteger(delta))
    throw new RangeError(`HP change must be a whole number, got ${delta}`);
  const value = Math.max(0, Math.min(hp.max, hp.value + delta));
  if (!isPC) return { value, mortal };
  if (value > 0) return { value, mortal: { injured: false, stabilised: false } };
  // Falling to 0 makes a PC Mortally Injured; more damage at 0 keeps a stabilised PC stabilised.
  return { value, mortal: { injured: true, stabilised: mortal.stabilised && hp.value === 0 } };
}

/**
 * The mortal marks a write of a PC's HP must carry (any HP write: the sheet, a token bar, the
 * GM's apply; RULINGS.md §shock Mortally Injured): those `afterHpChange` gives for the new value,
 * or null when the write sets no HP value or sets the marks itself (a knock-out, first aid), or
 * the actor is no PC. `changed` is the update's data as sent (its `system`).
 */
export function hpWriteMarks(
  changed: { readonly system?: { readonly hp?: { readonly value?: unknown };
    readonly mortal?: unknown } },
  hp: { value: number; max: number }, isPC: boolean, mortal: MortalMarks,
): MortalMarks | null {
  const value = changed.system?.hp?.value;
  if (!isPC || typeof value !== "number" || changed.system?.mortal !== undefined) return null;
  return afterHpChange(hp, value - hp.value, true, mortal).mortal;
}

/**
 * Knocked out by a non-lethal execution (`002_5e27cdf788b28f5f.txt` §Execution Attacks: "knocked
 * unconscious if the weapon was non-lethal"): Foundry's own `unconscious` status effect
 * (client/config.mjs `statusEffects`) marks it on the token. A PC knocked out lies at 0 HP with
 * the marks `KNOCKED_OUT_MARKS`: not Mortally Injured (`injured` false) and not dying
 * (`stabilised`), so it cannot act and first aid has nothing to stabilise; an NPC is out of the
 * fight (defeated at 0 HP) without the `dead` overlay.
 */
export const KNOCKED_OUT_STATUS = "unconscious";
export const KNOCKED_OUT_MARKS: MortalMarks = { injured: false, stabilised: true };

/** The status effect that marks a Mortally Injured PC (added to CONFIG.statusEffects by install). */
export const MORTAL_STATUS = "shockMortal";

/**
 * The token markers HP and the marks call for: a PC's Mortally Injured marker (while Mortally
 * Injured or stabilised after it, not when knocked out), an NPC's `dead` overlay (defeated and
 * not knocked out).
 */
export function healthMarkers(
  state: HealthState, isPC: boolean, mortal: MortalMarks, knockedOut: boolean,
): { mortal: boolean; dead: boolean } {
  if (isPC) {
    const mortalMarker = state === "mortallyInjured" || (state === "stabilised" && mortal.injured);
    return { mortal: mortalMarker, dead: false };
  }
  return { mortal: false, dead: state === "defeated" && !knockedOut };
}

/**
 * The status effect the GM puts on a target that is entirely unsuspecting of danger: only such a
 * target may be the victim of an execution attack (`002_5e27cdf788b28f5f.txt` §Execution Attacks).
 */
export const UNSUSPECTING_STATUS = "shockUnsuspecting";
