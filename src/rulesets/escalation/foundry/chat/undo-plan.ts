import type { DeathTrack } from "../../rules/death-save";
import type { ApplyRecord } from "./card-seal";

/**
 * Undoing an applied card result: the recorded HP change is reversed from the HP the target has
 * now (so later hits stay), and a character's death track goes back to what it was — but only
 * when that is still exact: the reversed HP must be one the target could have (not above its
 * maximum, not below 0 for an NPC), and a character's death track must not have moved since (a
 * death save rolled after the hit cannot be unrolled). Pure. Source: `000_c2dc3d650823e22d.txt`
 * §Dying and Death (the death track).
 */
export interface UndoTarget {
  readonly hp: number;
  readonly hpMax: number;
  readonly isPC: boolean;
  /** A character's death track now (null for NPCs). */
  readonly death: DeathTrack | null;
}

export type UndoPlan =
  | { ok: true; hp: number; death: DeathTrack | null }
  | { ok: false; reason: "hpChangedSince" | "deathChangedSince" };

const sameTrack = (a: DeathTrack | null, b: DeathTrack | null): boolean =>
  a === b || (!!a && !!b && a.failures === b.failures && a.stabilized === b.stabilized
    && a.hardFirstSave === b.hardFirstSave && a.lastGasp === b.lastGasp);

export function planUndo(record: ApplyRecord, now: UndoTarget): UndoPlan {
  const hp = now.hp - record.hpChange;
  if (hp > now.hpMax || (!now.isPC && hp < 0)) return { ok: false, reason: "hpChangedSince" };
  if (now.isPC && !sameTrack(now.death, record.deathAfter))
    return { ok: false, reason: "deathChangedSince" };
  return { ok: true, hp, death: now.isPC ? record.deathBefore : null };
}
