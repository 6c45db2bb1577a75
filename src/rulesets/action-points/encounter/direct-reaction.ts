import type { Json } from "../../../engine/deltas/delta";
import type { DiceRoller } from "../../../engine/dice/roller";
import type {
  AnswerRecord, FrameView, Offer,
} from "../../../engine/resolution/window/definition";
import { Script, type Supplied } from "../../../engine/resolution/window/protocol";
import {
  AP_WINDOW, type ApWindowContext, type ApWindowFacts, type ApWindowSettlement,
} from "../rules/reaction-window";
import { landHit } from "./damage";
import type { Hex } from "./events";
import type { Fighter } from "./fighter";
import { moveToIntercept } from "./intercept";
import { give, pay, reactionGain } from "./ledger";
import { chooseReaction } from "./reaction-tactics";
import type { Swing } from "./window-context";

/**
 * An attack's reaction window in an unrecorded headless `action-points` fight, played straight
 * through the window definition's own steps (`rules/reaction-window.ts` `AP_WINDOW`: open,
 * offers, resolve, settle) rather than through the engine's driver: a runner's tactics answer at
 * once and its dice come from its roller, so the driver's general machinery (a state kept for a
 * stored window, resolvers stopped and run again at each need, every change listed as an effect
 * and applied afterwards) is work a fight that logs nothing does not need. What is played is what
 * the driver plays: the offers it would make (less those passed, within a nested window's
 * answers), the tactics' choices among them (`reaction-tactics.ts`), each answer's cost paid, its
 * resolution with its dice, refunds and marks, a won Riposte's counterattack in its own window,
 * and the settlement's damage dice; the same dice in the same order, and the same changes to the
 * fighters in the same order (RP paid and refunded, an interceptor's move, +1 FP for a won
 * reaction, the counterattack's hit, the attack's); a window opened inside is played as its
 * resolver asks for it (`LiveScript`). A recorded fight goes through the driver, whose log shows
 * the window (`attack-window.ts`); `test/direct-reaction.test.ts` plays single attacks both ways
 * and `test/runner.test.ts` whole fights, to the same end. Source: `004_2cc57162401858c9.txt`
 * §Reactions, §Reaction Chains, §Riposte, §Intercept; RULINGS.md §action-points Reactions.
 */

const NO_ANSWERS: readonly AnswerRecord[] = Object.freeze([]);

/** A frame's facts before its window opened: nobody has answered, nothing is decided. */
const UNOPENED: ApWindowFacts = Object.freeze({
  takenBy: null, reaction: null, defence: null, tripled: false,
});

/**
 * RP spent (positive) and refunded (negative) in an attack's windows so far, by whom, in order:
 * shared by every window of the attack, as the driver counts them (its whole log). One list for
 * every attack, emptied as each attack's window opens (`playDirectly`): no attack's window is
 * played while another's is open (a window opened inside is its attack's own).
 */
const SPENT_BY: string[] = [];
const SPENT_RP: number[] = [];
let spentCount = 0;

function spend(by: string, rp: number): void {
  SPENT_BY[spentCount] = by;
  SPENT_RP[spentCount++] = rp;
}

const NO_PASSES: readonly string[] = Object.freeze([]);

/**
 * One window as the definition reads it: what each spent in its attack's windows, who passed.
 * One kept for each depth (as `SCRIPTS`), opened anew for each window of that depth.
 */
class Frame implements FrameView<ApWindowContext, ApWindowFacts> {
  // None is ever recorded here (one reaction settles the window), so every frame shares one.
  readonly answers: readonly AnswerRecord[] = NO_ANSWERS;
  /** Who passed (a list made at the first pass: most windows see none). */
  passed: readonly string[] = NO_PASSES;
  /** The window's facts: those it opens with, until it opened (`play`). */
  facts: ApWindowFacts = UNOPENED;
  /** What this window may offer (a nested window's answers), or null: anything. */
  only: readonly string[] | null = null;

  constructor(readonly depth: number, public context: ApWindowContext) {}

  /** Ready for a new window on `context`. */
  open(context: ApWindowContext, only: readonly string[] | null): this {
    this.context = context;
    this.facts = UNOPENED;
    this.only = only;
    this.passed = NO_PASSES;
    return this;
  }

  /** `by` takes the hit. */
  pass(by: string): void {
    if (this.passed === NO_PASSES) this.passed = [by];
    else (this.passed as string[]).push(by);
  }

  spent(by: string, resource: string): number {
    if (resource !== "rp") return 0;
    let n = 0;
    for (let k = 0; k < spentCount; k++) if (SPENT_BY[k] === by) n += SPENT_RP[k] as number;
    return n;
  }

  /**
   * The definition's offers as the engine's driver keeps them: less those who passed and those
   * outside `only` (no answer was taken yet, and the definition offers each once).
   */
  offers(): readonly Offer[] {
    const all = AP_WINDOW.offers(this);
    if (!this.passed.length && this.only === null) return all;
    return all.filter((o) => !this.passed.includes(o.by)
      && (this.only === null || this.only.includes(o.answer)));
  }
}

const NOTHING: readonly Supplied[] = Object.freeze([]);

/** `count` dice of `faces` from `roller`, in order. */
function rolled(roller: DiceRoller, count: number, faces: number): readonly number[] {
  // One or two dice (checks, most damage) as literals: a list of their size without holes, as the
  // attack's own dice are (a list made by size has holes to V8, and a reader of both kinds is
  // slower). Others made at their size (pushing onto an empty array allocates room for sixteen).
  if (count === 1) return [roller.die(faces)];
  if (count === 2) {
    const first = roller.die(faces);
    return [first, roller.die(faces)];
  }
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = roller.die(faces);
  return out;
}

/**
 * The script a window's resolvers read through: dice rolled live from the fight's roller, and a
 * window opened inside (a won Riposte's counterattack) played the moment the resolver asks for it
 * (`play`), where the driver stops the resolver and runs it again over its dice and the inner
 * settlement: a resolver is a pure function of what it reads, so both give the same.
 */
class LiveScript extends Script {
  source: DiceRoller | null = null;
  /** The attack, and the window whose resolver may open one inside. */
  swing: Swing | null = null;
  frame: Frame | null = null;
  spots: ReadonlyMap<string, Hex> | null = null;
  readonly #live = (count: number, faces: number): readonly number[] =>
    rolled(this.source as DiceRoller, count, faces);

  constructor() {
    super(NOTHING);
  }

  /** Ready for a resolver of `frame`'s window. */
  start(swing: Swing, frame: Frame, spots: ReadonlyMap<string, Hex>): this {
    this.source = swing.ctx.roller;
    this.swing = swing;
    this.frame = frame;
    this.spots = spots;
    this.restart(NOTHING, this.#live);
    return this;
  }

  override window(context: Json, only: readonly string[] | null = null): Json {
    const frame = this.frame as Frame;
    // Its answers: those the resolver allows, within the outer window's own (as the driver).
    const within = only === null ? frame.only
      : frame.only === null ? only : only.filter((a) => frame.only?.includes(a));
    const settled = play(
      this.swing as Swing, context as ApWindowContext, this.spots as ReadonlyMap<string, Hex>,
      within, frame.depth + 1,
    );
    return settled as unknown as Json;
  }
}

/**
 * A script for each depth of window (the attack's, a Riposte's inside it), kept from window to
 * window: an inner window is played while the outer's resolver waits for it, so no two windows of
 * one depth are open at once.
 */
const SCRIPTS: LiveScript[] = [];
const FRAMES: Frame[] = [];

/**
 * The fighter of `key`: the attack's target or attacker (whom a window names most), else an
 * interceptor, looked up by key.
 */
function fighterOf(swing: Swing, key: string): Fighter {
  if (key === swing.target.key) return swing.target;
  if (key === swing.attacker.key) return swing.attacker;
  return swing.ctx.byKey.get(key) as Fighter;
}

/** The chosen offer itself (the tactics name it by combatant and answer). */
function offerOf(offers: readonly Offer[], by: string, answer: string): Offer {
  for (let k = 0; k < offers.length; k++) {
    const o = offers[k] as Offer;
    if (o.by === by && o.answer === answer) return o;
  }
  throw new Error(`action-points window: ${by}'s ${answer} was not offered`);
}

/**
 * Plays `swing`'s window on its context `c` to its settlement and applies it; `spots` are where
 * each ally listed to Intercept would stand.
 * @throws Error when a fighter cannot pay what it was offered (as the driver's caller).
 */
export function playDirectly(
  swing: Swing, c: ApWindowContext, spots: ReadonlyMap<string, Hex>,
): void {
  spentCount = 0;
  play(swing, c, spots, null, 0);
}

/** Plays one window (the attack's, or one opened inside it); returns its settlement. */
function play(
  swing: Swing, c: ApWindowContext, spots: ReadonlyMap<string, Hex>,
  only: readonly string[] | null, depth: number,
): ApWindowSettlement {
  const { ctx } = swing;
  const script = (SCRIPTS[depth] ??= new LiveScript());
  const frame = (FRAMES[depth] ??= new Frame(depth, c)).open(c, only);
  // The opening rolls nothing and marks nothing here: only its facts are read.
  frame.facts = AP_WINDOW.open(c, script.start(swing, frame, spots)).facts;
  for (let offers = frame.offers(); offers.length; offers = frame.offers()) {
    const pick = chooseReaction(ctx, c, offers);
    if ("pass" in pick) {
      frame.pass(pick.pass);
      continue;
    }
    const offer = offerOf(offers, pick.by, pick.answer);
    const by = fighterOf(swing, offer.by);
    const costs = offer.cost;
    for (let k = 0; k < costs.length; k++) {
      const cost = costs[k] as (typeof costs)[number];
      if (!pay(ctx, by, "rp", cost.amount, offer.answer)) {
        throw new Error(`${by.key} cannot pay ${offer.answer}`);
      }
      spend(offer.by, cost.amount);
    }
    if (offer.answer === "intercept") moveToIntercept(ctx, by, spots.get(by.key) as Hex);
    const outcome = AP_WINDOW.resolve(frame, offer, script.start(swing, frame, spots));
    // Read by index, with no empty list made for an absent one.
    const refunds = outcome.refunds;
    if (refunds) {
      for (let k = 0; k < refunds.length; k++) {
        const r = refunds[k] as (typeof refunds)[number];
        give(ctx, by, "rp", r.amount, "refund");
        spend(offer.by, -r.amount);
      }
    }
    const marks = outcome.marks;
    if (marks) {
      for (let k = 0; k < marks.length; k++) {
        const m = marks[k] as (typeof marks)[number];
        if (m.mark === "successfulReaction") reactionGain(ctx, fighterOf(swing, m.by));
      }
    }
    frame.facts = outcome.facts;
    // One reaction per attack: once one is taken the definition offers nothing more
    // (`offers` reads `facts.reaction`), so the window settles.
    break;
  }
  const s = AP_WINDOW.settle(frame, script.start(swing, frame, spots)).settlement;
  if (s.hit && s.target !== null) {
    // A Riposte's counter strikes the attacker; the attack strikes whoever took it.
    landHit(ctx, depth === 0 ? swing.attacker : swing.target, fighterOf(swing, s.target), {
      // The ids the log would give (`attack-window.ts`); a fight that logs nothing has none.
      attack: depth === 0 ? swing.id : `${swing.id}r`, level: s.level, damage: c.damage,
      dice: s.dice, multiplier: s.multiplier, amount: s.damage,
      interceptedFrom: depth === 0 && s.target !== swing.target.key ? swing.target.key : null,
    });
  }
  return s;
}
