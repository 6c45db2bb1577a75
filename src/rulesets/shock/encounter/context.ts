import type { DiceRoller } from "../../../engine/dice/roller";
import { takeIfAble, type ActionId } from "../rules/actions";
import type { Paid, ShockEvent } from "./events";
import { isUp, type Fighter } from "./fighter";

/**
 * What every step of a headless `shock` fight shares: dice, the log, the fighters and the round.
 */
export interface Context {
  /**
   * Whether events are built (off for trials and the bench: every emit site asks first, and the
   * fight plays the same either way).
   */
  readonly record: boolean;
  round: number;
  readonly roller: DiceRoller;
  readonly emit: (e: ShockEvent) => void;
  readonly fighters: readonly Fighter[];
  readonly byKey: ReadonlyMap<string, Fighter>;
  /** The natural 20/1 option (RULINGS.md §shock Attack). */
  readonly naturals: boolean;
  /** Feet between the two lines at the start. */
  readonly gap: number;
  /** Swarm assistants gathered this round, by target key (§Make a Swarm Attack). */
  readonly swarms: Map<string, string[]>;
  /** Sides still to act this round after the one acting now (a held action waits for them). */
  readonly pending: Set<string>;
  /**
   * Sides that take no action at all this round: the surprised, in the others' free round
   * (§Surprise). Empty in every other round.
   */
  readonly sittingOut: Set<string>;
  /**
   * The fighters who may Snap Attack at all (PCs, disciplined NPCs), the party's and the foes', in
   * listed order: every attack asks which of its target's allies could snap.
   */
  readonly partySnappers: readonly Fighter[];
  readonly foeSnappers: readonly Fighter[];
  /** Called when a fighter drops to 0 or flees (morale, grapples, adjacency). */
  onDown: (f: Fighter) => void;
  seq: number;
  /** Changes of any fighter's health state so far (`damage.ts`, `fall.ts` count them). */
  stateChanges: number;
  /** Each side's fighters up (`upOf`), and `stateChanges` when they were listed. */
  up: { readonly at: number; readonly party: Fighter[]; readonly foes: Fighter[] } | null;
}

/** What a context looks fighters up by: every fighter by key, and who may snap on each side. */
interface Lookups {
  readonly byKey: ReadonlyMap<string, Fighter>;
  readonly partySnappers: readonly Fighter[];
  readonly foeSnappers: readonly Fighter[];
}

/**
 * The lookups of a list of fighters, made once per list: an unrecorded fight plays on its line-up's
 * fighters again (`simulate.ts`), whose keys and statblocks never change, and nobody changes these.
 */
const lookups = new WeakMap<readonly Fighter[], Lookups>();

function lookupsOf(fighters: readonly Fighter[]): Lookups {
  let l = lookups.get(fighters);
  if (l) return l;
  const byKey = new Map<string, Fighter>();
  const partySnappers: Fighter[] = [];
  const foeSnappers: Fighter[] = [];
  for (const f of fighters) {
    byKey.set(f.key, f);
    if (f.block.snapAttack) (f.party ? partySnappers : foeSnappers).push(f);
  }
  lookups.set(fighters, (l = { byKey, partySnappers, foeSnappers }));
  return l;
}

/**
 * A fresh context for one fight (`record` defaults to true: the step tests read every event).
 */
export function createContext(
  init: Omit<
    Context,
    | "record" | "round" | "swarms" | "onDown" | "seq" | "byKey" | "pending" | "sittingOut"
    | "partySnappers" | "foeSnappers" | "stateChanges" | "up"
  > & { readonly record?: boolean },
): Context {
  const { byKey, partySnappers, foeSnappers } = lookupsOf(init.fighters);
  // Spelled out rather than spread, so every context has one fixed shape for the hot paths.
  return {
    record: init.record ?? true, round: 0, roller: init.roller, emit: init.emit,
    fighters: init.fighters, byKey,
    naturals: init.naturals, gap: init.gap, swarms: new Map(), pending: new Set(),
    sittingOut: new Set(), partySnappers, foeSnappers, onDown: () => undefined, seq: 0,
    stateChanges: 0, up: null,
  };
}

/**
 * The party's fighters up (`party`), or the foes' (every other side's), in listed order. Listed
 * again only after a health state changed: the tactics and the fight loop ask at every turn, and
 * a fighter's state changes only where `stateChanges` counts it (a fall, a flight). The list is
 * the context's until then: read it, never change or keep it past a turn.
 */
export function upOf(ctx: Context, party: boolean): readonly Fighter[] {
  let up = ctx.up;
  if (!up || up.at !== ctx.stateChanges) {
    const ours: Fighter[] = [];
    const theirs: Fighter[] = [];
    for (const f of ctx.fighters) if (isUp(f)) (f.party ? ours : theirs).push(f);
    ctx.up = up = { at: ctx.stateChanges, party: ours, foes: theirs };
  }
  return party ? up.party : up.foes;
}

/**
 * Pays for an action from the fighter's budget and logs it. Returns what paid (the Main, the Move,
 * the Main as a second Move, both, or nothing for a Free action), as the log names it; null, with
 * nothing paid, when the budget cannot pay.
 */
export function pay(ctx: Context, f: Fighter, action: ActionId): Paid | null {
  const before = f.budget;
  const after = takeIfAble(before, action);
  if (!after) return null;
  f.budget = after;
  const main = f.budget.main && !before.main;
  const moves = f.budget.moves - before.moves;
  const paid: Paid = main && moves ? (action === "charge" ? "mainAndMove" : "mainAsMove")
    : main ? "main" : moves ? "move" : "free";
  if (ctx.record) ctx.emit({ kind: "action", round: ctx.round, actor: f.key, action, paid });
  return paid;
}

/**
 * A new attack id, unique in the fight. Ids only name attacks in the log: an unrecorded fight
 * counts them all the same but builds no text ("").
 */
export function nextId(ctx: Context): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
