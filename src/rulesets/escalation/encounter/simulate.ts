import type { DiceRoller } from "../../../engine/dice/roller";
import { escalationForRound } from "../rules/escalation-die";
import { canAct } from "../rules/health";
import { orderByBands } from "../rules/initiative";
import type { Statblock } from "../rules/statblock";
import { ambushRaisesDie, MAX_AMBUSHERS } from "../rules/surprise";
import { createContext, type TurnContext } from "./context";
import { startRound, startTurn } from "./economy";
import type { EncounterEvent, EncounterResult, Side } from "./events";
import {
  compareFighters,
  createFighter,
  inFight,
  isUp,
  resetForEncounter,
  uniqueKeys,
  type Fighter,
} from "./fighter";
import { deathSave, fightInSpirit } from "./survival";
import { takeReadied, takeTurn } from "./turn";
import { endEncounterEffects, endOfTurn } from "./turn-end";

/**
 * Plays one `escalation` fight without Foundry: bands order (changed by Delay and readied actions),
 * the escalation die, attacks with edge, damage through the pipeline, effects with their
 * durations, ongoing damage and saves at the end of each turn, death saves at the start of a
 * Dying PC's turn, Rally and stabilising, Staggered/Dying/dead/defeated. A turn is in `turn.ts`,
 * the choices in `tactics.ts`.
 */
export interface EncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Stop (a draw) after this many rounds. */
  readonly maxRounds?: number;
  /** Collect events (off for fast trials). */
  readonly record?: boolean;
  /** The party's fighters carried from an earlier fight of the day (in `party` order). */
  readonly partyFighters?: readonly Fighter[];
  /** Called after every event with everyone's state (the day test checks invariants here). */
  readonly observe?: (e: EncounterEvent, fighters: readonly Fighter[]) => void;
  /** Prefix of effect and attack ids, so ids stay unique over a day of fights. */
  readonly idPrefix?: string;
  /** The side that ambushes: its first two fighters in turn order act in a surprise round. */
  readonly surprise?: Side;
  /**
   * The RULINGS option: after a party ambush (`surprise: "party"`) the escalation die starts at 1
   * in the first real round. Without a party ambush it changes nothing (`ambushRaisesDie`).
   */
  readonly ambushDie?: boolean;
  /**
   * The party flees (a Campaign Loss) when the fight has turned against it; see `partyShouldFlee`.
   */
  readonly flee?: boolean;
}

/**
 * The runner's reading of a party deciding to flee: at the start of a round, fewer than half of
 * the party can act and the foes still standing have more HP left than the party does.
 */
export function partyShouldFlee(fighters: readonly Fighter[]): boolean {
  let members = 0;
  let up = 0;
  let partyHp = 0;
  let foeHp = 0;
  for (const f of fighters) {
    if (f.side === "party") {
      members++;
      if (canAct(f.state)) {
        up++;
        partyHp += f.hp;
      }
    } else if (canAct(f.state)) foeHp += f.hp;
  }
  return up > 0 && up * 2 < members && foeHp > partyHp;
}

export interface FightResult extends EncounterResult {
  readonly fighters: readonly Fighter[];
}

export function runEncounter(options: EncounterOptions): FightResult {
  const { roller, observe } = options;
  const record = options.record ?? true;
  const events: EncounterEvent[] = [];
  const setup = setupFor(options.party, options.foes);
  const fighters = setup.all.map((b, i) => {
    const carried = i < options.party.length ? options.partyFighters?.[i] : undefined;
    if (carried) {
      resetForEncounter(carried, i);
      return carried;
    }
    return createFighter(b, i < options.party.length ? "party" : "enemies", i, setup.keys[i]);
  });
  const emit = !record
    ? () => undefined
    : observe
      ? (e: EncounterEvent) => (events.push(e), observe(e, fighters))
      : (e: EncounterEvent) => void events.push(e);
  const order = setup.order.map((i) => fighters[i] as Fighter);
  const maxRounds = options.maxRounds ?? 30;
  const ctx = createContext({ record, roller, emit, fighters, prefix: options.idPrefix });
  const finish = (winner: Side | "draw"): FightResult => {
    endEncounterEffects(fighters, ctx);
    emit({ kind: "end", round: ctx.round, winner });
    return { winner, rounds: ctx.round, events, fighters };
  };
  // The surprise round (round 0): two ambushers act, then initiative proceeds as normal.
  const ambushers = options.surprise
    ? order.filter((f) => f.side === options.surprise).slice(0, MAX_AMBUSHERS)
    : [];
  const ambush = {
    ambush: ambushRaisesDie(
      Boolean(options.ambushDie),
      ambushers.map((f) => f.block),
    ),
  };
  let surprised = ambushers.length > 0;
  while (ctx.round < maxRounds) {
    const round = surprised ? 0 : ++ctx.round;
    ctx.escalation = escalationForRound(round, ambush);
    if (record) emit({ kind: "round", round, escalation: ctx.escalation });
    // Bands moved last round (Delay, readied actions) reorder the turns from this one on.
    if (ctx.reordered) order.sort(compareFighters);
    ctx.reordered = false;
    startRoundFor(fighters);
    ctx.readiedThisRound = false;
    ctx.upcoming.length = 0;
    for (const f of surprised ? ambushers : order) ctx.upcoming.push(f);
    surprised = false;
    if (options.flee && round > 0 && partyShouldFlee(fighters)) {
      if (record) emit({ kind: "flee", round });
      return finish("enemies");
    }
    let actor: Fighter | undefined;
    while ((actor = ctx.upcoming.shift())) {
      ctx.turn = null;
      if (takeReadiedOn(actor, ctx)) {
        const won = ctx.winner();
        if (won) return finish(won);
      }
      if (actor.dead) {
        fightInSpirit(actor, ctx);
        continue;
      }
      if (!inFight(actor)) continue;
      ctx.turn = actor.key;
      if (record) emit({ kind: "turn", round, actor: actor.key });
      // Dying characters and those held in Last Gasp saves roll a death save instead of acting;
      // the turn has begun all the same (what lasts "until your next turn" ends).
      let acts = isUp(actor);
      if (actor.state === "dying" || actor.death.lastGasp) {
        startTurn(actor, round);
        acts = deathSave(actor, ctx) && isUp(actor);
      }
      if (acts && takeTurn(actor, ctx) === "delayed") continue;
      // One side out during the turn (or its death save): the fight ends, the turn's end with it.
      let won = ctx.winner();
      if (won) return finish(won);
      endOfTurn(actor, ctx);
      won = ctx.winner();
      if (won) return finish(won);
    }
  }
  return finish("draw");
}

/** At the start of a round the Interrupt is back, and nothing has been hit "this round" yet. */
function startRoundFor(fighters: readonly Fighter[]): void {
  for (const f of fighters) {
    startRound(f);
    if (f.hitThisRound.length) f.hitThisRound = [];
    // A readied action not taken in its round lapses.
    f.readied = null;
  }
}

/**
 * Readied actions waiting for `trigger`'s turn are taken right before it, until one side is out;
 * returns whether any was.
 */
function takeReadiedOn(trigger: Fighter, ctx: TurnContext): boolean {
  if (!ctx.readiedThisRound) return false;
  let taken = false;
  for (const f of ctx.fighters) {
    if (f.readied?.trigger !== trigger.key) continue;
    if (taken && ctx.winner()) return true;
    takeReadied(f, trigger, ctx);
    taken = true;
  }
  return taken;
}

/**
 * What does not change between fights of the same line-up (names, turn order), cached so that
 * thousands of seeded trials do not redo it.
 */
interface Setup {
  readonly all: readonly Statblock[];
  readonly keys: readonly string[];
  readonly order: readonly number[];
}
const setups = new WeakMap<readonly Statblock[], WeakMap<readonly Statblock[], Setup>>();

function setupFor(party: readonly Statblock[], foes: readonly Statblock[]): Setup {
  let inner = setups.get(party);
  if (!inner) setups.set(party, (inner = new WeakMap()));
  let setup = inner.get(foes);
  if (!setup) {
    const all = [...party, ...foes];
    const order = orderByBands(
      all.map((b, i) => ({
        id: String(i).padStart(4, "0"),
        band: b.band,
        isPC: b.isPC,
        order: i,
        i,
      })),
    ).map((e) => e.i);
    setup = { all, keys: uniqueKeys(all), order };
    inner.set(foes, setup);
  }
  return setup;
}

