import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTORS, apWorld, CIDS, COMBAT_ID, GM, keptOfCombatant, ownerOf, request, requestTwice, setKept,
  USERS, type ApWorld, type Who,
} from "../support/action-points-world";
import { dragToken, nextTurn, registerApRequests, trackerAt, turnEvents } from "../support/action-points-play";
import { ScriptedRoll } from "../support/shock-world";
import { expectResult } from "./shock-fuzz-checks";
import { AP_KEYS } from "./action-points-fuzz-checks";
import {
  AP_COST, cellOf, changed, expectBounds, MOVE_AP_MAX, moveOutcome, newOffers, ONCE_A_ROUND,
  snap, threatenedBy, up,
} from "./action-points-requests-checks";
import { actArb, setupArb, whoOf, type AnyAct, type Setup } from "./action-points-requests-arbitraries";
import { gridFromFoundry } from "../../src/engine/space/grid";
import { neighbours, walk } from "../../src/engine/space/measure";
import type { Cell } from "../../src/engine/space/cell";
import type { KeptSource } from "../../src/rulesets/action-points/play/data/kept-spec";
import { loggedErrors } from "../support/logged-errors";

/**
 * Every GM request and hook of action-points besides its attack card (which
 * `action-points-card-fuzz.test.ts` drives), under random sequences from a table, a tampered
 * client and two tabs of one GM, on square, hex (all four of Foundry's layouts) and gridless
 * scenes, with linked and unlinked tokens: spends (`fray.keptSpend`: the turn's actions and
 * special actions, spells, Flow actions, Ready declared and fired, Stand Up), refunds
 * (`fray.keptRefund`), token moves judged by the GM (the movement watch: AP paid per Move Speed,
 * at most 2 AP a turn; a player's refused move put back; reaction attacks offered on leaving
 * threatened spaces), offers taken (`fray.offer`), initiative asked (`fray.rollInitiative`),
 * garbage payloads, repeats and the tracker moving on (with the turn events Foundry runs).
 * After every step: the answer is a result naming a lang key; a refusal changes nothing; a spend
 * or a take is the sender's to ask (a GM or the combatant's owner); a spend costs what the rules'
 * table says and writes only what it should; a move costs what the rules say, no more than 2 AP a
 * turn, and provokes exactly the enemies threatening a space it left (not offered one already this
 * turn); two GM tabs run a step once; a refund gives back exactly what its spend changed; an
 * unlinked token's world actor never changes; every pool stays in bounds.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions, §Ready Action, §Reaction
 * Attacks, §Taking a Step; RULINGS.md §action-points.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const errors = loggedErrors();

const reached: Record<string, number> = {};
const count = (k: string) => (reached[k] = (reached[k] ?? 0) + 1);

/** The sender of user index `n` (4: the one who may ask, `rightful`). */
const senderOf = (n: number, rightful: { id: string; isGM: boolean }) => (n === 4 ? rightful : USERS[n]!);

/** Sends a request once, or (`tabs` 2) to two tabs of the GM: one answers, the other times out. */
async function send(user: { id: string }, name: string, payload: unknown, tabs: 1 | 2): Promise<any> {
  if (tabs === 1) return request(user, name, payload);
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  const [a, b] = requestTwice(user, name, payload, 15_000);
  const first = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
  vi.advanceTimersByTime(17_000);
  vi.useRealTimers();
  expect(await (first.i === 0 ? b : a), "the other tab").toEqual({ ok: false, reason: "timeout" });
  count("twoTabs");
  return first.r;
}

/**
 * The AP paid for movement in the turn now on, from the moves and Move spends the GM allowed:
 * never above 2 (§Actions: "maximum 2 AP/turn"). A turn is its round, its combatant and the turn
 * ledger's edges of that combatant (a tracker sent back and forward again starts a turn whose
 * start never ran, as Foundry does).
 */
const tally = { turn: "", spent: 0 };
function paidForMovement(w: ApWorld, ap: number, when: string): void {
  const id = w.combat.combatant?.id;
  const edges = (w.combat.flags.fray?.turnLedger ?? []).filter((e: string) => e.endsWith(`:${id}`));
  const turn = `${w.combat.round}/${id}/${edges.join()}`;
  if (turn !== tally.turn) Object.assign(tally, { turn, spent: 0 });
  tally.spent += ap;
  expect(tally.spent, `AP paid for movement this turn (${when})`).toBeLessThanOrEqual(MOVE_AP_MAX);
}

/** Puts the tracker on `who`'s turn, with the turn events Foundry runs. */
async function toTurnOf(w: ApWorld, who: Who): Promise<void> {
  const from = trackerAt(w);
  w.combat.turn = w.combat.turns.findIndex((c: any) => c.id === CIDS[who]);
  await turnEvents(w, from);
}

async function setUp(setup: Setup): Promise<ApWorld> {
  const places = setup.places
    ? Object.fromEntries(ACTORS.map((who, i) => [who, [setup.places![i]! % 5, Math.floor(setup.places![i]! / 5)]]))
    : undefined;
  const hp = Object.fromEntries(setup.down.map((who) => [who, 0]));
  const w = apWorld({ grid: setup.grid, unlinked: setup.unlinked, places, hp });
  registerApRequests();
  ACTORS.forEach((who, i) => {
    const k = setup.kept[i]!;
    const { pools, moveHexes } = w.actors[who].statblock;
    setKept(w.combatants[who], {
      ap: Math.min(k.ap, pools.ap), rp: Math.min(k.rp, pools.rp), fp: k.fp, moveAp: k.moveAp,
      moveHexes: Math.min(k.moveHexes, k.moveAp * moveHexes), feint: k.feint, shove: k.shove,
      step: k.step, stepping: k.stepping, flowState: k.flowState, totalDefense: k.totalDefense,
      readyTrigger: k.readied ? "the door opens" : "", readyAction: k.readied ? "strike" : "",
      order: setup.unplaced.includes(who) ? -1 : i,
    });
  });
  for (const who of setup.prone) await w.actors[who].toggleStatusEffect("prone", { active: true });
  Object.assign(w.combat, { round: setup.round, turn: setup.turn });
  // The turn on has started (its ledger says so, as if the tracker had come to it), with the
  // acting combatant's generated pools kept.
  const acting = w.combat.combatant;
  const kept = keptOfCombatant(acting);
  await w.combat._onStartTurn(acting, { round: setup.round, turn: setup.turn, skipped: false });
  setKept(acting, kept);
  ScriptedRoll.dice = [...setup.dice];
  ScriptedRoll.seed = setup.turn + 1;
  return w;
}

/** The path a move's generated steps make from where the token stands. */
function pathOf(w: ApWorld, who: Who, steps: readonly number[], jump: boolean): [number, number][] {
  const grid = gridFromFoundry(w.scene.grid.type === 0 ? 1 : w.scene.grid.type);
  let at: Cell = cellOf(w, who);
  return steps.map((n) => {
    if (jump) at = { i: (n >> 1) % 4, j: n % 5 };
    else {
      const around = neighbours(grid, at)!;
      at = around[n % around.length]!;
    }
    return [at.j, at.i];
  });
}

async function play(setup: Setup, acts: AnyAct[]) {
  const w = await setUp(setup);
  Object.assign(tally, { turn: "", spent: 0 });
  const worldActors = new Map([...snap(w)].filter(([k]) => k.endsWith(".world")));
  /** Each combatant's last spend that was ok: the world before and after it. */
  const spends = new Map<string, { by: string; before: Map<string, string>; after: Map<string, string> }>();
  let last: AnyAct | null = null;
  expectBounds(w, "the start");
  for (const [n, drawn] of acts.entries()) {
    const act: AnyAct | null = drawn.kind === "repeat" ? last : drawn;
    if (!act) continue;
    const when = `act ${n} ${JSON.stringify(drawn)}`;
    errors.length = 0;
    if (act.kind === "next") {
      await nextTurn(w);
    } else if (act.kind === "prone" || act.kind === "down") {
      // The GM's own hand: a Shove's prone, or a blow from outside these requests.
      const a = w.actors[whoOf(act.who)];
      if (act.kind === "prone") await a.toggleStatusEffect("prone", { active: !a.statuses.has("prone") });
      else await a.changeHp(-a.system.hp.value);
    } else if (act.kind === "spend" || act.kind === "refund") {
      last = act;
      await spendOrRefund(w, act, spends, when);
    } else if (act.kind === "move") {
      last = act;
      await move(w, act, when);
    } else if (act.kind === "take") {
      last = act;
      await take(w, act, when);
    } else {
      last = act;
      const before = snap(w);
      const name = act.kind === "initiative" ? "rollInitiative" : act.name;
      const payload = act.kind === "initiative" ? { combatId: COMBAT_ID } : act.payload;
      const answer: any = await request(USERS[act.user]!, name, payload);
      expectResult(answer, false, when, AP_KEYS);
      count(`${name}:${answer.ok ? "ok" : answer.reason}`);
      if (!answer.ok) expect(changed(before, snap(w)), `a refusal changed something (${when})`).toEqual([]);
      else if (name === "rollInitiative") {
        const owns = USERS[act.user]!.isGM || ACTORS.some((k) => w.actors[k].testUserPermission(USERS[act.user]));
        expect(owns, `initiative asked by one with no combatant (${when})`).toBe(true);
        // It places those without a place (and keeps the turn on the one acting); nothing else.
        for (const k of changed(before, snap(w)))
          expect([...Object.values(CIDS), "combat"].includes(k), `initiative changed ${k} (${when})`).toBe(true);
      } else if (name === "keptSpend" || name === "keptRefund") {
        const c = w.combat.combatants.get(String((payload as any)?.combatantId));
        expect(USERS[act.user]!.isGM || c?.actor?.testUserPermission(USERS[act.user]), `a spend by a non-owner (${when})`).toBe(true);
      }
    }
    expect(errors.filter((e) => String(e[0]).startsWith("Fray")), `an error logged (${when})`).toEqual([]);
    expectBounds(w, when);
    const now = snap(w);
    for (const [k, v] of worldActors) expect(now.get(k), `an unlinked token's world actor changed (${when})`).toBe(v);
  }
}

/** A spend (`fray.keptSpend`) or a refund (`fray.keptRefund`), and what it may change. */
async function spendOrRefund(
  w: ApWorld, act: Extract<AnyAct, { kind: "spend" | "refund" }>,
  spends: Map<string, { by: string; before: Map<string, string>; after: Map<string, string> }>, when: string,
): Promise<void> {
  const who = whoOf(act.who);
  const c = w.combatants[who];
  const args = act.kind === "spend" ? structuredClone(act.args) as any : null;
  // (A Ready is fired on another's turn: its `own` leaves the tracker where it is.)
  if (act.kind === "spend" && act.own && args?.ready !== "fire") await toTurnOf(w, who);
  const sender = senderOf(act.user, ownerOf(who));
  const a = w.actors[who];
  // `@spell` and `@weapon` name the combatant's own spell and weapon.
  const item = (type: string) => a.items.contents.find((i: any) => i.type === type)?.id ?? "none";
  if (args?.spellId === "@spell") args.spellId = item("actionPointsSpell");
  if (args?.flow?.itemId === "@weapon") args.flow.itemId = item("actionPointsWeapon");
  const before = snap(w);
  const kept = keptOfCombatant(c);
  const at = trackerAt(w);
  const prone = a.statuses.has("prone");
  const name = act.kind === "spend" ? "keptSpend" : "keptRefund";
  const answer = await send(sender, name, { combatId: COMBAT_ID, combatantId: c.id, args },
    act.kind === "spend" ? act.tabs : 1);
  expectResult(answer, false, when, AP_KEYS);
  const after = snap(w);
  const diff = changed(before, after);
  const named = (v: unknown, known: readonly string[]) =>
    (typeof v === "string" && known.includes(v) ? v : "other");
  const what = act.kind === "refund" ? "refund"
    : args?.ready !== undefined ? `ready:${named(args.ready, ["declare", "fire"])}`
    : args?.flow ? "flow" : named(args?.action, [...Object.keys(AP_COST), "spell"]);
  count(`${what}:${answer.ok ? "ok" : answer.reason}`);
  if (!answer.ok) {
    expect(diff, `a refusal changed something (${when})`).toEqual([]);
    return;
  }
  expect(sender.isGM || a.testUserPermission(sender), `a ${name} by a non-owner (${when})`).toBe(true);
  const now = keptOfCombatant(c);
  if (act.kind === "refund") {
    // A refund gives back exactly what the spend changed, untouched since.
    const spent = spends.get(c.id);
    expect(spent?.by, `a refund with no spend of the sender's (${when})`).toBe(sender.id);
    for (const k of changed(spent!.before, spent!.after).filter((x) => x !== "combat"))
      expect(after.get(k), `the refund restores ${k} (${when})`).toBe(spent!.before.get(k));
    spends.delete(c.id);
    return;
  }
  spends.set(c.id, { by: sender.id, before, after });
  // What the spend may touch: its combatant's kept fields and the combat's receipts; a Ready the
  // order (every combatant's place) and turn; a Stand Up its statuses and the offers it provokes.
  const allowed = new Set([c.id, "combat"]);
  if (args?.ready) for (const id of Object.values(CIDS)) allowed.add(id);
  if (args?.action === "standUp") ["offers", `${who}.statuses`].forEach((k) => allowed.add(k));
  expect(diff.filter((k) => !allowed.has(k)), `a spend wrote beyond its own (${when})`).toEqual([]);
  const pools = ["ap", "rp", "fp"] as const;
  const delta = Object.fromEntries(pools.map((p) => [p, now[p] - kept[p]]));
  if (args?.flow) {
    const weapon = a.items.get(args.flow.itemId);
    expect(delta, `a Flow action's price (${when})`).toEqual({ ap: 0, rp: 0, fp: -weapon.system.flowActions[args.flow.index].fp });
  } else if (args?.ready === "declare") {
    expect([delta.ap, now.readyTrigger, now.readyAction], when).toEqual([0, args.trigger.trim(), args.action.trim()]);
    expect(at.id === c.id && w.combat.turns.at(-1).id === c.id, `a Ready waits after everyone (${when})`).toBe(true);
  } else if (args?.ready === "fire") {
    expect([delta.ap, now.readyTrigger, kept.readyTrigger !== ""], when).toEqual([0, "", true]);
    const acting = w.combat.turns.findIndex((x: any) => x.id === at.id);
    expect(at.id !== c.id && w.combat.turns[acting - 1]?.id === c.id, `a fired Ready acts before the one acting (${when})`).toBe(true);
  } else {
    const action = String(args.action);
    const cost = action === "spell" ? a.items.get(args.spellId).system.ap : AP_COST[action];
    expect(at.id === c.id && !kept.totalDefense, `a spend off its turn (${when})`).toBe(true);
    expect(delta, `${action}'s price (${when})`).toEqual({ ap: -cost, rp: action === "totalDefense" ? 1 : 0, fp: 0 });
    const mark = ONCE_A_ROUND[action];
    if (mark) expect([kept[mark], now[mark]], `${action} once a round (${when})`).toEqual([false, true]);
    if (action === "move") {
      expect(now.moveAp, when).toBe(kept.moveAp + 1);
      paidForMovement(w, 1, when);
    }
    if (action === "standUp") {
      if (a !== w.worldActors[who]) count("standUp:unlinked");
      expect([prone, a.statuses.has("prone")], `Stand Up (${when})`).toEqual([true, false]);
      expectOffers(w, who, [cellOf(w, who)], before, when);
    }
  }
  // Foundry's turn events for the turn a Ready put off or fired into.
  await turnEvents(w, at);
}

/** The offers a provoking act just posted: exactly those threatening what it left, not offered yet. */
function expectOffers(w: ApWorld, who: Who, left: readonly Cell[], before: Map<string, string>, when: string): void {
  const seen = new Set<string>((JSON.parse(before.get("offers")!) as [string, any][]).map(([id]) => id));
  const earlier = new Set<string>();
  for (const [, flags] of JSON.parse(before.get("offers")!) as [string, any][]) {
    const o = flags?.fray?.offer;
    if (o && o.round === w.combat.round && o.turn === w.combat.turn && o.targetTokenUuid === w.tokens[who].uuid)
      for (const r of o.responders) earlier.add(r.combatantId);
  }
  const expected = [...threatenedBy(w, who, left)].filter((id) => !earlier.has(id)).sort();
  const posted = newOffers(w, seen);
  expect(posted.flatMap((o) => o.ids), `the reaction attacks offered (${when})`).toEqual(expected);
  if (posted.length) count(w.scene.grid.isHexagonal ? "offered:hex" : "offered:square");
  for (const o of posted) expect(o.against, when).toBe(w.tokens[who].uuid);
}

/** A token dragged through a path; the GM judges it (`gm/moves.ts`). */
async function move(w: ApWorld, act: Extract<AnyAct, { kind: "move" }>, when: string): Promise<void> {
  const who = whoOf(act.who);
  if (act.own) await toTurnOf(w, who);
  const user = act.user === 4 ? ownerOf(who) : GM;
  const path = pathOf(w, who, act.steps, act.jump);
  const origin = cellOf(w, who);
  const grid = gridFromFoundry(w.scene.grid.type);
  const cells = grid.kind === "gridless" ? null
    : walk(grid, [origin, ...path.map(([j, i]) => ({ i, j }))]);
  const hexes = cells ? cells.length - 1 : 0;
  const kept = keptOfCombatant(w.combatants[who]);
  const outcome = moveOutcome(w, who, kept, hexes);
  const standing = up(w, who);
  const before = snap(w);
  const made = await dragToken(w, who, path, { user, honest: act.honest, tabs: act.tabs });
  const diff = changed(before, snap(w));
  // The moving client's own check stops only what the GM would refuse (a GM's drag is its call,
  // a fallen body's too).
  const judged = cells !== null && (standing || !user.isGM);
  if (act.honest && !user.isGM) expect(made, `the client's check (${when})`).toBe(!judged || outcome.ok);
  if (!made) {
    expect(diff, `a cancelled move changed something (${when})`).toEqual([]);
    return;
  }
  const now = keptOfCombatant(w.combatants[who]);
  const at = cellOf(w, who);
  const dest = path.at(-1)!;
  if (!judged) {
    count(cells ? "drag:fallen" : "drag:gridless");
    expect(diff.filter((k) => k !== `${who}.token`), `an unjudged move changed more (${when})`).toEqual([]);
    return;
  }
  if (!outcome.ok && !user.isGM) {
    count("drag:putBack");
    expect([at.i, at.j], `a refused move put back (${when})`).toEqual([origin.i, origin.j]);
    expect(diff, `a refused move changed something (${when})`).toEqual([]);
    return;
  }
  expect([at.j, at.i], `the move stands (${when})`).toEqual([dest[0], dest[1]]);
  const patch: Partial<KeptSource> = outcome.ok ? outcome.patch : kept.stepping ? { stepping: false } : {};
  count(outcome.ok ? (hexes === 0 ? "drag:none" : `drag:paid${kept.ap - (outcome.patch.ap ?? kept.ap)}`) : "drag:gmUnpaid");
  expect(now, `a move's price (${when})`).toEqual({ ...kept, ...patch });
  paidForMovement(w, kept.ap - now.ap, when);
  expect(diff.filter((k) => ![`${who}.token`, CIDS[who], "offers"].includes(k)), `a move wrote beyond its own (${when})`).toEqual([]);
  // The spaces it left (a Take a Step's one hex leaves none that provoke).
  const stepping = kept.stepping && hexes === 1;
  const left = stepping || hexes === 0 ? [] : cells!.slice(0, -1);
  if (!act.jump || left.length === 0) expectOffers(w, who, left, before, when);
}

/** A responder takes its part of a reaction-attack offer (`fray.offer`). */
async function take(w: ApWorld, act: Extract<AnyAct, { kind: "take" }>, when: string): Promise<void> {
  const offers = [...w.messages.values()].filter((m) => !m.deleted && m.flags?.fray?.offer);
  const m = offers.at(-1 - (act.offer % Math.max(1, offers.length)));
  if (!m) return;
  const responders = m.flags.fray.offer.responders.map((r: any) => r.combatantId);
  const id = act.responder < 3 && responders.length ? responders[act.responder % responders.length] : Object.values(CIDS)[act.responder];
  const who = ACTORS.find((k) => CIDS[k] === id)!;
  const sender = senderOf(act.user, ownerOf(who));
  const taken = Boolean(m.flags.fray.taken?.[id]);
  const before = snap(w);
  const answer: any = await request(sender, "offer", { messageId: m.id, responder: id });
  expectResult(answer, false, when, AP_KEYS);
  count(`take:${answer.ok ? "ok" : answer.reason}`);
  const diff = changed(before, snap(w));
  if (!answer.ok) {
    expect(diff, `a refused take changed something (${when})`).toEqual([]);
    return;
  }
  expect(sender.isGM || w.actors[who].testUserPermission(sender), `a take by a non-owner (${when})`).toBe(true);
  expect([responders.includes(id), taken, m.flags.fray.offer.round], `a take not offered, twice or late (${when})`)
    .toEqual([true, false, w.combat.round]);
  expect(diff, `a take wrote beyond its offer (${when})`).toEqual(["offers"]);
}

describe("action-points' GM requests besides the card, under random sequences", () => {
  it("refuse cleanly, charge what the rules say, provoke whom they say, and keep every pool in bounds", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 4, maxLength: 24 }), play),
      // FUZZ_RUNS and FUZZ_SEED explore further (e.g. FUZZ_RUNS=3000 FUZZ_SEED=7).
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed: Number(process.env.FUZZ_SEED ?? 20261127) });
    if (process.env.FUZZ_LOG) console.log(JSON.stringify(reached, null, 1));
    if (process.env.FUZZ_RUNS) return;
    // The runs did more than refuse: floors well below what seeds 1-3 and the pinned seed reach
    // at 300 runs (not tuned to one seed).
    const floors: Record<string, number> = {
      "drag:paid1": 40, "drag:paid2": 40, "drag:putBack": 35, "drag:gmUnpaid": 100, "drag:fallen": 12,
      "drag:gridless": 30, "offered:hex": 60, "offered:square": 30, "take:ok": 20, twoTabs: 80,
      "ready:declare:ok": 15, "ready:fire:ok": 5, "standUp:ok": 6, "standUp:unlinked": 2, "flow:ok": 3,
      "totalDefense:ok": 4, "step:ok": 3, "spell:ok": 1, "rollInitiative:ok": 30,
    };
    for (const [k, floor] of Object.entries(floors))
      expect(reached[k] ?? 0, `${k} in ${JSON.stringify(reached)}`).toBeGreaterThanOrEqual(floor);
  }, 120_000);
});
