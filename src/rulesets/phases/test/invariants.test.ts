import { describe, expect, it } from "vitest";
import { netEdge } from "../../../engine/dice/edge";
import { keepMixedDice, PHASES_STEPPED_DIE, steppedDiePool } from "../../../engine/dice/mixed-pool";
import { squareGrid } from "../../../engine/space/grid";
import { checkWalk, line } from "../../../engine/space/measure";
import { CONDITION_IDS, MAX_EDGE } from "../rules/constants";
import { edgeSources } from "../rules/edge";
import { pathCost, provokedBy, squaresOf, threatenerOf } from "../rules/movement";
import { movementPowersOf, opportunityAttackOf } from "../rules/statblock";
import type { AttackEvent, PhasesEvent, Square } from "../encounter/events";
import { conditionsOf, type Fighter } from "../encounter/fighter";
import { compareRolled } from "../encounter/initiative";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * Invariants checked after every event of many seeded fights of each line-up: HP within 0 and the
 * maximum; nobody out of the fight acts; initiative rolled anew every round by everyone still in
 * the fight, each score its 2d6 + INT + AGI, the order highest first with roll-offs only among
 * the tied; seizers first in the Movement order and last in the Battle order, each phase's turns
 * in its order (a Delay only moving the delayer later); each combatant moves at most once in the
 * Movement phase and takes at most one Battle action a round; every move a walk on the grid at
 * most its power's squares (difficult terrain counted twice, engine `movementCost`), a Charge the
 * grid's straight line, and its opportunity attacks those the rules' `provokedBy` finds (engine
 * `threatLeft`); every attack recomputed from its dice (the stepped die of its edge, the kept
 * dice, the named sources as the rules list them, ATK against DEF) and its reach; every damage
 * from its dice and the power's miss rule; conditions only from a power's effects (or the marks
 * of seizing, moving and Defending), saves only in the End phase. Source:
 * `003_d18720f6cd315cc2.txt`; RULINGS.md §phases.
 */
const GRID = squareGrid("equidistant");

function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const far = (a: Square, b: Square) => Math.max(Math.abs(a.i - b.i), Math.abs(a.j - b.j));

function checker() {
  let fs: readonly Fighter[] = [];
  const byKey = (k: string) => fs.find((f) => f.key === k) as Fighter;
  let round = 0;
  let phase = "initiative";
  let actor: string | null = null;
  let ended = false;
  let difficultRow = 0;
  const out = new Set<string>();
  const moved = new Set<string>();
  const acted = new Set<string>();
  let movement: string[] = [];
  let battle: string[] = [];
  let turns: string[] = [];
  let rolledIn = -1;
  const attacks = new Map<string, AttackEvent>();
  let lastAttack: AttackEvent | null = null;
  let lastSave: Extract<PhasesEvent, { kind: "save" }> | null = null;
  let lastAction: string | null = null;
  let moveStart: { actor: string; threateners: ReturnType<typeof threatenerOf>[]; ids: string[] } | null = null;
  const acts = (k: string, what: string) => ok(!out.has(k), `${k} is out of the fight but ${what}`);

  return (e: PhasesEvent, fighters: readonly Fighter[]) => {
    fs = fighters;
    ok(!ended, "no event after the end");
    for (const f of fs) {
      ok(f.hp >= 0 && f.hp <= f.block.hpMax, `${f.key} HP ${f.hp} out of bounds`);
      // Out exactly at 0 HP, the fall logged right after the damage that drops it.
      ok(f.out === (f.hp === 0) || (e.kind === "damage" && e.target === f.key), `${f.key} out at 0 HP`);
    }
    switch (e.kind) {
      case "field":
        difficultRow = e.difficult[0]?.i ?? 0;
        for (const s of e.difficult) ok(s.i === difficultRow, "difficult terrain on one row");
        break;
      case "round":
        ok(e.round === round + 1, "rounds in order");
        round = e.round;
        moved.clear();
        acted.clear();
        break;
      case "phase":
        phase = e.phase;
        if (phase === "movement") {
          ok(rolledIn === round, `initiative rolled anew in round ${round}`);
          turns = movement.filter((k) => !out.has(k));
        }
        if (phase === "battle") {
          ok(turns.length === 0, "every Movement turn was taken");
          turns = battle.filter((k) => !out.has(k));
        }
        if (phase === "end") ok(turns.length === 0, "every Battle turn was taken");
        actor = null;
        break;
      case "initiative": {
        ok(phase === "initiative" && e.round === round && rolledIn < round, "initiative once a round");
        rolledIn = round;
        const up = fs.filter((f) => !out.has(f.key)).map((f) => f.key);
        ok(JSON.stringify(e.rolls.map((r) => r.actor)) === JSON.stringify(up), "everyone in rolls");
        for (const r of e.rolls) {
          const b = byKey(r.actor).block;
          ok(r.dice.length === 2 && r.dice.every((d) => d >= 1 && d <= 6), "2d6");
          ok(r.int === b.int && r.agi === b.agi, "INT and AGI");
          ok(r.score === r.dice[0]! + r.dice[1]! + b.int + b.agi, "2d6 + INT + AGI");
          const tiedWith = e.rolls.filter((x) => x !== r && x.score === r.score);
          ok(r.tieBreaks.length === 0 || tiedWith.length > 0, "roll-offs only among the tied");
          if (tiedWith.length) ok(r.tieBreaks.length > 0, "the tied roll off");
        }
        const sorted = [...e.rolls].sort((a, b) => compareRolled(
          { score: a.score, tieBreaks: a.tieBreaks, key: a.actor },
          { score: b.score, tieBreaks: b.tieBreaks, key: b.actor },
        )).map((r) => r.actor);
        ok(JSON.stringify(sorted) === JSON.stringify(e.order), "highest first");
        for (let k = 1; k < e.order.length; k++) {
          const a = e.rolls.find((r) => r.actor === e.order[k - 1])!;
          const b = e.rolls.find((r) => r.actor === e.order[k])!;
          ok(a.score > b.score || (a.score === b.score
            && JSON.stringify(a.tieBreaks) !== JSON.stringify(b.tieBreaks)), "ties broken");
        }
        battle = e.order;
        break;
      }
      case "seize":
        ok(phase === "initiative", "seizing in the Initiative phase");
        break;
      case "orders": {
        const keep = battle.filter((k) => !e.seizers.includes(k));
        const seizers = battle.filter((k) => e.seizers.includes(k));
        ok(JSON.stringify(e.battle) === JSON.stringify([...keep, ...seizers]), "seizers fight last");
        ok(JSON.stringify(e.movement) === JSON.stringify([...e.battle].reverse()), "movement reversed");
        for (const s of e.seizers) ok(byKey(s).seized, "a seizer is marked");
        movement = e.movement;
        battle = e.battle;
        break;
      }
      case "turn": {
        acts(e.actor, "takes a turn");
        ok(e.phase === phase, "a turn in its phase");
        ok(turns[0] === e.actor, `${e.actor}'s turn comes in order (${turns.join(", ")})`);
        turns.shift();
        actor = e.actor;
        if (phase === "movement") {
          ok(!moved.has(e.actor), `${e.actor} moves twice in a round`);
          moved.add(e.actor);
        }
        lastAction = null;
        break;
      }
      case "hold":
        ok(phase === "movement" && actor === e.actor, "holds on its Movement turn");
        if (e.reason === "immobilised") ok(conditionsOf(byKey(e.actor)).includes("immobilised"), "held by Immobilised");
        if (e.reason === "slowed") ok(conditionsOf(byKey(e.actor)).includes("slowed"), "held by Slowed");
        break;
      case "provoked":
        if (!moveStart || moveStart.actor !== e.actor) {
          moveStart = { actor: e.actor, threateners: [], ids: [] };
        }
        for (const k of e.threateners) {
          ok(far(byKey(k).at, e.square) === 1, "a threatener is adjacent to the square left");
          ok(byKey(k).side !== byKey(e.actor).side, "threatened by a foe");
        }
        break;
      case "attack": {
        acts(e.attacker, "attacks");
        ok(!out.has(e.target), "no attack on one out of the fight");
        const a = byKey(e.attacker);
        const t = byKey(e.target);
        ok(a.side !== t.side, "attacks only foes");
        attacks.set(e.id, e);
        lastAttack = e;
        const power = a.block.attacks.find((p) => p.name === e.power)!;
        ok(power !== undefined && power.kind === e.attackKind, `${e.power} is ${e.attacker}'s`);
        ok(e.distance === far(a.at, t.at), "distance");
        ok(power.kind === "melee" ? e.distance === 1 : e.distance >= 1 && e.distance <= power.range, "in reach");
        if (e.opportunity) {
          ok(phase === "movement", "opportunity attacks in the Movement phase");
          ok(power === opportunityAttackOf(a.block), "a basic melee attack");
          ok(e.trigger?.mover === e.target && far(e.trigger.square, t.at) === 0, "at the square left");
          moveStart?.ids.push(e.attacker);
        } else {
          ok(phase === "battle" && actor === e.attacker, "attacks on its Battle turn");
          ok(!a.noAttack, "no Attack after a Run");
          ok(lastAction === null || lastAction === `attack:${e.power}`, "one action a turn");
          ok(!acted.has(e.attacker) || lastAction === `attack:${e.power}`, "one action a round");
          lastAction = `attack:${e.power}`;
          acted.add(e.attacker);
        }
        const sources = edgeSources({
          attacker: { tier: a.block.tier, conditions: conditionsOf(a), moveEdges: a.moveMarks.map((m) => m.edge) },
          target: {
            id: t.key, tier: t.block.tier, conditions: conditionsOf(t), seized: t.seized,
            defending: t.defending,
          },
          attackKind: power.kind,
        });
        ok(JSON.stringify(sources) === JSON.stringify(e.sources), `${e.id}'s sources`);
        ok(e.net === netEdge(sources), "net");
        ok(e.edge === Math.max(-MAX_EDGE, Math.min(MAX_EDGE, e.net)), "capped");
        const pool = steppedDiePool(PHASES_STEPPED_DIE, e.edge);
        ok(e.dice.length === pool.faces.length, "dice count");
        ok(e.extraDie === (e.edge === 0 ? null : pool.faces[2]), "the stepped die");
        const kept = keepMixedDice(pool, e.dice);
        ok(JSON.stringify(kept.kept) === JSON.stringify(e.kept), "kept dice");
        ok(e.natural === kept.natural && e.total === kept.natural + a.block.atk, "total");
        ok(e.atk === a.block.atk && e.def === t.block.def && e.hit === e.total >= e.def, "hit");
        break;
      }
      case "damage": {
        const a = attacks.get(e.attack as string)!;
        ok(a !== undefined && a === lastAttack, "damage follows its attack");
        const power = byKey(e.source).block.attacks.find((p) => p.name === a.power)!;
        ok(e.reason === (a.hit ? "hit" : "miss"), "damage reason");
        if (!a.hit) ok(power.miss !== "none" && e.onMiss === power.miss, "miss damage as the power says");
        ok(e.dice.length === power.damage.dice && e.die === power.damage.die
          && e.dice.every((d) => d >= 1 && d <= e.die) && e.bonus === power.damage.bonus, "damage dice");
        const full = Math.max(0, e.dice.reduce((n, d) => n + d, e.bonus));
        const dealt = a.hit || power.miss === "full" ? full : Math.floor(full / 2);
        ok(e.amount === Math.min(dealt, e.hpBefore) && e.hpAfter === e.hpBefore - e.amount, "the damage");
        break;
      }
      case "move": {
        // A mover an opportunity attack drops is logged with the walk it made: "down".
        if (e.stopped !== "down") acts(e.actor, "moves");
        else ok(out.has(e.actor), "a move stopped by a fall");
        const f = byKey(e.actor);
        ok(actor === e.actor && phase === e.phase, "moves on its own turn");
        if (e.phase === "battle") {
          ok(lastAction === "disengage" && e.movement === "disengage", "a Battle-phase move is Disengage");
          lastAction = "disengaged";
        }
        checkWalk(GRID, e.path);
        const power = movementPowersOf(f.block).find((p) => p.kind === e.movement && (p.name === e.power))!;
        ok(power !== undefined, `${e.power} is ${e.actor}'s`);
        ok(e.allowance === squaresOf(power, f.block.speed), "allowance");
        const difficult = e.path.slice(1).filter((s) => s.i === difficultRow && ((s.j % 3) + 3) % 3 === 2);
        ok(JSON.stringify(difficult) === JSON.stringify(e.difficult), "difficult squares entered");
        ok(e.cost === pathCost(GRID, e.path, difficult) && e.cost <= e.allowance, "cost within allowance");
        if (e.movement === "charge" && e.stopped === null) {
          const straight = line(GRID, e.path[0]!, e.path.at(-1)!)!;
          ok(JSON.stringify(straight) === JSON.stringify(e.path), "a Charge goes straight");
        }
        const end = e.path.at(-1)!;
        ok(f.out || (f.at.i === end.i && f.at.j === end.j), "it stands where its walk ends");
        for (const o of fs) if (o !== f && !o.out) ok(far(o.at, end) > 0 || f.out, "squares not shared");
        // The opportunity attacks: those the rules find along the walk, in order.
        const threateners = fs.filter((o) => o.side !== f.side && !o.out && opportunityAttackOf(o.block))
          .map((o) => threatenerOf(o.key, { origin: o.at }));
        const expected = provokedBy(GRID, e.path, power, threateners)!.map((l) => l.id);
        const made = moveStart?.actor === e.actor ? moveStart.ids : [];
        ok(e.provoked.length === made.length, "provoked ids");
        if (e.stopped === null) ok(JSON.stringify(made) === JSON.stringify(expected), `${e.actor}'s opportunity attacks`);
        else ok(JSON.stringify(made.slice(0, expected.length)) === JSON.stringify(expected), "provoked before stopping");
        if (!power.provokes) ok(made.length === 0, "Shift and Disengage provoke nothing");
        moveStart = null;
        break;
      }
      case "action":
        acts(e.actor, `takes ${e.action}`);
        ok(phase === "battle" && actor === e.actor, "an action on its Battle turn");
        if (e.action !== "delay") {
          ok(!acted.has(e.actor), `${e.actor} acts twice in a round`);
          acted.add(e.actor);
        } else {
          ok(turns.includes(e.target as string), "delays after one still to act");
          turns.splice(turns.indexOf(e.target as string) + 1, 0, e.actor);
        }
        lastAction = e.action;
        break;
      case "heal":
        ok(lastAction === "activateItem", "healing from an item");
        ok(e.hpAfter === Math.min(byKey(e.actor).block.hpMax, e.hpBefore + Math.max(0, e.dice.reduce((n, d) => n + d, e.bonus))), "healing");
        break;
      case "save":
        ok(phase === "end", "saves only in the End phase");
        ok(e.dice.length === 2 && e.total === e.dice[0]! + e.dice[1]! && e.success === e.total >= 7, "2d6, 7+");
        lastSave = e;
        break;
      case "condition":
        if ((CONDITION_IDS as readonly string[]).includes(e.condition)) {
          if (e.added) {
            const a = lastAttack!;
            ok(a.target === e.target && a.attacker === e.source, "a condition from the attack just made");
            const power = byKey(a.attacker).block.attacks.find((p) => p.name === a.power)!;
            ok(power.effects.some((x) => x.condition === e.condition && x.duration === e.duration
              && (a.hit || x.onMiss)), "as the power says");
            ok(e.reason === (a.hit ? "hit" : "miss"), "hit or miss");
          } else if (e.reason === "save" || e.reason === "failedSave") {
            ok(phase === "end" && lastSave?.actor === e.target && lastSave.condition === e.condition, "ended by its save");
            ok(lastSave!.success === (e.reason === "save"), "success ends save-ended, failure sustained");
          } else if (e.reason === "endOfRound") {
            ok(phase === "end", "ends with the round");
          } else {
            ok(e.reason === "item" && lastAction === "activateItem", "cured by an item");
          }
        } else if (e.condition === "seized") {
          ok(e.added ? phase === "initiative" : phase === "end", "seizing lasts the round");
        } else if (e.condition === "defending") {
          ok(e.added ? lastAction === "defend" : e.reason === "turnStart" && actor === e.target, "Defend until its next turn");
        } else if (e.added) {
          ok(e.reason === "move", "a movement power's mark");
        } else {
          ok(phase === "end", "a movement power's mark ends in the End phase");
        }
        break;
      case "state":
        out.add(e.actor);
        ok(byKey(e.actor).hp === 0, "out at 0 HP");
        ok(e.state === (byKey(e.actor).party ? "down" : "defeated"), "a PC is down, an NPC defeated");
        turns = turns.filter((k) => k !== e.actor);
        break;
      case "end":
        ended = true;
        break;
      default:
        break;
    }
  };
}

describe("phases runner invariants after every event (003; RULINGS §phases)", { timeout: 240_000 }, () => {
  for (const name of Object.keys(FIGHTS)) {
    it(`${name}: 150 seeds`, () => {
      for (let seed = 1; seed <= 150; seed++) {
        const r = fight(name, seed, { observe: checker() });
        expect(r.events.at(-1)).toEqual({ kind: "end", round: r.rounds, winner: r.winner });
      }
    });
  }
});
