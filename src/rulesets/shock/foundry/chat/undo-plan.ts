import type { MortalMarks } from "../documents/health";

/**
 * Undoing an applied shock card, pure. The GM recorded what the apply changed (`AppliedStep`): the
 * HP change, whether it spent the target's shield (and in which round), and the fall marks before
 * and after (a PC's mortal marks on its actor; the combatant's fall round and defeated flag). The
 * undo reverses the HP change from the HP the target has now (so later hits stay), gives the shield
 * back while its round lasts, and puts the fall marks back (a knock-out's `unconscious` status
 * among them) — but only when that is still exact:
 *
 * - a record made before these fields existed cannot be reversed (`notRecorded`);
 * - when the apply made the target fall (or left it at 0 HP), its HP and fall marks must still be
 *   what the apply left: a hit or a heal after the fall cannot be told apart at 0 HP
 * (`hpChangedSince`,
 *   `marksChangedSince`);
 * - otherwise the target must still stand and the reversed HP must fit 0..max (`hpChangedSince`): a
 *   later fall is not this card's to lift;
 * - a spent shield is given back only in the round it was spent while it is still marked spent
 *   (`shieldChangedSince`); after that round every shield was made ready again, so nothing is owed.
 * Source: `002_5e27cdf788b28f5f.txt` §Shock (shields, once a round); RULINGS.md §shock
 * (Mortally Injured, NPC defeated).
 */
export interface FallMarks {
  /** A PC's mortal marks on its actor (both false for NPCs). */
  readonly mortal: MortalMarks;
  /** The combatant's fall round and defeated flag (null: no combatant in a started combat). */
  readonly combatant: { readonly fellRound: number; readonly defeated: boolean } | null;
  /**
   * The target has Foundry's `unconscious` status (a non-lethal execution knocks it out). Absent
   * on records made before it was kept: read as false.
   */
  readonly unconscious?: boolean;
}

/**
 * What an apply recorded for its undo (new in the ledger's `applied` step; absent on old cards).
 */
export interface UndoRecord {
  readonly hpBefore: number;
  readonly hpAfter: number;
  /** The apply spent the target's shield (its Shock was turned aside). */
  readonly shieldSpent?: boolean;
  /** The combat round it was applied in (0 outside a started combat). */
  readonly round?: number;
  readonly fallBefore?: FallMarks;
  readonly fallAfter?: FallMarks;
}

export interface UndoTarget {
  readonly hp: number;
  readonly hpMax: number;
  readonly marks: FallMarks;
  /** The combat's round now (0 outside a started combat) and the combatant's shield use. */
  readonly round: number;
  readonly shieldUsed: boolean;
}

export type UndoRefusal =
  "notRecorded" | "hpChangedSince" | "marksChangedSince" | "shieldChangedSince";

export type UndoPlan =
  | {
    readonly ok: true;
    /** The HP to write. */
    readonly hp: number;
    /** The fall marks to write back, or null when the apply did not change them. */
    readonly marks: FallMarks | null;
    /** Make the shield ready again. */
    readonly shield: boolean;
  }
  | { readonly ok: false; readonly reason: UndoRefusal };

const sameMortal = (a: MortalMarks, b: MortalMarks): boolean =>
  a.injured === b.injured && a.stabilised === b.stabilised;

export function sameMarks(a: FallMarks, b: FallMarks): boolean {
  const ca = a.combatant;
  const cb = b.combatant;
  const sameCombatant = ca === cb
    || (!!ca && !!cb && ca.fellRound === cb.fellRound && ca.defeated === cb.defeated);
  return sameMortal(a.mortal, b.mortal) && sameCombatant
    && (a.unconscious ?? false) === (b.unconscious ?? false);
}

export function planShockUndo(record: UndoRecord, now: UndoTarget): UndoPlan {
  const { fallBefore, fallAfter } = record;
  if (!fallBefore || !fallAfter || record.round === undefined)
    return { ok: false, reason: "notRecorded" };
  const change = record.hpBefore - record.hpAfter;
  const fell = !sameMarks(fallBefore, fallAfter);
  let marks: FallMarks | null = null;
  if (fell || record.hpAfter === 0) {
    if (now.hp !== record.hpAfter) return { ok: false, reason: "hpChangedSince" };
    if (!sameMarks(now.marks, fallAfter)) return { ok: false, reason: "marksChangedSince" };
    marks = fell ? fallBefore : null;
  } else if (now.hp <= 0 || now.hp + change > now.hpMax) {
    return { ok: false, reason: "hpChangedSince" };
  }
  let shield = false;
  if (record.shieldSpent && record.round > 0 && now.round === record.round) {
    if (!now.shieldUsed) return { ok: false, reason: "shieldChangedSince" };
    shield = true;
  }
  return { ok: true, hp: now.hp + change, marks, shield };
}
