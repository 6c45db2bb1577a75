import type { GroupControls } from "../applications/tracker/group-menu";
import { FrayTurnCombat } from "./turn-combat";
import {
  clearGroup, rerollGroups, resetGroups, setGroupTotal, type GroupCombat, type GroupReroll,
  type GroupRolls, type InitiativeGroup,
} from "./group-initiative";

/**
 * A Combat whose combatants take their group's initiative, kept as v13 CombatantGroups (a turn
 * scheme with `initiative.by: "group"`; shock's sides), with the GM's controls over the groups'
 * rolls (`group-initiative.ts` says why Foundry's own per-combatant controls cannot serve). A
 * ruleset declares how its groups roll (`groupRolls`), which group a combatant belongs to
 * (`groupKeyOf`) and the card its new rolls go to (`postGroupRolls`); the tracker's row controls
 * come from `groupControls`. Groups are the GM's to write (CombatantGroup's default permissions,
 * common/abstract/document.mjs `canUserModify`), so each control warns a player's client and
 * changes nothing.
 */
export abstract class FrayGroupCombat<
  E = unknown, C extends Combatant.Implementation = Combatant.Implementation,
> extends FrayTurnCombat<E, C> implements GroupCombat {
  /** How the ruleset's groups roll, order and are named; each ruleset's Combat sets its own. */
  static groupRolls: GroupRolls | null = null;

  /** The key of the group a combatant belongs to (shock: its side). */
  abstract groupKeyOf(combatant: C): string;

  /** Posts a reroll's dice (each group's die, bonus and total, and the Foundry Rolls made). */
  protected abstract postGroupRolls(rolls: readonly GroupReroll[], shown: readonly Roll[]):
    Promise<void>;

  /** This encounter's CombatantGroups (client/documents/combat.mjs `groups`). */
  get groupDocs(): InitiativeGroup[] {
    return (this as { groups: { contents: InitiativeGroup[] } }).groups.contents;
  }

  get groupMembers(): { id: string | null; group: string }[] {
    return (this.combatants.contents as C[])
      .map((c) => ({ id: c.id, group: this.groupKeyOf(c) }));
  }

  /** The group of a key, once it has rolled (its CombatantGroup names the key in its flags). */
  groupOf(key: string): InitiativeGroup | undefined {
    const flag = this.#rolls.keyFlag;
    return this.groupDocs.find((g) => g.getFlag("fray", flag) === key);
  }

  /**
   * GM, from the tracker: the group's total becomes `total`, and the groups are ordered again.
   * @throws Error (localized) when the group has not rolled yet.
   */
  async setGroupInitiative(key: string, total: number): Promise<void> {
    if (this.#gmOnly()) await setGroupTotal(this, this.#rolls, key, total);
  }

  /** GM, from the tracker: the group's roll is cleared; the next Roll rolls it again. */
  async clearGroupInitiative(key: string): Promise<void> {
    if (this.#gmOnly()) await clearGroup(this, key);
  }

  /** GM: the groups roll their die again, are ordered again, and their card is posted. */
  async rerollGroupInitiative(keys: readonly string[]): Promise<void> {
    if (!this.#gmOnly()) return;
    const { rolls, shown } = await rerollGroups(this, this.#rolls, keys);
    if (rolls.length) await this.postGroupRolls(rolls, shown);
  }

  /**
   * Foundry's "Reset Initiative" (the tracker's combat menu) nulls each combatant's initiative,
   * which its group's would override: here every group's roll is cleared instead, so the next Roll
   * rolls every group again (client/documents/combat.mjs `resetAll`).
   */
  override async resetAll(): Promise<this> {
    if (this.#gmOnly()) await resetGroups(this);
    return this;
  }

  /** The tracker's row controls over this encounter's groups (`tracker/group-menu.ts`). */
  groupControls(): GroupControls {
    return {
      keyOf: (id) => {
        const c = this.combatants.get(id) as C | undefined;
        return c ? this.groupKeyOf(c) : null;
      },
      initiativeOf: (key) => this.groupOf(key)?.initiative ?? null,
      clear: (key) => this.clearGroupInitiative(key),
      reroll: (key) => this.rerollGroupInitiative([key]),
      set: (key, total) => this.setGroupInitiative(key, total),
    };
  }

  get #rolls(): GroupRolls {
    const rolls = (this.constructor as typeof FrayGroupCombat).groupRolls;
    if (!rolls) throw new Error("Fray | a group Combat declares no groupRolls");
    return rolls;
  }

  // The tracker offers these controls to GMs only; a macro on a player's client is told.
  #gmOnly(): boolean {
    if (game.user?.isGM) return true;
    ui.notifications?.warn(game.i18n!.localize(this.#rolls.gmOnlyKey));
    return false;
  }
}
