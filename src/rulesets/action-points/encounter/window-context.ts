import type { CheckResult } from "../rules/checks";
import type { AttackKind } from "../rules/constants";
import type { ApWindowContext, ApWindowFighter } from "../rules/reaction-window";
import type { Damage, Weapon } from "../rules/statblock";
import type { Context } from "./context";
import type { Hex } from "./events";
import { pool, type Fighter } from "./fighter";
import { threatens } from "./position";

/**
 * What a headless `action-points` attack carries into its reaction window, and the window's
 * context made of it: the fighters' records as the window reads them (RP now, reaction skills and
 * edge, Riposte), the attack's check, the allies able to Intercept. Shared by the window played
 * through the engine's driver (`attack-window.ts`) and the one played straight through
 * (`direct-reaction.ts`). Source: `004_2cc57162401858c9.txt` §Reactions, §Riposte, §Intercept.
 */

/** What an attack carries into its window. */
export interface Swing {
  readonly ctx: Context;
  readonly id: string;
  readonly attacker: Fighter;
  readonly target: Fighter;
  readonly kind: AttackKind;
  readonly spell: boolean;
  readonly singleTarget: boolean;
  readonly check: CheckResult;
  readonly reactionAttack: boolean;
  readonly damage: Damage;
}

/**
 * A fighter as the window reads it: its RP now, its reaction skills and edge, its Riposte. One
 * record per fighter, brought up to date for each window: nothing keeps a window's context after
 * its run (the runner's state is reopened on the next), and contexts are made at every attack.
 */
function windowFighter(f: Fighter, riposte: Damage | null): ApWindowFighter {
  const w = f.window;
  w.rp = pool(f, "rp");
  w.edge = (f.totalDefense ? 1 : 0) - (f.grappling ? 1 : 0);
  w.riposte = riposte;
  return w;
}

/** The records of each list of fighters, made once (see `recordsOf`). */
const recordsByList = new WeakMap<readonly Fighter[], Record<string, ApWindowFighter>>();

/**
 * Every fighter's window record by key: a window reads only those it names (the attacker, the
 * target, the interceptors listed), each brought up to date before it opens. Made once per list of
 * fighters: an unrecorded fight plays on its line-up's fighters again (`simulate.ts`), whose keys
 * and records never change.
 */
function recordsOf(ctx: Context): Record<string, ApWindowFighter> {
  let r = ctx.windowRecords;
  if (!r) {
    let made = recordsByList.get(ctx.fighters);
    if (!made) {
      made = {};
      for (const f of ctx.fighters) made[f.key] = f.window;
      recordsByList.set(ctx.fighters, made);
    }
    ctx.windowRecords = r = made;
  }
  return r;
}

/**
 * The weapon of the target's Riposte against the attacker: its main melee weapon, when it reaches
 * the attacker and the target is free to strike (a grappled defender takes no action); none
 * against a ranged attack or a reaction attack (§Riposte, §Reaction Chains).
 */
export function riposteWeapon(swing: Swing): Weapon | null {
  const { attacker, target } = swing;
  if (swing.kind !== "melee" || swing.reactionAttack) return null;
  const w = target.arms.main;
  return w && !target.grappledBy && threatens(target, attacker) ? w : null;
}

const NO_KEYS: string[] = [];

/**
 * The window's context for `swing`, with the records of the attacker, the target (its Riposte's
 * damage when `riposte`) and the allies in `spots` (who may Intercept, and where) brought up to
 * date. A new context each time: the window's readers keep what they read by its identity
 * (`rules/reaction-window.ts` `fighter`, `attackLevel`).
 */
export function windowContext(
  swing: Swing, spots: ReadonlyMap<string, Hex>, riposte: Weapon | null,
): ApWindowContext {
  const { ctx, attacker, target, check } = swing;
  windowFighter(attacker, null);
  windowFighter(target, riposte?.damage ?? null);
  for (const k of spots.keys()) windowFighter(ctx.byKey.get(k) as Fighter, null);
  let edge = 0;
  for (const e of check.plan.edgeSources) edge += e.edge;
  return {
    attacker: attacker.key, target: target.key, kind: swing.kind, spell: swing.spell,
    singleTarget: swing.singleTarget,
    // The check's own dice, not a copy: nothing changes a check once rolled, nor a context.
    attack: { target: check.plan.target, edge, dice: check.dice },
    reactionAttack: swing.reactionAttack, fighters: recordsOf(ctx),
    interceptors: spots.size ? [...spots.keys()] : NO_KEYS,
    damage: swing.damage,
  };
}
