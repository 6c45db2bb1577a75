import type { DiceRoller } from "../../../engine/dice/roller";
import { uniqueKeys } from "../../../engine/runner/keys";
import { rollPoolDice } from "../../../engine/dice/pool";
import { recoveryAverage } from "../rules/recovery";
import {
  fullRest,
  quickRest,
  rechargeChecks,
  recoveriesToHeal,
  type PowerState,
} from "../rules/rest";
import { resolveSave } from "../rules/save";
import type { Statblock } from "../rules/statblock";
import { checkDice, type DayEvent, type EncounterEvent, type Side } from "./events";
import { createFighter, refreshState, setDeath, type Fighter } from "./fighter";
import { runEncounter } from "./simulate";

/**
 * An adventuring day without Foundry: fights in a row with a Quick Rest after each, then a Full
 * Rest. The party's HP, recoveries, penalty and expended powers carry from fight to fight. The
 * party flees a fight gone bad (a Campaign Loss); a lost or fled fight ends the day early (the
 * party retreats to rest). Source: `000_c2dc3d650823e22d.txt`
 * §Resting and Recharging.
 */
export interface DayOptions {
  readonly party: readonly Statblock[];
  readonly fights: readonly (readonly Statblock[])[];
  readonly roller: DiceRoller;
  readonly maxRounds?: number;
  /** Called after every event with the state of everyone involved (party and current foes). */
  readonly observe?: (e: DayEvent, fighters: readonly Fighter[]) => void;
}

export interface DayResult {
  readonly events: DayEvent[];
  readonly fights: readonly { readonly winner: Side | "draw"; readonly rounds: number }[];
  readonly party: readonly Fighter[];
}

export function runDay(options: DayOptions): DayResult {
  const { roller, observe } = options;
  const events: DayEvent[] = [];
  const keys = uniqueKeys(options.party);
  const party = options.party.map((b, i) => createFighter(b, "party", i, keys[i]));
  const emit = (e: DayEvent) => {
    events.push(e);
    observe?.(e, party);
  };
  const fights: { winner: Side | "draw"; rounds: number }[] = [];
  for (const [index, foes] of options.fights.entries()) {
    emit({ kind: "fight", index: index + 1 });
    const result = runEncounter({
      party: options.party,
      foes,
      roller,
      partyFighters: party,
      idPrefix: `f${index + 1}`,
      maxRounds: options.maxRounds,
      flee: true,
      observe: (e: EncounterEvent, fighters) => {
        events.push(e);
        observe?.(e, fighters);
      },
    });
    fights.push({ winner: result.winner, rounds: result.rounds });
    if (result.winner !== "party") break;
    if (index < options.fights.length - 1) for (const f of party) quickRestFighter(f, roller, emit);
  }
  for (const f of party) fullRestFighter(f, emit);
  return { events, fights, party };
}

function powersOf(f: Fighter): PowerState[] {
  return f.block.abilities.map((a) => ({
    id: a.id,
    frequency: a.system.frequency,
    recharge: a.system.recharge,
    used: f.expended.includes(a.id),
  }));
}

function restore(f: Fighter, ids: readonly string[]): void {
  const keep = f.expended.filter((id) => !ids.includes(id));
  f.expended.splice(0, f.expended.length, ...keep);
}

/**
 * Spends recoveries (averaged) until above Staggered, restores Encounter powers, rolls Recharge.
 */
function quickRestFighter(f: Fighter, roller: DiceRoller, emit: (e: DayEvent) => void): void {
  if (f.dead) return;
  const track = { hp: f.hp, hpMax: f.block.hpMax, recoveries: f.recoveries, penalty: f.penalty };
  const average = recoveryAverage(f.block.recovery);
  const heals = new Array<number>(recoveriesToHeal(track, average)).fill(average);
  const powers = powersOf(f);
  const rechargeDice: Record<string, number[]> = {};
  for (const check of rechargeChecks(powers)) {
    const dice = rollPoolDice(check.plan.pool, roller);
    rechargeDice[check.id] = dice;
    const save = resolveSave(check.plan, dice);
    const name = f.block.abilities.find((a) => a.id === check.id)?.name ?? check.id;
    emit({
      kind: "recharge",
      actor: f.key,
      ability: name,
      abilityId: check.id,
      natural: save.natural,
      target: check.plan.target,
      success: save.success,
      ...checkDice(check.plan.pool, dice, check.plan.edge),
    });
  }
  const result = quickRest({ track, powers, heals, rechargeDice });
  const hpBefore = f.hp;
  f.hp = result.track.hp;
  f.recoveries = result.track.recoveries;
  restore(f, result.restored);
  refreshState(f);
  emit({
    kind: "rest",
    rest: "quick",
    actor: f.key,
    hpBefore,
    hpAfter: f.hp,
    recoveriesSpent: result.recoveriesSpent,
    recoveries: f.recoveries,
    recovery: result.recoveriesSpent ? "averaged" : "none",
    restored: [...result.restored],
    restoredNames: namesOf(f, result.restored),
  });
}

function namesOf(f: Fighter, ids: readonly string[]): string[] {
  return ids.map((id) => f.block.abilities.find((a) => a.id === id)?.name ?? id);
}

function fullRestFighter(f: Fighter, emit: (e: DayEvent) => void): void {
  if (f.dead) return;
  const result = fullRest(
    {
      hp: f.hp,
      hpMax: f.block.hpMax,
      recoveries: f.recoveries,
      penalty: f.penalty,
      recoveriesMax: f.block.recoveriesMax,
    },
    powersOf(f),
  );
  const hpBefore = f.hp;
  f.hp = result.track.hp;
  f.recoveries = result.track.recoveries;
  f.penalty = 0;
  setDeath(f, result.death);
  restore(f, result.restored);
  refreshState(f);
  emit({
    kind: "rest",
    rest: "full",
    actor: f.key,
    hpBefore,
    hpAfter: f.hp,
    recoveriesSpent: 0,
    recoveries: f.recoveries,
    recovery: "none",
    restored: [...result.restored],
    restoredNames: namesOf(f, result.restored),
  });
}
