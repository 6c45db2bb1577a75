import type { RollPlan } from "../../engine/dice/plan";
import { parseRelativeEntry } from "../applications/relative-input";
import { rollInFoundry, runInFoundry } from "../dice/run-in-foundry";
import { ShownRolls } from "../dice/shown-rolls";

/**
 * Initiative rolled by groups kept as v13 CombatantGroups (a turn scheme's `initiative.by:
 * "group"` with `groups.kind: "documents"`; shock's sides), and the GM's controls over it.
 * Foundry's own controls act on one combatant's initiative: typing a value or clearing it writes
 * the combatant, rerolling rolls its formula, resetting nulls every combatant's
 * (client/applications/sidebar/tabs/combat-tracker.mjs `_onUpdateInitiative`,
 * `_getEntryContextOptions`; client/documents/combat.mjs `resetAll`, `rollInitiative`). A grouped
 * combatant's initiative is its group's: Foundry copies a CombatantGroup's initiative over its
 * members' (client/documents/combatant.mjs `_prepareGroup`), so those controls would change
 * nothing a user could see. Here each acts on the group's roll, for the GM (groups are the GM's to
 * write: common/abstract/document.mjs default permissions): a typed total sets the group's,
 * clearing or rerolling clears or rerolls it, resetting clears every group's; after a change the
 * groups are ordered again by the ruleset's plan (only the order changes). Every die is a step of a
 * roll plan rolled with Foundry's Roll (`shell/dice/run-in-foundry.ts`).
 */

/** What typing in a combatant's initiative box asks of its group. */
export type InitiativeEntry =
  | { readonly kind: "set"; readonly total: number }
  | { readonly kind: "clear" }
  | { readonly kind: "invalid" };

/**
 * Reads the box as Foundry does: empty clears, "7" or "=7" sets, "+2" or "-1" changes the group's
 * total now (0 when it has none). Whole numbers only.
 */
export function parseInitiativeEntry(raw: string, current: number | null): InitiativeEntry {
  if (!raw.trim()) return { kind: "clear" };
  const entry = parseRelativeEntry(raw, current ?? 0);
  return entry.ok ? { kind: "set", total: entry.value } : { kind: "invalid" };
}

/** A rolled group as its CombatantGroup keeps it (its key, initiative and `bonus` flag). */
export interface RolledGroup {
  readonly key: string;
  readonly total: number;
  readonly bonus: number;
}

/** How a ruleset's groups roll, order and are named (shock: `documents/side-controls.ts`). */
export interface GroupRolls {
  /** The `flags.fray` key naming a group's key on its CombatantGroup (shock: `side`). */
  readonly keyFlag: string;
  /** One die per group, in order, each request labelled with its key. */
  dicePlan(keys: readonly string[]): RollPlan<number[]>;
  /** The rolled groups' order by total (the ruleset's tie rules), first to act first. */
  orderPlan(groups: readonly RolledGroup[]): RollPlan<readonly string[]>;
  /** The name over a roll with this request label (a group's name; none for a tie-break). */
  rollName(label: string): string | undefined;
  /**
   * Lang keys: a tie-break rolled on its own; a total set on a group that has not rolled; a
   * player's client asking a control only a GM may use (`group-combat.ts`).
   */
  readonly tieBreakKey: string;
  readonly notRolledKey: string;
  readonly gmOnlyKey: string;
}

/** A group's CombatantGroup as these controls use it (client/documents/combatant-group.mjs). */
export interface InitiativeGroup {
  readonly id: string | null;
  readonly initiative: number | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

/** What the controls need of a Combat (the turn-scheme base and the ruleset's group lookup). */
export interface GroupCombat {
  readonly groupDocs: readonly InitiativeGroup[];
  /** Each combatant's id and its group's key. */
  readonly groupMembers: readonly { readonly id: string | null; readonly group: string }[];
  groupOf(key: string): InitiativeGroup | undefined;
  /** `FrayTurnCombat#writeTurnOrder`: keeps the current combatant current. */
  writeTurnOrder(
    updates: readonly object[], after: (c: Combatant.Implementation) => unknown,
    options?: { diff?: boolean },
  ): Promise<void>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
}

const bonusOf = (g: InitiativeGroup) => Number(g.getFlag("fray", "bonus") ?? 0);
const keyOf = (rolls: GroupRolls, g: InitiativeGroup) =>
  String(g.getFlag("fray", rolls.keyFlag) ?? "");

/**
 * Orders the rolled groups again (the ruleset's `orderPlan`, its tie-break dice rolled with
 * Foundry's Roll: into `dice` when given, for the caller's card, else shown in their own message),
 * writes each group's rank to it, then writes every member's initiative, which makes every client
 * sort the turns again (client/documents/combat.mjs `#onModifyCombatants`: `diff: false` so an
 * unchanged member is still written), keeping the current combatant current without turn events.
 */
export async function reorderGroups(
  combat: GroupCombat, rolls: GroupRolls, dice?: ShownRolls,
): Promise<void> {
  const rolled = combat.groupDocs.filter((g) => g.initiative !== null);
  const plan = rolls.orderPlan(rolled.map((g) => ({
    key: keyOf(rolls, g), total: g.initiative ?? 0, bonus: bonusOf(g),
  })));
  const order = dice
    ? await rollInFoundry(plan, dice)
    : await runInFoundry(plan, { flavor: game.i18n!.localize(rolls.tieBreakKey) });
  for (const g of rolled) {
    const rank = order.indexOf(keyOf(rolls, g));
    if (g.getFlag("fray", "rank") !== rank) await g.update({ "flags.fray.rank": rank });
  }
  await syncMembers(combat);
}

/** Writes every member's group and initiative from its group (null for an unrolled group). */
export async function syncMembers(combat: GroupCombat): Promise<void> {
  const updates = combat.groupMembers.map((c) => {
    const group = combat.groupOf(c.group);
    return { _id: c.id, group: group?.id ?? null, initiative: group?.initiative ?? null };
  });
  // The groups' ranks are written already: each member's turn entry reads its group's.
  const entryOf = (c: object) => (c as { readonly turnEntry: unknown }).turnEntry;
  await combat.writeTurnOrder(updates, entryOf, { diff: false });
}

/**
 * GM: the group's total becomes `total` (the tracker's box); the groups are ordered again.
 * @throws Error (localized) when the group has not rolled yet.
 */
export async function setGroupTotal(
  combat: GroupCombat, rolls: GroupRolls, key: string, total: number,
): Promise<void> {
  const group = combat.groupOf(key);
  if (!group) throw new Error(game.i18n!.localize(rolls.notRolledKey));
  await group.update({ initiative: total });
  await reorderGroups(combat, rolls);
}

/**
 * GM: the group's roll is cleared (its heading says it has not rolled, its members show the roll
 * button); the next Roll rolls it again among the others.
 */
export async function clearGroup(combat: GroupCombat, key: string): Promise<void> {
  const group = combat.groupOf(key);
  if (!group) return;
  await group.update({ initiative: null, "flags.fray.die": null });
  await syncMembers(combat);
}

/** A group's new roll, for the chat card. */
export interface GroupReroll {
  readonly key: string;
  readonly die: number;
  readonly bonus: number;
  readonly total: number;
}

/**
 * GM: the groups roll again: a die each (`dicePlan`, one Foundry Roll per group; each adds the
 * bonus kept on its group), then the groups are ordered again (any tie-break rolled too).
 * @returns each group's roll and every Foundry Roll made, for the chat card.
 */
export async function rerollGroups(
  combat: GroupCombat, rolls: GroupRolls, keys: readonly string[],
): Promise<{ rolls: GroupReroll[]; shown: Roll[] }> {
  const groups = keys.flatMap((k) => combat.groupOf(k) ?? []);
  if (!groups.length) return { rolls: [], shown: [] };
  const shown = new ShownRolls();
  const plan = rolls.dicePlan(groups.map((g) => keyOf(rolls, g)));
  const dice = await rollInFoundry(plan, shown, (label) => rolls.rollName(label));
  const rolled = groups.map((g, i) => {
    const die = dice[i] as number;
    return { key: keyOf(rolls, g), die, bonus: bonusOf(g), total: die + bonusOf(g), group: g };
  });
  for (const r of rolled) await r.group.update({ initiative: r.total, "flags.fray.die": r.die });
  await reorderGroups(combat, rolls, shown);
  const out = rolled.map(({ key, die, bonus, total }) => ({ key, die, bonus, total }));
  return { rolls: out, shown: shown.rolls };
}

/** GM: every group's roll is cleared (their groups deleted); the next Roll rolls them all. */
export async function resetGroups(combat: GroupCombat): Promise<void> {
  const ids = combat.groupDocs.flatMap((g) => (g.id ? [g.id] : []));
  if (ids.length) await combat.deleteEmbeddedDocuments("CombatantGroup", ids);
  await syncMembers(combat);
}
