import type { DiceRoller } from "../rules/dice/roller";
import { FRESH_DEATH_TRACK } from "../rules/escalation/death-save";
import { escalationForRound } from "../rules/escalation/escalation-die";
import { canAct } from "../rules/escalation/health";
import { orderByBands } from "../rules/escalation/initiative";
import type { Statblock } from "../rules/escalation/statblock";
import { applyAttack, rollAttack } from "./attacks";
import type { TurnContext } from "./context";
import { endEncounterEffects, endOfTurn } from "./effects";
import type { EncounterEvent, EncounterResult, Side } from "./events";
import { createFighter, inFight, isUp, uniqueKeys, type Fighter } from "./fighter";
import { deathSave, fightInSpirit, rally, stabilizeAlly, sustain } from "./survival";
import { pickTargets, planTurn } from "./tactics";
import { MAX_AMBUSHERS } from "../rules/escalation/surprise";
import { beforeProvokingUse, engage, engagedFoes, movementOf } from "./position";

/**
 * Plays one `escalation` fight without Foundry: bands order, the escalation die, attacks with edge,
 * damage through the pipeline, effects with their durations, ongoing damage and saves at the end of
 * each turn, death saves at the start of a Dying PC's turn, Rally and stabilising, Staggered/
 * Dying/dead/defeated. Tactics are in `tactics.ts`.
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
  /** Prefix of effect instance keys, so keys stay unique over a day of fights. */
  readonly effectPrefix?: string;
  /** The side that ambushes: its first two fighters in turn order act in a surprise round. */
  readonly surprise?: Side;
  /** After a party ambush, start the escalation die at 1 in the first real round (RULINGS option). */
  readonly ambushDie?: boolean;
  /** The party flees (a Campaign Loss) when the fight has turned against it; see `partyShouldFlee`. */
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
      // Death saves and engagement count per encounter; effects ended with the last fight.
      carried.death = FRESH_DEATH_TRACK;
      carried.engaged.clear();
      carried.boons = [];
      carried.sustaining = null;
      return carried;
    }
    return createFighter(b, i < options.party.length ? "party" : "enemies", i, setup.keys[i]);
  });
  const emit = !record ? () => undefined : observe ? (e: EncounterEvent) => (events.push(e), observe(e, fighters)) : (e: EncounterEvent) => void events.push(e);
  const order = setup.order.map((i) => fighters[i] as Fighter);
  const maxRounds = options.maxRounds ?? 30;
  let effectCount = 0;
  const prefix = options.effectPrefix ?? "e";
  const nextEffect = () => `${prefix}${++effectCount}`;
  const ctx: TurnContext = { record, round: 0, escalation: 0, roller, emit, fighters, turn: null, nextEffect };
  const finish = (winner: Side | "draw"): FightResult => {
    endEncounterEffects(fighters, ctx);
    emit({ kind: "end", round: ctx.round, winner });
    return { winner, rounds: ctx.round, events, fighters };
  };
  // The surprise round (round 0): two ambushers act, then initiative proceeds as normal.
  const ambushers = options.surprise ? order.filter((f) => f.side === options.surprise).slice(0, MAX_AMBUSHERS) : [];
  const ambush = { ambush: Boolean(options.ambushDie) };
  let surprised = ambushers.length > 0;
  while (ctx.round < maxRounds) {
    const round = surprised ? 0 : ++ctx.round;
    ctx.escalation = escalationForRound(round, ambush);
    if (record) emit({ kind: "round", round, escalation: ctx.escalation });
    const acting = surprised ? ambushers : order;
    surprised = false;
    if (options.flee && round > 0 && partyShouldFlee(fighters)) {
      if (record) emit({ kind: "flee", round });
      return finish("enemies");
    }
    for (const actor of acting) {
      if (actor.dead) {
        fightInSpirit(actor, ctx);
        continue;
      }
      if (!inFight(actor)) continue;
      ctx.turn = actor.key;
      if (record) emit({ kind: "turn", round, actor: actor.key });
      // Dying characters and those held in Last Gasp saves roll a death save instead of acting.
      const acts = actor.state === "dying" || actor.death.lastGasp ? deathSave(actor, ctx) && isUp(actor) : isUp(actor);
      if (acts) takeTurn(actor, ctx);
      endOfTurn(actor, ctx);
      const winner = winnerOf(fighters);
      if (winner) return finish(winner);
    }
  }
  return finish("draw");
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
    const order = orderByBands(all.map((b, i) => ({ id: String(i).padStart(4, "0"), band: b.band, isPC: b.isPC, order: i, i }))).map((e) => e.i);
    setup = { all, keys: uniqueKeys(all), order };
    inner.set(foes, setup);
  }
  return setup;
}

/** The side left standing, or null while both sides still have someone who can act. */
function winnerOf(fighters: readonly Fighter[]): Side | null {
  let party = false;
  let enemies = false;
  for (const f of fighters) {
    if (!isUp(f)) continue;
    if (f.side === "party") party = true;
    else enemies = true;
  }
  return !enemies ? "party" : !party ? "enemies" : null;
}

const NO_FIGHTERS: readonly Fighter[] = [];

function takeTurn(actor: Fighter, ctx: TurnContext): void {
  const plan = planTurn(actor, ctx.fighters, ctx.escalation);
  if (plan.kind === "stabilize") return stabilizeAlly(actor, plan.ally, ctx);
  if (plan.kind === "rally") return rally(actor, ctx);
  if (plan.kind === "sustain") return sustain(actor, ctx);
  if (plan.kind === "none") return;
  const { ability } = plan;
  const { melee, provokes } = movementOf(ability.system);
  if (provokes && actor.engaged.size && !beforeProvokingUse(actor, ctx)) return;
  // A melee attacker keeps to the foes it is engaged with, when any are up.
  const engaged = melee && actor.engaged.size ? engagedFoes(actor, ctx.fighters) : NO_FIGHTERS;
  const targets = engaged.length ? pickTargets(actor, engaged, Math.max(1, ability.system.targets), ctx.roller) : pickTargets(actor, ctx.fighters, Math.max(1, ability.system.targets), ctx.roller);
  if (ability.system.frequency !== "atWill") actor.expended.push(ability.id);
  if (ctx.record) ctx.emit({ kind: "use", round: ctx.round, actor: actor.key, ability: ability.name, abilityId: ability.id, frequency: ability.system.frequency });
  let held: readonly string[] = [];
  if (ability.system.rollAllFirst) {
    const rolled = targets.map((t) => rollAttack(actor, t, ability, ctx));
    for (const r of rolled) if (r) held = held.concat(applyAttack(r, ctx));
  } else {
    for (const t of targets) {
      const r = rollAttack(actor, t, ability, ctx);
      if (r) held = held.concat(applyAttack(r, ctx));
    }
  }
  if (ability.system.sustain > 0 && held.length) actor.sustaining = { ability, keys: held };
  if (melee) for (const t of targets) engage(actor, t);
}
