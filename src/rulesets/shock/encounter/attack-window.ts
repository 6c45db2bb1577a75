import type { OneAgainstMany, OpposedSide } from "../../../engine/dice/opposed";
import type { Json } from "../../../engine/deltas/delta";
import type { Offer, WindowState } from "../../../engine/resolution/window/definition";
import { WindowRunner, type WindowTactics } from "../../../engine/resolution/window/drive";
import { append } from "../../../engine/resolution/window/lists";
import { canTotalDefense, type ActionId } from "../rules/actions";
import { resolveAttack, withAcAdjustment, type AttackPlan, type AttackOutcome } from "../rules/attack";
import { ATTACK_DIE, TOTAL_DEFENSE_AC } from "../rules/constants";
import { screenCapacity, screenSide } from "../rules/maneuvers";
import {
  settleOnWard, SHOCK_WINDOW, type ShockWindowContext, type ShockWindowFacts,
  type ShockWindowSettlement,
} from "../rules/reaction-window";
import type { Weapon } from "../rules/statblock";
import { pay, upOf, type Context } from "./context";
import { oneAgainstManyLog, type AttackKind } from "./events";
import { isUp, type Fighter } from "./fighter";
import { attackPlan } from "./attack-memo";
import { distance } from "./position";
import {
  couldSnapAttack, hitCouldDrop, inMelee, NO_SNAP, situationNow, snapIntent, wantsSnapAttack,
  wantsTotalDefense, WANTS_SNAP,
} from "./reactions";

/**
 * A headless `shock` attack's reaction window, played through shock's window definition
 * (`rules/reaction-window.ts`) with the engine's driver: the screen declared on the ward, the d20
 * rolled against whoever the screen left the attack on (its own situation), then Total Defense and
 * Snap Attacks, each as the runner's tactics choose (`reactions.ts`). The runner pays each answer
 * and applies each mark as the window asks, in the window's order, and logs it as it happens.
 * Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally, §Attack Rolls, §Total Defense, §Make a Snap
 * Attack; RULINGS.md §shock Screen.
 */

/**
 * What an attack carries through its window, fixed when it is declared.
 */
export interface Swing {
  readonly ctx: Context;
  readonly id: string;
  readonly attacker: Fighter;
  readonly weapon: Weapon;
  readonly options: AttackOptions;
  readonly swarmOthers: number;
  /** The attack's own situation flags (`attack-memo.ts`: CHARGE, SNAP). */
  readonly flags: number;
}

export interface AttackOptions {
  readonly kind: AttackKind;
  readonly charge?: boolean;
  /** A grapple attempt: on a hit, an opposed STR/Brawl check instead of damage. */
  readonly grapple?: boolean;
}

/** How the window settled, with the final target's fighter. */
export interface Settled {
  readonly target: Fighter;
  readonly settlement: ShockWindowSettlement;
}

type State = WindowState<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

/** Whether `s` screens `ward` and can still screen against `attacker` this round. */
function canScreen(s: Fighter, ward: Fighter, attacker: Fighter): boolean {
  return s.screening === ward.key && isUp(s) && s.key !== attacker.key &&
    (s.screenedAttackers.has(attacker.key) || s.screenedAttackers.size < screenCapacity(s.block));
}

/** The attack's plan against `f` now; null when the weapon cannot reach it. */
function planOn(swing: Swing, f: Fighter): AttackPlan | null {
  const { ctx, attacker, weapon, flags, swarmOthers } = swing;
  const key = situationNow(ctx, attacker, f, weapon, inMelee(ctx, attacker), flags, swarmOthers);
  return key === null ? null : attackPlan(attacker.block, weapon, key);
}

/** A fighter's side of a screen's check (its statblock and key never change: made once). */
function sideOf(f: Fighter): OpposedSide {
  return (f.screenSide ??= screenSide(f.key, f.block));
}

/**
 * What the runner declares in an attack's window before it opens, on `play`: the attack's d20,
 * rolled here when nothing screens (else the window rolls it after the screen, against whoever
 * has the attack); the plans against the ward and each screener who can block this attacker now
 * (one the weapon cannot reach could not body-block it, §Screen an Ally); who may take Total
 * Defense (unscreened: only when the tactics take it on the roll, or one of them wants to snap at
 * once); the ward's side's snappers with their Main whom the tactics could want to snap (a weapon
 * that reaches; unscreened, none unless the tactics pass the Total Defense and one wants to snap
 * at once, at a hit that could drop the ward), the target among them. The runner holds its action
 * to strike first (`hold.ts`), never to screen: it lists no holders, and no `heldAttackers`
 * either: its held blows answer at the declaration (`attacks.ts`), before this window rolls the
 * screen and the d20; played as the window's `heldAttack` they would come after those dice, and
 * every pinned log would change. Lists are made at their size: a push onto a short array reserves
 * room for sixteen more, and every attack declares.
 * @throws Error when the weapon cannot reach the ward (the tactics attack only what it reaches).
 */
function declare(swing: Swing, ward: Fighter, play: AttackWindow): void {
  const { ctx, attacker } = swing;
  const plan = planOn(swing, ward);
  if (!plan) throw new Error(`${swing.weapon.name} cannot reach ${ward.key}`);
  play.plans = [plan];
  let defenders: string[] = isUp(ward) && canTotalDefense(ward.budget) ? [ward.key] : NONE;
  let screeners: OpposedSide[] = NONE;
  // A screener is one of the ward's side up (`turn.ts` screens an ally): only those are asked.
  for (const s of upOf(ctx, ward.party)) {
    if (!canScreen(s, ward, attacker)) continue;
    const p = planOn(swing, s);
    if (!p) continue;
    play.screening = append(play.screening, s);
    play.plans = append(play.plans, p);
    screeners = append(screeners, sideOf(s));
    if (canTotalDefense(s.budget)) defenders = append(defenders, s.key);
  }
  play.screeners = screeners;
  // Unscreened, the window's opening would roll the d20 first thing: it is rolled here instead,
  // the same die at the same point, and given to the window (as Foundry's card gives its roll).
  if (!screeners.length) {
    play.natural = ctx.roller.die(ATTACK_DIE);
    play.rolled(ward, play.natural);
  }
  // Only the snaps the tactics could take (`couldSnapAttack`): they pass every other, and a pass
  // changes nothing. Asked once each (a search of its weapons' odds), kept in a scratch list, then
  // copied.
  const side = ward.party ? ctx.partySnappers : ctx.foeSnappers;
  let n = 0;
  if (screeners.length) {
    for (const f of side) if (couldSnapAttack(ctx, f, attacker)) SNAPPING[n++] = f.key;
  } else if (defenders.length && play.takesTotalDefense(ward)) {
    // Unscreened, with the roll known: the window offers the ward's Total Defense first (before
    // any snap), and the tactics take it on this roll, where +2 AC turns a hit into a miss (never
    // on a natural, `wantsTotalDefense`), or on a miss. They snap only at a hit (`wants`), so no
    // snap follows: none is listed, and the window is settled unplayed (`playWindow`).
  } else {
    // The tactics pass the Total Defense now. They snap only at a hit that could drop the ward
    // (it stays on the ward, unscreened), and only a snap changes what they want next (the
    // attacker's HP, its shield): unless one wants to snap now, every offer is passed, nothing
    // happens, and neither is listed (the window is not played, `playWindow`).
    let wanted = false;
    if ((play.outcome as AttackOutcome).hit && hitCouldDrop(ctx, attacker, ward, swing.weapon)) {
      for (const f of side) {
        const intent = snapIntent(ctx, f, attacker);
        if (intent === NO_SNAP) continue;
        SNAPPING[n++] = f.key;
        if (intent === WANTS_SNAP) wanted = true;
      }
    }
    if (!wanted) n = 0;
    if (!n) defenders = NONE;
  }
  play.defenders = defenders;
  if (!n) return;
  const snappers = new Array<string>(n);
  for (let k = 0; k < n; k++) snappers[k] = SNAPPING[k] as string;
  play.snappers = snappers;
}

/**
 * The window's context, of what was declared (`declare`), with the AC and modifiers against the
 * ward and each screener: made only for a window that is played (`playWindow`).
 */
function contextOf(swing: Swing, play: AttackWindow): ShockWindowContext {
  const { ctx, attacker } = swing;
  const { ward, plans, screening, natural } = play;
  const ac: Record<string, number> = {};
  const modifiers: Record<string, number> = {};
  for (let i = 0; i < plans.length; i++) {
    const key = i ? (screening[i - 1] as Fighter).key : ward.key;
    const { check } = plans[i] as AttackPlan;
    ac[key] = check.target;
    modifiers[key] = check.modifier;
  }
  return {
    attacker: attacker.key, ward: ward.key, natural,
    total: natural === null ? null : natural + (plans[0] as AttackPlan).check.modifier, modifiers,
    naturals: ctx.naturals, ac, attackerSide: sideOf(attacker),
    screeners: play.screeners, holders: NONE, defenders: play.defenders,
    snappers: play.snappers, targetSnaps: true,
  };
}
/** An empty list for every declaration (nobody changes a context; a list grows by a new copy). */
const NONE: never[] = [];
/** The snappers being declared (never two at once: `snapIntent` plays nothing). */
const SNAPPING: string[] = [];

/** What each answer the runner takes spends, as `pay` names it. */
const ACTION_OF: Readonly<Record<string, ActionId>> = {
  totalDefense: "totalDefense",
  snapAttack: "snapAttack",
};

/**
 * The runner's side of one window: it catches up with the window's log whenever the driver hands
 * it control (paying answers, applying marks, logging), and chooses as the tactics would.
 */
class AttackWindow implements WindowTactics<
  ShockWindowContext, ShockWindowFacts, ShockWindowSettlement
> {
  /** The final target once the opening is read, and the attack against it now. */
  target: Fighter;
  plan: AttackPlan | null = null;
  outcome: AttackOutcome | null = null;
  /** The window's log entries applied so far. */
  #seen = 0;
  /** Nothing the tactics want is offered: pass whatever is left. */
  #closing = false;
  /** The window's opening was read (`opened`). */
  #opened = false;

  /** The screeners declared, in order, and their sides. */
  screening: Fighter[] = NONE;
  screeners: OpposedSide[] = NONE;
  /** The attack's plan against the ward, then against each screener (nothing moves meanwhile). */
  plans: AttackPlan[] = NONE;
  /** The d20 when rolled at the declaration (unscreened), else null. */
  natural: number | null = null;
  /** Who is declared to take Total Defense, and to snap, if they want (`declare`). */
  defenders: string[] = NONE;
  snappers: string[] = NONE;

  constructor(
    readonly swing: Swing,
    readonly ward: Fighter,
    readonly snap: Snap,
  ) {
    this.target = ward;
    declare(swing, ward, this);
  }

  /** The fighter of a key the window names: the ward, a screener, else one of the fight's. */
  who(key: string): Fighter {
    if (key === this.ward.key) return this.ward;
    for (const s of this.screening) if (s.key === key) return s;
    return this.swing.ctx.byKey.get(key) as Fighter;
  }

  /** Reads the opening once (screen, roll), then applies every effect not applied yet. */
  catchUp(state: State): void {
    if (!this.#opened) {
      this.#opened = true;
      this.opened(state);
    }
    const { ctx, attacker } = this.swing;
    const log = state.log;
    for (; this.#seen < log.length; this.#seen++) {
      const e = log[this.#seen]!;
      if (e.kind === "spend") {
        const action = ACTION_OF[e.answer];
        if (!action) throw new Error(`the runner takes no ${e.answer} in an attack's window`);
        pay(ctx, this.who(e.by), action);
      } else if (e.kind === "mark" && e.mark === "screenedAttacker") {
        this.who(e.by).screenedAttackers.add(attacker.key);
      } else if (e.kind === "mark" && e.mark === "totalDefense") {
        this.totalDefense();
      } else if (e.kind !== "settle") {
        throw new Error(`the runner applies no ${e.kind} ${JSON.stringify(e)}`);
      }
    }
  }

  /** The d20 `natural` rolled against `target`: the attack's plan and outcome on it. */
  rolled(target: Fighter, natural: number): void {
    this.target = target;
    this.plan = this.plans[this.screening.indexOf(target) + 1] as AttackPlan;
    this.outcome = resolveAttack(this.plan, [natural]);
  }

  /** The screen decided the target and the d20 was rolled against it: log both. */
  opened(state: State): void {
    const { ctx, id } = this.swing;
    const frame = state.frames[0]!;
    const facts = frame.facts as ShockWindowFacts;
    this.rolled(this.who(facts.target), facts.natural);
    if (!ctx.record) return;
    const screeners = this.screeners;
    if (screeners.length) {
      const rolls = (frame.note as unknown as { rolls: OneAgainstMany }).rolls;
      ctx.emit({
        kind: "opposed", round: ctx.round, purpose: "screen",
        ...oneAgainstManyLog(sideOf(this.swing.attacker), screeners, rolls),
      });
      ctx.emit({
        kind: "reaction", round: ctx.round, actor: facts.screenedBy ?? screeners[0]!.id,
        reaction: "screen", attack: id, changed: facts.screenedBy !== null,
      });
    }
    logAttack(
      this.swing, this.target, this.plan as AttackPlan, this.outcome as AttackOutcome,
      screeners.length ? this.ward : null,
    );
  }

  /** Total Defense after seeing the roll: +2 AC on the same die. */
  totalDefense(): void {
    const { ctx, id } = this.swing;
    const f = this.target;
    f.totalDefense = true;
    this.plan = withAcAdjustment(this.plan as AttackPlan, {
      source: "totalDefense", value: TOTAL_DEFENSE_AC,
    });
    const before = this.outcome as AttackOutcome;
    this.outcome = resolveAttack(this.plan, before.dice);
    if (ctx.record) ctx.emit({
      kind: "reaction", round: ctx.round, actor: f.key, reaction: "totalDefense", attack: id,
      changed: this.outcome.hit !== before.hit,
    });
  }

  /** Whether the tactics take this offer now (`reactions.ts`). */
  wants(o: Offer): boolean {
    const f = this.who(o.by);
    if (o.answer === "totalDefense") return this.takesTotalDefense(f);
    const { ctx, attacker, weapon } = this.swing;
    return o.answer === "snapAttack" && (this.outcome as AttackOutcome).hit &&
      wantsSnapAttack(ctx, f, attacker, this.target, weapon);
  }

  /** Whether `f` takes Total Defense against the roll now (`reactions.ts` `wantsTotalDefense`). */
  takesTotalDefense(f: Fighter): boolean {
    const { ctx, attacker, weapon, swarmOthers } = this.swing;
    return !f.totalDefense && isUp(f) && wantsTotalDefense(
      ctx, f, attacker, weapon, this.plan as AttackPlan, this.outcome as AttackOutcome,
      swarmOthers > 0,
    );
  }

  choose(state: State, offers: readonly Offer[]): { by: string; answer: string } | { pass: string } {
    this.catchUp(state);
    if (!this.#closing) {
      for (const o of offers) if (this.wants(o)) return o;
      this.#closing = true;
    }
    return { pass: offers[0]!.by };
  }

  /** A Snap Attack the runner makes as its own attack; reports whether it felled the attacker. */
  outside(need: { readonly data: Json }, state: State): Json {
    this.catchUp(state);
    const { ctx, attacker, id } = this.swing;
    const snapper = this.who((need.data as { by: string }).by);
    if (ctx.record) ctx.emit({
      kind: "reaction", round: ctx.round, actor: snapper.key, reaction: "snapAttack", attack: id,
      changed: false,
    });
    this.snap(ctx, snapper, attacker);
    return { attackerDown: !isUp(attacker) };
  }
}

/** A snapper's attack on the attacker, made as the runner's own attack (`attacks.ts`). */
export type Snap = (ctx: Context, snapper: Fighter, attacker: Fighter) => void;

/**
 * Plays the attack's window on `ward` to its settlement; `snap` makes a snapper's attack. A window
 * declared with no screener and no snapper (most attacks: unscreened, rolled already at the
 * declaration, with no snap the tactics want at once) is not played: it would offer nothing, or
 * the ward's Total Defense alone, which the tactics take (`declare`), and log nothing but the
 * attack and that; the definition's settlement of the roll on the ward is taken (`settleOnWard`),
 * after the Main and the mark the window would have the runner apply.
 */
export function playWindow(swing: Swing, ward: Fighter, snap: Snap): Settled {
  const play = new AttackWindow(swing, ward, snap);
  const { ctx } = swing;
  if (!play.screeners.length && !play.snappers.length) {
    const { check } = play.plans[0] as AttackPlan;
    if (ctx.record) {
      logAttack(swing, ward, play.plan as AttackPlan, play.outcome as AttackOutcome, null);
    }
    const totalDefense = play.defenders.length > 0;
    if (totalDefense) {
      pay(ctx, ward, "totalDefense");
      play.totalDefense();
    }
    const settlement = settleOnWard(
      ward.key, play.natural as number, check.modifier, check.target, ctx.naturals, totalDefense,
    );
    return { target: ward, settlement };
  }
  const run = RUNNER.run(contextOf(swing, play), ctx.roller, play);
  play.catchUp(run.state);
  return { target: play.target, settlement: run.state.settlement as ShockWindowSettlement };
}

/**
 * The runner's windows, played on one reused state (a Snap Attack's window inside another's on an
 * inner one), unchecked: its contexts hold strings, numbers, booleans and lists of them
 * (`contextOf`), and shock's definition is checked wherever it is played step by step (its tests
 * and Foundry's cards). It reads the window's log, not its events.
 */
const RUNNER = new WindowRunner(SHOCK_WINDOW, { checked: false, events: false });

/** The attack event of the roll. */
function logAttack(
  swing: Swing, target: Fighter, plan: AttackPlan, outcome: AttackOutcome,
  screenedFrom: Fighter | null,
): void {
  const { ctx, id, attacker, weapon, options } = swing;
  const rating = weapon.shock;
  const shock =
    rating.amount > 0 ? { amount: rating.amount, ac: rating.anyAc ? null : rating.ac } : null;
  ctx.emit({
    kind: "attack",
    round: ctx.round,
    id,
    attacker: attacker.key,
    target: target.key,
    weapon: weapon.name,
    attackKind: options.kind,
    feet: distance(ctx, attacker, target),
    dice: [...outcome.dice],
    natural: outcome.natural,
    modifiers: [...plan.check.modifiers],
    total: outcome.total,
    ac: plan.ac,
    acAdjustments: [...plan.acAdjustments],
    targetAc: plan.check.target,
    hit: outcome.hit,
    decidedBy: outcome.decidedBy,
    shock, screenedFrom: screenedFrom?.key ?? null,
  });
}
