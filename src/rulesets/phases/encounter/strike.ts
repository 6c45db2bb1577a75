import { netEdge, type EdgeSource } from "../../../engine/dice/edge";
import { keepMixedDice, PHASES_STEPPED_DIE, steppedDiePool } from "../../../engine/dice/mixed-pool";
import { ATTACK_FACES, MAX_EDGE } from "../rules/constants";
import type { AttackPower, ConditionEffect } from "../rules/statblock";
import { loggedEdge, netEdgeOf } from "./attack-edge";
import { nextId, type Context } from "./context";
import { inflict } from "./effects";
import type { Trigger } from "./events";
import { apart, unplace } from "./field";
import type { Fighter } from "./fighter";

/**
 * One attack in a headless `phases` fight: 2d6, plus the stepped die of a non-zero edge (d6 to d12
 * for Advantage, d12 to d6 for Disadvantage), the two highest or lowest kept, + ATK against the
 * target's DEF; a hit at or above it. The power's damage on a hit, on a miss only what the power
 * says; its effects on a hit (those marked so on a miss too). At 0 HP the target is out of the
 * fight (a PC down, an NPC defeated). The dice are drawn in the pool's order, as the rules'
 * `resolveAttack` reads them. Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack),
 * §Advantage / Disadvantage; RULINGS.md §phases Edge, Battle phase, Powers, Statistics.
 */

/** The fighter drops out of the fight at 0 HP. */
export function fall(ctx: Context, f: Fighter): void {
  f.out = true;
  ctx.fallen++;
  unplace(ctx, f);
  if (ctx.record) {
    const state = f.party ? "down" : "defeated";
    ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state });
  }
}

/** The stepped die of a capped edge: its faces, or 0 at edge 0. */
function extraFaces(edge: number): number {
  if (edge > 0) return PHASES_STEPPED_DIE.advantage[edge - 1] as number;
  if (edge < 0) return PHASES_STEPPED_DIE.disadvantage[-edge - 1] as number;
  return 0;
}

/**
 * `attacker` attacks `target` with `power` (an opportunity attack when `trigger` is given).
 * @returns whether it hit.
 */
export function strike(
  ctx: Context, attacker: Fighter, target: Fighter, power: AttackPower, trigger: Trigger | null,
): boolean {
  const { roller } = ctx;
  const id = nextId(ctx);
  const logged = ctx.record ? loggedEdge(attacker, target, power.kind) : null;
  const net = logged ? logged.net : netEdgeOf(attacker, target, power.kind);
  const edge = net > MAX_EDGE ? MAX_EDGE : net < -MAX_EDGE ? -MAX_EDGE : net;
  const d1 = roller.die(ATTACK_FACES);
  const d2 = roller.die(ATTACK_FACES);
  const faces = extraFaces(edge);
  let natural = d1 + d2;
  if (faces > 0) {
    const d3 = roller.die(faces);
    const sum = natural + d3;
    if (edge > 0) natural = sum - Math.min(d1, d2, d3);
    else natural = sum - Math.max(d1, d2, d3);
    if (logged) {
      logAttack(ctx, attacker, target, power, trigger, id, [d1, d2, d3], logged.sources, edge);
    }
  } else if (logged) {
    logAttack(ctx, attacker, target, power, trigger, id, [d1, d2], logged.sources, edge);
  }
  const atk = attacker.block.atk;
  const hit = natural + atk >= target.block.def;
  damage(ctx, attacker, target, power, hit, id);
  if (!target.out) {
    const effects = power.effects;
    for (let k = 0; k < effects.length; k++) {
      const e = effects[k] as ConditionEffect;
      if (!hit && !e.onMiss) continue;
      inflict(ctx, target, e.condition, e.duration, attacker, hit ? "hit" : "miss");
    }
  }
  return hit;
}

function logAttack(
  ctx: Context, attacker: Fighter, target: Fighter, power: AttackPower, trigger: Trigger | null,
  id: string, dice: number[], sources: EdgeSource[], edge: number,
): void {
  const pool = steppedDiePool(PHASES_STEPPED_DIE, edge);
  const kept = keepMixedDice(pool, dice);
  const total = kept.natural + attacker.block.atk;
  ctx.emit({
    kind: "attack", round: ctx.round, id, attacker: attacker.key, target: target.key, dice,
    natural: kept.natural, total, hit: total >= target.block.def, power: power.name,
    attackKind: power.kind, opportunity: trigger !== null, trigger,
    distance: apart(attacker, target), atk: attacker.block.atk, def: target.block.def,
    sources, net: netEdge(sources), edge,
    extraDie: edge === 0 ? null : (pool.faces[2] as number), kept: [...kept.kept],
  });
}

/** The power's damage for this outcome, if it deals any: dice rolled, HP taken off, a fall. */
function damage(
  ctx: Context, attacker: Fighter, target: Fighter, power: AttackPower, hit: boolean, id: string,
): void {
  if (!hit && power.miss === "none") return;
  const d = power.damage;
  const { roller } = ctx;
  const dice: number[] | null = ctx.record ? [] : null;
  let full = d.bonus;
  for (let k = 0; k < d.dice; k++) {
    const v = roller.die(d.die);
    full += v;
    dice?.push(v);
  }
  if (full < 0) full = 0;
  const amount = hit || power.miss === "full" ? full : Math.floor(full / 2);
  const hpBefore = target.hp;
  const hpAfter = hpBefore > amount ? hpBefore - amount : 0;
  target.hp = hpAfter;
  if (ctx.record) {
    ctx.emit({
      kind: "damage", round: ctx.round, source: attacker.key, target: target.key,
      amount: hpBefore - hpAfter, dice: dice as number[], reason: hit ? "hit" : "miss",
      attack: id, hpBefore, hpAfter, die: d.die, bonus: d.bonus,
      onMiss: hit ? null : power.miss === "full" ? "full" : "half",
    });
  }
  if (hpAfter === 0 && !target.out) fall(ctx, target);
}
