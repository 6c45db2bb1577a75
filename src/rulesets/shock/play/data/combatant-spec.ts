import { array, bool, int, object, text, type SourceOf } from "../../../../engine/schema/spec";

/**
 * What the GM trusts of a shock combatant's round: what it spent and the marks it bears. Reset at
 * each round's start (`ShockCombat._onStartRound`); Total Defense lasts until the start of the
 * bearer's next turn. Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Combat Action Types,
 * §Total Defense, §Charge, §Disengage, §Hold An Action, §Screen an Ally, §Shock (shields),
 * §Grappling; RULINGS.md §shock.
 */
export const KEPT_SPEC = object({
  /** The Main action is spent (or became a second Move, or was given up for an Instant). */
  main: bool(false),
  /** Move actions taken this round (the second one paid with the Main). */
  moves: int(0, 0, 2),
  disengaged: bool(false),
  /** Held its action: the rest of its turn is Instant until the round ends. */
  holding: bool(false),
  /** Total Defense: +2 AC and immune to Shock until the start of its next turn. */
  totalDefense: bool(false),
  /** Charged this round: −2 AC until the round ends. */
  charging: bool(false),
  /** Its shield has ignored a Shock this round. */
  shieldUsed: bool(false),
  /** The ward it screens (a combatant id; "" for none) until the start of its next turn. */
  screening: text(),
  /** Attackers it screened against this round (at most its highest combat skill). */
  screenedAttackers: array(text()),
  /** The foe it made a Swarm Attack on this round (a combatant id; "" for none). */
  swarming: text(),
  /** The foe it grapples (a combatant id; "" for none): one at a time (§Grappling). */
  grappling: text(),
  /** The grapplers holding it (combatant ids). Both marks are the GM's writes. */
  grappledBy: array(text()),
  /** The round it fell (0: standing); the text gives no death clock, the tracker counts rounds. */
  fellRound: int(0, 0),
  /**
   * Its side (`party` or `foes`): who is its ally and who its foe (snaps, screens, swarms,
   * opportunity attacks, morale, side initiative). The active GM writes it when it joins (from
   * the actor's type and the token's disposition, `play/round/sides.ts#sideOf`); "" until then,
   * read as what those documents say now (`ShockCombatant#side`). Not reset by a round.
   */
  side: text(""),
  /** Fled when its morale group broke (§Morale); the GM's record. Not reset by a round. */
  fled: bool(false),
});

/** The kept fields each version of the store added after the first (`shell/combat/kept.ts`). */
export const KEPT_SINCE: Readonly<Record<string, number>> = { side: 2, fled: 2 };

/**
 * Where a combatant's kept fields were before the store (what the migration copies once): its
 * `system`, and the fled mark the morale roll set in its flags (`flags.fray.fled`).
 */
export function keptLegacy(combatant: unknown): Record<string, unknown> {
  const c = combatant as { system?: object; flags?: { fray?: { fled?: unknown } } } | null;
  return { ...c?.system, fled: c?.flags?.fray?.fled === true };
}

/**
 * A combatant's own data: its place in its side, which the side's owners choose (RULINGS.md
 * §shock; a forged order only moves its forger within its own side). Its side and the round's
 * economy and marks above (`KEPT_SPEC`) are the GM's, kept on the Combat (`shell/combat/kept.ts`),
 * since its player may write its Combatant; the Combatant's model still declares them so combats
 * from before the store load and are migrated (`shell/combat/kept-migration.ts`; `fled` was a
 * flag, `flags.fray.fled`), and nothing reads them there.
 */
export const COMBATANT_SPEC = object({
  ...KEPT_SPEC.fields,
  /** Before the store: `party` or `foes`, written by the creating client. */
  side: text("foes"),
  /** Place in its side, chosen by the side's owners (lower acts first). */
  order: int(0, 0),
});

/** The kept fields an action's spend writes: the round budget. */
export const BUDGET_FIELDS = ["main", "moves", "disengaged", "holding"] as const;

/** The kept fields a grapple request may write of a combatant: its round budget and its holds. */
export const HOLD_FIELDS = [...BUDGET_FIELDS, "grappling", "grappledBy"] as const;

export type KeptSource = SourceOf<typeof KEPT_SPEC>;
export type CombatantSource = SourceOf<typeof COMBATANT_SPEC>;

/** The kept fields that hold other combatants' ids (`FrayKeptCombat.keptRefs`). */
export const KEPT_REFS: readonly string[] = ["screening", "screenedAttackers", "swarming", "grappling", "grappledBy"];
