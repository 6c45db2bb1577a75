import type { ShockResult } from "./card-seal";
import { dealtNow, knocksOut, type TargetState } from "./resolve";

/**
 * What applying a settled result does to its target now (`foundry/gm/apply.ts` reads the
 * documents and writes this): the HP it takes, what absorbed a miss's Shock, whether a ready
 * shield is spent, and whether the target is knocked out rather than felled.
 */
export interface DamageApplied {
  readonly dealt: number;
  readonly absorbedBy: ReturnType<typeof dealtNow>["absorbedBy"];
  /** A shield absorbed the Shock in a round of the attack's combat: it is used for that round. */
  readonly shieldSpent: boolean;
  /** A non-lethal execution's failed save: the target goes unconscious at 0 HP, not dying. */
  readonly knockedOut: boolean;
}

/**
 * A failed execution save takes all the HP the target has now (`hpNow`), a non-lethal one
 * knocking it out; otherwise a hit deals its damage and a miss its Shock through the target's
 * guard (`dealtNow`). A shield is spent only in a started combat's round (`inRound`: outside one
 * no round tracks it). Source: `002_5e27cdf788b28f5f.txt` §Damage, §Shock, §Total Defense,
 * §Execution Attacks.
 */
export function damageApplied(
  result: ShockResult, target: TargetState, hpNow: number, inRound: boolean,
): DamageApplied {
  const felled = Boolean(result.execution && !result.execution.saved);
  const { dealt, absorbedBy } = felled
    ? { dealt: hpNow, absorbedBy: null }
    : dealtNow(result, target);
  return {
    dealt, absorbedBy, shieldSpent: absorbedBy === "shield" && inRound,
    knockedOut: felled && knocksOut(result),
  };
}
