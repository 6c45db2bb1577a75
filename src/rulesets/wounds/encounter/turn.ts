import { REACH_ZONE, type Purchase } from "../rules/constants";
import type { Weapon } from "../rules/statblock";
import { enemiesOf, type Context } from "./context";
import { bonusLeft, derivedOf, distance, freeHitWeapon, type Fighter } from "./fighter";
import { allowanceOf, move } from "./movement";
import { trySpellAttack, trySummon } from "./spells";
import { channels, channelTurn } from "./channel";
import { tryWard, upkeepOnTurn } from "./upkeep";
import { recoverOnTurn } from "./recovery";
import { mayAct, strike } from "./strike";
import { chooseAim, pickTarget, shoots } from "./tactics";

/**
 * One turn of a headless `wounds` unit: 1 Attack Action, 1 Move Action and its Bonus Actions (2,
 * fewer with weakening wounds). A summoner first calls a unit with its Move Action while a slot is
 * free. A shooter (ranged weapon or attack spell) in an enemy's melee zone steps out of reach
 * first with its Move Action (disengaging with both Bonus Actions when it has them), then shoots
 * with its Attack Action (buying +1 to hit first with a Bonus Action when its Move Action is
 * spent, so no extra attack is left), a caster casting again with its Move Action, then takes the
 * extra attack (the Move Action and both Bonus Actions) if they are left. A melee unit out of
 * reach buys +2 movement with the Bonus Actions it needs and moves, buys +1 melee damage with one
 * left, and strikes; one already in reach strikes, then takes the extra attack. Bonus Actions left
 * buy +1 dodge until its next turn. A unit keeping a spell up pays its upkeep as the turn starts,
 * and one with a ward spell out of every enemy's reach casts it with its Move Action
 * (`upkeep.ts`); a summoner summons first while it holds no summon, then keeps its ward up before
 * summoning more. A prone unit stands up first and a disarmed one takes its item back
 * (`recovery.ts`); a caster of a channeled spell puts its actions towards it (`channel.ts`), then
 * plays on. Source: `001_dbc5fcc02a99a518.txt` §Combat rules, §Attack Action, §Move Action,
 * §Bonus Actions; RULINGS.md §wounds Turn, Bonus purchases.
 */

function purchase(ctx: Context, f: Fighter, kind: Purchase): void {
  f.bought.buy(kind, ctx.round);
  f.bonusUsed++;
  if (ctx.record) {
    ctx.emit({
      kind: "purchase", round: ctx.round, actor: f.key, purchase: kind,
      bonusLeft: bonusLeft(f, ctx.round),
    });
  }
}

/** The next target, or null when none is left (or `f` fell). */
const next = (ctx: Context, f: Fighter): Fighter | null => (f.out ? null : pickTarget(ctx, f));

/**
 * The extra attack: the Move Action and both Bonus Actions, no feats, no Strength.
 * @param reach the farthest it strikes (its melee zone; Infinity for a shot).
 */
function extraAttack(ctx: Context, f: Fighter, weapon: Weapon, reach: number): void {
  const target = next(ctx, f);
  if (!target || f.moveLeft < 1 || bonusLeft(f, ctx.round) < 2) return;
  if (distance(f.at, target.at) > reach) return;
  f.moveLeft--;
  f.bonusUsed += 2;
  const aim = chooseAim(ctx, f, target, weapon, true);
  strike(ctx, f, target, weapon, "extraAttack", aim);
}

/** Whether an enemy could take a free hit at `f` where it stands (it is in its melee zone). */
function threatened(ctx: Context, f: Fighter): boolean {
  for (const e of enemiesOf(ctx, f)) {
    if (!mayAct(e, ctx.round) || freeHitWeapon(e) === null) continue;
    if (distance(f.at, e.at) <= derivedOf(e, ctx.round).meleeZone) return true;
  }
  return false;
}

/**
 * A shooter in an enemy's melee zone steps out with its Move Action before shooting: it
 * disengages with both Bonus Actions if it has them (no free hits), else it risks them.
 */
function retreat(ctx: Context, f: Fighter): void {
  if (f.moveLeft < 1 || !threatened(ctx, f)) return;
  const disengaged = bonusLeft(f, ctx.round) >= 2;
  if (disengaged) {
    f.bonusUsed += 2;
    if (ctx.record) {
      ctx.emit({ kind: "disengage", round: ctx.round, actor: f.key, paid: ["bonus", "bonus"] });
    }
  }
  f.moveLeft--;
  move(ctx, f, {
    goal: f.at, away: enemiesOf(ctx, f).map((e) => ({ ...e.at })), within: REACH_ZONE + 1,
    allowance: allowanceOf(f, ctx.round), paid: "move", mode: "normal", disengaged,
    watched: true,
  });
}

function shootingTurn(ctx: Context, f: Fighter): void {
  retreat(ctx, f);
  let target = next(ctx, f);
  // Its Move Action spent (stepping out, summoning, standing up), no extra attack is left to
  // save Bonus Actions for: one buys +1 to hit.
  if (target && f.attackLeft > 0 && f.moveLeft < 1 && bonusLeft(f, ctx.round) > 0) {
    purchase(ctx, f, "toHit");
  }
  if (target && f.attackLeft > 0 && !trySpellAttack(ctx, f, target) && f.arms.ranged) {
    f.attackLeft--;
    const weapon = f.arms.ranged;
    strike(ctx, f, target, weapon, "attack", chooseAim(ctx, f, target, weapon));
  }
  target = next(ctx, f);
  if (target && f.moveLeft > 0 && f.arms.attackSpell?.castTime === 1) {
    trySpellAttack(ctx, f, target);
  }
  if (f.arms.ranged) extraAttack(ctx, f, f.arms.ranged, Infinity);
}

function meleeTurn(ctx: Context, f: Fighter, weapon: Weapon): void {
  const zone = derivedOf(f, ctx.round).meleeZone;
  let target = next(ctx, f);
  if (!target) return;
  let moved = false;
  if (distance(f.at, target.at) > zone && f.moveLeft > 0) {
    const need = distance(f.at, target.at) - zone;
    while (allowanceOf(f, ctx.round) < need && bonusLeft(f, ctx.round) > 0) {
      purchase(ctx, f, "movement");
    }
    f.moveLeft--;
    move(ctx, f, {
      goal: target.at, within: zone, allowance: allowanceOf(f, ctx.round), paid: "move",
      mode: "normal", disengaged: false, watched: true,
    });
    moved = true;
    target = next(ctx, f);
  }
  if (!target || distance(f.at, target.at) > zone || f.attackLeft < 1) return;
  if (moved && bonusLeft(f, ctx.round) > 0) purchase(ctx, f, "meleeDamage");
  f.attackLeft--;
  strike(ctx, f, target, weapon, "attack", chooseAim(ctx, f, target, weapon));
  extraAttack(ctx, f, weapon, zone);
}

/** Plays `f`'s turn (its slots set by the caller at the turn's start). */
export function playTurn(ctx: Context, f: Fighter): void {
  if (f.upkept !== null) upkeepOnTurn(ctx, f);
  if (f.states.prone || f.states.disarmed) recoverOnTurn(ctx, f);
  // The Move Action summons while the unit holds none; then it keeps a ward up; then it summons.
  const ward = f.arms.wardSpell !== null && !threatened(ctx, f);
  if (f.arms.summonSpell && f.summons === 0) trySummon(ctx, f);
  if (ward) tryWard(ctx, f);
  if (f.arms.summonSpell && f.moveLeft > 0) trySummon(ctx, f);
  if ((f.casting !== null || f.arms.channelSpell !== null) && channels(ctx, f)) channelTurn(ctx, f);
  if (shoots(f) || !f.arms.melee) shootingTurn(ctx, f);
  else meleeTurn(ctx, f, f.arms.melee);
  while (!f.out && bonusLeft(f, ctx.round) > 0) purchase(ctx, f, "dodge");
}
