import type { Localize } from "../../../../engine/i18n";
import { ACTIONS, canTake, type Budget } from "../../rules/actions";
import type { HealthState } from "../../rules/health";
import { turnRefusal, type TurnState } from "../round/sides";
import { SHEET_ACTIONS, type SheetAction } from "./sheet-view";
import type { StatusShown } from "../../../../engine/view/statuses";

/**
 * The round's state on a shock sheet during combat, pure: the Main and Move as pips that say in
 * words whether they are left or used, what lasts this round (Total Defense, the shield, charge,
 * Disengage, a held action, screening, grapples, a fall) with how long, and the round's action
 * buttons in groups by type, each blocked one with its reason in words.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Combat Actions, §Total Defense,
 * §Shock (shields), §Charge, §Disengage, §Hold An Action, §Screen an Ally, §Grappling,
 * §Surprise; RULINGS.md §shock Actions, Held action, Grappling, Screen, Mortally Injured.
 */
const S = "FRAY.Shock.Sheets";

/** A pip: the action's word, its state in words ("Main: used"), and whether it is used. */
export interface RoundPip {
  readonly id: "main" | "move";
  readonly text: string;
  readonly used: boolean;
}

/** Main and Move. A second Move is bought with the Main, so the Main pip shows that spend too. */
export function roundPips(budget: Budget, t: Localize): RoundPip[] {
  const pip = (id: RoundPip["id"], used: boolean): RoundPip => ({
    id, used,
    text: t(`${S}.Format.Pip`, {
      action: t(`${S}.Pip.${id}`), state: t(`${S}.PipState.${used ? "used" : "left"}`),
    }),
  });
  return [pip("main", budget.main), pip("move", budget.moves > 0)];
}

/** What a combatant carries this round, as the sheet reads it off its combatant and actor. */
export interface RoundState {
  readonly budget: Budget;
  readonly totalDefense: boolean;
  readonly charging: boolean;
  readonly hasShield: boolean;
  readonly shieldUsed: boolean;
  /** Names of the ward it screens, whom it grapples and who grapples it ("" / [] for none). */
  readonly screening: string;
  readonly grappling: string;
  readonly grappledBy: readonly string[];
  readonly health: HealthState;
  /** The round it fell (0: standing) and the combat's round now. */
  readonly fellRound: number;
  readonly round: number;
  /** Other effects on the actor (prone, Unsuspecting…): names and durations, localized. */
  readonly statuses: readonly StatusShown[];
  /** Down and knocked out by a non-lethal execution (Foundry's `unconscious` status). */
  readonly knockedOut?: boolean;
}


/** A condition on the sheet: its words, and how long it lasts ("" when the text sets no end). */
export interface RoundCondition {
  readonly id: string;
  readonly text: string;
  readonly duration: string;
  /**
   * Bad for the bearer (shown with a warning icon beside the danger colour, never colour alone).
   */
  readonly harmful: boolean;
}

/** Every condition of `state`, the most pressing first. */
export function roundConditions(state: RoundState, t: Localize): RoundCondition[] {
  const out: RoundCondition[] = [];
  const during = (text: string) => t("FRAY.Punct.Parens", { text });
  const add = (id: string, text: string, duration: string, harmful = false) =>
    out.push({
      id,
      text,
      duration: duration ? during(t(`${S}.Duration.${duration}`)) : "",
      harmful,
    });
  const down = state.fellRound > 0 ? state.round - state.fellRound : -1;
  const downFor = down > 0 ? t(`${S}.Duration.downFor`, { rounds: down })
    : down === 0 ? t(`${S}.Duration.downThisRound`) : "";
  const health: Partial<Record<HealthState, string>> = {
    mortallyInjured: "mortal", stabilised: "stabilised", defeated: "defeated", fled: "fled",
  };
  // Knocked out, a PC is not dying (it reads "stabilised"): the sheet says what happened.
  const fallen = state.knockedOut && state.health !== "up" ? "knockedOut" : health[state.health];
  if (fallen) {
    out.push({ id: fallen, text: t(`${S}.State.${fallen}`), duration: downFor && during(downFor),
      harmful: true });
  }
  if (state.grappledBy.length) {
    add("grappledBy", t(`${S}.State.grappledBy`, { names: namesText(state.grappledBy, t) }),
      "untilFreed", true);
  }
  if (state.grappling) {
    add("grappling", t(`${S}.State.grappling`, { name: state.grappling }), "untilFreed");
  }
  if (state.totalDefense) add("totalDefense", t(`${S}.State.totalDefense`), "nextTurn");
  if (state.hasShield) {
    add(state.shieldUsed ? "shieldUsed" : "shieldReady",
      t(`${S}.State.${state.shieldUsed ? "shieldUsed" : "shieldReady"}`), "");
  }
  if (state.charging) add("charging", t(`${S}.State.charging`), "roundEnd", true);
  if (state.budget.disengaged) add("disengaged", t(`${S}.State.disengaged`), "roundEnd");
  if (state.budget.holding) add("holding", t(`${S}.State.holding`), "roundEnd");
  if (state.screening) {
    add("screening", t(`${S}.State.screening`, { ward: state.screening }), "nextTurn");
  }
  for (const status of state.statuses) {
    out.push({
      id: "status",
      text: status.name,
      duration: status.duration && during(status.duration),
      harmful: true,
    });
  }
  return out;
}

/** Names joined with the localized list format ("Mire Thrall, Mire Chief"). */
export function namesText(names: readonly string[], t: Localize): string {
  return names.reduce(
    (all, name) => (all ? t(`${S}.Format.Names`, { first: all, rest: name }) : name), "",
  );
}

/** What blocks actions beyond the budget: health, the turn, a grapple, the screening skill. */
export interface ActionGate {
  readonly health: HealthState;
  readonly turn: TurnState;
  readonly held: boolean;
  readonly grappled: boolean;
  /** Level 1 or more in a combat skill (§Screen an Ally). */
  readonly canScreen: boolean;
}

/** One round-action button: its label, its type's hint, and why it is blocked ("" if not). */
export interface RoundAction {
  readonly id: SheetAction;
  readonly label: string;
  readonly hint: string;
  readonly blocked: string;
}

export interface RoundActionGroup {
  readonly type: string;
  readonly heading: string;
  /** The reason every action of the group shares, said once beside its heading ("" if none). */
  readonly blocked: string;
  readonly actions: readonly RoundAction[];
}

// Neither grappler nor grappled may move (§Grappling); as the sheet refuses them.
const MOVING: ReadonlySet<SheetAction> = new Set(["run", "screen"]);
const GROUPS = ["main", "move", "instant"] as const;

/** Why `id` cannot be taken now (a `FRAY.` key), or null. */
export function actionBlock(id: SheetAction, budget: Budget, gate: ActionGate): string | null {
  if (gate.health !== "up") return `${S}.Blocked.cannotAct`;
  const turn = turnRefusal(id, gate.turn);
  if (turn)
    return turn.endsWith("Surprised") ? `${S}.Blocked.surprised` : `${S}.Blocked.notYourSide`;
  // The budget first: a spent Main or Move is the reason a whole group shares.
  if (!canTake(budget, id)) {
    return ACTIONS[id].type === "move" ? `${S}.Blocked.noMove` : `${S}.Blocked.mainSpent`;
  }
  if (id === "breakFree" && !gate.grappled) return `${S}.Blocked.notHeld`;
  if (MOVING.has(id) && gate.held) return `${S}.Blocked.held`;
  if (id === "screen" && !gate.canScreen) return `${S}.Blocked.noScreen`;
  return null;
}

/**
 * The sheet's round actions in groups (Main, Move, Instant), in `SHEET_ACTIONS`' order. When every
 * action of a group is blocked for the same reason ("Main spent this round"), the group says it
 * once and its buttons carry no repeat of it.
 */
export function roundActionGroups(
  budget: Budget, gate: ActionGate, t: Localize,
): RoundActionGroup[] {
  return GROUPS.map((type) => {
    const actions = SHEET_ACTIONS.filter((id) => ACTIONS[id].type === type).map((id) => {
      const blocked = actionBlock(id, budget, gate);
      const provokes = ACTIONS[id].provokes === "yes";
      return {
        id, label: t(`FRAY.Shock.Action.${id}`), blocked: blocked ? t(blocked) : "",
        hint: provokes ? t("FRAY.Shock.Sheet.Provokes") : t(`FRAY.Shock.Sheet.ActionType.${type}`),
      };
    });
    const first = actions[0]?.blocked ?? "";
    const shared = first && actions.every((a) => a.blocked === first) ? first : "";
    return {
      type, heading: t(`${S}.ActionGroup.${type}`), blocked: shared,
      actions: shared ? actions.map((a) => ({ ...a, blocked: "" })) : actions,
    };
  }).filter((g) => g.actions.length > 0);
}
