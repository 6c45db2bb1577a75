import { ATTACK_AP } from "../rules/constants";
import type { ShoveEffect } from "../rules/special-actions";
import type { Spell, Weapon } from "../rules/statblock";
import type { Context } from "./context";
import type { Hex } from "./events";
import { isUp, type Fighter } from "./fighter";
import { pay } from "./ledger";
import { move, takeStep } from "./movement";
import { provoke } from "./provoke";
import { flowState, grapple, shove, standUp, totalDefense } from "./special";
import { strike, type StrikeOptions } from "./strike";

/**
 * What a combatant does with its AP in a headless `action-points` fight, once its tactics chose
 * (`tactics.ts`): attack with a weapon (2 AP), cast a spell (its AP, then reaction attacks from
 * each foe threatening the caster; the spell is not disrupted, but a caster who falls casts
 * nothing), move, Take a Step, or a special action. Source: `004_2cc57162401858c9.txt` §Actions,
 * §Reaction Attacks ("Reaction Attacks taken against a spellcaster do not disrupt the spell"),
 * §Special Actions.
 */
export type Plan =
  | { readonly do: "attack"; readonly target: Fighter; readonly weapon: Weapon }
  | { readonly do: "cast"; readonly target: Fighter; readonly spell: Spell }
  | { readonly do: "move"; readonly path: readonly Hex[] }
  | { readonly do: "step"; readonly to: Hex }
  | { readonly do: "standUp" }
  | { readonly do: "shove"; readonly target: Fighter; readonly effect: ShoveEffect }
  | { readonly do: "grapple"; readonly target: Fighter }
  | { readonly do: "totalDefense" }
  | { readonly do: "flowState" };

/** Pays an action's AP, or throws: the tactics only choose what the economy allows. */
function payAp(ctx: Context, f: Fighter, ap: number, cause: string): void {
  if (!pay(ctx, f, "ap", ap, cause)) throw new Error(`${f.key} cannot pay ${ap} AP for ${cause}`);
}

/** A weapon attack's and a spell's options, the same for every one. */
const AS_ATTACK: StrikeOptions = { attackKind: "attack" };
const AS_SPELL: StrikeOptions = { attackKind: "spell" };

/**
 * A weapon attack's weapon, rewritten for each: `strike` reads it before it returns, and no attack
 * is made inside another's `strike` (reaction attacks come from moves, casts and stands).
 */
let WITH_WEAPON: { weapon: Weapon } | null = null;

/** Carries out a plan. */
export function perform(ctx: Context, f: Fighter, plan: Plan): void {
  switch (plan.do) {
    case "attack":
      payAp(ctx, f, ATTACK_AP, "attack");
      f.swings++;
      WITH_WEAPON ??= { weapon: plan.weapon };
      WITH_WEAPON.weapon = plan.weapon;
      return strike(ctx, f, plan.target, WITH_WEAPON, AS_ATTACK);
    case "cast":
      payAp(ctx, f, plan.spell.ap, "spell");
      f.swings++;
      provoke(ctx, f, { kind: "cast", spell: plan.spell.name });
      if (isUp(f) && isUp(plan.target)) {
        strike(ctx, f, plan.target, { spell: plan.spell }, AS_SPELL);
      }
      return;
    case "move":
      return move(ctx, f, plan.path);
    case "step":
      return takeStep(ctx, f, plan.to);
    case "standUp":
      return standUp(ctx, f);
    case "shove":
      return shove(ctx, f, plan.target, plan.effect);
    case "grapple":
      return grapple(ctx, f, plan.target);
    case "totalDefense":
      return totalDefense(ctx, f);
    case "flowState":
      return flowState(ctx, f);
  }
}
