import { isFields } from "../../../../engine/requests/fields";

/**
 * What the GM keeps of a summon's token after it is made, pure: its summoner (an actor's uuid),
 * the battle it was summoned in (a Combat id; "" outside a battle) and whether its thrall cost
 * was paid. Kept on the token's Scene where its player cannot write it
 * (`shell/documents/token-marks.ts`). Thralls stay under their summoner's control, so they fill
 * its summoning slots in later battles; a summon not thralled vanishes when its battle ends
 * (`gm/battle-end.ts`) or, made before this battle (outside one, or left unanswered at a battle's
 * end), when a battle begins on its scene.
 * Source: `001_dbc5fcc02a99a518.txt` §Summoning Slots ("under your control at one time"),
 * §Thralling ("only persist until the commencement of a battle").
 */
export interface SummonMark {
  readonly summoner: string;
  readonly battle: string;
  readonly thrall: boolean;
}

/** A stored mark as a summon's, or null when it is none (or malformed). */
export function summonMarkOf(mark: unknown): SummonMark | null {
  if (!isFields(mark) || !isFields(mark.woundsSummon)) return null;
  const { summoner, battle, thrall } = mark.woundsSummon;
  if (typeof summoner !== "string" || !summoner || typeof battle !== "string") return null;
  return { summoner, battle, thrall: thrall === true };
}

/** The stored mark of a summon (its own key, so other marks on a token are not read as one). */
export const storedSummonMark = (mark: SummonMark): { woundsSummon: SummonMark } =>
  ({ woundsSummon: { ...mark } });

/**
 * The summons `summonerUuid` holds among marks: those of a battle under way, its thralls, and its
 * summons not thralled that still stand (cast outside a battle, or left unanswered at a battle's
 * end). Each fills one of its summoning slots while its token stands (`rules/summons.ts`
 * `maySummon`); counted from the GM's marks, not from combatants a player may delete.
 */
export const summonsOf = (marks: readonly unknown[], summonerUuid: string): number =>
  marks.map(summonMarkOf).filter((m) => m?.summoner === summonerUuid).length;

/**
 * The tokens of battle `combatId`'s summons, not thralled, that no combatant holds any more as
 * it ends (`held`: its combatants' token ids; a summon's player may delete its combatant): not
 * offered as thralls, they vanish with the others.
 */
export const unheldAtEnd = (
  marks: readonly { readonly tokenId: string; readonly mark: unknown }[], combatId: string,
  held: ReadonlySet<string>,
): string[] => marks.filter((m) => {
  const summon = summonMarkOf(m.mark);
  return summon?.battle === combatId && !summon.thrall && !held.has(m.tokenId);
}).map((m) => m.tokenId);

/**
 * Whether a summon vanishes as battle `combatId` begins on its scene: not thralled, and not
 * summoned in this battle.
 */
export function vanishesAtStart(mark: unknown, combatId: string): boolean {
  const summon = summonMarkOf(mark);
  return summon !== null && !summon.thrall && summon.battle !== combatId;
}
