import { describe, expect, it } from "vitest";
import type { AttackEvent, ShockEvent } from "../encounter/events";
import type { Fighter } from "../encounter/fighter";
import { SITUATIONS, type Situation } from "../rules/situations";
import { UNARMED } from "../rules/statblock";
import { swarmBonus } from "../rules/swarm";
import { feetBetween, reachOf, spotOf, type Spot } from "../encounter/position";
import { fight, FIGHTS } from "./fights";
import { recomputeOpposed } from "./opposed-log";

/**
 * Invariants checked after every event of many seeded fights: HP within bounds, the fallen and
 * the fled never act, one Main and at most two Moves per combatant per round, each attack's total
 * and hit recomputable from its dice, modifiers and AC, each hit's damage from its dice (the
 * dual-wielding +2 only where the text gives it), Shock only where its rating reaches, a shield
 * absorbing at most once per round, every opposed check recomputed from its logged rolls (every
 * tie re-roll of every side; a screen going to the worst-rolling winner), morale as the rules say
 * (one score per group: its highest Morale still in the fight), broken groups gone for good; and
 * the positions: spots and prone as the log says, every situational modifier of an attack exactly
 * as the prone, spot, range and melee state tracked from the log gives it, shoves only after hits
 * and instead of damage, the prone standing up only by a Stand Up, every move but a push paid by
 * the mover's own Run, Charge or Screen (one move each, as far as it allows), pushes only after
 * won shoves, held actions taken once and only by those who held this round; and a surprised side
 * doing nothing at all in the others' free round (no action, reaction, move or Attack of
 * Opportunity).
 */
const GAP = 40;
/** Plain checks: vitest's expect is too slow for thousands of events per fight. */
function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}
function eq(actual: unknown, expected: unknown, message: string): void {
  if (actual !== expected)
    throw new Error(`${message}: expected ${String(expected)}, got ${String(actual)}`);
}

function checker(naturals: boolean) {
  let fighters: readonly Fighter[] = [];
  const out = new Set<string>();
  const broken = new Set<string>();
  const spent = new Map<string, { mains: number; moves: number }>();
  const shields = new Set<string>();
  const attacks = new Map<string, AttackEvent>();
  const swarms = new Map<string, number>();
  const grips = new Set<string>();
  const saves = new Map<string, { success: boolean }>();
  const prone = new Set<string>();
  const standing = new Set<string>();
  const spots = new Map<string, Spot>();
  const unlocated = new Set<string>();
  const holding = new Set<string>();
  const shoved = new Set<string>();
  /** Each mover's Runs, Charges and Screens this round that have not yet moved it. */
  const movesPaid = new Map<string, { action: string; paid: string }[]>();
  /** The sides sitting out the free round of a surprise, until initiative is rolled. */
  let sittingOut: readonly string[] = [];
  let lastShove: Extract<ShockEvent, { kind: "shove" }> | null = null;
  let lastOpposed: Extract<ShockEvent, { kind: "opposed" }> | null = null;
  /** The screener the last screen's check gives the attack to (null: nobody won). */
  let screenTaker: string | null | undefined;
  let round = 0;
  let ended = false;
  const byKey = (k: string) => fighters.find((f) => f.key === k) as Fighter;
  const mustAct = (k: string, what: string) => {
    eq(out.has(k), false, `${k} is out but ${what}`);
    eq(broken.has(byKey(k).group) && !byKey(k).party, false, `${k}'s group broke but it ${what}`);
    eq(sittingOut.includes(byKey(k).side), false, `${k} is surprised but ${what}`);
  };
  /** Every situational modifier of the attack, as the state tracked from the log gives it. */
  const checkSituations = (e: AttackEvent) => {
    const attacker = byKey(e.attacker);
    const target = byKey(e.target);
    const weapon = attacker.block.weapons.find((w) => w.name === e.weapon) ?? UNARMED;
    eq(e.feet, feetBetween(GAP, attacker, target), "the attack's feet");
    const shot = weapon.kind !== "melee";
    if (shot && e.feet > 0) ok(e.feet <= reachOf(weapon), `${e.weapon} reaches ${e.feet} ft`);
    const spot = spots.get(e.target) ?? "open";
    const meleeFoe = [...attacker.engaged].some(
      (k) => !out.has(k) && !(broken.has(byKey(k).group) && !byKey(k).party),
    );
    const expected = new Set<Situation>();
    if (prone.has(e.target) && e.feet === 0) expected.add("adjacentProne");
    if (prone.has(e.target) && e.feet > 0 && shot) expected.add("distantProne");
    if (prone.has(e.attacker) && !shot) expected.add("meleeWhileProne");
    if (shot && e.feet > weapon.range.normal) expected.add("longRange");
    if (shot && e.feet > 0 && spot === "halfCover") expected.add("halfCover");
    if (shot && e.feet > 0 && spot === "fullCover") expected.add("fullCover");
    if (shot && e.feet > 0 && spot === "shadow") {
      eq(unlocated.has(e.target), false, "no shot at a target whose place is unknown");
      expected.add("unseenKnown");
    }
    if (shot && meleeFoe) expected.add("thrownInMelee");
    const got = e.modifiers.filter((m) => m.source.startsWith("situation:"));
    eq(
      got
        .map((m) => m.source)
        .sort()
        .join(),
      [...expected]
        .map((x) => `situation:${x}`)
        .sort()
        .join(),
      `${e.id}'s situations`,
    );
    for (const m of got) {
      const id = m.source.slice("situation:".length) as Situation;
      eq(m.value, id === "thrownInMelee" ? -4 : SITUATIONS[id], `${m.source}'s value`);
    }
  };
  /**
   * A hit's damage from its dice and the attacker's statblock: the better attribute, magic, Brawl
   * bare-handed, and +2 only for one of the two weapons a dual-wielder wields, at arm's length.
   */
  const checkHit = (e: Extract<ShockEvent, { kind: "damage" }>, a: AttackEvent) => {
    const f = byKey(e.source);
    const w = f.block.weapons.find((x) => x.name === a.weapon) ?? UNARMED;
    eq(e.dice.length, w.dice, `${e.attack}: one die per the weapon's dice`);
    const attr = Math.max(...w.attributes.map((x) => f.block.attributes[x]));
    const hands = f.block.weapons
      .filter((x) => x.readied && x.kind === "melee" && !x.twoHanded && !x.unarmed)
      .slice(0, 2);
    const dual = f.dualWield && hands.includes(w) && a.feet === 0 ? 2 : 0;
    const brawl = w.unarmed ? f.block.skills.brawl : 0;
    const natural = e.dice.reduce((x, d) => x + d, 0);
    eq(e.base, Math.max(0, natural + attr + w.magic + brawl + dual), `${e.attack}'s damage`);
    eq(e.amount, Math.max(e.base + e.swarmBonus, e.floor), `${e.attack}'s amount`);
  };
  return (e: ShockEvent, fs: readonly Fighter[]) => {
    fighters = fs;
    eq(ended, false, "no event after the end");
    for (const f of fs) {
      ok(f.hp >= 0, "f.hp ≥ 0");
      ok(f.hp <= f.block.hpMax, "f.hp ≤ f.block.hpMax");
    }
    if (e.round !== round) {
      round = e.round;
      spent.clear();
      swarms.clear();
      holding.clear();
      movesPaid.clear();
    }
    switch (e.kind) {
      case "surprise":
        sittingOut = e.surprised;
        break;
      case "initiative":
        sittingOut = [];
        break;
      case "opportunity":
        mustAct(e.attacker, "makes an Attack of Opportunity");
        break;
      case "turn":
        mustAct(e.actor, "takes a turn");
        eq(byKey(e.actor).side, e.side, "byKey(e.actor).side");
        break;
      case "action": {
        mustAct(e.actor, `takes ${e.action}`);
        const s = spent.get(e.actor) ?? { mains: 0, moves: 0 };
        if (["main", "mainAsMove", "mainAndMove"].includes(e.paid)) s.mains++;
        if (["move", "mainAsMove", "mainAndMove"].includes(e.paid)) s.moves++;
        spent.set(e.actor, s);
        ok(s.mains <= 1, `${e.actor} spends one Main a round`);
        ok(s.moves <= 2, `${e.actor} moves at most twice a round`);
        if (e.paid === "mainAsMove") eq(s.moves, 2, "s.moves");
        if (["run", "charge", "screen"].includes(e.action))
          eq(prone.has(e.actor), false, `${e.actor} moves only standing`);
        if (e.action === "run" || e.action === "charge" || e.action === "screen") {
          const list = movesPaid.get(e.actor) ?? [];
          list.push({ action: e.action, paid: e.paid });
          movesPaid.set(e.actor, list);
        }
        if (e.action === "holdAction") {
          eq(e.paid, "move", "holding an action costs the Move");
          holding.add(e.actor);
        }
        if (e.action === "standUp") {
          eq(prone.has(e.actor), true, `${e.actor} stands up only from prone`);
          standing.add(e.actor);
        }
        break;
      }
      case "swarmAssist":
        mustAct(e.actor, "swarms");
        swarms.set(e.target, (swarms.get(e.target) ?? 0) + 1);
        eq(swarms.get(e.target), e.assistants, "swarms.get(e.target)");
        ok(e.assistants <= 4, "e.assistants ≤ 4");
        break;
      case "attack": {
        mustAct(e.attacker, "attacks");
        attacks.set(e.id, e);
        const attacker = byKey(e.attacker).block;
        const target = byKey(e.target).block;
        eq(e.total, e.natural + e.modifiers.reduce((s, m) => s + m.value, 0), "e.total");
        eq(e.targetAc, e.ac + e.acAdjustments.reduce((s, m) => s + m.value, 0), "e.targetAc");
        eq(e.ac, target.ac, "e.ac");
        eq(JSON.stringify(e.dice), JSON.stringify([e.natural]), "e.dice");
        const byNatural = naturals && (e.natural === 20 || e.natural === 1);
        eq(e.hit, byNatural ? e.natural === 20 : e.total >= e.targetAc, "e.hit");
        eq(e.decidedBy, byNatural ? "natural" : "total", "e.decidedBy");
        const mod = (source: string) => e.modifiers.find((m) => m.source === source)?.value ?? 0;
        eq(mod("attackBonus"), attacker.attackBonus, `mod("attackBonus")`);
        eq(mod("snap"), e.attackKind === "snap" ? -4 : 0, `mod("snap")`);
        eq(mod("charge"), e.attackKind === "charge" ? 2 : 0, `mod("charge")`);
        eq(
          mod("swarm"),
          e.attackKind === "swarm" ? swarmBonus(swarms.get(e.target) ?? 0).hit : 0,
          `mod("swarm")`,
        );
        eq(mod("dualWield"), byKey(e.attacker).dualWield ? -1 : 0, `mod("dualWield")`);
        eq(
          e.modifiers.some((m) => m.source === "situation:bowInMelee"),
          false,
          `e.modifiers.some((m) => m.source === "situation:bowInMelee")`,
        );
        checkSituations(e);
        if (e.attackKind === "held")
          ok(
            holding.has(e.attacker) || spent.get(e.attacker)?.mains === 1,
            `${e.attacker} held its action`,
          );
        break;
      }
      case "damage": {
        eq(e.hpAfter, Math.max(0, e.hpBefore - e.amount), "e.hpAfter");
        const a = e.attack ? attacks.get(e.attack) : undefined;
        if (e.reason === "execution") {
          const save = saves.get(e.attack ?? "");
          ok(save !== undefined, "an execution's damage follows its save");
          if (!save!.success) eq(e.hpAfter, 0, "a failed save fells the victim");
          break;
        }
        if (e.reason === "grapple") {
          eq(grips.has(`${e.source}>${e.target}`), true, "grapple damage only from a grappler");
          break;
        }
        ok(a !== undefined, "damage names its attack");
        eq(shoved.has(e.attack ?? ""), false, "a shove deals no damage");
        if (e.reason === "hit") {
          eq(a?.hit, true, "a?.hit");
          ok(e.amount >= e.floor, "e.amount ≥ e.floor");
          checkHit(e, a!);
          break;
        }
        eq(a?.hit, false, "Shock only on a miss");
        ok(e.amount <= e.floor, "e.amount ≤ e.floor");
        if (e.reason === "swarm")
          eq(a?.attackKind, "swarm", "a swarm's Shock comes from a swarm attack");
        else {
          ok(a?.shock !== null, "Shock needs a rating");
          if (a?.shock?.ac !== null) ok(a!.targetAc <= a!.shock!.ac, "a!.targetAc ≤ a!.shock!.ac");
        }
        if (e.absorbedBy === "shield") {
          eq(byKey(e.target).block.shield, true, "byKey(e.target).block.shield");
          ok(e.reason !== "swarm", `e.reason is not "swarm"`);
          const k = `${round}:${e.target}`;
          eq(shields.has(k), false, "a shield ignores one Shock a round");
          shields.add(k);
        }
        if (e.absorbedBy === "totalDefense")
          eq(byKey(e.target).totalDefense, true, "byKey(e.target).totalDefense");
        if (e.absorbedBy) eq(e.amount, 0, "e.amount");
        if (e.amount > 0) {
          // Shock that lands: never through Total Defense; through a shield only once it was used
          // this round.
          eq(byKey(e.target).totalDefense, false, "Shock never lands through Total Defense");
          if (e.reason === "shock" && byKey(e.target).block.shield)
            eq(shields.has(`${round}:${e.target}`), true, "a ready shield ignores Shock");
        }
        break;
      }
      case "save":
        eq(e.total, e.natural + e.modifiers.reduce((x, m) => x + m.value, 0), "save total");
        eq(e.success, e.total >= e.target, "save result");
        saves.set(e.attack, e);
        break;
      case "reaction": {
        mustAct(e.actor, `reacts with ${e.reaction}`);
        if (e.reaction === "screen") {
          eq(e.changed ? e.actor : null, screenTaker, "the worst-rolling winner takes the attack");
          screenTaker = undefined;
        }
        if (e.reaction === "heldAction") {
          eq(holding.has(e.actor), true, `${e.actor} takes a held action it holds`);
          holding.delete(e.actor);
        }
        const a = attacks.get(e.attack);
        // Total Defense after the roll: +2 AC on the same d20; the hit may become a miss.
        if (e.reaction === "totalDefense" && a) {
          eq(byKey(e.actor).key, a.target, "byKey(e.actor).key");
          const targetAc = a.targetAc + 2;
          const hit = a.decidedBy === "natural" ? a.hit : a.total >= targetAc;
          eq(e.changed, a.hit !== hit, "e.changed");
          attacks.set(e.attack, {
            ...a,
            targetAc,
            hit,
            acAdjustments: [...a.acAdjustments, { source: "totalDefense", value: 2 }],
          });
        }
        break;
      }
      case "grapple":
        if (e.held) {
          mustAct(e.grappler, "grapples");
          grips.add(`${e.grappler}>${e.target}`);
        } else grips.delete(`${e.grappler}>${e.target}`);
        break;
      case "state": {
        const f = byKey(e.actor);
        eq(f.state, e.state, "f.state");
        if (e.state === "defeated" || e.state === "fled") eq(f.party, false, "f.party");
        if (e.state === "mortallyInjured" || e.state === "stabilised") eq(f.party, true, "f.party");
        if (e.state === "stabilised") eq(out.has(e.actor), true, "out.has(e.actor)");
        else if (e.state !== "up") {
          eq(out.has(e.actor), false, `${e.actor} falls once`);
          out.add(e.actor);
        }
        break;
      }
      case "stabilize":
        mustAct(e.actor, "gives first aid");
        eq(out.has(e.target), true, "out.has(e.target)");
        break;
      case "morale": {
        const members = fighters.filter((f) => !f.party && f.group === e.group);
        eq(members.every((f) => f.block.fearless), false, "a fearless group never checks");
        eq(broken.has(e.group), false, "a broken group never checks again");
        eq(e.dice.reduce((s, d) => s + d, 0), e.total, "e.dice.reduce((s, d) => s + d, 0)");
        eq(e.result, e.total > e.score ? "breaks" : "holds", "e.result");
        // One score for the group: with no GM here, its highest Morale still in the fight.
        const standing = members.filter((f) => f.state === "up").map((f) => f.block.morale);
        eq(e.scoreFrom, "highestInFight", "no GM set the score");
        eq(e.score, Math.max(...standing), `${e.group}'s score is its highest still standing`);
        if (e.result === "breaks") broken.add(e.group);
        break;
      }
      case "held":
        mustAct(e.actor, "takes its held action");
        eq(holding.has(e.actor), true, `${e.actor} holds an action when the round ends`);
        holding.delete(e.actor);
        break;
      case "field":
        for (const x of e.spots) {
          if (x.die !== null) eq(x.spot, spotOf(x.die), "the spot die decides the spot");
          spots.set(x.actor, x.spot);
          if (x.spot === "shadow") unlocated.add(x.actor);
        }
        break;
      case "spot":
        eq(spots.get(e.actor), "shadow", "only a fighter still in shadow is found");
        eq(e.spot, "shadow", "found in its shadow");
        eq(e.located, true, "a spot event locates the fighter");
        eq(unlocated.has(e.actor), true, "found once");
        unlocated.delete(e.actor);
        break;
      case "opposed": {
        lastOpposed = e;
        const r = recomputeOpposed(e);
        eq(r.problems.join("; "), "", "the opposed check recomputes from its logged rolls");
        // Each side's terms are its statblock's (size penalties aside: all fighters man-sized).
        for (const side of [e.single, ...e.others]) {
          const who = byKey(side.id).block;
          for (const m of side.modifiers) {
            const [kind, id] = m.source.split(":") as [string, string];
            const value = kind === "attribute"
              ? who.attributes[id as keyof typeof who.attributes]
              : who.skills[id as keyof typeof who.skills];
            eq(m.value, value, `${side.id}'s ${m.source}`);
          }
        }
        screenTaker = e.purpose === "screen" ? r.worstWinner : undefined;
        break;
      }
      case "shove": {
        mustAct(e.attacker, "shoves");
        const a = attacks.get(e.attack);
        eq(a?.hit, true, "a shove follows a hit");
        eq(a?.target, e.target, "a shove moves the attack's target");
        eq(lastOpposed?.purpose, "shove", "a shove is an opposed check");
        eq(lastOpposed?.single.id, e.attacker, "the shover rolls first");
        eq(lastOpposed?.others[0]?.id, e.target, "against the target");
        eq(
          lastOpposed?.others[0]?.singleWins,
          e.result !== "resisted",
          "the check decides the shove",
        );
        shoved.add(e.attack);
        lastShove = e;
        break;
      }
      case "prone":
        if (e.prone) {
          eq(e.reason, "shoved", "only a shove knocks down");
          eq(lastShove?.target, e.actor, "the shoved target falls");
          eq(lastShove?.result, "prone", "after a shove to the ground");
          prone.add(e.actor);
        } else {
          eq(standing.has(e.actor), true, `${e.actor} stands up with a Stand Up action`);
          standing.delete(e.actor);
          prone.delete(e.actor);
        }
        break;
      case "move":
        // Its first move leaves its spot (cover or shadow) behind.
        spots.set(e.actor, "open");
        unlocated.delete(e.actor);
        if (e.reason === "pushed") {
          // Forced on the target by the shover's attack: none of its own actions pays.
          eq(e.action, null, "a push is no action of the pushed");
          eq(e.paid, "forced", "a push is forced");
          eq(lastShove?.target, e.actor, "only a shoved target is pushed");
          eq(lastShove?.result, "pushed", "after a won push");
          eq(e.feet, 5, "a push moves one square");
          eq(byKey(e.actor).engaged.size, 0, "a pushed fighter is next to no one");
        } else {
          mustAct(e.actor, `moves (${e.reason})`);
          // Paid by the mover's own Run, Charge or Screen logged before it, one move each.
          const payer = movesPaid.get(e.actor)?.shift();
          ok(payer !== undefined, `${e.actor} moves ${e.feet} ft with no action paying for it`);
          eq(e.action, payer!.action, `${e.actor}'s move is its ${payer!.action}`);
          eq(e.paid, payer!.paid, `${e.actor}'s move is paid as its action was`);
          ok(e.feet <= (e.action === "charge" ? 60 : 30), `${e.actor} moves as far as it may`);
          if (e.action === "charge") ok(e.feet >= 5, "a charge runs at least 5 ft");
        }
        break;
      case "end":
        ended = true;
        break;
      default:
        break;
    }
    for (const f of fs) {
      eq(f.prone, prone.has(f.key), `${f.key}'s prone state follows the log`);
      if (spots.has(f.key)) eq(f.spot, spots.get(f.key), `${f.key}'s spot follows the log`);
      eq(f.located, !unlocated.has(f.key), `${f.key} is found as the log says`);
    }
  };
}

describe(
  "invariants after every event (002 §Combat; RULINGS.md §shock)",
  { timeout: 60_000 },
  () => {
    for (const name of Object.keys(FIGHTS)) {
      it(`${name}: 200 seeded fights`, () => {
        for (let seed = 1; seed <= 200; seed++) fight(name, seed, { observe: checker(true) });
      });
    }

    it("with surprise on either side, and with the natural option off", () => {
      for (let seed = 1; seed <= 100; seed++) {
        for (const name of Object.keys(FIGHTS)) {
          fight(name, seed, { observe: checker(true), surprised: ["party"] });
          fight(name, seed, { observe: checker(true), surprised: ["foes"] });
        }
        fight("barrow", seed, { observe: checker(false), naturals: false });
      }
    });

    it("with executions before the fight", () => {
      for (let seed = 1; seed <= 100; seed++) {
        fight("bandits", seed, {
          observe: checker(true),
          executions: [{ assailant: "Oskar Brenn", victim: "Bandit Captain" }],
        });
      }
    });

    it("the checker itself catches a wrong situation, a standing up without Stand Up and an "
      + "unpaid move", () => {
      const tamper = (change: (e: ShockEvent) => ShockEvent | null) => () => {
        const check = checker(true);
        let done = false;
        fight("mire", 1, {
          observe: (e, fs) => {
            const bad = done ? null : change(e);
            if (bad) done = true;
            check(bad ?? e, fs);
          },
        });
      };
      expect(
        tamper((e) =>
          e.kind === "attack"
            ? { ...e, modifiers: [...e.modifiers, { source: "situation:halfCover", value: 0 }] }
            : null,
        ),
      ).toThrow(/situations/);
      expect(
        tamper((e) =>
          e.kind === "turn"
            ? { kind: "prone", round: e.round, actor: e.actor, prone: false, reason: "stood" }
            : null,
        ),
      ).toThrow(/Stand Up/);
      expect(
        tamper((e) =>
          e.kind === "turn"
            ? {
              kind: "move", round: e.round, actor: e.actor, to: null, feet: 30,
              reason: "engage", action: "run", paid: "move",
            }
            : null,
        ),
      ).toThrow(/no action paying for it/);
    });

    it("a broken group's members are all fled when the morale event's state events are "
      + "done", () => {
      for (let seed = 1; seed <= 100; seed++) {
        const r = fight("bandits", seed);
        const breakAt = r.events.findIndex((e) => e.kind === "morale" && e.result === "breaks");
        if (breakAt < 0) continue;
        for (const f of r.fighters) if (!f.party) expect(["defeated", "fled"]).toContain(f.state);
      }
    });
  },
);
