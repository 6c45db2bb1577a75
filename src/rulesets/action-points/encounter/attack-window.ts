import { isSuccess, levelRank } from "../../../engine/dice/roll-under";
import type { DiceRoller } from "../../../engine/dice/roller";
import type { Offer, WindowEffect, WindowState } from "../../../engine/resolution/window/definition";
import { WindowRunner, type WindowTactics } from "../../../engine/resolution/window/drive";
import { damageTotal, levelMultiplier } from "../rules/attack";
import {
  AP_WINDOW, attackLevel, REACTION_RP, type ApReaction, type ApWindowContext, type ApWindowFacts,
  type ApWindowSettlement,
} from "../rules/reaction-window";
import type { Weapon } from "../rules/statblock";
import { bareCheck, edgeSourcesOf, reactionCheck } from "./check-log";
import { landHit, type Hit } from "./damage";
import type { Hex, OfferLog } from "./events";
import { pool, type Fighter } from "./fighter";
import { interceptorsFor, moveToIntercept } from "./intercept";
import { give, pay, reactionGain } from "./ledger";
import { playDirectly } from "./direct-reaction";
import { distanceBetween } from "./position";
import { chooseReaction, takesNoReaction } from "./reaction-tactics";
import { riposteWeapon, windowContext, type Swing } from "./window-context";

/**
 * A headless `action-points` attack's reactions, played through action-points' window definition
 * (`rules/reaction-window.ts`) with the engine's driver: with the attack's check rolled, the window
 * offers its target Dodge, Parry, Block or Riposte and the allies who can reach a spot Intercept
 * (`intercept.ts`), the runner's tactics choose (`reaction-tactics.ts`), and a won Riposte's
 * counterattack is played in its own window inside. Once the window has settled, the runner
 * applies what it asks in its order — RP spent and refunded, +1 FP for a successful reaction (once
 * a round), an interceptor's move, the counterattack's damage, the attack's damage — and logs each
 * reaction offered and taken with both checks. A fight that logs nothing plays the same window
 * straight through the definition's steps instead (`direct-reaction.ts`), and a hit nobody can
 * answer is settled without one (`unanswered`). Source: `004_2cc57162401858c9.txt` §Reactions,
 * §Reaction Chains, §Riposte, §Intercept; RULINGS.md §action-points Reactions.
 */

type State = WindowState<ApWindowContext, ApWindowFacts, ApWindowSettlement>;
type Frame = State["frames"][number];

/** The most an attack's hit could deal: its dice at their highest, ×3 on a critical. */
function worstCase(swing: Swing): number {
  const d = swing.damage;
  const top = d.dice * d.die + d.bonus;
  return swing.check.level === "critical" ? 3 * top : top;
}

const NO_SPOTS: ReadonlyMap<string, Hex> = new Map();

/** An offer or pass the tactics made, and where among the window's effects it came. */
interface Choice {
  readonly at: number;
  readonly depth: number;
  readonly offers: OfferLog[];
  readonly by: string;
  readonly answer: ApReaction | "pass";
}

class Play implements WindowTactics<ApWindowContext, ApWindowFacts, ApWindowSettlement> {
  readonly choices: Choice[] = [];

  constructor(
    readonly swing: Swing, readonly context: ApWindowContext, readonly riposte: Weapon | null,
  ) {}

  choose(state: State, offers: readonly Offer[]): { by: string; answer: string } | { pass: string } {
    const depth = state.frames.length - 1;
    const pick = chooseReaction(this.swing.ctx, (state.frames[depth] as Frame).context, offers);
    this.choices.push({
      at: state.log.length, depth,
      offers: offers.map((o) => ({
        by: o.by, answer: o.answer as ApReaction, rp: REACTION_RP[o.answer as ApReaction],
      })),
      by: "pass" in pick ? pick.pass : pick.by,
      answer: "pass" in pick ? "pass" : (pick.answer as ApReaction),
    });
    return pick;
  }
}

/**
 * The runner's windows, played on one reused state (a Riposte's inside the attack's), unchecked:
 * its contexts are plain values, and the definition is checked wherever it is played step by step
 * (its tests). It reads the window's log, not its events.
 */
const RUNNER = new WindowRunner(AP_WINDOW, { checked: false, events: false });

/** Plays the attack's window to its settlement and applies it (see the module comment). */
export function playWindow(swing: Swing): void {
  const { ctx, attacker, target, kind } = swing;
  // A failed check is a miss: the window offers nothing against it and settles at once, rolling
  // nothing (`offers`, `settle`), so none is opened (`test/check-roll.test.ts`).
  if (!isSuccess(swing.check.level)) return;
  const spots = !swing.reactionAttack && (!swing.spell || swing.singleTarget)
    ? interceptorsFor(
      ctx, attacker, target, kind, levelRank(swing.check.level), worstCase(swing), !ctx.record,
    ) ?? NO_SPOTS
    : NO_SPOTS;
  if (spots.size === 0 && answersNothing(swing)) {
    landHit(ctx, attacker, target, unanswered(swing, ctx.roller));
    return;
  }
  const riposte = riposteWeapon(swing);
  const context = windowContext(swing, spots, riposte);
  // A fight that logs nothing plays its windows straight through (`direct-reaction.ts`).
  if (!ctx.record) {
    playDirectly(swing, context, spots);
    return;
  }
  // A recorded fight: the driver's play is logged as it is applied.
  const play = new Play(swing, context, riposte);
  const state = RUNNER.run(play.context, ctx.roller, play).state;
  // The runner's state is its own until its next run; applying the effects plays no window
  // (damage, falls, pools), so they are read in place.
  let inner: Frame | null = null;
  for (const x of state.closed) if (x.depth === 1) inner = x.frame;
  const applied = new Applied(
    swing, play, spots, (state.frames[0] as Frame).facts as ApWindowFacts, inner,
  );
  const effects = state.log;
  for (let i = 0; i < effects.length; i++) applied.effect(i, effects[i] as WindowEffect);
  applied.flush(Infinity);
}

/**
 * Whether the target, with no ally able to Intercept, answers the hit with nothing: it has no RP,
 * or (in an unrecorded fight) the tactics would pass every reaction the window could offer it
 * (`reaction-tactics.ts` `takesNoReaction`, the test `chooseReaction` makes). The window would
 * then settle at once as `unanswered` does; a recorded fight still opens it, since its log shows
 * the reactions offered and passed (`test/runner.test.ts` plays both ways to the same end).
 */
function answersNothing(swing: Swing): boolean {
  const { ctx, target } = swing;
  if (pool(target, "rp") < 1) return true;
  return !ctx.record && takesNoReaction(
    target, swing.attacker, levelRank(swing.check.level), swing.kind === "melee",
  );
}

/**
 * A hit nobody answers (`answersNothing`): its target has no RP left (every reaction costs at
 * least 1) or passes what it is offered, and no ally can Intercept, so the window settles at once,
 * rolling the damage dice (`rules/reaction-window.ts` `settle`). The runner settles it so, without
 * opening one: the same dice in the same order, the same damage (`test/check-roll.test.ts` plays
 * both).
 */
export function unanswered(swing: Pick<Swing, "id" | "check" | "damage">, roller: DiceRoller): Hit {
  const d = swing.damage;
  const dice = new Array<number>(d.dice);
  for (let k = 0; k < d.dice; k++) dice[k] = roller.die(d.die);
  const multiplier = levelMultiplier(swing.check.level);
  return {
    attack: swing.id, level: swing.check.level, damage: d, dice, multiplier,
    amount: damageTotal(d, dice, multiplier), interceptedFrom: null,
  };
}

/** Applies and logs a settled window's effects in order (a recorded fight's: see `playWindow`). */
class Applied {
  #choice = 0;
  #counterLogged = false;
  readonly counterId: string;

  constructor(
    readonly swing: Swing,
    readonly play: Play,
    readonly spots: ReadonlyMap<string, Hex>,
    readonly facts: ApWindowFacts,
    readonly inner: Frame | null,
  ) {
    this.counterId = `${swing.id}r`;
  }

  attackId(depth: number): string {
    return depth === 0 ? this.swing.id : this.counterId;
  }

  /** Logs the choices made before effect `at`. */
  flush(at: number): void {
    const { ctx } = this.swing;
    const choices = this.play.choices;
    while (this.#choice < choices.length && (choices[this.#choice] as Choice).at <= at) {
      const c = choices[this.#choice++] as Choice;
      if (c.depth === 1) this.counter();
      ctx.emit({
        kind: "offer", round: ctx.round, attack: this.attackId(c.depth), offers: c.offers,
        choice: { by: c.by, answer: c.answer },
      });
    }
  }

  /** Logs the Riposte's counterattack once, before anything of its window. */
  counter(): void {
    if (this.#counterLogged || !this.inner) return;
    this.#counterLogged = true;
    const { ctx, attacker, target } = this.swing;
    const c = this.inner.context;
    const check = bareCheck("melee", c.attack.target, c.attack.dice);
    ctx.emit({
      kind: "attack", round: ctx.round, id: this.counterId, attacker: target.key,
      target: attacker.key, dice: [...check.dice], natural: check.kept, total: check.kept,
      hit: isSuccess(check.level), attackKind: "riposte", with: (this.play.riposte as Weapon).name,
      melee: true, distance: distanceBetween(target, attacker), check, trigger: null,
      answers: this.swing.id,
    });
  }

  effect(i: number, e: WindowEffect): void {
    const { ctx } = this.swing;
    this.flush(i);
    if (e.depth === 1) this.counter();
    if (e.kind === "settle") {
      this.settle(e.depth, e.settlement as unknown as ApWindowSettlement);
      return;
    }
    const f = ctx.byKey.get(e.by) as Fighter;
    if (e.kind === "spend") {
      if (!pay(ctx, f, "rp", e.amount, e.answer)) throw new Error(`${f.key} cannot pay ${e.answer}`);
      if (e.answer === "intercept") moveToIntercept(ctx, f, this.spots.get(f.key) as Hex);
      this.reaction(e.depth, e.by);
    } else if (e.kind === "refund") {
      give(ctx, f, "rp", e.amount, "refund");
    } else if (e.kind === "mark" && e.mark === "successfulReaction") {
      reactionGain(ctx, f);
    }
  }

  reaction(depth: number, by: string): void {
    const { ctx } = this.swing;
    const facts = depth === 0 ? this.facts : (this.inner?.facts as ApWindowFacts);
    const d = facts.defence;
    if (!d || d.by !== by) return;
    const f = ctx.byKey.get(by) as Fighter;
    const level = depth === 0 ? this.swing.check.level
      : attackLevel(this.inner?.context as ApWindowContext);
    ctx.emit({
      kind: "reaction", round: ctx.round, attack: this.attackId(depth), by, reaction: d.reaction,
      rp: REACTION_RP[d.reaction], check: reactionCheck(f, d, edgeSourcesOf(f)), attackLevel: level,
      shift: d.shift, won: d.won,
    });
  }

  settle(depth: number, s: ApWindowSettlement): void {
    if (!s.hit || s.target === null) return;
    const { ctx, attacker, target } = this.swing;
    // A Riposte's counter strikes the attacker; the attack strikes whoever took it.
    const striker = depth === 0 ? attacker : target;
    const damage = depth === 0 ? this.swing.damage : (this.inner?.context as ApWindowContext).damage;
    landHit(ctx, striker, ctx.byKey.get(s.target) as Fighter, {
      attack: this.attackId(depth), level: s.level, damage, dice: s.dice,
      multiplier: s.multiplier, amount: s.damage,
      interceptedFrom: depth === 0 && s.target !== target.key ? target.key : null,
    });
  }
}
