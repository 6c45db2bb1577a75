import type { DiceRoller } from "../../src/engine/dice/roller";
import type { ConditionId } from "../../src/rulesets/escalation/rules/conditions";
import type { TimedEffect } from "../../src/rulesets/escalation/rules/durations";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { createContext, type TurnContext } from "../../src/rulesets/escalation/encounter/context";
import type { EncounterEvent } from "../../src/rulesets/escalation/encounter/events";
import type { Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { readPackSources } from "../../scripts/lib/sources";

/** Shared pieces of the headless runner's tests: the pack statblocks, scripted dice, a context. */

/** Dice read from a script, in order (capped at the die's size); running out is an error. */
export class Scripted implements DiceRoller {
  constructor(private readonly values: number[]) {}
  die(faces: number): number {
    const v = this.values.shift();
    if (v === undefined) throw new Error("script ran out of dice");
    return Math.min(v, faces);
  }
}

const load = (pack: string) => readPackSources(pack).map((s) => statblockFromActor(s.doc as unknown as ActorDocumentSource));
export const pregens = load("escalation/pregens");
export const monsters = load("escalation/monsters");
const byName = new Map([...pregens, ...monsters].map((b) => [b.name, b]));

/** A pack statblock by its name. */
export function block(name: string): Statblock {
  const b = byName.get(name);
  if (!b) throw new Error(`no statblock named ${name}`);
  return b;
}

/** A recording context over `fighters` with scripted dice; its events are collected in `events`. */
export function scriptedContext(dice: number[], fighters: Fighter[], turn: string | null = null): TurnContext & { events: EncounterEvent[] } {
  const events: EncounterEvent[] = [];
  const ctx = createContext({ record: true, roller: new Scripted(dice), emit: (e) => void events.push(e), fighters, prefix: "t" });
  return Object.assign(ctx, { round: 2, escalation: 1, turn, events });
}

/** A recording context whose every die shows `face` (capped at the die's size). */
export function fixedContext(face: number, fighters: Fighter[], turn: string | null = null): TurnContext & { events: EncounterEvent[] } {
  const events: EncounterEvent[] = [];
  const roller: DiceRoller = { die: (faces) => Math.min(face, faces) };
  const ctx = createContext({ record: true, roller, emit: (e) => void events.push(e), fighters, prefix: "t" });
  return Object.assign(ctx, { round: 2, escalation: 1, turn, events });
}

/** A timed instance of `condition` on `bearer` (save ends 11+ from "src" unless overridden). */
export function timed(condition: ConditionId, bearer: Fighter, over: Partial<TimedEffect> = {}): TimedEffect {
  return {
    key: `k-${condition}`, condition, duration: "saveEnds", saveTarget: 11, amount: 0, damageType: "weapon", bearer: bearer.key,
    source: "src", armed: true, ...over,
  };
}

/** The events of one kind, typed. */
export function eventsOf<K extends EncounterEvent["kind"]>(events: readonly EncounterEvent[], kind: K): Extract<EncounterEvent, { kind: K }>[] {
  return events.filter((e): e is Extract<EncounterEvent, { kind: K }> => e.kind === kind);
}
