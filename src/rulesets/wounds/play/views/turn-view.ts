import type { Localize } from "../../../../engine/i18n";
import type { SlotBag } from "../../../../engine/economy/slots";
import { PURCHASE_AMOUNTS, PURCHASES } from "../../rules/constants";
import type { ActionId } from "../../rules/economy";
import { activePurchases } from "../../rules/purchases";
import type { KeptSource } from "../data/kept-spec";
import { economyOf } from "../round/economy";
import { ruleSpend, type SpendFacts } from "../round/spend";

/**
 * What a wounds actor sheet shows of its combatant's turn in a started combat, pure: the actions
 * it has left as the tracker shows them (Attack, Move and Bonus Actions this turn, Free Hit Slots
 * this round), what it owes its next turn, the purchases in effect, and the actions its buttons
 * take, each with what it costs and, when the GM's own ruling (`play/round/spend.ts` `ruleSpend`,
 * over the very facts the GM reads) would refuse it now, why; Stand Up only while prone, Retrieve
 * only while disarmed. The attack itself is the weapon rows' (its card pays for it).
 * Source: `001_dbc5fcc02a99a518.txt` §Attack Action, §Move Action, §Bonus Actions, §Disengage,
 * §Prone, §Disarmed, §Free Hits, §Summoning Sickness;
 * RULINGS.md §wounds Turn, Bonus purchases.
 */
export interface TurnInput {
  /** What the GM reads of the combatant (`WoundsCombat#spendFacts`). */
  readonly facts: SpendFacts;
  /** A summon in its first round (`WoundsCombat#isSick`). */
  readonly sick: boolean;
  /** On its own turn, the names of those whose turns come later this round (`facts.later`). */
  readonly names?: Readonly<Record<string, string>>;
}

/** The sheet's action buttons, in the order shown (Stand Up and Retrieve only when they apply). */
export const TURN_ACTIONS = [
  "standUp", "retrieve", "move", "disengage", "buyMeleeDamage", "buyToHit", "buyDodge",
  "buyMovement", "pickUp", "drawOrSheathe", "talk",
] as const satisfies readonly ActionId[];
export type TurnAction = (typeof TURN_ACTIONS)[number];

const SLOTS = ["attack", "move", "bonus", "freeHit"] as const;

/** A payment option as the slots' short words: "2 BA", "MA + 2 BA". */
function bagText(bag: SlotBag, t: Localize): string {
  return Object.entries(bag).filter(([, n]) => n > 0).map(([slot, n]) => {
    const word = t(`FRAY.Wounds.Slot.${slot}`);
    return n === 1 ? word : t("FRAY.Wounds.Sheet.CostCount", { count: n, slot: word });
  }).join(t("FRAY.Wounds.Sheet.CostAnd"));
}

/** An action's cost: each way to pay it, cheapest first ("AA or 2 BA"). */
export function costText(action: ActionId, facts: SpendFacts, t: Localize): string {
  const options = economyOf(facts.derived).actions[action]?.options ?? [];
  return options.map((bag) => bagText(bag, t)).join(t("FRAY.Wounds.Sheet.CostOr"));
}

/** Why the GM would refuse `action` now (a short phrase), or null when it would be paid. */
export function blockOf(action: ActionId, facts: SpendFacts, t: Localize): string | null {
  const ruling = ruleSpend({ action }, facts);
  return ruling.ok ? null : t(`FRAY.Wounds.Sheet.Blocked.${ruling.key}`);
}

/** The slots left, each as the tracker's pip reads it ("Bonus Actions: 1 of 2"). */
function slotViews(kept: KeptSource, facts: SpendFacts, t: Localize) {
  const max = {
    attack: 1, move: 1, bonus: facts.derived.bonusActions, freeHit: facts.derived.freeHitSlots,
  };
  return SLOTS.map((id) => {
    const value = kept[id];
    const name = t(`FRAY.Wounds.Slot.${id}Name`);
    const most = Math.max(max[id], value);
    return {
      id, word: t(`FRAY.Wounds.Slot.${id}`), name, value, max: most, spent: value === 0,
      label: t("FRAY.Tracker.Pool", { action: name, value, max: most }),
    };
  });
}

/** The purchases in effect now, each with its total ("+2 to hit on the next attack"). */
function purchaseViews(kept: KeptSource, round: number, t: Localize): string[] {
  const counts = activePurchases(kept.purchases, round);
  return PURCHASES.filter((p) => counts[p] > 0).map((p) =>
    t(`FRAY.Wounds.Sheet.Purchase.${p}`, { amount: counts[p] * PURCHASE_AMOUNTS[p] }));
}

/** What its next turn already paid for (standing up off its turn), or null. */
function owedText(kept: KeptSource, t: Localize): string | null {
  const bag = { attack: kept.owedAttack, move: kept.owedMove, bonus: kept.owedBonus };
  const text = bagText(bag, t);
  return text ? t("FRAY.Wounds.Sheet.Owed", { slots: text }) : null;
}

/** The turn part's view (see the module comment). */
export function turnView(input: TurnInput, t: Localize) {
  const { facts, sick } = input;
  const shown = TURN_ACTIONS.filter((id) => (id !== "standUp" || facts.prone)
    && (id !== "retrieve" || facts.disarmed));
  const marks = [
    ...(sick ? [t("FRAY.Wounds.Combat.Sick")] : []),
    ...(facts.up ? [] : [t("FRAY.Wounds.Sheet.Blocked.Down")]),
  ];
  return {
    heading: t(facts.ownTurn ? "FRAY.Wounds.Sheet.YourTurn" : "FRAY.Wounds.Sheet.RoundOnly",
      { round: facts.round }),
    slots: slotViews(facts.kept, facts, t),
    owed: owedText(facts.kept, t),
    purchases: purchaseViews(facts.kept, facts.round, t),
    marks,
    // A cast under way, with the actions it has paid; its Cancel is the sheet's.
    casting: facts.kept.casting
      ? t("FRAY.Wounds.Sheet.CastingNow", { paid: facts.kept.castPaid }) : null,
    // Delay after each combatant still to act this round, while the GM would allow one.
    delays: (facts.later ?? []).flatMap((after) => {
      if (!ruleSpend({ action: "delay", after }, facts).ok) return [];
      const name = input.names?.[after] ?? "";
      return [{ after, label: t("FRAY.Wounds.Sheet.DelayAfter", { name }) }];
    }),
    actions: shown.map((id) => {
      const label = t(`FRAY.Wounds.Action.${id}`);
      return {
        id, label, cost: costText(id, facts, t), blocked: blockOf(id, facts, t),
        hint: t(`FRAY.Wounds.ActionHint.${id}`),
        takeLabel: t("FRAY.Wounds.Sheet.Take", { action: label }),
      };
    }),
  };
}
