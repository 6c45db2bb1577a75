import { CHARGE_MIN_FEET, MOVE_FEET, type ActionType, type Provokes } from "./constants";

/**
 * The action economy of the `shock` ruleset: one Main and one Move per round (the Main may buy a
 * second Move), Free actions as plausible, Instant actions even off-turn (Total Defense and Snap
 * Attack give up the unspent Main). The text's action table: each action's type and whether it
 * provokes an Attack of Opportunity from adjacent foes armed for melee.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Combat Actions (table and entries);
 * RULINGS.md §shock Actions, Attacks of Opportunity, Held action.
 */
export const ACTIONS = {
  meleeAttack: { type: "main", provokes: "no" },
  rangedAttack: { type: "main", provokes: "no" },
  swarmAttack: { type: "main", provokes: "no" },
  /** Move + Main; provokes when it starts adjacent to an armed melee foe. */
  charge: { type: "charge", provokes: "yes" },
  useSkill: { type: "main", provokes: "yes" },
  reload: { type: "main", provokes: "no" },
  readyItem: { type: "main", provokes: "no" },
  disengage: { type: "main", provokes: "no" },
  /** Provokes when the screener moves away from an adjacent armed foe. */
  screen: { type: "move", provokes: "sometimes" },
  run: { type: "move", provokes: "yes" },
  pickUp: { type: "move", provokes: "yes" },
  standUp: { type: "move", provokes: "yes" },
  holdAction: { type: "move", provokes: "no" },
  goProne: { type: "free", provokes: "no" },
  totalDefense: { type: "instant", provokes: "no" },
  /** Not in the table: breaking a grapple spends a Main action (§Grappling). */
  breakFree: { type: "main", provokes: "no" },
  /** Not in the table: moving a grappled foe spends a Main action (§Grappling). */
  moveGrappled: { type: "main", provokes: "no" },
  snapAttack: { type: "instant", provokes: "no" },
} as const satisfies Record<string, { type: ActionType | "charge"; provokes: Provokes }>;
export type ActionId = keyof typeof ACTIONS;

/** What a combatant has spent this round. */
export interface Budget {
  readonly main: boolean;
  /** Moves taken (the second one paid with the Main). */
  readonly moves: number;
  /** Disengaged this round: no Attacks of Opportunity until the round ends. */
  readonly disengaged: boolean;
  /** Held its action (Hold an Action): the rest of its turn is Instant until the round ends. */
  readonly holding: boolean;
}

export const FRESH_BUDGET: Budget = { main: false, moves: 0, disengaged: false, holding: false };

/**
 * A surprised combatant's budget in the others' free round: its Main and both Moves count as
 * spent, so it can pay for no Main, Move or Instant action (Total Defense and Snap Attack give up
 * a Main it no longer has). A surprised side takes no action at all in that round, so its members
 * make no Attack of Opportunity either: the caller marks them not `able` (`opportunityAttackers`).
 * Source: `002_5e27cdf788b28f5f.txt` §Surprise (the others get "a full free round of action");
 * RULINGS.md §shock Side initiative.
 */
export const SURPRISED_BUDGET: Budget = { main: true, moves: 2, disengaged: false, holding: false };

/** Whether the budget still pays for an action of this id. */
export function canTake(budget: Budget, id: ActionId): boolean {
  return canPay(budget, TYPES.get(id) as ActionType | "charge");
}

/**
 * Each action's type by id, as the table gives it: read at every payment, where a keyed read of
 * the table by changing names is slower than a map's.
 */
const TYPES: ReadonlyMap<ActionId, ActionType | "charge"> = new Map(
  (Object.keys(ACTIONS) as ActionId[]).map((id) => [id, ACTIONS[id].type]),
);

/** Whether the budget still pays for an action of this type (`canTake` by the action's type). */
function canPay(budget: Budget, type: ActionType | "charge"): boolean {
  switch (type) {
    case "main":
      return !budget.main;
    case "instant":
      // Total Defense and Snap Attack give up the unspent Main.
      return !budget.main;
    case "move":
      return budget.moves === 0 || (budget.moves === 1 && !budget.main);
    case "charge":
      return !budget.main && budget.moves === 0;
    case "free":
      return true;
  }
}

/**
 * The budget after taking an action: a Main action or an Instant that gives it up spends the Main;
 * a Move spends the Move, then the Main as a second Move; a charge spends both.
 * @throws Error when the budget cannot pay for it (check with `canTake` first).
 */
export function take(budget: Budget, id: ActionId): Budget {
  const type = TYPES.get(id) as ActionType | "charge";
  if (!canPay(budget, type)) throw new Error(`cannot take ${id}: ${JSON.stringify(budget)}`);
  return taken(budget, id, type);
}

/**
 * `take` when the budget pays for the action (`canTake`), else null: the type is looked up once
 * (a runner pays for dozens of actions a fight, each asked first whether it can).
 */
export function takeIfAble(budget: Budget, id: ActionId): Budget | null {
  const type = TYPES.get(id) as ActionType | "charge";
  return canPay(budget, type) ? taken(budget, id, type) : null;
}

/** The budget after taking an action of this id and type, which it can pay for. */
function taken(budget: Budget, id: ActionId, type: ActionType | "charge"): Budget {
  const { main, moves, disengaged, holding } = budget;
  if (type === "charge") return budgetOf(true, 1, disengaged, holding);
  if (type === "move") {
    return budgetOf(main || moves === 1, moves + 1, disengaged, holding || id === "holdAction");
  }
  if (type === "main" || type === "instant") {
    return budgetOf(true, moves, disengaged || id === "disengage", holding);
  }
  return budget;
}

/**
 * The budget of these fields. There are few (at most two Moves a round): each is made once and
 * shared, since budgets are never changed in place and a fight's runner pays for dozens of actions.
 */
function budgetOf(main: boolean, moves: number, disengaged: boolean, holding: boolean): Budget {
  if (moves > 3) return { main, moves, disengaged, holding };
  const i = (main ? 1 : 0) | (moves << 1) | (disengaged ? 8 : 0) | (holding ? 16 : 0);
  return (BUDGETS[i] ??= { main, moves, disengaged, holding });
}
const BUDGETS: Budget[] = [];

/**
 * A Snap Attack is possible: the attacker may snap (PCs, disciplined NPCs) and its Main is unspent.
 */
export function canSnapAttack(maySnap: boolean, budget: Budget): boolean {
  return maySnap && canPay(budget, SNAP_ATTACK);
}

/**
 * Whether a combatant may answer an attack with a Snap Attack on its attacker: standing, able to
 * snap (`canSnapAttack`: a PC or a disciplined NPC, its Main unspent) and with a weapon that
 * reaches the attacker. The attack's target is no exception: the text bars nobody who has not
 * taken its Main. The runner (`encounter/reactions.ts` `couldSnapAttack`) and Foundry's card
 * (`foundry/chat/snap.ts`) each judge standing and reach their own way and ask this; the reaction
 * window then offers each one listed (`rules/reaction-window.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Snap Attack; RULINGS.md §shock Actions.
 */
export function maySnapAt(
  standing: boolean, maySnap: boolean, budget: Budget, reaches: boolean,
): boolean {
  return standing && reaches && canSnapAttack(maySnap, budget);
}

/**
 * Whether a combatant may answer an attack with its held attack: it holds its action (it spent its
 * Move on Hold an Action this round), stands, has its Main left and a weapon that reaches the
 * attacker. Any combatant may hold (no discipline needed, unlike a Snap Attack), and the attack is
 * a plain one (no −4). Source: `002_5e27cdf788b28f5f.txt` §Hold An Action; RULINGS.md §shock Held
 * action.
 */
export function mayHeldAttack(standing: boolean, budget: Budget, reaches: boolean): boolean {
  return standing && reaches && budget.holding && !budget.main;
}

/** Total Defense is possible only while the Main is unspent (§Total Defense). */
export function canTotalDefense(budget: Budget): boolean {
  return canPay(budget, TOTAL_DEFENSE);
}

// Read once: every attack asks who may snap or take Total Defense.
const SNAP_ATTACK = ACTIONS.snapAttack.type;
const TOTAL_DEFENSE = ACTIONS.totalDefense.type;

/**
 * A charge needs at least 5 ft of run-up and reaches at most twice the movement rate (§Charge).
 */
export function canChargeDistance(feet: number, rate = MOVE_FEET): boolean {
  return feet >= CHARGE_MIN_FEET && feet <= 2 * rate;
}

/** A foe next to the actor, as the Attack of Opportunity rule reads it. */
export interface AdjacentFoe {
  readonly key: string;
  /** Holds a readied melee weapon (unarmed alone does not count: "armed with a melee weapon"). */
  readonly armedForMelee: boolean;
  /** Can act at all (not down, not fled, not surprised in the others' free round). */
  readonly able: boolean;
}

/**
 * Who gets a free Attack of Opportunity: every able adjacent foe armed for melee, when the action
 * provokes (or the actor leaves their reach) and the actor has not Disengaged this round.
 * @param provokes `yes` for the table's "Yes" actions and for leaving reach; `no` for the others.
 */
export function opportunityAttackers(
  provokes: boolean, budget: Budget, adjacent: readonly AdjacentFoe[],
): string[] {
  if (!provokes || budget.disengaged) return [];
  return adjacent.filter((f) => f.able && f.armedForMelee).map((f) => f.key);
}
