import type { Statblock, Weapon } from "../rules/statblock";
import { createContext, type Context } from "../encounter/context";
import type { ShockEvent } from "../encounter/events";
import { createFighter, type Fighter } from "../encounter/fighter";
import { Scripted, weapon, wielder } from "./fixtures";

/** Single steps of the runner on scripted dice, shared by the scenario tests. */
export function setup(dice: number[], ...fighters: Fighter[]): Context & { events: ShockEvent[] } {
  const events: ShockEvent[] = [];
  const ctx = createContext({
    roller: new Scripted(dice), emit: (e) => void events.push(e), fighters, naturals: true, gap: 40,
  });
  ctx.round = 1;
  return Object.assign(ctx, { events });
}

export const pc = (key: string, over: Partial<Statblock> = {}): Fighter =>
  createFighter({ ...wielder(), name: key, ...over }, key, "party");

export const foe = (key: string, over: Partial<Statblock> = {}): Fighter =>
  createFighter(
    { ...wielder(), name: key, isPC: false, snapAttack: false, group: "g", morale: 12, ...over },
    key,
    "foes",
  );

export const of = <K extends ShockEvent["kind"]>(events: ShockEvent[], kind: K) =>
  events.filter((e): e is Extract<ShockEvent, { kind: K }> => e.kind === kind);

/** A hunting bow (two-handed, 50/300 ft) and a javelin (thrown, 30/60 ft). */
export const BOW: Weapon = weapon({
  id: "bow", name: "Bow", kind: "ranged", skill: "shoot", twoHanded: true, dice: 1, die: 6,
  shock: { amount: 0, ac: 0, anyAc: false }, range: { normal: 50, long: 300 },
});
export const JAVELIN: Weapon = weapon({
  id: "jav", name: "Javelin", kind: "thrown", skill: "stab", dice: 1, die: 6,
  shock: { amount: 0, ac: 0, anyAc: false }, range: { normal: 30, long: 60 },
});

/** Skills with some raised (the rest 0). */
export const skills = (over: Partial<Statblock["skills"]>): Statblock["skills"] => ({
  ...wielder().skills,
  ...over,
});
export const attributes = (over: Partial<Statblock["attributes"]>): Statblock["attributes"] => ({
  ...wielder().attributes,
  ...over,
});
