import { rollDice, runFromPool, type RollPlan } from "../../../../engine/dice/plan";
import { orderSidesPlan, TIE_BREAK, type SideEntry } from "../../../../engine/initiative/sides";
import { parseRelativeEntry } from "../../../../shell/applications/relative-input";
import { rollInFoundry, runInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { INITIATIVE_DIE, PARTY_SIDE, type TurnEntry } from "./sides";

/**
 * The combat tracker's initiative controls in side initiative. Foundry's own act on one
 * combatant's initiative: typing a value or clearing it writes the combatant, rerolling rolls its
 * formula, resetting nulls every combatant's (client/applications/sidebar/tabs/combat-tracker.mjs
 * `_onUpdateInitiative`, `_getEntryContextOptions`; client/documents/combat.mjs `resetAll`,
 * `rollInitiative`). In shock a combatant's initiative is its side's: Foundry copies a
 * CombatantGroup's initiative over its members' (client/documents/combatant.mjs `_prepareGroup`),
 * so those controls changed nothing a user could see. Here each acts on the combatant's side's
 * roll, for the GM (groups are the GM's to write): a typed total sets the side's, clearing or
 * rerolling clears or rerolls the side's roll, and resetting clears every side's. After a change
 * the sides are ordered again as the text orders them: highest first, the party wins its ties,
 * other ties re-roll (only the order changes). Every die is a step of a roll plan rolled with
 * Foundry's Roll (`shell/dice/run-in-foundry.ts`). Source: `002_5e27cdf788b28f5f.txt` §Combat
 * Sequence; RULINGS.md §shock Side initiative.
 */

/** What typing in a combatant's initiative box asks of its side. */
export type InitiativeEntry =
  | { readonly kind: "set"; readonly total: number }
  | { readonly kind: "clear" }
  | { readonly kind: "invalid" };

/**
 * Reads the box as Foundry does: empty clears, "7" or "=7" sets, "+2" or "-1" changes the side's
 * total now (0 when it has none). Whole numbers only.
 */
export function parseInitiativeEntry(raw: string, current: number | null): InitiativeEntry {
  if (!raw.trim()) return { kind: "clear" };
  const entry = parseRelativeEntry(raw, current ?? 0);
  return entry.ok ? { kind: "set", total: entry.value } : { kind: "invalid" };
}

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

/** A side's name for the table (`FRAY.Shock.Side.*`). */
export function sideName(side: string): string {
  return game.i18n!.localize(`FRAY.Shock.Side.${side === PARTY_SIDE ? "party" : "foes"}`);
}

/** The name over an initiative roll: its side's; none for a tie-break (the tied sides roll it). */
export function sideRollName(label: string): string | undefined {
  return label === TIE_BREAK ? undefined : sideName(label);
}

/** A side's CombatantGroup as these controls use it (client/documents/combatant-group.mjs). */
export interface SideGroup {
  readonly id: string | null;
  readonly initiative: number | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

/** What the controls need of a ShockCombat (documents/combat.ts). */
export interface SideCombat {
  readonly started: boolean;
  readonly combatant: { readonly id: string | null } | null;
  readonly sideGroups: readonly SideGroup[];
  readonly shockCombatants: readonly {
    readonly id: string | null;
    readonly side: string;
    readonly turnEntry: TurnEntry;
  }[];
  groupOf(side: string): SideGroup | undefined;
  /** The turn-scheme base's reorder, keeping the current combatant current (turn-combat.ts). */
  writeTurnOrder(
    updates: readonly object[], after: (c: Combatant.Implementation) => TurnEntry,
    options?: { diff?: boolean },
  ): Promise<void>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
}

const bonusOf = (g: SideGroup) => Number(g.getFlag("fray", "bonus") ?? 0);
const sideOf = (g: SideGroup) => String(g.getFlag("fray", "side") ?? "");

/**
 * Orders the rolled sides again (`sideOrderPlan`, its tie-break dice rolled with Foundry's Roll:
 * into `dice` when given, for the caller's card, else shown in their own message), writes each
 * side's rank to its group, then writes every member's initiative, which makes every client sort
 * the turns again (client/documents/combat.mjs `#onModifyCombatants`: `diff: false` so an
 * unchanged member is still written), keeping the current combatant current (the base's
 * `writeTurnOrder`) without turn events.
 */
export async function reorderSides(combat: SideCombat, dice?: ShownRolls): Promise<void> {
  const rolled = combat.sideGroups.filter((g) => g.initiative !== null);
  const sides = rolled.map((g) => ({ side: sideOf(g), total: g.initiative ?? 0, bonus: bonusOf(g) }));
  const plan = sideOrderPlan(sides);
  const order = dice
    ? await rollInFoundry(plan, dice)
    : await runInFoundry(plan, { flavor: game.i18n!.localize("FRAY.Shock.Combat.TieBreak") });
  for (const g of rolled) {
    const rank = order.indexOf(sideOf(g));
    if (g.getFlag("fray", "rank") !== rank) await g.update({ "flags.fray.rank": rank });
  }
  await syncMembers(combat);
}

/** Writes every member's initiative from its side's group (null for an unrolled side). */
async function syncMembers(combat: SideCombat): Promise<void> {
  const updates = combat.shockCombatants.map((c) => {
    const group = combat.groupOf(c.side);
    return { _id: c.id, group: group?.id ?? null, initiative: group?.initiative ?? null };
  });
  // The groups' ranks are written already: each member's entry reads its group's.
  const entryOf = (c: object) => (c as { readonly turnEntry: TurnEntry }).turnEntry;
  await combat.writeTurnOrder(updates, entryOf, { diff: false });
}

/** GM: the side's total becomes `total` (the tracker's box); the sides are ordered again. */
export async function setSideTotal(combat: SideCombat, side: string, total: number): Promise<void> {
  const group = combat.groupOf(side);
  if (!group) throw new Error(game.i18n!.localize("FRAY.Shock.Combat.NotRolledYet"));
  await group.update({ initiative: total });
  await reorderSides(combat);
}

/**
 * GM: the side's roll is cleared (its heading says it has not rolled, its members show the roll
 * button); the next Roll rolls it again among the others.
 */
export async function clearSide(combat: SideCombat, side: string): Promise<void> {
  const group = combat.groupOf(side);
  if (!group) return;
  await group.update({ initiative: null, "flags.fray.die": null });
  await syncMembers(combat);
}

/** A side's new roll, for the chat card. */
export interface SideReroll {
  readonly side: string;
  readonly die: number;
  readonly bonus: number;
  readonly total: number;
}

/**
 * GM: the sides roll again: a d8 each (`sideDicePlan`, one Foundry Roll per side; the party adds
 * its bonus, kept on its group), then the sides are ordered again (any tie-break rolled too).
 * @returns each side's roll and every Foundry Roll made, for the chat card.
 */
export async function rerollSides(
  combat: SideCombat, sides: readonly string[],
): Promise<{ rolls: SideReroll[]; shown: Roll[] }> {
  const groups = sides.flatMap((s) => combat.groupOf(s) ?? []);
  if (!groups.length) return { rolls: [], shown: [] };
  const shown = new ShownRolls();
  const dice = await rollInFoundry(sideDicePlan(groups.map(sideOf)), shown, sideRollName);
  const rolled = groups.map((g, i) => {
    const die = dice[i] as number;
    return { side: sideOf(g), die, bonus: bonusOf(g), total: die + bonusOf(g), group: g };
  });
  for (const r of rolled) await r.group.update({ initiative: r.total, "flags.fray.die": r.die });
  await reorderSides(combat, shown);
  const rolls = rolled.map(({ side, die, bonus, total }) => ({ side, die, bonus, total }));
  return { rolls, shown: shown.rolls };
}

/** GM: every side's roll is cleared (their groups deleted); the next Roll rolls them all. */
export async function resetSides(combat: SideCombat): Promise<void> {
  const ids = combat.sideGroups.flatMap((g) => (g.id ? [g.id] : []));
  if (ids.length) await combat.deleteEmbeddedDocuments("CombatantGroup", ids);
  await syncMembers(combat);
}
