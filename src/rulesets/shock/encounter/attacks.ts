import { absorbShock, hitDamage, missShock } from "../rules/damage";
import { swarmBonus } from "../rules/swarm";
import type { Weapon } from "../rules/statblock";
import { nextId, pay, upOf, type Context } from "./context";
import { dealDamage, grapple, rollDice } from "./damage";
import type { AttackKind } from "./events";
import { guardOf, isUp, type Fighter } from "./fighter";
import { CHARGE, SNAP } from "./attack-memo";
import { playWindow, type AttackOptions, type Swing } from "./attack-window";
import { heldWeapon } from "./hold";
import { locate } from "./position";
import { bestWeapon, dualBonusOn } from "./reactions";
import { shove, shoveChoice } from "./shove";

export type { AttackOptions } from "./attack-window";

/**
 * One attack in a headless `shock` fight: held actions taken in response resolve first, at the
 * declaration; then the attack's reaction window (`attack-window.ts`: a screen may take the
 * attack, the d20 is rolled against whoever has it, the target's Total Defense and allies' Snap
 * Attacks, which may fell the attacker before damage); then damage: a hit's damage (or a grapple
 * or a shove instead), a miss's Shock through Total Defense, immunity and shield.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Damage, §Shock, §Total Defense, §Make a
 * Snap Attack, §Screen an Ally, §Make a Swarm Attack, §Grappling, §Shoving, §Hold An Action.
 */
export interface AttackResult {
  readonly hit: boolean;
  readonly target: Fighter;
  readonly cancelled: boolean;
}

/**
 * A held action taken in response to an attack on the holder or an ally: it resolves first, an
 * attack on the attacker, and a felled attacker's attack never lands (§Hold An Action; RULINGS.md
 * §shock Held action).
 */
function heldResponse(swing: Swing, holder: Fighter, ward: Fighter): void {
  const { ctx, attacker, id } = swing;
  const w = heldWeapon(ctx, holder, attacker, ward, swing.weapon) as Weapon;
  // The reaction first, then what it spends: the log reads as the table would say it.
  if (ctx.record) ctx.emit({
    kind: "reaction", round: ctx.round, actor: holder.key, reaction: "heldAction", attack: id,
    changed: false,
  });
  pay(ctx, holder, w.kind === "melee" ? "meleeAttack" : "rangedAttack");
  attack(ctx, holder, attacker, w, { kind: "held" });
}

/**
 * The held actions answering the declaration, until none is left that wants to or the attacker
 * falls: the ward's side's holders still up, in reverse listed order, each at most once; after
 * each, the first who answers now goes next (one held blow may change who else can reach).
 */
function heldResponses(swing: Swing, ward: Fighter): void {
  const { ctx, attacker, weapon } = swing;
  // The ward's side's fighters up (`upOf`), the only ones that may answer.
  const allies = upOf(ctx, ward.party);
  let holders: Fighter[] | null = null;
  for (let i = allies.length - 1; i >= 0; i--) {
    const f = allies[i] as Fighter;
    if (f.budget.holding && !f.budget.main) (holders ??= []).push(f);
  }
  if (!holders) return;
  const taken: Fighter[] = [];
  while (isUp(attacker)) {
    const next = holders.find((h) => !taken.includes(h) &&
      heldWeapon(ctx, h, attacker, ward, weapon) !== null);
    if (!next) return;
    taken.push(next);
    heldResponse(swing, next, ward);
  }
}

/** A Snap Attack on `attacker` by `snapper`, with the weapon it would snap with. */
function snapAt(ctx: Context, snapper: Fighter, attacker: Fighter): void {
  const w = bestWeapon(ctx, snapper, attacker, "snap");
  if (w) attack(ctx, snapper, attacker, w, { kind: "snap" });
}

export function attack(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon, options: AttackOptions,
): AttackResult {
  // An attack gives a shadowed attacker's place away.
  if (!attacker.located) locate(ctx, attacker);
  const swarmOthers = options.kind === "swarm" ? (ctx.swarms.get(target.key)?.length ?? 0) : 0;
  const flags = (options.charge ? CHARGE : 0) | (options.kind === "snap" ? SNAP : 0);
  const swing: Swing = { ctx, id: nextId(ctx), attacker, weapon, options, swarmOthers, flags };
  heldResponses(swing, target);
  if (!isUp(attacker)) return { hit: false, target, cancelled: true };
  const { target: final, settlement } = playWindow(swing, target, snapAt);
  if (settlement.cancelled) return { hit: false, target: final, cancelled: true };
  land(swing, final, settlement.hit, settlement.ac);
  return { hit: settlement.hit, target: final, cancelled: false };
}

/**
 * The final result lands: a hit's damage (or the grapple), else a miss's Shock through the guard.
 * `ac`: the AC the attack met or missed (Total Defense included).
 */
function land(swing: Swing, target: Fighter, hit: boolean, ac: number): void {
  const { ctx, attacker, weapon, id, swarmOthers, options } = swing;
  if (!isUp(target)) return;
  const dual = dualBonusOn(ctx, attacker, weapon, target);
  if (hit && options.grapple) {
    grapple(ctx, attacker, target);
    return;
  }
  if (hit) {
    const choice = shoves(options.kind) && weapon.kind === "melee"
      ? shoveChoice(ctx, attacker, target, weapon, ac) : null;
    if (choice) return shove(ctx, attacker, target, id, choice);
    const dice = rollDice(ctx, weapon);
    const d = hitDamage({
      wielder: attacker.block, weapon, dice, ac, dualWield: dual,
      swarmDamage: swarmOthers ? swarmBonus(swarmOthers).damage : 0, swarm: swarmOthers > 0,
    });
    dealDamage(ctx, attacker.key, target, d.amount, {
      attack: id,
      reason: "hit",
      dice,
      base: d.base,
      swarmBonus: d.swarm,
      floor: d.floor,
      absorbedBy: null,
    });
    return;
  }
  const shock = missShock(attacker.block, weapon, ac, swarmOthers > 0, dual);
  if (!shock.amount) return;
  const landed = absorbShock(shock, guardOf(target, ctx.round));
  if (landed.absorbedBy === "shield") target.shieldRound = ctx.round;
  dealDamage(ctx, attacker.key, target, landed.amount, {
    attack: id,
    reason: shock.reason === "swarm" ? "swarm" : "shock",
    dice: [],
    base: 0,
    swarmBonus: 0,
    floor: shock.amount,
    absorbedBy: landed.absorbedBy,
  });
}

/**
 * Whether the runner may shove instead after a hit of this kind of attack: not a swarm's, a
 * snap's or a grapple. A switch, not a table read by the kind's name (a megamorphic keyed read in
 * V8, at every hit).
 */
function shoves(kind: AttackKind): boolean {
  switch (kind) {
    case "snap":
    case "swarm":
    case "grapple":
      return false;
    default:
      return true;
  }
}
