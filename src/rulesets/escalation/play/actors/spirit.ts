import { isSpiritBoon, type SpiritBoon } from "../../rules/fight-in-spirit";
import { canAct, type HealthState } from "../../rules/health";

/**
 * Fight in Spirit as Foundry stores it, read from plain data. A boon is an ActiveEffect on the
 * ally carrying `flags.fray.spirit` (which boon, and the giver's combatant id); every reading
 * checks the flag's shape, since an owner may write its own actor's effects.
 * Source: `000_c2dc3d650823e22d.txt` §Fight in Spirit.
 */
export interface SpiritFlag {
  readonly boon: SpiritBoon;
  readonly source: string;
}

/** The boon an effect carries (its `flags.fray.spirit`), or null for any other effect. */
export function spiritOf(effect: { readonly flags: unknown }): SpiritFlag | null {
  const flag = (
    effect.flags as { fray?: { spirit?: { boon?: unknown; source?: unknown } } } | undefined
  )?.fray?.spirit;
  return flag && isSpiritBoon(flag.boon) && typeof flag.source === "string"
    ? { boon: flag.boon, source: flag.source }
    : null;
}

/** The boons among an actor's effects. */
export function boonsAmong(effects: readonly { readonly flags: unknown }[]): SpiritBoon[] {
  return effects.flatMap((e) => spiritOf(e)?.boon ?? []);
}

/** A party member as a Fight in Spirit request reads it. */
export interface SpiritMember {
  readonly isPC: boolean;
  readonly health: HealthState;
}

/**
 * Whether a Fight in Spirit request names a giver and an ally it may name, and why not: the
 * giver a character out of the fight (`notInCombat`: it may act, or is no character), the ally
 * another character still able to act and the boon one of the three (`badRequest`); the turn and
 * once-a-turn checks are `spiritRefusal`'s.
 */
export function spiritRequestRefusal(
  giver: SpiritMember | null, ally: SpiritMember | null, sameActor: boolean, boon: unknown,
): "notInCombat" | "badRequest" | null {
  if (!giver?.isPC || canAct(giver.health)) return "notInCombat";
  if (!ally?.isPC || sameActor || !canAct(ally.health) || !isSpiritBoon(boon)) return "badRequest";
  return null;
}
