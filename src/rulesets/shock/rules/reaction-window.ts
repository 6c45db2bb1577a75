import { checkSucceedsAgainst, planCheck } from "../../../engine/dice/check";
import {
  oneAgainstManyPlan, opposedPlan, worstWinner, type OpposedSide,
} from "../../../engine/dice/opposed";
import type { Json } from "../../../engine/deltas/delta";
import type {
  Cost, FrameView, Mark, Offer, Outcome, WindowDefinition,
} from "../../../engine/resolution/window/definition";
import { append } from "../../../engine/resolution/window/lists";
import type { Script } from "../../../engine/resolution/window/protocol";
import { ATTACK_DIE, TOTAL_DEFENSE_AC } from "./constants";

/**
 * Shock's reaction window, once for the runner and Foundry: between an attack's roll and its
 * damage. When it opens, the ward's declared screeners who can still block this attacker make the
 * screen's opposed check (the attacker's 2d6 against each screener's, a tied pair rolled again,
 * the attacker's roll asked with the first screener's and a tied pair's together; the
 * worst-rolling screener who won takes the attack).
 * An attack not rolled yet (the runner) is rolled next, against whoever the screen left it on:
 * the attack then targets that combatant, with its own situation (§Screen an Ally). Foundry's
 * attacker rolls first, on the card, and keeps that total against whoever takes the attack.
 * Then, in any order, until each has answered or passed:
 * - an ally holding its action with a Move left (the held Move, or the Main as a second Move) may
 *   screen the ward as an Instant: its own opposed check, tried once per attack and only while the
 *   attack is still on the ward; a win takes the attack;
 * - the attack's target now may take Total Defense (its unspent Main): +2 AC on the same roll and
 *   immune to Shock until the start of its next turn;
 * - each combatant offered a Snap Attack (the target's allies, and the target itself where the
 *   context says so, `targetSnaps`: the text bars nobody with an unspent Main) may make one (its
 *   Main): the attack
 *   is the caller's own (an `outside` need, `snapAttack`, answered `{attackerDown}`); a felled
 *   attacker's attack deals nothing, not even Shock;
 * - each combatant holding its action with its Main left and a weapon that reaches the attacker
 *   (`heldAttackers`) may answer with its held attack (its Main): a plain attack, no −4, that
 *   resolves before the attack it answers lands; like a Snap Attack it is the caller's own (an
 *   `outside` need, `heldAttack`, answered `{attackerDown}`), and a felled attacker deals nothing.
 * It settles on the final target: whether the d20 with the modifiers against it (or the natural,
 * with the option) meets its AC with Total Defense, and whether it is immune to Shock. Damage and
 * Shock stay the caller's.
 *
 * Costs are `main` and `move` (the caller pays them with `take(budget, …)` for the answer named:
 * `totalDefense`, `snapAttack`, `heldAttack`, `screen`); marks are `screenedAttacker` (the screener counts this
 * attacker against its capacity this round), `screening` (a held screen: it now screens the ward)
 * and `totalDefense` (its lasting +2 AC and immunity).
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types (Instants), §Total Defense, §Screen an
 * Ally, §Hold An Action, §Make a Snap Attack, §Attack Rolls; RULINGS.md §shock Actions, Attack,
 * Opposed checks, Screen, Held action.
 */
export const SHOCK_ANSWERS = ["totalDefense", "screen", "snapAttack", "heldAttack"] as const;
export type ShockAnswer = (typeof SHOCK_ANSWERS)[number];

/** An ally who may screen the ward with its held action, and what its screen spends. */
export type ShockHolder = { side: OpposedSide; pays: "move" | "main" };

export type ShockWindowContext = {
  attacker: string;
  /** The target the attack was declared on. */
  ward: string;
  /**
   * The d20 and the total with every modifier against the ward, once the attacker has rolled
   * (Foundry: the roll is on the card). Both null: the window rolls the d20 itself, right after
   * the opening's screen (the runner).
   */
  natural: number | null;
  total: number | null;
  /**
   * The sum of the attack's modifiers against each combatant it may end on, where the caller knows
   * each one's situation (the runner: a screener's own cover, shadow or lying prone); needed for
   * every one of them when the window rolls. Where a combatant has none, the attack keeps
   * `total − natural` (Foundry: the situations its attacker chose against the ward).
   */
  modifiers?: Record<string, number>;
  /** The natural 20/1 option (RULINGS.md §shock Attack). */
  naturals: boolean;
  /**
   * The AC of each combatant the attack may end on (the ward, screeners, holders), with the
   * adjustments in force (a charge's −2, a Total Defense already taken), before this window.
   */
  ac: Record<string, number>;
  /** The attacker's side of a screen check (`screenSide`). */
  attackerSide: OpposedSide;
  /** Declared screeners of the ward who can block this attacker now (`screenersOf`). */
  screeners: OpposedSide[];
  /** Allies who may screen with their held action now (`heldScreeners`). */
  holders: ShockHolder[];
  /** Who may take Total Defense now (standing, Main unspent; `canTotalDefense`). */
  defenders: string[];
  /**
   * Who may snap at the attacker now (`maySnapAt`: standing, Main unspent, a weapon that reaches):
   * the target's side, the target itself included. The runner lists only those its tactics could
   * want to snap (`couldSnapAttack`), and, with the roll known, none unless one wants to already;
   * Foundry's card every one.
   */
  snappers: string[];
  /**
   * Whether the attack's final target, when listed among `snappers`, is offered its Snap Attack:
   * true wherever a window is opened now (the runner, Foundry's card). Absent or false: it is not,
   * as a card stored before Foundry offered it reads (its answers then stay what they were).
   */
  targetSnaps?: boolean;
  /**
   * Who may answer with its held attack now (`mayHeldAttack`: holding its action, standing, its
   * Main unspent, a weapon that reaches the attacker), the target included. Absent (a window
   * stored before it was offered): nobody.
   */
  heldAttackers?: string[];
};

export type ShockWindowFacts = {
  /** The attack's d20: the context's, or rolled at the opening. */
  natural: number;
  target: string;
  /** The declared screener who took the attack at the opening. */
  screenedBy: string | null;
  /** The ally whose held screen was tried (once per attack), won or not. */
  heldScreen: string | null;
  totalDefense: string[];
  attackerDown: boolean;
};

export type ShockWindowSettlement = {
  /** A Snap Attack felled the attacker: the attack deals nothing. */
  cancelled: boolean;
  target: string;
  /** The d20, and the total against the final target. */
  natural: number;
  total: number;
  /** The AC the total met or missed (Total Defense included). */
  ac: number;
  hit: boolean;
  decidedBy: "natural" | "total";
  /** The target took Total Defense: immune to Shock, a swarm's included. */
  totalDefense: boolean;
};

/**
 * The context whose ward's AC and modifier sum were read last, and those (NaN: not read yet). A
 * window reads them at its opening, at a Total Defense and at its settlement, always of the same
 * context, which nothing changes (`definition.ts`), and each is a keyed read of a record by a
 * fighter's key (megamorphic in V8, the key changing from window to window): they are kept by
 * the context's identity.
 */
let readOf: ShockWindowContext | null = null;
let wardAc = Number.NaN;
let wardModifier = Number.NaN;

function remember(c: ShockWindowContext): void {
  if (c === readOf) return;
  readOf = c;
  wardAc = wardModifier = Number.NaN;
}

/** `key`'s AC in the context. @throws Error when it has none. */
function acOf(c: ShockWindowContext, key: string): number {
  remember(c);
  if (key === c.ward && !Number.isNaN(wardAc)) return wardAc;
  const ac = c.ac[key];
  if (ac === undefined) throw new Error(`shock window: no AC for ${key}`);
  if (key === c.ward) wardAc = ac;
  return ac;
}

/** The sum of the attack's modifiers against `key`. */
function modifierOf(c: ShockWindowContext, key: string): number {
  remember(c);
  if (key === c.ward && !Number.isNaN(wardModifier)) return wardModifier;
  const m = modifierRead(c, key);
  if (key === c.ward) wardModifier = m;
  return m;
}

function modifierRead(c: ShockWindowContext, key: string): number {
  const m = c.modifiers?.[key];
  if (m !== undefined) return m;
  if (c.natural === null || c.total === null) {
    throw new Error(`shock window: no modifiers for ${key}`);
  }
  return c.total - c.natural;
}

/** Whether the roll meets `key`'s AC `ac`: the natural rule first, then the total. */
function meets(
  c: ShockWindowContext, natural: number, key: string, ac: number,
): { readonly success: boolean; readonly decidedBy: "natural" | "total" } {
  return checkSucceedsAgainst(
    c.naturals ? NATURALS_ON : NATURALS_OFF, natural, modifierOf(c, key), ac,
  );
}
/**
 * The attack's d20 check with and without the natural option (`planCheck`'s thresholds), planned
 * once: `meets` gives it each target's modifier sum and AC.
 */
const NATURALS_ON = planCheck({ dice: 1, faces: ATTACK_DIE, modifiers: [], target: 0, naturals: true });
const NATURALS_OFF = planCheck({ dice: 1, faces: ATTACK_DIE, modifiers: [], target: 0 });

/**
 * The window's facts, every one made here with its keys in this order (the order they are stored
 * in): V8 gave each `{ ...f, … }` its own object shape, and the definition's and the runner's reads
 * of facts, seeing more than four, went through its megamorphic path at every window.
 */
function factsOf(
  natural: number, target: string, screenedBy: string | null, heldScreen: string | null,
  totalDefense: string[], attackerDown: boolean,
): ShockWindowFacts {
  return { natural, target, screenedBy, heldScreen, totalDefense, attackerDown };
}

function open(c: ShockWindowContext, script: Script): Outcome<ShockWindowFacts> {
  if ((c.natural === null) !== (c.total === null)) {
    throw new Error("shock window: the natural and the total come together");
  }
  acOf(c, c.ward);
  modifierOf(c, c.ward);
  for (const s of c.screeners) {
    acOf(c, s.id);
    modifierOf(c, s.id);
  }
  for (const h of c.holders) {
    acOf(c, h.side.id);
    modifierOf(c, h.side.id);
  }
  let taken: string | null = null;
  let marks: Mark[] | undefined;
  let note: Json = null;
  if (c.screeners.length) {
    // Named by nobody; the attacker's roll asked with the first screener's, a tied pair's as one.
    const r = script.plan(oneAgainstManyPlan(c.attackerSide, c.screeners, true), "screen", "");
    taken = worstWinner(r)?.id ?? null;
    marks = c.screeners.map((s) => ({ by: s.id, mark: "screenedAttacker", data: c.attacker }));
    note = {
      attackerTotal: r.single.total,
      screeners: r.pairs.map((p) => ({ id: p.id, total: p.otherTotal, won: !p.singleWins })),
      takenBy: taken,
      // Every roll of the check, ties included (a log shows them all).
      rolls: r as unknown as Json,
    };
  }
  const natural = c.natural ?? (script.dice(1, ATTACK_DIE, "attack", c.attacker)[0] as number);
  const facts = factsOf(natural, taken ?? c.ward, taken, null, NOBODY, false);
  return marks ? { facts, marks, note } : { facts };
}

function offers(view: FrameView<ShockWindowContext, ShockWindowFacts>): readonly Offer[] {
  const { context: c, facts: f } = view;
  if (f.attackerDown) return NO_OFFERS;
  // Made only when something is offered: the runner asks at every step of every attack.
  let out: Offer[] | null = null;
  if (f.heldScreen === null && f.target === c.ward) {
    for (const h of c.holders) {
      const k = h.side.id;
      if (k === c.ward || k === c.attacker || view.spent(k, h.pays) > 0) continue;
      if (h.pays === "move" || view.spent(k, "main") === 0) {
        out = add(out, { by: k, answer: "screen", cost: h.pays === "move" ? MOVE : MAIN });
      }
    }
  }
  const t = f.target;
  if (c.defenders.includes(t) && !f.totalDefense.includes(t) && view.spent(t, "main") === 0) {
    out = add(out, { by: t, answer: "totalDefense", cost: MAIN });
  }
  const selfSnap = c.targetSnaps === true;
  for (const k of c.snappers) {
    if (k === c.attacker || (k === t && !selfSnap) || view.spent(k, "main") !== 0) continue;
    out = add(out, { by: k, answer: "snapAttack", cost: MAIN });
  }
  for (const k of c.heldAttackers ?? NO_ONE) {
    if (k === c.attacker || view.spent(k, "main") !== 0) continue;
    out = add(out, { by: k, answer: "heldAttack", cost: MAIN });
  }
  return out ?? NO_OFFERS;
}
const NO_OFFERS: readonly Offer[] = [];
const NO_ONE: readonly string[] = [];
/** Nobody in Total Defense yet (shared: facts are never changed, only made anew). */
const NOBODY: string[] = [];
/** `out` and `o` (`append`: a push onto a short array reserves room for sixteen more). */
const add = (out: Offer[] | null, o: Offer): Offer[] => (out ? append(out, o) : [o]);
/** What an answer costs (shared: the engine copies a cost when an answer is taken). */
const MAIN: readonly Cost[] = [{ resource: "main", amount: 1 }];
const MOVE: readonly Cost[] = [{ resource: "move", amount: 1 }];

function resolve(
  view: FrameView<ShockWindowContext, ShockWindowFacts>, answer: Offer, script: Script,
): Outcome<ShockWindowFacts> {
  const { context: c, facts: f } = view;
  const by = answer.by;
  if (answer.answer === "totalDefense") {
    const before = meets(c, f.natural, by, acOf(c, by));
    const after = meets(c, f.natural, by, acOf(c, by) + TOTAL_DEFENSE_AC);
    return {
      facts: factsOf(
        f.natural, f.target, f.screenedBy, f.heldScreen, [...f.totalDefense, by], f.attackerDown,
      ),
      marks: [{ by, mark: "totalDefense", data: true }],
      note: { hitBefore: before.success, hitAfter: after.success },
    };
  }
  if (answer.answer === "snapAttack" || answer.answer === "heldAttack") {
    // The caller's own attack on the attacker, resolved before this one lands.
    const v = script.outside(answer.answer, { by, target: c.attacker });
    const down = typeof v === "object" && v !== null
      && (v as Readonly<Record<string, Json>>).attackerDown === true;
    return {
      facts: factsOf(
        f.natural, f.target, f.screenedBy, f.heldScreen, f.totalDefense, f.attackerDown || down,
      ),
      note: { attackerDown: down },
    };
  }
  const holder = c.holders.find((h) => h.side.id === by) as ShockHolder;
  // Each round one roll of both sides' dice, named after the holder.
  const r = script.plan(opposedPlan(c.attackerSide, holder.side, true), "screen", by);
  const last = r.rolls[r.rolls.length - 1]!;
  const won = r.winner === "b";
  return {
    facts: factsOf(
      f.natural, won ? by : f.target, f.screenedBy, by, f.totalDefense, f.attackerDown,
    ),
    marks: [
      { by, mark: "screening", data: c.ward },
      { by, mark: "screenedAttacker", data: c.attacker },
    ],
    note: { attackerTotal: last.a.total, total: last.b.total, won },
  };
}

/** How the window settles on `f`: the attack's roll against its final target (`settle`). */
function settlementOf(c: ShockWindowContext, f: ShockWindowFacts): ShockWindowSettlement {
  return settled(
    f.target, f.natural, modifierOf(c, f.target), acOf(c, f.target), c.naturals,
    f.totalDefense.includes(f.target), f.attackerDown,
  );
}

/**
 * The settlement on `target`: the d20 `natural` with the attack's `modifier` sum against its
 * `ac` (+2 in Total Defense), the natural rule first (`meets`), nothing when `cancelled`.
 */
function settled(
  target: string, natural: number, modifier: number, ac: number, naturals: boolean,
  totalDefense: boolean, cancelled: boolean,
): ShockWindowSettlement {
  const against = ac + (totalDefense ? TOTAL_DEFENSE_AC : 0);
  const { success: hit, decidedBy } = checkSucceedsAgainst(
    naturals ? NATURALS_ON : NATURALS_OFF, natural, modifier, against,
  );
  return {
    cancelled, target, natural, total: natural + modifier, ac: against, hit: hit && !cancelled,
    decidedBy, totalDefense,
  };
}

/**
 * Whether a window on `c` offers nothing at all: no declared screener (the opening's check), no
 * holder, no defender, no snapper and no held attacker listed. It then only rolls the attack's d20
 * (when the context has none) and settles on the ward, as {@link settleUnanswered} does.
 */
export function offersNothing(c: ShockWindowContext): boolean {
  return !c.screeners.length && !c.holders.length && !c.defenders.length && !c.snappers.length
    && !c.heldAttackers?.length;
}

/**
 * The settlement of a window that offers nothing (`offersNothing`), given the attack's d20: what
 * opening and settling it gives, the same function settling it, with no window state made (most
 * attacks offer nothing; a runner that makes no context for them asks `settleOnWard`).
 * @throws Error when the context has no AC or modifiers for the ward.
 */
export function settleUnanswered(c: ShockWindowContext, natural: number): ShockWindowSettlement {
  return settlementOf(c, factsOf(natural, c.ward, null, null, NOBODY, false));
}

/**
 * The settlement of a window on an unscreened attack whose d20 is known, from the ward's facts a
 * context would hold rather than a context (a runner that knows its answers at the roll need make
 * none): with `totalDefense` false, what {@link settleUnanswered} gives a context of them; true,
 * what the window gives when it offers the ward's Total Defense alone and the ward takes it (its
 * opening, the answer's resolution, its settlement; the caller pays the Main and applies the
 * `totalDefense` mark, as when it plays the window).
 * @param modifier the sum of the attack's modifiers against the ward; `ac` its AC (the context's).
 */
export function settleOnWard(
  ward: string, natural: number, modifier: number, ac: number, naturals: boolean,
  totalDefense: boolean,
): ShockWindowSettlement {
  return settled(ward, natural, modifier, ac, naturals, totalDefense, false);
}

/** Shock's reaction window (see the module comment). */
export const SHOCK_WINDOW: WindowDefinition<
  ShockWindowContext, ShockWindowFacts, ShockWindowSettlement
> = {
  id: "shock",
  open,
  offers,
  resolve,
  settle: ({ context: c, facts: f }) => ({ settlement: settlementOf(c, f) }),
};
