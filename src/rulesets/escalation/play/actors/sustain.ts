import type { AbilitySource } from "../../rules/models";
import { timingOf } from "./timed-effects";

/**
 * A `Sustain X` ability running on its user, as the marker effect it leaves says
 * (`flags.fray.sustain`), and the effects it holds up on its targets (their timing's `ability`):
 * which abilities an actor sustains, which lapse at the end of its turn, which effects a sustain
 * roll keeps or ends. The Foundry layer creates, updates and deletes the effects
 * (`foundry/chat/sustain.ts`, `use-extras.ts`). Source: `000_c2dc3d650823e22d.txt` §Ability
 * Entries (Sustain).
 */
export interface SustainFlag {
  readonly itemId: string;
  readonly target: number;
  readonly action: string;
  /**
   * Round in which it was used or last sustained (it expires at the end of a later turn without a
   * sustain).
   */
  readonly round: number;
}

/** An effect as these read it: its flags (and id). */
interface Flagged {
  readonly flags: unknown;
}

/** The marker's flag when a `Sustain X` ability is used in `round`. */
export function sustainFlag(
  itemId: string, ability: Pick<AbilitySource, "sustain" | "action">, round: number,
): SustainFlag {
  return { itemId, target: ability.sustain, action: ability.action, round };
}

/** The sustain flag of an effect, or null when it is not a (well-formed) sustain marker. */
export function sustainOf(effect: Flagged): SustainFlag | null {
  const flag = (effect.flags as { fray?: { sustain?: SustainFlag } } | undefined)?.fray?.sustain;
  return flag
    && typeof flag.itemId === "string"
    && Number.isInteger(flag.target)
    && Number.isInteger(flag.round)
    ? flag
    : null;
}

/** The item ids of the abilities an actor is sustaining (its markers). */
export function sustainedItemIds(effects: readonly Flagged[]): Set<string> {
  return new Set(effects.flatMap((e) => sustainOf(e)?.itemId ?? []));
}

/** The markers that lapse at the end of the bearer's turn: not used or sustained in `round`. */
export function lapsedSustains<E extends Flagged>(
  effects: readonly E[], round: number,
): { effect: E; flag: SustainFlag }[] {
  return effects.flatMap((effect) => {
    const flag = sustainOf(effect);
    return flag && flag.round < round ? [{ effect, flag }] : [];
  });
}

/** The effects a sustained ability (`itemId`) applied from the card of combatant `source`. */
export function heldEffects<E extends Flagged>(
  effects: readonly E[], source: string, itemId: string,
): E[] {
  return effects.filter((e) => {
    const timing = timingOf(e);
    return timing?.ability === itemId && timing.source === source;
  });
}
