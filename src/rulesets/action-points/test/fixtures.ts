import type { ApWindowContext, ApWindowFighter } from "../rules/reaction-window";

/**
 * Window contexts for action-points' tests: an orc attacking a hero with an ally able to
 * Intercept, each of skill 60 (Melee), 50 (Agility), 40 (Athletics), 45 (Endurance), Medium, 2 RP.
 */
export const fighter = (o: Partial<ApWindowFighter> = {}): ApWindowFighter => ({
  rp: 2, agility: 50, athletics: 40, melee: 60, endurance: 45, shield: false, size: 1, edge: 0,
  riposte: { dice: 1, die: 6, bonus: 1 }, ...o,
});

/** The three fighters, each changed as given. */
type Changes = Partial<Record<"orc" | "hero" | "ally", Partial<ApWindowFighter>>>;
export const trio = (o: Changes) => ({ orc: fighter(o.orc), hero: fighter(o.hero), ally: fighter(o.ally) });

/** An attack of skill 60 that rolled `roll`. */
export const rolled = (roll: number) => ({ target: 60, edge: 0, dice: [roll] });

export const context = (o: Partial<ApWindowContext> = {}): ApWindowContext => ({
  attacker: "orc", target: "hero", kind: "melee", spell: false, singleTarget: true,
  attack: rolled(40), reactionAttack: false, fighters: trio({}),
  interceptors: ["ally"], damage: { dice: 1, die: 10, bonus: 3 }, ...o,
});

