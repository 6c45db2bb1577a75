import type { ExecutionResult } from "../../rules/execution";
import type { ShockCard } from "./card-spec";

/**
 * What the active GM records on a shock attack card, in fields only a GM may write
 * (`system.seal`, `system.ledger`, `system.claims`; the manifest's `gmOnlyFields`). Pure.
 *
 * - The seal: the card as posted (attacker, weapon, target, the d20 and its total, the options),
 *   whether it hit the target's AC as the GM read it then, the Instants offered when the reaction
 *   window opened (`offers`) and who they name. The GM never reads the card's editable data after
 *   this.
 * - The ledger: the reaction window's state (`chat/card-window.ts`), the final result (hit and
 *   damage, or the Shock of a miss) and the applied step.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock, §Total Defense; RULINGS.md §shock.
 *
 * An answer to the attack before damage (`Reaction`): Total Defense (the target's), a screen by an
 * ally holding its action (`screen:<its combatant id>`), a Snap Attack (`snap:<id>`), a held
 * attack (`held:<id>`: a combatant holding its action strikes the attacker first), or none.
 */
export type Reaction =
  "totalDefense" | "none" | `screen:${string}` | `snap:${string}` | `held:${string}`;

export function isReaction(v: unknown): v is Reaction {
  if (v === "totalDefense" || v === "none") return true;
  return typeof v === "string" && /^(screen|snap|held):[A-Za-z0-9]{1,64}$/.test(v);
}

/** The combatant id of a Snap Attack offer (an ally's, `snap:<id>`), or null. */
export function snapperOf(choice: Reaction): string | null {
  return choice.startsWith("snap:") ? choice.slice("snap:".length) : null;
}

/** The combatant id of a held attack offer (`held:<id>`), or null. */
export function heldAttackerOf(choice: Reaction): string | null {
  return choice.startsWith("held:") ? choice.slice("held:".length) : null;
}

/**
 * Who a choice has attack the attacker on its own client, its own card answering this one: a
 * Snap Attack's or a held attack's combatant id, or null.
 */
export function strikerOf(choice: Reaction): string | null {
  return snapperOf(choice) ?? heldAttackerOf(choice);
}

/** The combatant id of a screen offer, or null for the other reactions. */
export function screenerOf(choice: Reaction): string | null {
  return choice.startsWith("screen:") ? choice.slice("screen:".length) : null;
}

/** An ally who may screen the target as its held action: who, and its token (to retarget). */
export interface Helper {
  readonly combatantId: string;
  readonly name: string;
  readonly tokenUuid: string;
}

/**
 * A combatant offered an attack on the attacker (a Snap Attack, a held attack, or both), and the
 * readied weapon that reaches it.
 */
export interface Snapper extends Helper {
  readonly weaponId: string;
}

/** A screen the GM rolled when the card was posted (§Screen an Ally). */
export interface SealScreen {
  /** The ward the attack was aimed at (the card's own target). */
  readonly ward: string;
  /** Each screener's decisive total and whether it beat the attacker's check. */
  readonly screeners: readonly {
    readonly name: string;
    readonly total: number;
    readonly won: boolean;
  }[];
  readonly attackerTotal: number;
  /**
   * The screener who takes the attack (the worst-rolling winner), or null: it stays on the ward.
   */
  readonly takenBy: string | null;
}

export interface ShockSeal {
  readonly kind: "shockAttack";
  readonly authorId: string;
  readonly actorUuid: string;
  readonly weaponId: string;
  /** The attack's target after any screen: the ward, or the screener who took it. */
  readonly tokenUuid: string;
  readonly targetName: string;
  readonly combatId: string;
  /** The target's combatant in that combat ("" when it is not in one). */
  readonly targetCombatantId: string;
  readonly natural: number;
  readonly total: number;
  readonly charge: boolean;
  readonly snap: boolean;
  readonly dualWield: boolean;
  readonly swarmOthers: number;
  /** Whether the total met the target's AC as the GM read it at posting (no reaction yet). */
  readonly hit: boolean;
  /** The Instants offered to the target's owners before damage (empty: resolved at once). */
  readonly offers: readonly Reaction[];
  readonly screen: SealScreen | null;
  /** The allies offered a held screen (`screen:<id>` offers), with their names and tokens. */
  readonly helpers: readonly Helper[];
  /**
   * Those offered a Snap Attack or a held attack (`snap:<id>`, `held:<id>` offers), and the
   * attacker's token they would strike.
   */
  readonly snappers: readonly Snapper[];
  readonly attackerTokenUuid: string;
  /**
   * An execution attack: it lands, and the target's Physical save decides (§Execution Attacks).
   */
  readonly execution: boolean;
  /** A non-lethal execution: a failed save knocks the target out (only with `execution`). */
  readonly nonLethal: boolean;
  /** The card whose Snap Attack this card is, once the GM linked it there ("" for none). */
  readonly snapFor: string;
}

/** The final result, once the reactions are settled. */
export interface ShockResult {
  readonly hit: boolean;
  /** Hit damage (with the Shock floor), or the Shock of a miss before any shield or immunity. */
  readonly amount: number;
  readonly kind: "hit" | "shock" | "none";
  /** A swarm's Shock, which only Total Defense stops. */
  readonly swarm: boolean;
  readonly damageFormula: string;
  readonly dice: readonly number[];
  /**
   * An execution's Physical save, rolled by the GM: failed, the target falls to 0 HP (`amount` 0:
   * all it has when applied), Mortally Injured or, non-lethal, knocked out; saved, it takes the
   * attack's maximum damage. `outcome` is `executionResult` (rules/execution.ts); cards settled
   * before it existed lack it and were lethal.
   */
  readonly execution?: {
    readonly natural: number; readonly total: number; readonly target: number;
    readonly saved: boolean; readonly outcome?: ExecutionResult;
  };
  /** A Snap Attack felled the attacker before the damage landed: nothing is dealt. */
  readonly cancelled?: true;
}

/**
 * What an apply did, for the card to show. What it changed, for Undo, is the card runtime's step
 * record (`system.steps.apply`); cards applied before the runtime kept the fall marks here
 * (`play/cards/legacy-undo.ts` turns them into a step record).
 */
export interface AppliedStep {
  readonly by: string;
  /** HP taken off (0 when absorbed). */
  readonly dealt: number;
  readonly absorbedBy: "totalDefense" | "immunity" | "shield" | null;
  readonly hpBefore: number;
  readonly hpAfter: number;
  /** The apply spent the target's shield (its Shock was turned aside). */
  readonly shieldSpent?: boolean;
  /** The combat round it was applied in (0 outside a started combat). */
  readonly round?: number;
  /** A non-lethal execution knocked the target out (0 HP, Foundry's `unconscious` status). */
  readonly knockedOut?: boolean;
}

export interface ShockLedger {
  /**
   * The reaction window as JSON (`chat/card-window.ts` `windowOf`), without the ACs it was played
   * with: those are read from the documents at each step (no defense value is written to a card).
   */
  readonly window?: unknown;
  /**
   * "No reaction" was answered while a Snap Attack's outcome was awaited: once it comes, whoever
   * is still offered an Instant passes.
   */
  readonly closing?: { readonly by: string };
  /** Each ally's Snap Attack card, linked when the GM sealed it (combatant id → message id). */
  readonly snapCards?: Readonly<Record<string, string>>;
  readonly result?: ShockResult;
  readonly applied?: AppliedStep;
  /** The applied step was undone (once; the card then stays closed). */
  readonly undone?: { readonly by: string };
  /** A shove or grapple taken in lieu of damage (§Shoving, §Grappling): the opposed check. */
  readonly maneuver?: ManeuverStep;
  /**
   * The GM closed the card without a result: what it needs is gone (`gm/reading.ts` `goneOf`:
   * the attacker, its weapon, the target, the combat, a party the attack may end on, or the
   * window a card of an earlier release could not get). Nothing is applied from it; it is done.
   */
  readonly closed?: { readonly by: string; readonly gone: Gone };
  /**
   * A Snap Attack's card that had felled the attacker was undone (by `by`): the result was settled
   * again as if no snap had felled it (`gm/snap-undo.ts`).
   */
  readonly snapUndone?: { readonly messageId: string; readonly by: string };
  /**
   * Cards of the release before the window was stored kept here what was answered: the answer
   * that settled the attack, a held screen tried (its check), and the Snap Attacks granted (with
   * each one's card once posted). The card shows them; a card that still waited has its window
   * opened from them once (`cards/legacy-window.ts`).
   */
  readonly reaction?: { readonly choice: Reaction; readonly by: string };
  readonly heldScreen?: Helper & {
    readonly won: boolean; readonly total: number; readonly attackerTotal: number;
  };
  readonly snaps?: Readonly<Record<string, {
    readonly combatantId: string; readonly name: string; readonly messageId: string;
  }>>;
  /**
   * What such a card had rolled while a Snap Attack held its damage back: its result once the
   * window settles, unless the snap felled the attacker.
   */
  readonly rolled?: ShockResult;
}

export interface ManeuverStep {
  readonly kind: "grapple" | "shove";
  readonly by: string;
  readonly attackerTotal: number;
  readonly defenderTotal: number;
  readonly won: boolean;
}

/** The seal of a card as posted, with the GM's reading of the hit and the offers. */
export function sealCard(
  card: ShockCard, authorId: string,
  reading: {
    hit: boolean; targetCombatantId: string; offers: readonly Reaction[];
    /** A screen rolled, and the screener's token when it took the attack. */
    screen?: SealScreen | null; screenerToken?: { uuid: string; name: string } | null;
    helpers?: readonly Helper[];
    snappers?: readonly Snapper[]; attackerTokenUuid?: string;
    /** The card this one answers as a Snap Attack, linked. */
    snapFor?: string;
  },
): ShockSeal {
  const target = reading.screenerToken ?? { uuid: card.tokenUuid, name: card.targetName };
  return {
    kind: "shockAttack", authorId, actorUuid: card.actorUuid, weaponId: card.weaponId,
    tokenUuid: target.uuid, targetName: target.name, combatId: card.combatId,
    targetCombatantId: reading.targetCombatantId,
    natural: card.natural, total: card.total,
    charge: card.charge, snap: card.snap, dualWield: card.dualWield, swarmOthers: card.swarmOthers,
    hit: reading.hit, offers: [...reading.offers], screen: reading.screen ?? null,
    helpers: [...(reading.helpers ?? [])],
    snappers: [...(reading.snappers ?? [])], attackerTokenUuid: reading.attackerTokenUuid ?? "",
    execution: card.execution, nonLethal: card.execution && card.nonLethal,
    snapFor: reading.snapFor ?? "",
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const isInt = (v: unknown): v is number => Number.isInteger(v);

/** Reads a stored seal, or null when there is none, it was refused, or it is malformed. */
export function sealOf(raw: unknown): ShockSeal | null {
  if (!isRecord(raw) || raw.kind !== "shockAttack") return null;
  const texts = [
    "authorId", "actorUuid", "weaponId", "tokenUuid", "targetName", "combatId", "targetCombatantId",
  ];
  if (!texts.every((k) => isText(raw[k]))) return null;
  const ints = [raw.natural, raw.total, raw.swarmOthers];
  if (!ints.every(isInt) || typeof raw.hit !== "boolean") return null;
  if (!Array.isArray(raw.offers) || !raw.offers.every(isReaction)) return null;
  const screenOk =
    isRecord(raw.screen) && isText(raw.screen.ward) && Array.isArray(raw.screen.screeners);
  const isHelper = (h: unknown) =>
    isRecord(h) && isText(h.combatantId) && isText(h.name) && isText(h.tokenUuid);
  const helpers = Array.isArray(raw.helpers) ? raw.helpers.filter(isHelper) : [];
  const snappers = Array.isArray(raw.snappers)
    ? raw.snappers.filter((h) => isHelper(h) && isText((h as Record<string, unknown>).weaponId))
    : [];
  return {
    ...(raw as unknown as ShockSeal),
    screen: (screenOk ? raw.screen : null) as SealScreen | null,
    helpers: helpers as Helper[],
    snappers: snappers as Snapper[],
    attackerTokenUuid: isText(raw.attackerTokenUuid) ? raw.attackerTokenUuid : "",
    execution: raw.execution === true,
    nonLethal: raw.execution === true && raw.nonLethal === true,
    snapFor: isText(raw.snapFor) ? raw.snapFor : "",
  };
}

/** Why the GM refused to seal a card (nothing is ever applied from it). */
export const SEAL_REFUSALS = [
  "notOwner",
  "total",
  "swarm",
  "gone",
  "grappled",
  "snap",
  "execution",
] as const;
export type SealRefusal = (typeof SEAL_REFUSALS)[number];

/** The refusal stored instead of a seal, or null. */
export function refusalOf(raw: unknown): SealRefusal | null {
  if (!isRecord(raw) || raw.kind !== "refused") return null;
  return (SEAL_REFUSALS as readonly unknown[]).includes(raw.reason)
    ? (raw.reason as SealRefusal)
    : "gone";
}

/**
 * A swarm's striker claims `claimed` other assailants; in a started combat the GM counts those who
 * made a Swarm Attack on the target this round (at most four count, §Make a Swarm Attack).
 */
export function swarmClaimHolds(claimed: number, assistants: number): boolean {
  return claimed <= Math.min(assistants, 4);
}

/** Reads a stored ledger (an empty one when there is none). */
export function ledgerOf(raw: unknown): ShockLedger {
  return isRecord(raw) ? (raw as ShockLedger) : {};
}

/** What a card needs that may be gone (`closed`). */
export const GONE = ["attacker", "weapon", "target", "combat", "party", "window"] as const;
export type Gone = (typeof GONE)[number];

/**
 * Where a card stands: waiting for the target's reaction, resolved (damage to apply), applied,
 * undone, or closed by the GM without a result.
 */
export type Phase =
  "unsealed" | "refused" | "reactions" | "resolved" | "applied" | "undone" | "closed";

export function phaseOf(seal: ShockSeal | null, ledger: ShockLedger, refused = false): Phase {
  if (!seal) return refused ? "refused" : "unsealed";
  if (ledger.undone) return "undone";
  if (ledger.closed) return "closed";
  if (ledger.applied || ledger.maneuver) return "applied";
  if (ledger.result) return "resolved";
  return "reactions";
}
