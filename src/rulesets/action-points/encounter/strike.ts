import { isSuccess } from "../../../engine/dice/roll-under";
import type { Attacking } from "../rules/attack";
import type { Skill } from "../rules/constants";
import { playWindow } from "./attack-window";
import { checkLog } from "./check-log";
import { CheckSlot, planFor, rollCheck } from "./check-roll";
import { nextId, upOf, type Context } from "./context";
import type { AttackEvent, Trigger } from "./events";
import type { Fighter } from "./fighter";
import { distanceBetween, threatens } from "./position";
import type { Swing } from "./window-context";

/**
 * One attack in a headless `action-points` fight, once it is paid for: the check (Melee or Ranged
 * by the weapon, the casting skill for a spell; gang-up when two or more of the attacker's side
 * threaten the target in melee, range increments, the off hand, Disadvantage while grappling; a
 * reaction attack unmodified), its event, then its reactions and damage through the window
 * (`attack-window.ts`). Source: `004_2cc57162401858c9.txt` §Gang-up, §Range Penalties,
 * §Two-Weapon Fighting, §Grapple, §Reaction Attacks; RULINGS.md §action-points Attacks.
 */
export interface StrikeOptions {
  readonly attackKind: "attack" | "spell" | "reaction";
  /** A reaction attack's trigger. */
  readonly trigger?: Trigger;
}

/**
 * Fighters of the attacker's side (the attacker included) threatening the target, counted up to
 * `most`: only those in the fight threaten (`threatens`), so only the side's list of them
 * (`upOf`) is asked.
 */
export function threatenersOf(
  ctx: Context, attacker: Fighter, target: Fighter, most = Infinity,
): number {
  let n = 0;
  const side = upOf(ctx, attacker.side);
  for (let k = 0; k < side.length && n < most; k++) if (threatens(side[k] as Fighter, target)) n++;
  return n;
}

/** Threateners past two change no attack (gang-up asks for two or more: `rules/attack.ts`). */
const GANG_UP = 2;

/** The skill an attack rolls, by name. */
function skillName(with_: Attacking): Skill {
  return with_.spell ? "arcana" : with_.weapon.kind === "melee" ? "melee" : "ranged";
}

/** Makes the attack (paid already) and plays it to its end. */
export function strike(
  ctx: Context, attacker: Fighter, target: Fighter, with_: Attacking, options: StrikeOptions,
): void {
  const reactionAttack = options.attackKind === "reaction";
  const kind = with_.weapon ? with_.weapon.kind : with_.spell.kind;
  const distance = distanceBetween(attacker, target);
  const threateners = kind === "melee" && !reactionAttack
    ? threatenersOf(ctx, attacker, target, GANG_UP) : 0;
  const plan = planFor(
    attacker.block, with_, distance, threateners, attacker.grappling !== null, reactionAttack,
    attacker.plans,
  );
  // A fight that logs nothing keeps no check once its window settles: one slot serves them all.
  const slot = ctx.record ? undefined : (SLOT ??= new CheckSlot(plan));
  const check = rollCheck(plan, ctx.roller, slot);
  const id = nextId(ctx);
  if (ctx.record) {
    const e: AttackEvent = {
      kind: "attack", round: ctx.round, id, attacker: attacker.key, target: target.key,
      dice: [...check.dice], natural: check.roll, total: check.roll, hit: isSuccess(check.level),
      attackKind: options.attackKind, with: (with_.weapon ?? with_.spell).name,
      melee: kind === "melee", distance,
      check: checkLog(skillName(with_), check), trigger: options.trigger ?? null, answers: null,
    };
    ctx.emit(e);
  }
  // A miss opens no window (`playWindow`): nothing is carried into one.
  if (!isSuccess(check.level)) return;
  const spell = with_.spell !== undefined;
  const singleTarget = with_.spell ? with_.spell.singleTarget : true;
  const damage = (with_.weapon ?? with_.spell).damage;
  const s = SWING;
  if (!s) {
    // The first swing is made with every field, in the order the rewrites below keep.
    SWING = {
      ctx, id, attacker, target, kind, spell, singleTarget, check, reactionAttack, damage,
    };
    playWindow(SWING);
    return;
  }
  s.ctx = ctx;
  s.id = id;
  s.attacker = attacker;
  s.target = target;
  s.kind = kind;
  s.spell = spell;
  s.singleTarget = singleTarget;
  s.check = check;
  s.reactionAttack = reactionAttack;
  s.damage = damage;
  playWindow(s);
}

/** The check slot of every attack in a fight that logs nothing (`rollCheck`'s `into`). */
let SLOT: CheckSlot | null = null;

/**
 * The hit carried into its window, one rewritten for each: no attack is made while another's
 * window plays (a window moves an interceptor and lands hits, which provoke nothing), and nothing
 * keeps a swing once its window has settled.
 */
let SWING: { -readonly [K in keyof Swing]: Swing[K] } | null = null;
