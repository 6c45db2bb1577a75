import { AIMS, type Aim } from "../../rules/constants";
import type { Wound } from "../../rules/wounds";

/**
 * Wounds in Foundry: each wound is its own ActiveEffect on its bearer (the text: each wound is its
 * own record, and they stack), so the sheet lists it and the token draws its icon (an effect with
 * a status is temporary, and the token draws every temporary effect's image:
 * client/documents/active-effect.mjs `isTemporary`, client/canvas/placeables/token.mjs
 * `_drawEffects`). What the rules read of it is in its `fray.wound` flag: its aim, the combat and
 * round it was dealt in (a disrupting wound's −3 lasts that round) and a sequence number that
 * orders wounds oldest first (healing removes the newest). The effect changes no data itself:
 * the rules derive every value from the list (`rules/derived.ts`).
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming; RULINGS.md §wounds Wound, Wounds stack.
 */
export interface WoundFlag {
  readonly aim: Aim;
  /** The combat it was dealt in ("" outside one) and that combat's round then. */
  readonly combat: string;
  readonly round: number;
  /** Orders wounds: the larger, the newer. */
  readonly dealt: number;
}

/** The status every wound effect carries (what makes Foundry draw it on the token). */
export const WOUND_STATUS = "wounds.wound";

/** An ActiveEffect as this module reads it (stored source or document alike). */
export interface EffectLike {
  readonly _id?: string | null;
  readonly id?: string | null;
  readonly disabled?: boolean;
  readonly flags?: unknown;
}

/** A wound effect's flag, or null when the effect is not a well-formed wound. */
export function woundFlagOf(effect: EffectLike): WoundFlag | null {
  const raw = (effect.flags as { fray?: { wound?: unknown } } | undefined)?.fray?.wound;
  if (!raw || typeof raw !== "object") return null;
  const { aim, combat, round, dealt } = raw as Record<string, unknown>;
  if (!AIMS.includes(aim as Aim)) return null;
  if (typeof combat !== "string" || !Number.isInteger(round) || !Number.isFinite(dealt)) {
    return null;
  }
  return { aim: aim as Aim, combat, round: round as number, dealt: dealt as number };
}

/** A wound as the rules see it, with its effect's id and where it was dealt. */
export interface WoundRecord extends Wound {
  readonly combat: string;
  readonly dealt: number;
}

/**
 * The bearer's wounds, oldest first (a disabled effect is no wound). Each wound's `round` is read
 * against `combat`: a wound dealt in another combat (or outside one) gets round −1, so only a
 * disrupting wound of this combat's current round counts −3 (`woundPenalties`).
 */
export function woundsOf(effects: Iterable<EffectLike>, combat: string | null): WoundRecord[] {
  const out: WoundRecord[] = [];
  for (const effect of effects) {
    const id = effect._id ?? effect.id ?? "";
    const flag = effect.disabled ? null : woundFlagOf(effect);
    if (!flag || !id) continue;
    const round = combat !== null && flag.combat === combat ? flag.round : -1;
    out.push({ id, aim: flag.aim, round, combat: flag.combat, dealt: flag.dealt });
  }
  return out.sort((a, b) => a.dealt - b.dealt || a.id.localeCompare(b.id));
}

/** The number that makes a new wound the newest of `wounds`. */
export function nextDealt(wounds: readonly WoundRecord[]): number {
  return wounds.reduce((n, w) => Math.max(n, w.dealt), 0) + 1;
}

/** The icon of each aim's wound on the token and the sheet (Foundry's own icons). */
export const WOUND_ICONS: Readonly<Record<Aim, string>> = {
  centerMass: "icons/svg/blood.svg",
  fatal: "icons/svg/skull.svg",
  slowing: "icons/svg/leg.svg",
  weakening: "icons/svg/downgrade.svg",
  disrupting: "icons/svg/daze.svg",
};

/**
 * A new wound's ActiveEffect data (to create on its bearer).
 * @param name its localized name ("Slowing wound").
 */
export function woundEffectData(name: string, flag: WoundFlag): Record<string, unknown> {
  return {
    name, img: WOUND_ICONS[flag.aim], statuses: [WOUND_STATUS], flags: { fray: { wound: flag } },
  };
}
