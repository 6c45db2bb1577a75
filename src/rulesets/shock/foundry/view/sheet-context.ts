import type { Localize } from "../../../../engine/i18n";
import { screenCapacity } from "../../rules/maneuvers";
import type { Budget } from "../../rules/actions";
import type { HealthState } from "../../rules/health";
import type { Statblock } from "../../rules/statblock";
import type { TurnState } from "../documents/sides";
import {
  characterStats, hpView, npcDefenses, npcIdentity, shownStats, type NpcIdentity,
} from "./sheet-header";
import {
  roundActionGroups, roundConditions, roundPips, type RoundState,
} from "./sheet-round";
import type { StatusShown } from "../../../../shell/applications/statuses";
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

export function actorSheetContext(input: ActorSheetInput, t: Localize): Record<string, unknown> {
  const { block, combat } = input;
  const held = Boolean(combat && (combat.grappling || combat.grappledBy.length));
  const turn = combat?.turn;
  const offTurn = Boolean(turn && !turn.holding && turn.actingSide !== null
    && turn.actingSide !== turn.side);
  const weapons = weaponSheetRows(block, {
    health: input.health,
    combat: combat && turn ? {
      mainSpent: combat.budget.main, held, surprised: turn.surprised, offTurn,
    } : null,
  }, t, input.items, input.expanded);
  const round = combat && turn ? {
    pips: roundPips(combat.budget, t),
    groups: roundActionGroups(combat.budget, {
      health: input.health, turn, held, grappled: combat.grappledBy.length > 0,
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
  return {
    isPC: block.isPC,
    isGM: input.isGM,
    health: input.health,
    hp: hpView(input.hp, t),
    subtitle: block.isPC
      ? input.className
        ? t("FRAY.Shock.Sheets.Format.ClassLevel", {
            className: input.className,
            level: input.level,
          })
        : t("FRAY.Shock.Sheets.Format.Level", { level: input.level })
      : (input.npc?.role ?? ""),
    stats: block.isPC ? characterStats(block, t) : [],
    identity: input.npc ? npcIdentity(input.npc, t) : [],
    defenses: input.npc ? npcDefenses(block, input.npc.disciplined, t) : [],
    attributes: shownStats(attributeRows(block), t),
    skills: shownStats(skillRows(block), t),
    weapons,
    inCombat: Boolean(round),
    round,
    conditions,
  };
}
