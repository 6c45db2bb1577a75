import type { DiceRoller } from "../../../engine/dice/roller";
import type { FrameView, Offer } from "../../../engine/resolution/window/definition";
import { Script, type Supplied } from "../../../engine/resolution/window/protocol";
import {
  AP_WINDOW, type ApReaction, type ApWindowContext, type ApWindowFacts,
} from "../rules/reaction-window";
import { landHit } from "./damage";
import type { Fighter } from "./fighter";
import { give, pay, reactionGain } from "./ledger";
import { chooseReaction } from "./reaction-tactics";
import type { Swing } from "./window-context";

/**
 * An attack's reaction window in an unrecorded headless `action-points` fight, played straight
 * through the window definition's own steps (`rules/reaction-window.ts` `AP_WINDOW`) when its
 * course is known in advance: no ally can Intercept, so only the target is offered anything; the
 * tactics (`reaction-tactics.ts`) take a Dodge, Parry or Block; and once one reaction is taken the
 * window offers nothing more (one reaction per attack), so it settles. That is what the engine's
 * driver would play (open, offers, the answer's spend, its resolution with its dice, its refund
 * and mark, the settlement with the damage dice), the same dice in the same order and the same
 * changes in the same order (RP paid, refunded, +1 FP for a won reaction, the hit), without its
 * general steps: about half the windows of a fight are these. A Riposte (whose counterattack
 * opens a window inside), a pass, a recorded fight (whose log shows the window's offers) and an
 * attack an ally could Intercept go through the driver (`attack-window.ts`);
 * `test/runner.test.ts` plays unrecorded fights against recorded ones to the same end.
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Reaction Chains; RULINGS.md §action-points
 * Reactions.
 */

/**
 * The one frame of the window as the definition reads it: what the target spent in it so far
 * (nothing before its answer; the answer's RP less its refund after), no passes.
 */
class Frame implements FrameView<ApWindowContext, ApWindowFacts> {
  readonly depth = 0;
  readonly answers = [];
  readonly passed = [];
  by = "";
  rp = 0;

  constructor(readonly context: ApWindowContext, public facts: ApWindowFacts) {}

  spent(by: string, resource: string): number {
    return by === this.by && resource === "rp" ? this.rp : 0;
  }
}

const NOTHING: readonly Supplied[] = Object.freeze([]);
/** The one script every straight window reads its dice through (they never overlap). */
const SCRIPT = new Script(NOTHING);

/** The target's offer the tactics take, or null when they pass or take a Riposte. */
function basicReaction(swing: Swing, c: ApWindowContext, offers: readonly Offer[]): Offer | null {
  const pick = chooseReaction(swing.ctx, c, offers);
  if ("pass" in pick || (pick.answer as ApReaction) === "riposte") return null;
  for (let k = 0; k < offers.length; k++) {
    const o = offers[k] as Offer;
    if (o.by === pick.by && o.answer === pick.answer) return o;
  }
  return null;
}

/**
 * Plays `swing`'s window on context `c` (no interceptors) straight through and applies it, when
 * the tactics take a Dodge, Parry or Block; else plays nothing, rolls nothing, changes nothing.
 * @returns whether it played it.
 * @throws Error when the target cannot pay the reaction it was offered (as the driver's caller).
 */
export function reactedDirectly(swing: Swing, c: ApWindowContext): boolean {
  const { ctx, attacker } = swing;
  // The opening rolls nothing and marks nothing: only its facts are read.
  const frame = new Frame(c, AP_WINDOW.open(c, SCRIPT).facts);
  const offers = AP_WINDOW.offers(frame);
  if (!offers.length) return false;
  const offer = basicReaction(swing, c, offers);
  if (!offer) return false;
  const reaction = offer.answer;
  const by = ctx.byKey.get(offer.by) as Fighter;
  let rp = 0;
  for (const cost of offer.cost) {
    if (!pay(ctx, by, "rp", cost.amount, reaction)) throw new Error(`${by.key} cannot pay ${reaction}`);
    rp += cost.amount;
  }
  frame.by = offer.by;
  frame.rp = rp;
  const roller = ctx.roller;
  SCRIPT.restart(NOTHING, (count, faces) => rolled(roller, count, faces));
  const outcome = AP_WINDOW.resolve(frame, offer, SCRIPT);
  for (const r of outcome.refunds ?? []) {
    give(ctx, by, "rp", r.amount, "refund");
    frame.rp -= r.amount;
  }
  for (const m of outcome.marks ?? []) {
    if (m.mark === "successfulReaction") reactionGain(ctx, ctx.byKey.get(m.by) as Fighter);
  }
  frame.facts = outcome.facts;
  // Nothing is offered once a reaction is taken, so the window settles now.
  const s = AP_WINDOW.settle(frame, SCRIPT).settlement;
  if (s.hit && s.target !== null) {
    landHit(ctx, attacker, ctx.byKey.get(s.target) as Fighter, {
      attack: swing.id, level: s.level, damage: swing.damage, dice: s.dice,
      // Nobody could Intercept: whoever takes it is the target.
      multiplier: s.multiplier, amount: s.damage, interceptedFrom: null,
    });
  }
  return true;
}

/** `count` dice of `faces` from `roller`, in order. */
function rolled(roller: DiceRoller, count: number, faces: number): readonly number[] {
  // Made at its size (pushing onto an empty array allocates room for sixteen).
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = roller.die(faces);
  return out;
}
