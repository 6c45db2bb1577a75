import type { Localize } from "../../../../engine/i18n";
import { screenCapacity } from "../../rules/maneuvers";
import type { Budget } from "../../rules/actions";
import type { HealthState } from "../../rules/health";
import type { Statblock } from "../../rules/statblock";
import type { TurnState } from "../round/sides";
import {
  characterStats, hpView, npcDefenses, npcIdentity, shownStats, type NpcIdentity,
} from "./sheet-header";
import {
  roundActionGroups, roundConditions, roundPips, type RoundState,
} from "./sheet-round";
import {
  appliedStatuses, type AppliedEffect, type StatusShown,
} from "../../../../engine/view/statuses";
import { KNOCKED_OUT_STATUS, MORTAL_STATUS } from "../round/health";
import { attributeRows, skillRows } from "./sheet-view";
import { weaponSheetRows } from "./sheet-weapon";

/**
 * Everything a shock actor sheet's templates read, built in one pure step from what the sheet
 * knows (its actor's statblock and data, the user, the combat), so the sheet in Foundry and the
 * browser tests render the same context. Source: see each builder.
 */
export interface ActorSheetInput {
  readonly block: Statblock;
  readonly hp: { value: number; max: number };
  readonly health: HealthState;
  /** The NPC's identity (null for a PC). */
  readonly npc: NpcIdentity | null;
  /** A PC's class and level (ignored for NPCs). */
  readonly className: string;
  readonly level: number;
  /** Each item's image and enriched description, by id. */
  readonly items: ReadonlyMap<string, { img: string; description: string }>;
  /** Weapon rows the user expanded. */
  readonly expanded: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The combatant's state in a started combat, or null. Names are already resolved. */
  readonly combat: null | (Omit<RoundState, "budget" | "health" | "statuses" | "hasShield"> & {
    readonly budget: Budget;
    readonly turn: TurnState;
  });
  /** Status effects on the actor other than those the round state shows, localized. */
  readonly statuses: readonly StatusShown[];
  /** Knocked out by a non-lethal execution (the sheet then leaves its status out of `statuses`). */
  readonly knockedOut?: boolean;
}

// Shown by the sheet's health condition already (the Mortally Injured marker, Foundry's "dead").
const HEALTH_STATUSES: ReadonlySet<string> = new Set([MORTAL_STATUS, "dead"]);

/**
 * The actor's status effects as the sheet shows them (Foundry's name and remaining duration),
 * those of its health left out; and whether it is knocked out (down and `unconscious`: a
 * non-lethal execution), shown as the fall itself, its status left out too.
 * @param statuses the actor's status ids (`Actor#statuses`).
 */
export function sheetStatuses(
  effects: Iterable<AppliedEffect>, health: HealthState, statuses: ReadonlySet<string>,
): Pick<ActorSheetInput, "statuses" | "knockedOut"> {
  const knockedOut = health !== "up" && statuses.has(KNOCKED_OUT_STATUS);
  const hidden = (s: string) => HEALTH_STATUSES.has(s) || (knockedOut && s === KNOCKED_OUT_STATUS);
  return { statuses: appliedStatuses(effects, hidden), knockedOut };
}

/** A combatant's round marks as kept, with combatant ids where the sheet shows names. */
export interface KeptRound {
  readonly totalDefense: boolean;
  readonly charging: boolean;
  readonly shieldUsed: boolean;
  /** The ward's, the grappled foe's and the grapplers' combatant ids ("" / [] for none). */
  readonly screening: string;
  readonly grappling: string;
  readonly grappledBy: readonly string[];
  readonly fellRound: number;
}

/** The sheet's round input from the kept marks, each combatant id named (`name`: "" if gone). */
export function sheetRound(
  kept: KeptRound,
  now: { readonly budget: Budget; readonly turn: TurnState; readonly round: number },
  name: (id: string) => string,
): NonNullable<ActorSheetInput["combat"]> {
  const named = (id: string) => (id ? name(id) : "");
  return {
    ...now, totalDefense: kept.totalDefense, charging: kept.charging, shieldUsed: kept.shieldUsed,
    screening: named(kept.screening), grappling: named(kept.grappling),
    grappledBy: kept.grappledBy.map(named), fellRound: kept.fellRound,
  };
}

/** Grappling or grappled: unarmed attacks only, no moving (§Grappling). */
const heldIn = ({ combat }: ActorSheetInput) =>
  Boolean(combat && (combat.grappling || combat.grappledBy.length));

/** The header: HP, the subtitle, a PC's stats or an NPC's identity and defenses. */
function headerPart(input: ActorSheetInput, t: Localize) {
  const { block, npc } = input;
  const subtitle = !block.isPC ? npc?.role ?? ""
    : input.className
      ? t("FRAY.Shock.Sheets.Format.ClassLevel", { className: input.className, level: input.level })
      : t("FRAY.Shock.Sheets.Format.Level", { level: input.level });
  return {
    hp: hpView(input.hp, t), subtitle,
    stats: block.isPC ? characterStats(block, t) : [],
    identity: npc ? npcIdentity(npc, t) : [],
    defenses: npc ? npcDefenses(block, npc.disciplined, t) : [],
  };
}

/** The weapon rows, each with what blocks its Attack now. */
function weaponsPart(input: ActorSheetInput, t: Localize) {
  const { combat } = input;
  const turn = combat?.turn;
  const offTurn = Boolean(turn && !turn.holding && turn.actingSide !== null
    && turn.actingSide !== turn.side);
  const gate = combat && turn
    ? { mainSpent: combat.budget.main, held: heldIn(input), surprised: turn.surprised, offTurn }
    : null;
  return {
    weapons: weaponSheetRows(input.block, { health: input.health, combat: gate }, t,
      input.items, input.expanded),
  };
}

/** The round: pips, the round's actions by type, and every condition with how long it lasts. */
function actionsPart(input: ActorSheetInput, t: Localize) {
  const { block, combat } = input;
  const turn = combat?.turn;
  const round = combat && turn ? {
    pips: roundPips(combat.budget, t),
    groups: roundActionGroups(combat.budget, {
      health: input.health, turn, held: heldIn(input), grappled: combat.grappledBy.length > 0,
      canScreen: screenCapacity(block) >= 1,
    }, t),
  } : null;
  const conditions = roundConditions({
    budget: combat?.budget ?? { main: false, moves: 0, disengaged: false, holding: false },
    totalDefense: combat?.totalDefense ?? false, charging: combat?.charging ?? false,
    hasShield: Boolean(combat) && block.shield, shieldUsed: combat?.shieldUsed ?? false,
    screening: combat?.screening ?? "", grappling: combat?.grappling ?? "",
    grappledBy: combat?.grappledBy ?? [], health: input.health, fellRound: combat?.fellRound ?? 0,
    round: combat?.round ?? 0, statuses: input.statuses, knockedOut: input.knockedOut ?? false,
  }, t);
  return { inCombat: Boolean(round), round, conditions };
}

/**
 * The context in the shape the sheets declare it (dnd5e's): what every part reads
 * (`actorShared`) and one preparer per part (`ACTOR_PARTS`), run only when that part renders.
 */
export function actorShared(input: ActorSheetInput): Record<string, unknown> {
  return { isPC: input.block.isPC, isGM: input.isGM, health: input.health };
}

export const ACTOR_PARTS: Readonly<Record<string,
  (input: ActorSheetInput, t: Localize) => Record<string, unknown>>> = {
  header: headerPart,
  stats: ({ block }, t) => ({
    attributes: shownStats(attributeRows(block), t), skills: shownStats(skillRows(block), t),
  }),
  weapons: weaponsPart,
  actions: actionsPart,
};

/** Every part's context at once, as the browser tests render the whole sheet. */
export function actorSheetContext(input: ActorSheetInput, t: Localize): Record<string, unknown> {
  return Object.assign(actorShared(input),
    ...Object.values(ACTOR_PARTS).map((part) => part(input, t)));
}
