import type { Localize } from "../../../../engine/i18n";
import type { Spell } from "../../rules/statblock";
import { payUpkeep, wardOf, WARD_KEYS, type Ward } from "../../rules/upkeep";
import type { KeptSource } from "../data/kept-spec";

/**
 * A spell kept up in Foundry (`rules/upkeep.ts`), read from what the GM keeps of its caster: the
 * spell (`upkept`, one at a time) and whether a Bonus Action toggled it off (`upkeptOff`). The
 * ward reaches every derived value (`WoundsActor#unit`); the upkeep is the GM's to take as each
 * of the caster's turns starts. Source: `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions.
 */

/** The kept fields of a caster keeping no spell up. */
export const UPKEPT_NONE: Pick<KeptSource, "upkept" | "upkeptOff"> =
  { upkept: "", upkeptOff: false };

/** The spell it keeps up, on or off (null: none, or no longer among its spells). */
export const upkeptSpell = (kept: Pick<KeptSource, "upkept">, spells: readonly Spell[]):
  Spell | null => (kept.upkept ? spells.find((s) => s.id === kept.upkept) ?? null : null);

/** Whether its kept-up spell is on: it channels and has the ward. */
export const upkeepOn = (kept: Pick<KeptSource, "upkept" | "upkeptOff">): boolean =>
  kept.upkept !== "" && !kept.upkeptOff;

/** The ward it has now: its kept-up spell's while on, else none. */
export const wardNow = (kept: Pick<KeptSource, "upkept" | "upkeptOff">,
  spells: readonly Spell[]): Ward => wardOf(upkeepOn(kept) ? upkeptSpell(kept, spells) : null);

/** What the GM does as a caster's turn starts: the kept fields and MP to write. */
export interface UpkeepDue {
  readonly patch: Partial<KeptSource>;
  /** The MP left once paid, or null when nothing is paid. */
  readonly mp: number | null;
  /**
   * The spell that ends (null: none ends) and why: too few MP, or no longer among its spells
   * (its item deleted; its name then unknown: "").
   */
  readonly ended: { readonly spell: string; readonly reason: "noMp" | "gone" } | null;
}

/**
 * The upkeep as the caster's turn starts: nothing while no spell is kept up or it is off, or
 * while the caster is down (it takes no turn: RULINGS.md §wounds Hit points); else its MP paid,
 * or, when the caster has too few (or the spell is no longer its own), it ends.
 * @returns what to write, or null for nothing.
 */
export function upkeepAtTurnStart(
  kept: Pick<KeptSource, "upkept" | "upkeptOff">, mp: number, spells: readonly Spell[],
  down = false,
): UpkeepDue | null {
  if (!upkeepOn(kept) || down) return null;
  const spell = upkeptSpell(kept, spells);
  if (!spell) return { patch: UPKEPT_NONE, mp: null, ended: { spell: "", reason: "gone" } };
  const left = payUpkeep(mp, spell);
  if (left === null) {
    return { patch: UPKEPT_NONE, mp: null, ended: { spell: spell.name, reason: "noMp" } };
  }
  return { patch: {}, mp: left, ended: null };
}

/** The ward's terms as a tag each ("+2 armor"), for a sheet or a note. */
export function wardTexts(ward: Ward, t: Localize): string[] {
  return WARD_KEYS.filter((k) => ward[k] > 0)
    .map((k) => t(`FRAY.Wounds.Ward.${k}`, { amount: ward[k] }));
}
