import { describe, expect, it } from "vitest";
import {
  isSuccess, levelRank, successLevel, type SuccessLevel,
} from "../../../engine/dice/roll-under";
import type { ApEvent, AttackEvent, CheckLog, Side } from "../encounter/events";
import type { Fighter } from "../encounter/fighter";
import { cellsDistance, threatensCells } from "../encounter/field";
import { fight, FIGHTS } from "./fights";

/**
 * Invariants checked after every event of many seeded fights (each line-up, with and without a
 * surprise): pools never negative; no AP kept past a turn's end; at most 2 AP of movement a turn,
 * one Take a Step and one Shove a round; at most one reaction per attack (a Riposte's counter is
 * an attack of its own); RP refunded only for a critical Dodge, Parry or Riposte against an attack
 * that was not critical; HP within 0 and the maximum; nobody out of the fight acts; reaction
 * attacks only from foes threatening the hex left (or the caster, the one standing) with RP; the
 * surprised do nothing in the surprise round; and every check, opposed check and damage
 * recomputed from its dice and the sheets. Source: `004_2cc57162401858c9.txt`; RULINGS.md
 * §action-points.
 */
function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** A check recomputed: the kept die by edge, the target from skill and modifiers, the level. */
function checkCheck(c: CheckLog, value: number, what: string): void {
  ok(c.value === value, `${what}: skill ${c.value}, the sheet says ${value}`);
  const target = Math.max(0, c.modifiers.reduce((n, m) => n + m.value, c.value));
  ok(c.target === target, `${what}: target ${c.target} ≠ ${target}`);
  const net = c.edgeSources.reduce((n, e) => n + e.edge, 0);
  const edge = net > 0 ? "advantage" : net < 0 ? "disadvantage" : "none";
  ok(c.edge === edge, `${what}: edge`);
  ok(c.dice.length === (edge === "none" ? 1 : 2), `${what}: dice count`);
  const kept = edge === "disadvantage" ? Math.max(...c.dice) : Math.min(...c.dice);
  ok(c.kept === kept, `${what}: kept die`);
  ok(c.level === successLevel(kept, target), `${what}: level`);
}

function checker() {
  let fighters: readonly Fighter[] = [];
  const byKey = (k: string) => fighters.find((f) => f.key === k) as Fighter;
  const out = new Set<string>();
  const hadTurn = new Set<string>();
  let actor: string | null = null;
  let round = -1;
  let surprised: readonly string[] = [];
  let ended = false;
  const moveAp = new Map<string, number>();
  const steps = new Map<string, number>();
  const shoves = new Map<string, number>();
  const attacks = new Map<string, AttackEvent>();
  const reactions = new Map<string, number>();
  const lastReaction = new Map<string, Extract<ApEvent, { kind: "reaction" }>>();
  const lastRpSpend = new Map<string, string>();
  const acts = (k: string, what: string) => {
    ok(!out.has(k), `${k} is out of the fight but ${what}`);
    ok(!(round === 0 && surprised.includes(k)), `${k} is surprised but ${what}`);
  };
  return (e: ApEvent, fs: readonly Fighter[]) => {
    fighters = fs;
    ok(!ended, "no event after the end");
    for (const f of fs) {
      for (const p of ["ap", "rp", "fp"] as const) ok(f.points.get(p) >= 0, `${f.key} ${p} < 0`);
      ok(f.hp >= 0 && f.hp <= f.block.hpMax, `${f.key} HP ${f.hp} out of bounds`);
      // Nobody but the one whose turn it is holds AP once it has had a turn.
      if (hadTurn.has(f.key) && f.key !== actor) {
        ok(f.points.get("ap") === 0, `${f.key} keeps ${f.points.get("ap")} AP past its turn`);
      }
    }
    if (e.round !== round) {
      round = e.round;
      steps.clear();
      shoves.clear();
    }
    switch (e.kind) {
      case "surprise":
        surprised = e.surprised;
        break;
      case "round":
        if (e.round === 1) surprised = [];
        break;
      case "turn":
        acts(e.actor, "takes a turn");
        actor = e.actor;
        hadTurn.add(e.actor);
        moveAp.set(e.actor, 0);
        break;
      case "pool":
        if (e.delta < 0 && e.cause !== "turnEnd") acts(e.actor, `spends ${e.pool} (${e.cause})`);
        ok(e.after === e.before + e.delta, "pool arithmetic");
        if (e.pool === "rp" && e.delta < 0) lastRpSpend.set(e.actor, e.cause);
        if (e.cause === "refund") {
          const r = lastReaction.get(e.actor);
          ok(r !== undefined && ["dodge", "parry", "riposte"].includes(r.reaction), "refund: a Dodge or Parry");
          ok(r?.check.level === "critical" && r.attackLevel !== "critical", "refund: a critical reaction to a non-critical attack");
          ok(e.delta === 1, "a refund is 1 RP");
        }
        break;
      case "move":
        if (e.reason !== "pushed") acts(e.actor, "moves");
        if (e.reason === "move") {
          moveAp.set(e.actor, (moveAp.get(e.actor) ?? 0) + e.ap);
          ok((moveAp.get(e.actor) ?? 0) <= 2, `${e.actor} moves more than 2 AP in a turn`);
          ok(e.ap === 0 || e.path.length - 1 <= e.ap * byKey(e.actor).block.moveHexes, "hexes per AP");
        }
        if (e.reason === "step") {
          steps.set(e.actor, (steps.get(e.actor) ?? 0) + 1);
          ok(steps.get(e.actor) === 1, `${e.actor} steps twice in a round`);
          ok(e.path.length === 2, "a step is one hex");
        }
        break;
      case "action":
        if (e.action !== "breakFree") acts(e.actor, `takes ${e.action}`);
        if (e.action === "shove") {
          shoves.set(e.actor, (shoves.get(e.actor) ?? 0) + 1);
          ok(shoves.get(e.actor) === 1, `${e.actor} shoves twice in a round`);
        }
        break;
      case "attack": {
        acts(e.attacker, "attacks");
        ok(!out.has(e.target), "no attack on one out of the fight");
        attacks.set(e.id, e);
        const a = byKey(e.attacker);
        const t = byKey(e.target);
        ok(a.side !== t.side, "attacks only foes");
        const skill = e.check.skill;
        checkCheck(e.check, a.block.skills[skill], e.id);
        ok(e.hit === isSuccess(e.check.level), "hit is the check's success");
        if (e.attackKind === "reaction" || e.attackKind === "riposte") {
          ok(e.check.modifiers.length === 0 && e.check.edge === "none", "a reaction attack is unmodified");
        } else {
          // Every modifier recomputed from the field and the sheets (004 §Gang-up, §Range
          // Penalties, §Two-Weapon Fighting) and the only edge, a grappler's Disadvantage.
          const w = [...a.block.weapons, ...a.block.spells].find((x) => x.name === e.with);
          ok(w !== undefined, `${e.with} is ${e.attacker}'s`);
          const gang = fs.filter((f) => f.side === a.side && !out.has(f.key)
            && threatensCells(f.cells, f.arms.reach, t.cells)).length;
          const expected: { source: string; value: number }[] = [];
          if (e.melee && gang >= 2) expected.push({ source: "gangUp", value: 10 });
          const steps = !e.melee && w!.range > 0 && e.distance > w!.range
            ? Math.ceil(e.distance / w!.range) - 1 : 0;
          if (steps) expected.push({ source: "range", value: -10 * steps });
          const weapon = "offHand" in w! ? w : null;
          if (weapon?.offHand && !weapon.finesse && weapon.category !== "brawl") {
            expected.push({ source: "offHand", value: -10 });
          }
          ok(JSON.stringify(e.check.modifiers) === JSON.stringify(expected), `${e.id}'s modifiers`);
          ok(JSON.stringify(e.check.edgeSources) === JSON.stringify(
            a.grappling ? [{ source: "grappling", edge: -1 }] : []), `${e.id}'s edge`);
          ok(e.distance === cellsDistance(a.cells, t.cells), `${e.id}'s distance`);
          if (e.melee && e.attackKind === "attack") ok(e.distance <= a.arms.reach, "melee in reach");
        }
        if (e.attackKind === "reaction") {
          ok(lastRpSpend.get(e.attacker) === "reactionAttack", "a reaction attack costs 1 RP");
          ok(threatensCells(a.cells, a.arms.reach, t.cells), `${e.attacker} threatens ${e.target}`);
          ok(e.trigger !== null, "a reaction attack has its trigger");
        }
        break;
      }
      case "provoked":
        for (const x of e.threateners) {
          const f = byKey(x.actor);
          ok(x.rp >= 1 && f.side !== byKey(e.actor).side, "offered to a foe with RP");
          ok(threatensCells(f.cells, f.arms.reach, byKey(e.actor).cells), "offered to a threatener");
          ok(!out.has(x.actor), "offered to one in the fight");
        }
        break;
      case "reaction": {
        acts(e.by, `takes ${e.reaction}`);
        reactions.set(e.attack, (reactions.get(e.attack) ?? 0) + 1);
        ok(reactions.get(e.attack) === 1, `more than one reaction to ${e.attack}`);
        const a = attacks.get(e.attack) as AttackEvent;
        ok(a !== undefined && a.hit, "a reaction answers an attack that would hit");
        ok(e.attackLevel === a.check.level, "the attack's level");
        if (a.attackKind === "reaction" || a.attackKind === "riposte") {
          ok(["dodge", "parry", "block"].includes(e.reaction), "only Dodge, Parry or Block against a reaction attack");
        }
        const s = byKey(e.by).block.skills;
        const value = e.reaction === "dodge" ? Math.max(s.agility, s.athletics)
          : e.reaction === "block" ? s.endurance : e.reaction === "intercept" ? s.agility : s.melee;
        checkCheck(e.check, value, `${e.attack} ${e.reaction}`);
        ok(e.won === levelRank(e.check.level) > levelRank(e.attackLevel) + e.shift, "the opposed check");
        ok(lastRpSpend.get(e.by) === e.reaction, `${e.reaction} is paid`);
        lastReaction.set(e.by, e);
        break;
      }
      case "damage": {
        const a = attacks.get(e.attack as string) as AttackEvent;
        ok(a !== undefined && a.hit, "damage comes from a hit");
        const from = byKey(e.source);
        const w = [...from.block.weapons, ...from.block.spells].find((x) => x.name === a.with);
        ok(w !== undefined && e.dice.length === w.damage.dice && e.die === w.damage.die, "the damage dice");
        ok(e.bonus === (w as { damage: { bonus: number } }).damage.bonus, "the damage bonus");
        const critical = e.level === "critical";
        ok(e.multiplier === (critical ? 2 : 1) || (critical && e.multiplier === 3), "the multiplier");
        if (e.multiplier === 3) {
          const r = lastReaction.get(e.target);
          ok(r?.attack === e.attack && r.check.level === "criticalFailure", "×3 needs a critically failed reaction");
        }
        const raw = Math.max(0, e.dice.reduce((n, d) => n + d, e.bonus) * e.multiplier);
        ok(e.amount === Math.min(raw, e.hpBefore) && e.hpAfter === e.hpBefore - e.amount, "the damage");
        ok(e.level === (a.check.level as SuccessLevel), "damage reads the attack's level");
        break;
      }
      case "state":
        out.add(e.actor);
        ok(byKey(e.actor).hp === 0, "out at 0 HP");
        ok(e.state === (byKey(e.actor).party ? "down" : "defeated"), "a PC is down, an NPC defeated");
        break;
      case "end":
        ended = true;
        break;
      default:
        break;
    }
  };
}

describe("action-points runner invariants after every event (004; RULINGS §action-points)", { timeout: 120_000 }, () => {
  for (const name of Object.keys(FIGHTS)) {
    it(`${name}: 120 seeds, a third of them with a surprise`, () => {
      for (let seed = 1; seed <= 120; seed++) {
        const surprised: Side | undefined = seed % 3 === 0 ? "party" : seed % 3 === 1 ? undefined : "foes";
        const r = fight(name, seed, { observe: checker(), ...(surprised ? { surprised } : {}) });
        expect(r.events.at(-1)).toEqual({ kind: "end", round: r.rounds, winner: r.winner });
      }
    });
  }
});
