import { reasonText } from "../relay/gm-relay";
import { FrayCombatBase } from "../documents/combat";
import type { ObjectSpec } from "../../engine/schema/spec";
import type { Recorder, WatchOptions } from "../cards/recorder";
import { keptOf, writeKept } from "./kept";
import { keptPath, splitKept } from "./kept-record";
import { afterOrPutBack, askKept, fieldsBefore, type SpendVerdict } from "./kept-spend";

/**
 * The Combat base that keeps, per combatant, the fields the GM trusts (`combat/kept.ts`: in the
 * Combat's flags, where only a GM can write, common/documents/combat.mjs `#canUpdate`): the
 * ruleset declares them (static `kept`, with the version each came with and where they were
 * before), the GM writes them (`keep`, `keepRecorded` for a card's seal or step), a player asks
 * the GM to spend them (`spendKept`, checked again by `spendPatch`), and the turn edges write the
 * economy's resets through `writeEconomy`. `FrayTurnCombat` builds the turn scheme on it.
 */
export class FrayKeptCombat extends FrayCombatBase {
  /**
   * The combatant fields the GM trusts, kept on this Combat where only a GM can write
   * (`combat/kept.ts`): their shapes and defaults. Null: the ruleset keeps none.
   */
  static kept: ObjectSpec | null = null;

  /** The store's version each kept field came with, when after the first (`kept-migration.ts`). */
  static keptSince: Readonly<Record<string, number>> = {};

  /** Where a combatant's kept fields were before the store; null: its `system`. */
  static keptLegacy: ((combatant: unknown) => unknown) | null = null;

  /**
   * The kept fields that hold other combatants' ids (a grapple, a summoner): renamed when the
   * unit they name comes back under a new id (`kept-lifecycle.ts`).
   */
  static keptRefs: readonly string[] = [];

  /**
   * The kept fields that hold a condition a player must not shed by hand, each with its status
   * id (wounds: prone, disarmed and four flat-footed conditions): kept true to the statuses by
   * the GM (`kept-statuses.ts`).
   */
  static keptStatuses: Readonly<Record<string, string>> = {};

  /**
   * The kept fields the active GM writes when a combatant joins (`kept-lifecycle.ts`), read from
   * the documents then; null for none.
   */
  keptOnJoin(_combatant: Combatant.Implementation): Record<string, unknown> | null {
    return null;
  }

  /** A combatant's kept fields, every one filled (see `combat/kept.ts#keptOf`). */
  keptOf(combatantId: string): Record<string, unknown> {
    return keptOf(this, combatantId);
  }

  /**
   * GM: writes combatants' kept fields in one update of this Combat.
   * @param patches by combatant id, the fields to write. @throws Error on a player's client.
   */
  async keep(patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Promise<void> {
    await writeKept(this, patches);
  }

  /**
   * GM: writes kept fields as a card's seal or step does, with its `recorder` watching each one
   * first (`cards/recorder.ts`), so a seal or step that fails afterwards puts them back and an
   * undo is exact; `guard` makes what is recorded owed back only while it holds (the round).
   */
  async keepRecorded(
    patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>, recorder: Recorder,
    guard?: WatchOptions["guard"],
  ): Promise<void> {
    const ids = Object.keys(patches).filter((id) => Object.keys(patches[id] ?? {}).length);
    if (!ids.length) return;
    for (const id of ids) {
      const paths = Object.keys(patches[id] ?? {}).map((f) => keptPath(id, f));
      recorder.watch(this, paths, guard ? { guard } : {});
    }
    await this.keep(patches);
  }

  /**
   * The ruleset's check of a spend of a combatant's kept fields (`kept-spend.ts`), from the store
   * and the documents, never from the request; by default nothing is spent this way.
   */
  spendPatch(_combatant: Combatant.Implementation, _args: unknown): SpendVerdict {
    return { ok: false, reason: "notInCombat" };
  }

  /**
   * Gives back what a spend paid when its action did not happen (its card could not be posted):
   * `before`, the combatant's kept fields as they were, written on a GM's client; on a player's,
   * the GM undoes its receipt of the player's last spend (`kept-spend.ts`).
   * @throws Error (localized) when refused or no GM is connected.
   */
  async giveBack(
    combatantId: string | null, before: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    if (game.user?.isGM) await this.keep({ [combatantId ?? ""]: before });
    else await askKept(this.id, combatantId, null, true);
  }

  /**
   * Spends a combatant's kept fields as `spendPatch` rules: written at once on a GM's client; on
   * a player's, asked of the active GM, who checks it again (`kept-spend.ts` `askKept`).
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async spendKept(combatant: Combatant.Implementation, args: unknown): Promise<void> {
    if (!game.user?.isGM) return askKept(this.id, combatant.id, args);
    const verdict = this.spendPatch(combatant, args);
    if (!verdict.ok) throw new Error(reasonText(verdict.reason, { ...verdict.data }));
    const id = combatant.id ?? "";
    const before = fieldsBefore(keptOf(this, id), verdict.patch);
    await this.keep({ [id]: verdict.patch });
    await afterOrPutBack(verdict, () => this.keep({ [id]: before }), combatant);
    await this.afterSpend(combatant, args);
  }

  /**
   * GM, once a spend `spendPatch` allowed is written: the action's own effect beyond the kept
   * fields (a status it ends, what it provokes). Nothing by default.
   */
  async afterSpend(_combatant: Combatant.Implementation, _args: unknown): Promise<void> {}

  /** Writes economy patches: kept fields to the store, the rest to each Combatant. */
  protected async writeEconomy(patches: readonly { id: string; patch: Record<string, unknown> }[]):
    Promise<void> {
    const spec = (this.constructor as typeof FrayKeptCombat).kept;
    const kept: Record<string, Record<string, unknown>> = {};
    const own: { _id: string; system: Record<string, unknown> }[] = [];
    for (const { id, patch } of patches) {
      const split = splitKept(spec, patch);
      if (Object.keys(split.kept).length) kept[id] = split.kept;
      if (Object.keys(split.own).length) own.push({ _id: id, system: split.own });
    }
    if (Object.keys(kept).length) await this.keep(kept);
    if (own.length) await this.updateEmbeddedDocuments("Combatant", own as Combatant.UpdateData[]);
  }
}
