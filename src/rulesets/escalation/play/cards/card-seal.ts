import { DURATIONS, type Duration } from "../../rules/constants";
import type { DeathTrack } from "../../rules/death-save";
import type { AbilityCard, AttackCard, CardEffect } from "./card-spec";

/**
 * What a card held when it was posted, as the active GM recorded it (`system.seal`, a field only a
 * GM may write). The GM applies the seal, never the card's current data, which its author can
 * edit; only effect durations are read from the card, because its author picks them until the
 * target is applied (RULINGS.md: durations are chosen when applied). Pure.
 */
export interface SealedTarget {
  readonly tokenUuid: string;
  readonly name: string;
  readonly damage: number;
  readonly crit: boolean;
  readonly lastGasp: boolean;
  readonly selfDamage: number;
  readonly effects: readonly Omit<CardEffect, "duration">[];
  /** Whether the attack hit this target (Grabbed's disengage reads it). */
  readonly hit: boolean;
}

export interface AttackSeal {
  readonly kind: "attack";
  /** The user who posted the card (its author when it was created). */
  readonly authorId: string;
  readonly actorUuid: string;
  readonly sustainItemId: string;
  /** The encounter and round the attack was rolled in ("" and 0 outside combat). */
  readonly combatId: string;
  readonly round: number;
  readonly targets: readonly SealedTarget[];
}

export interface HealSeal {
  readonly kind: "heal";
  readonly authorId: string;
  readonly actorUuid: string;
  readonly free: boolean;
  readonly targets: readonly { readonly uuid: string; readonly name: string }[];
}

export type Seal = AttackSeal | HealSeal;

/** The seal of an attack card as posted. */
export function sealAttack(card: AttackCard, authorId: string): AttackSeal {
  return {
    kind: "attack",
    authorId,
    actorUuid: card.actorUuid,
    sustainItemId: card.sustainItemId,
    combatId: card.combatId,
    round: card.round,
    targets: card.targets.map((t) => ({
      tokenUuid: t.tokenUuid,
      name: t.name,
      damage: t.damage,
      crit: t.crit,
      lastGasp: t.lastGasp,
      selfDamage: t.selfDamage,
      hit: t.hit,
      effects: t.effects.map((e) => ({
        id: e.id,
        save: e.save,
        amount: e.amount,
        damageType: e.damageType,
      })),
    })),
  };
}

/** The seal of a healing ability's card as posted. */
export function sealHeal(card: AbilityCard, authorId: string): HealSeal {
  return {
    kind: "heal", authorId, actorUuid: card.actorUuid, free: card.heal.free,
    targets: card.heal.targets.map((t) => ({ uuid: t.uuid, name: t.name })),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === "string";

/** Reads a stored seal, or null when there is none or it is malformed. */
export function sealOf(raw: unknown): Seal | null {
  if (
    !isRecord(raw)
    || !isText(raw.authorId)
    || !isText(raw.actorUuid)
    || !Array.isArray(raw.targets)
  )
    return null;
  if (raw.kind === "heal") {
    const ok =
      typeof raw.free === "boolean"
      && raw.targets.every((t) => isRecord(t) && isText(t.uuid) && isText(t.name));
    return ok ? (raw as unknown as HealSeal) : null;
  }
  if (raw.kind !== "attack" || !isText(raw.sustainItemId)) return null;
  const ok = raw.targets.every(
    (t) =>
      isRecord(t)
      && isText(t.tokenUuid)
      && isText(t.name)
      && isInt(t.damage)
      && t.damage >= 0
      && typeof t.crit === "boolean"
      && typeof t.lastGasp === "boolean"
      && isInt(t.selfDamage)
      && t.selfDamage >= 0
      && Array.isArray(t.effects),
  );
  if (!ok) return null;
  // Seals written before the encounter, round and hit were sealed read as outside combat, no hit.
  const seal = raw as unknown as AttackSeal;
  return {
    ...seal,
    combatId: isText(raw.combatId) ? raw.combatId : "",
    round: isInt(raw.round) ? raw.round : 0,
    targets: seal.targets.map((t) => ({ ...t, hit: t.hit === true })),
  };
}

/**
 * The effects to apply to a sealed target: the sealed conditions, each with the duration its
 * author picked on the card (a duration that is not one of the text's falls back to save ends).
 */
export function effectsToApply(
  sealed: SealedTarget,
  picked: readonly { duration: string }[] | undefined,
): CardEffect[] {
  return sealed.effects.map((e, i) => {
    const d = picked?.[i]?.duration;
    const duration: Duration = (DURATIONS as readonly string[]).includes(d ?? "")
      ? (d as Duration)
      : "saveEnds";
    return { ...e, duration };
  });
}

/**
 * One step taken on a card's target, as the GM recorded it (`system.ledger[index][op]`), for the
 * card to show; what it changed, for Undo, is the shell's record (`system.steps`, recorded by the
 * card runtime). Records from before that also kept the death track and the effects here.
 */
export interface ApplyRecord {
  /** Which step on this target (0, 1, …). */
  readonly op: number;
  /** The user who asked for it. */
  readonly by: string;
  /** `void`: a step that changed nothing (it failed and was put back, see `reason`). */
  readonly mode: "apply" | "half" | "double" | "heal" | "undo" | "void";
  readonly reason?: string;
  /** The HP change made, after HP limits (negative for damage); 0 for an undo record. */
  readonly hpChange: number;
  /** A character's death track before and after the change (null for NPCs; old records). */
  readonly deathBefore?: DeathTrack | null;
  readonly deathAfter?: DeathTrack | null;
  /** ActiveEffect ids created. */
  readonly addedEffects: readonly string[];
  /** Whether this step started Last Gasp saves. */
  readonly lastGasp: boolean;
  /** Confused self-damage dealt to the attacker. */
  readonly selfDamage: number;
}

/** The records of one target (`ledger` maps target indices to their records, in order). */
export function recordsOf(ledger: unknown, index: number): ApplyRecord[] {
  if (!isRecord(ledger)) return [];
  const list = Object.hasOwn(ledger, String(index)) ? ledger[String(index)] : undefined;
  return Array.isArray(list) ? (list.filter(isRecord) as unknown as ApplyRecord[]) : [];
}

/** The step now in force on a target: its last apply when not undone since, else null. */
export function appliedRecord(records: readonly ApplyRecord[]): ApplyRecord | null {
  const last = records.filter((r) => r.mode !== "void").at(-1);
  return last && last.mode !== "undo" ? last : null;
}
