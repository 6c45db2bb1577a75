import type { Band } from "../rules/constants";
import { canAct } from "../rules/health";
import { delayTo, readiedBand } from "../rules/initiative";
import { useBlockWith, type AbilityEntry } from "../rules/statblock";
import type { AttackOption } from "./arsenal";
import { applyAttack, makeAttack, rollAttack } from "./attacks";
import type { TurnContext } from "./context";
import { forfeitRestOfTurn, payUse, slotFor, spendSlot, startTurn } from "./economy";
import { engage } from "./engagement";
import { cannotMove, compareFighters, isUp, mayActNow, moveToBand, type Fighter } from "./fighter";
import { beforeProvokingUse, tryToGetFree } from "./position";
import { holdTheLine, useHeals } from "./support";
import { rally, stabilizeAlly, sustain } from "./survival";
import { delayBand, pickTargets, planTurn } from "./tactics";

/**
 * One fighter's turn in a headless encounter, and its readied action: Delay first (the turn then
 * comes later this round), healing and popping free before the main action, the main action
 * (stabilise, Rally, sustain, ready, or an attack with a stance switch or a Coup de Grace), then
 * the lesser actions left. Source: `000_c2dc3d650823e22d.txt` §Actions, §Delaying your Turn,
 * §Readying an Action, §Coup de Grace, §Basic Attacks; `tactics.ts` for the choices.
 * @returns "delayed" when the fighter delayed (no turn was taken, its end is not processed).
 */
export function takeTurn(actor: Fighter, ctx: TurnContext): "taken" | "delayed" {
  // Delay is chosen as the turn comes up, not once it has begun (after a death save, say).
  const to = actor.turnRound === ctx.round ? null : delayBand(actor, ctx);
  if (to) {
    delay(actor, to, ctx);
    return "delayed";
  }
  startTurn(actor, ctx.round);
  if (!actor.utilities.none) useHeals(actor, ctx, true);
  // A ranged fighter (its own stance is ranged) has no use for engagement: it gets free first.
  if (actor.block.stance === "ranged" && actor.engaged.size) tryToGetFree(actor, ctx);
  const plan = planTurn(actor, ctx);
  switch (plan.kind) {
    case "stabilize":
      spendSlot(actor, "standard");
      stabilizeAlly(actor, plan.ally, ctx);
      break;
    case "rally":
      spendSlot(actor, "standard");
      rally(actor, ctx);
      break;
    case "sustain":
      spendSlot(actor, "standard");
      sustain(actor, ctx);
      break;
    case "ready":
      switchStance(actor, plan.attack.entry, ctx);
      spendSlot(actor, "standard");
      actor.readied = { attack: plan.attack, trigger: plan.trigger.key };
      ctx.readiedThisRound = true;
      if (ctx.record) {
        ctx.emit({
          kind: "ready",
          round: ctx.round,
          actor: actor.key,
          ability: plan.attack.entry.name,
          trigger: plan.trigger.key,
        });
      }
      break;
    case "attack":
      switchStance(actor, plan.attack.entry, ctx);
      attackWith(actor, plan.attack, ctx, plan.coupDeGrace, null);
      break;
    case "none":
      break;
  }
  // The main action left one side with nobody up: the fight is over, nothing more is done.
  if (ctx.winner()) return "taken";
  if (!actor.utilities.none && isUp(actor)) {
    useHeals(actor, ctx, false);
    holdTheLine(actor, ctx);
  }
  return "taken";
}

/**
 * Delay: the fighter's band is a slower one for the rest of the encounter; it acts there this
 * round.
 */
function delay(actor: Fighter, to: Band, ctx: TurnContext): void {
  const from = actor.band;
  moveToBand(actor, delayTo(from, to));
  ctx.reordered = true;
  if (ctx.record) ctx.emit({ kind: "delay", round: ctx.round, actor: actor.key, from, to });
  let i = 0;
  while (i < ctx.upcoming.length && compareFighters(ctx.upcoming[i] as Fighter, actor) < 0) i++;
  ctx.upcoming.splice(i, 0, actor);
}

/** Switching to the stance a basic attack needs: a Quick action (Move may pay for it). */
function switchStance(actor: Fighter, ability: AbilityEntry, ctx: TurnContext): void {
  const basic = ability.system.basic;
  if (basic === "none" || basic === actor.stance) return;
  const slot = slotFor(actor, "quick", true);
  if (slot === null) return;
  spendSlot(actor, slot);
  actor.stance = basic;
  if (ctx.record) ctx.emit({ kind: "stance", round: ctx.round, actor: actor.key, stance: basic });
}

/**
 * The readied attack of `readier`, taken right before `trigger` acts this round: its band becomes
 * the trigger's for the rest of the encounter. It lapses if the readier can no longer act or the
 * ability is no longer usable.
 */
export function takeReadied(readier: Fighter, trigger: Fighter, ctx: TurnContext): void {
  const readied = readier.readied;
  readier.readied = null;
  if (
    !readied
    || !mayActNow(readier)
    || !canAct(trigger.state)
    || readier.expended.includes(readied.attack.entry.id)
  )
    return;
  if (useBlockWith(readied.attack.entry.system, ctx.escalation, readier.summary) !== null) return;
  const band = readiedBand(readier.band, trigger.band, true);
  if (band !== readier.band) {
    moveToBand(readier, band);
    ctx.reordered = true;
  }
  if (ctx.record) {
    ctx.emit({
      kind: "readied",
      round: ctx.round,
      actor: readier.key,
      ability: readied.attack.entry.name,
      trigger: trigger.key,
      band,
    });
  }
  attackWith(readier, readied.attack, ctx, null, trigger);
}

const NO_FIGHTERS: readonly Fighter[] = [];

/**
 * An attack as the fighter's Standard action (or its readied one): a provoking use while engaged
 * first deals with the engaged foes; a melee attacker keeps to the foes it is engaged with, or
 * moves to engage its target; a Coup de Grace spends the Move and Quick actions too.
 */
function attackWith(
  actor: Fighter,
  attack: AttackOption,
  ctx: TurnContext,
  coupDeGrace: Fighter | null,
  readiedOn: Fighter | null,
): void {
  const ability = attack.entry;
  const a = ability.system;
  const { melee } = attack;
  if (attack.provokes && actor.engaged.size && !beforeProvokingUse(actor, ctx)) return;
  const wanted = Math.max(1, a.targets);
  const foes = ctx.foesOf(actor);
  let targets: readonly Fighter[];
  if (coupDeGrace) targets = [coupDeGrace];
  else {
    // A melee attacker keeps to the engaged foes still up, if any (picked without a list of them).
    targets =
      melee && actor.engaged.size
        ? pickTargets(actor, foes, wanted, ctx.roller, true)
        : NO_FIGHTERS;
    if (!targets.length) {
      targets =
        readiedOn && wanted === 1 && !(melee && cannotMove(actor))
          ? [readiedOn]
          : pickTargets(actor, foes, wanted, ctx.roller);
    }
  }
  // A Stuck melee attacker reaches only the foes it is engaged with.
  if (melee && cannotMove(actor)) targets = targets.filter((t) => actor.engaged.has(t.key));
  if (!targets.length) return;
  if (coupDeGrace) forfeitRestOfTurn(actor);
  if (readiedOn) {
    if (a.frequency !== "atWill") actor.expended.push(ability.id);
    if (ctx.record) {
      ctx.emit({
        kind: "use",
        round: ctx.round,
        actor: actor.key,
        ability: ability.name,
        abilityId: ability.id,
        frequency: a.frequency,
        action: "standard",
      });
    }
  } else payUse(actor, ability, "standard", ctx);
  if (melee) {
    for (const t of targets) {
      if (actor.engaged.has(t.key)) continue;
      if (ctx.record)
        ctx.emit({ kind: "move", round: ctx.round, actor: actor.key, to: t.key, reason: "engage" });
      engage(actor, t, ctx);
    }
  }
  const coup = coupDeGrace !== null;
  let held: readonly string[] = NO_KEYS;
  // Once one side is out the fight is over; an attacker its own Confused damage dropped makes no
  // further attack roll (it may not act), though those already rolled land.
  if (a.rollAllFirst) {
    const options = { coupDeGrace: coup };
    const rolled = targets.map((t) => rollAttack(actor, t, ability, ctx, options));
    for (const r of rolled) {
      if (r && !ctx.winner()) held = keep(held, applyAttack(r, ctx));
    }
  } else {
    for (const t of targets) {
      if (t !== targets[0] && (ctx.winner() || !isUp(actor))) break;
      held = keep(held, makeAttack(actor, t, attack, ctx, coup));
    }
  }
  if (a.sustain > 0 && held.length) actor.sustaining = { ability, keys: held };
}

// Shared, never changed: most attacks add no effect.
const NO_KEYS: readonly string[] = [];

/** The effect keys held so far and those just added (a new list only when both have some). */
function keep(held: readonly string[], added: readonly string[]): readonly string[] {
  return !added.length ? held : !held.length ? added : held.concat(added);
}
