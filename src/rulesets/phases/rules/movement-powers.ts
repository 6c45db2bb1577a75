import type { MovementKind } from "./constants";
import type { MovementPowerSource } from "./models";

/**
 * The six default movement powers every adventurer and monster has, as the data of their items
 * (the compendium's items carry the same; the GM may edit them). Source: `003_d18720f6cd315cc2.txt`
 * §Movement Phase (the list), §Battle Actions (Disengage); RULINGS.md §phases Movement power
 * defaults: Shift 1 square without provoking; Walk up to Speed; Hustle up to Speed + 2 with 1
 * Disadvantage on the mover's attacks this round; Run up to 2 × Speed and no Attack this round;
 * Charge up to Speed in a straight line to an enemy with 1 Advantage on a melee attack against it
 * this round; Disengage 2 squares without provoking, Disadvantage until the end of the next round.
 */
export type DefaultMovementKind = Exclude<MovementKind, "other">;

const base = (
  kind: DefaultMovementKind, patch: Partial<Omit<MovementPowerSource, "kind">>,
): MovementPowerSource => ({
  kind,
  squares: { base: "speed", times: 1, plus: 0 },
  provokes: true,
  path: "free",
  edge: { amount: 0, scope: "all", until: "endOfRound" },
  forbidsAttack: false,
  description: "",
  ...patch,
});

/** The data of each default movement power, by kind. */
export const DEFAULT_MOVEMENT_POWERS: Readonly<Record<DefaultMovementKind, MovementPowerSource>> = {
  shift: base("shift", { squares: { base: "fixed", times: 0, plus: 1 }, provokes: false }),
  walk: base("walk", {}),
  hustle: base("hustle", {
    squares: { base: "speed", times: 1, plus: 2 },
    edge: { amount: -1, scope: "all", until: "endOfRound" },
  }),
  run: base("run", { squares: { base: "speed", times: 2, plus: 0 }, forbidsAttack: true }),
  charge: base("charge", {
    path: "straightAtEnemy", edge: { amount: 1, scope: "meleeAtEnemy", until: "endOfRound" },
  }),
  disengage: base("disengage", {
    squares: { base: "fixed", times: 0, plus: 2 }, provokes: false,
    edge: { amount: -1, scope: "all", until: "endOfNextRound" },
  }),
};

/** The default kinds in the text's order (§Movement Phase). */
export const DEFAULT_MOVEMENT_KINDS: readonly DefaultMovementKind[] = [
  "shift", "walk", "hustle", "run", "charge", "disengage",
];
