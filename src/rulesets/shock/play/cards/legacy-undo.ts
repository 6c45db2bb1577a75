import type { Delta, Json } from "../../../../engine/deltas/delta";
import type { MortalMarks } from "../round/health";
import type { AppliedStep } from "./card-seal";

/**
 * A shock card applied before the card runtime kept what Undo needs in its applied step: the HP
 * before and after, the shield's use and round, and the fall marks before and after (a PC's
 * mortal marks, the combatant's fall round and defeat, a knock-out's `unconscious` status).
 * `legacyDeltas` turns that into the runtime's deltas with the same meaning; the card kind's
 * `migrate` (`foundry/cards/legacy-undo.ts` `migrateShockCard`) reads the documents it names.
 * Records older than the fall marks cannot be undone, as before.
 */
export interface FallMarks {
  readonly mortal: MortalMarks;
  readonly combatant: { readonly fellRound: number; readonly defeated: boolean } | null;
  readonly unconscious?: boolean;
}

/** An applied step as cards before the runtime stored it. */
export interface LegacyApplied extends AppliedStep {
  readonly fallBefore?: FallMarks;
  readonly fallAfter?: FallMarks;
}

/** Where the step's changes live now: the target actor, its combatant and combat, an effect. */
export interface LegacyPlaces {
  readonly actorUuid: string;
  readonly combatantUuid: string | null;
  readonly combatUuid: string | null;
  /**
   * The knock-out's `unconscious` effect on the target now; when it is gone, a uuid that names
   * no document (the undo then refuses, as before).
   */
  readonly unconsciousUuid: string;
}

const sameMarks = (a: FallMarks, b: FallMarks): boolean =>
  JSON.stringify([a.mortal.injured, a.mortal.stabilised, a.combatant, a.unconscious ?? false])
  === JSON.stringify([b.mortal.injured, b.mortal.stabilised, b.combatant, b.unconscious ?? false]);

/**
 * The runtime's deltas for a legacy applied step at `at`: fallen (or left at 0), the HP, mortal
 * marks and the combatant's fall marks are set back exactly, with the knock-out's status created
 * again; otherwise the HP change is added back (never below 1). A shield spent in a round is
 * owed back only while the combat is still in that round. null for records without fall marks.
 */
export function legacyDeltas(step: LegacyApplied, at: LegacyPlaces): Delta[] | null {
  const { fallBefore, fallAfter } = step;
  if (!fallBefore || !fallAfter || step.round === undefined) return null;
  const deltas: Delta[] = [];
  const fell = !sameMarks(fallBefore, fallAfter);
  const hp = { uuid: at.actorUuid, path: "system.hp.value" };
  if (fell || step.hpAfter === 0) {
    deltas.push({ kind: "set", ...hp, before: step.hpBefore, after: step.hpAfter });
    // Fallen or left at 0: the marks must still be as the apply left them.
    const mortal = (m: FallMarks): Json => ({ ...m.mortal });
    deltas.push({
      kind: "set", uuid: at.actorUuid, path: "system.mortal",
      before: fell ? mortal(fallBefore) : mortal(fallAfter), after: mortal(fallAfter),
    });
    const cb = fallBefore.combatant;
    const ca = fallAfter.combatant;
    if (at.combatantUuid && ca) {
      const before = fell && cb ? cb : ca;
      deltas.push(
        { kind: "set", uuid: at.combatantUuid, path: "system.fellRound",
          before: before.fellRound, after: ca.fellRound },
        { kind: "set", uuid: at.combatantUuid, path: "defeated",
          before: before.defeated, after: ca.defeated },
      );
    }
    if (fell && fallAfter.unconscious && !fallBefore.unconscious)
      deltas.push({ kind: "create", uuid: at.unconsciousUuid, required: true });
  } else if (step.hpAfter !== step.hpBefore) {
    deltas.push({
      kind: "add", ...hp, amount: step.hpAfter - step.hpBefore, nowMin: 1,
      max: { uuid: at.actorUuid, path: "system.hp.max" },
    });
  }
  if (step.shieldSpent && step.round > 0 && at.combatantUuid && at.combatUuid) {
    deltas.push({
      kind: "set", uuid: at.combatantUuid, path: "system.shieldUsed", before: false, after: true,
      guard: { uuid: at.combatUuid, path: "round", equals: step.round },
    });
  }
  return deltas;
}

