import { rollDice, runFromPool, type RollPlan } from "../../../../engine/dice/plan";
import type { Localize } from "../../../../engine/i18n";
import {
  orderSidesPlan, TIE_BREAK, type SideEntry, type SideInitiative,
} from "../../../../engine/initiative/sides";
import { partyBonus } from "../../rules/initiative";
import type { Statblock } from "../../rules/statblock";
import { INITIATIVE_DIE, PARTY_SIDE } from "./sides";

/**
 * Side initiative's rolls for the tracker's controls: the order of rolled sides (highest first,
 * the party wins its ties, other ties roll off on a d8 among the tied), a d8 per re-rolled side,
 * and the sides' names over their rolls. The controls themselves are the shell's
 * (`shell/combat/group-initiative.ts`, `shell/applications/tracker/group-menu.ts`), acting on each
 * side's CombatantGroup; `foundry/documents/side-controls.ts` hands them these. Source:
 * `002_5e27cdf788b28f5f.txt` §Combat Sequence; RULINGS.md §shock Side initiative.
 */

/** A rolled side as its CombatantGroup keeps it (flags `fray.side`, `bonus`, `rank`). */
export interface RolledSide {
  readonly side: string;
  readonly total: number;
  readonly bonus: number;
}

/**
 * The plan that orders rolled sides by their totals, the party first in its ties, other ties
 * rolled off on a d8 among the tied (the engine's `orderSidesPlan`). Each side's die is its total
 * less its bonus, so a total the GM typed ranks as a roll would.
 */
export function* sideOrderPlan(sides: readonly RolledSide[]): RollPlan<readonly string[]> {
  if (!sides.length) return [];
  const entries: SideEntry[] = sides.map((s) => ({
    id: s.side, bonus: s.bonus, favoured: s.side === PARTY_SIDE,
  }));
  const dice = sides.map((s) => s.total - s.bonus);
  return (yield* orderSidesPlan(entries, dice, INITIATIVE_DIE)).order;
}

/**
 * {@link sideOrderPlan} over tie-break dice already rolled; null when the `pool` ran out (roll
 * more and ask again).
 */
export function sideOrder(
  sides: readonly RolledSide[], pool: readonly number[],
): readonly string[] | null {
  return runFromPool(sideOrderPlan(sides), pool)?.value ?? null;
}

/** One d8 for each side, in order, each request labelled with its side. */
export function* sideDicePlan(sides: readonly string[]): RollPlan<number[]> {
  const dice: number[] = [];
  for (const side of sides) dice.push((yield* rollDice(1, INITIATIVE_DIE, side))[0] as number);
  return dice;
}

/** A side's name for the table (`FRAY.Shock.Side.*`): the party's, or the foes' for any other. */
export function sideName(side: string, t: Localize): string {
  return t(`FRAY.Shock.Side.${side === PARTY_SIDE ? "party" : "foes"}`);
}

/**
 * The name over an initiative roll (a plan's label): its side's; none for a tie-break (the tied
 * sides roll it together).
 */
export function sideRollName(label: string, t: Localize): string | undefined {
  return label === TIE_BREAK ? undefined : sideName(label, t);
}

/**
 * The sides about to roll, as the engine's side initiative takes them: the party adds its best
 * DEX modifier (`rules/initiative.ts` `partyBonus`) and wins its ties; every other side adds
 * nothing.
 * @param partyBlocks the statblocks of the party's members in the combat.
 */
export function sideEntries(
  sides: readonly string[], partyBlocks: readonly Statblock[],
): SideEntry[] {
  return sides.map((id) =>
    id === PARTY_SIDE ? { id, bonus: partyBonus(partyBlocks), favoured: true } : { id, bonus: 0 });
}

/** A side's CombatantGroup as created: name, initiative, flags `fray.{side,rank,die,bonus}`. */
export interface SideGroupData {
  readonly name: string;
  readonly initiative: number;
  readonly flags: {
    readonly fray: { readonly side: string; readonly rank: number; readonly die: number;
      readonly bonus: number };
  };
}

/**
 * The groups of newly rolled sides, in their order, ranked after the `placed` sides already in
 * the fight; each keeps its d8 and bonus beside its result, so the tracker shows the real roll.
 */
export function sideGroupsOf(rolled: SideInitiative, placed: number, t: Localize): SideGroupData[] {
  return rolled.order.map((id, rank) => {
    const r = rolled.rolls.find((x) => x.id === id);
    const side = { side: id, rank: placed + rank, die: r?.die ?? 0, bonus: r?.bonus ?? 0 };
    return { name: sideName(id, t), initiative: r?.result ?? 0, flags: { fray: side } };
  });
}

/** The initiative card's lines: per side, its name, d8, bonus and total. */
export function sideRollLines(
  sides: readonly { key: string; die: number; bonus: number; total: number }[], t: Localize,
): string[] {
  return sides.map((r) => t("FRAY.Shock.Combat.SideRoll", {
    side: sideName(r.key, t), die: String(r.die), bonus: String(r.bonus), result: String(r.total),
  }));
}

/** A side's group once rolled: its document id and its initiative (null: cleared). */
export interface PlacedGroup {
  readonly id: string | null;
  readonly initiative: number | null;
}

/**
 * The combatants to put into their side's group, with its initiative (a member takes its group's,
 * client/documents/combatant.mjs `_prepareGroup`): those whose side has a group they are not in
 * yet. `group` is each combatant's stored group id (null for none).
 */
export function groupJoins(
  members: readonly { readonly id: string | null; readonly side: string;
    readonly group: string | null }[],
  groupOf: (side: string) => PlacedGroup | undefined,
): { _id: string | null; group: string; initiative: number | null }[] {
  return members.flatMap((c) => {
    const group = groupOf(c.side);
    if (!group?.id || c.group === group.id) return [];
    return [{ _id: c.id, group: group.id, initiative: group.initiative }];
  });
}
