import type { ShockCard } from "./card-spec";
import type { Maneuver } from "./grapple";
import { cardBadges, type CardBadge } from "./card-badges";
import {
  heldAttackerOf, phaseOf, screenerOf, strikerOf,
  type Phase, type Reaction, type SealRefusal, type ShockLedger, type ShockResult, type ShockSeal,
} from "./card-seal";
import { windowView } from "./card-window";

/**
 * What a shock attack card shows to one viewer, pure (the template is tested with Handlebars). The
 * roll comes from the card; whether it hit, the reactions and the result from the GM's records.
 * Buttons appear only for those who may press them: the target's owners (and the GM, for absent
 * players) answer with an Instant or "no reaction"; the author (and the GM) apply the result.
 */
export interface Viewer {
  readonly isGM: boolean;
  readonly userId: string;
  /**
   * Whether the viewer owns the target's actor (the sealed target: a screener who took the attack).
   */
  readonly ownsTarget: boolean;
  /** The combatants the viewer owns in the card's combat (for held-screen offers). */
  readonly ownedCombatants?: readonly string[];
  /** The maneuvers the attacker's weapon allows in lieu of damage (read from its item). */
  readonly maneuvers?: readonly Maneuver[];
  /**
   * The target's AC the roll is judged against, read by the GM's own client when it renders
   * (never stored on the card); null or absent for everyone else, who see "18 vs AC".
   */
  readonly ac?: number | null;
}

export interface CardView {
  /**
   * The result first: hit or miss (natural 20 or 1), Shock, the reaction taken, the card's state.
   */
  readonly badges: readonly CardBadge[];
  /** "18 vs AC 13" for the GM (`ac` set), "18 vs AC" for everyone else. */
  readonly versus: { readonly key: string; readonly total: number; readonly ac: number | null };
  readonly weaponName: string;
  readonly summary: string;
  readonly targetName: string;
  readonly formula: string;
  readonly natural: number;
  readonly total: number;
  readonly options: readonly string[];
  readonly phase: Phase;
  /** Why the GM refused the card, when it did. */
  readonly refusalKey: string | null;
  /** The screen rolled against the attack, if any: each screener's total against the attacker's. */
  readonly screen: {
    readonly ward: string;
    readonly attackerTotal: number;
    readonly takenBy: string | null;
    readonly screeners: readonly {
      readonly name: string;
      readonly total: number;
      readonly won: boolean;
    }[];
  } | null;
  /** The roll against the AC at posting (before reactions), once sealed. */
  readonly hitKey: string | null;
  /** Reaction buttons for this viewer (empty when it may not answer or nothing is awaited). */
  readonly reactions: readonly {
    readonly choice: Reaction;
    readonly labelKey: string;
    readonly name: string;
    /**
     * A Snap Attack or a held attack is rolled on its striker's client (not a plain card step).
     */
    readonly snap: boolean;
    /** The react step's arguments, as JSON. */
    readonly argsJson: string;
  }[];
  /** A held screen taken on the card: who, the two totals, whether it took the attack. */
  readonly heldScreen: {
    readonly name: string;
    readonly total: number;
    readonly attackerTotal: number;
    readonly won: boolean;
  } | null;
  /** Snap Attacks taken against the attacker before damage: who. */
  readonly snaps: readonly { readonly name: string }[];
  /** Those who struck the attacker first with their held action, by name. */
  readonly heldAttacks: readonly { readonly name: string }[];
  /** The card waits for a Snap Attack's card before it settles. */
  readonly snapsPending: boolean;
  /** Who is awaited, for viewers who cannot answer. */
  readonly waiting: boolean;
  readonly reactionKey: string | null;
  readonly result: {
    readonly key: string;
    readonly amount: number;
    readonly formula: string;
    readonly swarm: boolean;
    /** An execution's Physical save: its total against the target's save. */
    readonly save: { readonly total: number; readonly target: number } | null;
  } | null;
  readonly canApply: boolean;
  readonly applyKey: string;
  readonly applied: {
    readonly key: string;
    readonly dealt: number;
    readonly hpBefore: number;
    readonly hpAfter: number;
  } | null;
  /** Shove or grapple buttons in lieu of damage (a hit, before it is applied; author and GM). */
  readonly maneuvers: readonly {
    readonly kind: Maneuver; readonly labelKey: string; readonly argsJson: string;
  }[];
  /** A shove or grapple taken: the opposed check's totals and who won. */
  readonly maneuver: {
    readonly key: string;
    readonly attackerTotal: number;
    readonly defenderTotal: number;
  } | null;
  /** The Snap Attack that felled the attacker was undone: the result was settled again. */
  readonly snapUndone: boolean;
  /** Why the GM closed the card without a result (`FRAY.Shock.Card.ClosedWhy.*`), or null. */
  readonly closedKey: string | null;
  /** Undo for the author and the GM, once, while the applied step changed something. */
  readonly canUndo: boolean;
  /** Whether the card has any of Apply, a maneuver or Undo for this viewer (its button row). */
  readonly hasButtons: boolean;
  /** What the card applied was undone. */
  readonly undone: boolean;
  /** HP before and after are shown to the GM and the target's owners only. */
  readonly showHp: boolean;
}

/** An execution's result word: saved, failed (fallen), or knocked out (non-lethal, failed). */
function executionWord(execution: NonNullable<ShockResult["execution"]>): string {
  if (execution.saved) return "saved";
  return execution.outcome === "unconscious" ? "knockedOut" : "failed";
}

/** What the Apply button says it does. */
function applyKeyOf(result: ShockResult | null): string {
  const execution = result?.execution;
  if (execution && !execution.saved) {
    const knockOut = execution.outcome === "unconscious";
    return knockOut ? "FRAY.Shock.Card.ApplyKnockOut" : "FRAY.Shock.Card.ApplyExecution";
  }
  return result?.kind === "shock" ? "FRAY.Shock.Card.ApplyShock" : "FRAY.Shock.Card.ApplyDamage";
}

export function cardView(
  card: ShockCard,
  viewer: Viewer,
  seal: ShockSeal | null,
  ledger: ShockLedger,
  refusal: SealRefusal | null = null,
): CardView {
  const phase = phaseOf(seal, ledger, refusal !== null);
  const options = [
    ...(card.charge ? ["FRAY.Shock.Card.Option.charge"] : []),
    ...(card.snap ? ["FRAY.Shock.Card.Option.snap"] : []),
    // A card answering another without `snap` is a held attack (`snapFor`).
    ...(card.snapFor && !card.snap ? ["FRAY.Shock.Card.Option.held"] : []),
    ...(card.dualWield ? ["FRAY.Shock.Card.Option.dualWield"] : []),
    ...(card.swarmOthers > 0 ? ["FRAY.Shock.Card.Option.swarm"] : []),
    ...(card.execution ? ["FRAY.Shock.Card.Option.execution"] : []),
    ...(card.execution && card.nonLethal ? ["FRAY.Shock.Card.Option.nonLethal"] : []),
    ...card.situations.map((s) => `FRAY.Shock.Situation.${s}`),
  ];
  const win = seal ? windowView(seal, ledger) : null;
  const waiting = phase === "reactions";
  const mine = (choice: Reaction) => {
    const id = screenerOf(choice) ?? strikerOf(choice);
    return viewer.isGM || (id ? (viewer.ownedCombatants ?? []).includes(id) : viewer.ownsTarget);
  };
  // "No reaction" stays open while a Snap Attack is awaited, until someone answered it (a GM's
  // may end the wait for a snap card that never came).
  const none = waiting && (!ledger.closing || viewer.isGM) ? ["none" as const] : [];
  const reactions = waiting && seal && win
    ? [...win.choices, ...none].filter(mine).map((choice) => {
      const id = screenerOf(choice);
      const snapper = strikerOf(choice);
      const argsJson = JSON.stringify({ choice, seq: win.seq });
      if (snapper) {
        const name = seal.snappers.find((h) => h.combatantId === snapper)?.name ?? "";
        const labelKey = `FRAY.Shock.Card.React.${heldAttackerOf(choice) ? "held" : "snap"}`;
        return { choice, labelKey, name, snap: true, argsJson };
      }
      const name = id ? seal.helpers.find((h) => h.combatantId === id)?.name ?? "" : "";
      const labelKey = `FRAY.Shock.Card.React.${id ? "screen" : choice}`;
      return { choice, labelKey, name, snap: false, argsJson };
    })
    : [];
  const result = ledger.result ?? null;
  const applied = ledger.applied ?? null;
  const held = win?.heldScreen ?? null;
  const reacted = held?.won ? "screen"
    : win?.totalDefense ? "totalDefense" : win?.passed ? "none" : null;
  const mayApply = viewer.isGM || viewer.userId === seal?.authorId;
  const snapsPending = waiting && Boolean(win?.pendingSnap);
  const canApply =
    phase === "resolved" && result !== null && result.kind !== "none" && mayApply;
  const done = ledger.maneuver;
  const ac = viewer.isGM && typeof viewer.ac === "number" ? viewer.ac : null;
  const maneuvers =
    canApply && result?.kind === "hit"
      ? (viewer.maneuvers ?? []).map((kind) => ({
          kind,
          labelKey: `FRAY.Shock.Card.Maneuver.${kind}`,
          argsJson: JSON.stringify({ maneuver: kind }),
        }))
      : [];
  const canUndo = phase === "applied" && mayApply && applied !== null
    && (applied.hpBefore !== applied.hpAfter || applied.shieldSpent === true
      || applied.knockedOut === true);
  return {
    badges: cardBadges(card, seal, ledger, phase),
    versus: {
      // An execution lands whatever the roll (§Execution Attacks): the total is shown, not set
      // against an AC it need not beat.
      key: card.execution ? "FRAY.Shock.Card.VersusExecution"
        : ac === null ? "FRAY.Shock.Card.VersusAcHidden" : "FRAY.Shock.Card.VersusAc",
      total: card.total,
      ac,
    },
    // After a screen the attack's target is the screener who took it (the seal says who).
    weaponName: card.weaponName,
    summary: card.summary,
    targetName: win ? win.target.name : card.targetName,
    formula: card.formula,
    natural: card.natural,
    total: card.total,
    options,
    phase,
    screen: seal?.screen ?? null,
    refusalKey: refusal ? `FRAY.Shock.Card.Refused.${refusal}` : null,
    hitKey: seal ? (seal.hit ? "FRAY.Shock.Card.Hits" : "FRAY.Shock.Card.Misses") : null,
    reactions,
    waiting: waiting && !reactions.length,
    snaps: (win?.snaps ?? []).map((name) => ({ name })),
    heldAttacks: (win?.heldAttacks ?? []).map((name) => ({ name })),
    snapsPending,
    reactionKey: reacted ? `FRAY.Shock.Card.Reacted.${reacted}` : null,
    heldScreen: held
      ? { name: held.name, total: held.total, attackerTotal: held.attackerTotal, won: held.won }
      : null,
    result: result
      ? {
          key: result.execution
            ? `FRAY.Shock.Card.Execution.${executionWord(result.execution)}`
            : `FRAY.Shock.Card.Result.${result.kind}`,
          amount: result.amount,
          formula: result.damageFormula,
          swarm: result.swarm,
          save: result.execution
            ? { total: result.execution.total, target: result.execution.target }
            : null,
        }
      : null,
    canApply,
    maneuvers,
    maneuver: done
      ? {
          key: `FRAY.Shock.Card.Maneuvered.${done.kind}.${done.won ? "won" : "lost"}`,
          attackerTotal: done.attackerTotal,
          defenderTotal: done.defenderTotal,
        }
      : null,
    applyKey: applyKeyOf(result),
    applied: applied
      ? {
          key: applied.knockedOut
            ? "FRAY.Shock.Card.KnockedOut"
            : applied.absorbedBy
              ? `FRAY.Shock.Card.Absorbed.${applied.absorbedBy}`
              : "FRAY.Shock.Card.Dealt",
          dealt: applied.dealt,
          hpBefore: applied.hpBefore,
          hpAfter: applied.hpAfter,
        }
      : null,
    canUndo,
    snapUndone: Boolean(ledger.snapUndone),
    closedKey: ledger.closed ? `FRAY.Shock.Card.ClosedWhy.${ledger.closed.gone}` : null,
    hasButtons: canApply || maneuvers.length > 0 || canUndo,
    undone: phase === "undone",
    showHp: viewer.isGM || viewer.ownsTarget,
  };
}
