import type { Localize } from "../../../../engine/i18n";
import { breaks, type MoraleScoreSource, type MoraleTrigger } from "../../rules/morale";

/**
 * An NPC group's morale check, as the GM's whisper keeps and words it: the offer
 * (`flags.fray.shockMorale`: the combat, the group that checks, and why: its first member fell,
 * half of it is down, or none when the GM called the check), its line, and the rolled check's
 * outcome. The offer holds no score: the group's score is read when the GM rolls. Source:
 * `002_5e27cdf788b28f5f.txt` §Morale; RULINGS.md §shock Morale.
 */
export interface MoraleOffer {
  readonly combatId: string;
  readonly group: string;
  readonly triggers: readonly MoraleTrigger[];
}

const isTrigger = (x: unknown): x is MoraleTrigger => x === "firstDown" || x === "halfDown";

/**
 * Reads a stored offer: null unless it names a combat and a group; triggers other than the known
 * ones (or not a list) read as none, the check still offered.
 */
export function readMoraleOffer(raw: unknown): MoraleOffer | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { combatId, group, triggers } = raw as Record<string, unknown>;
  if (typeof combatId !== "string" || typeof group !== "string") return null;
  const ok = Array.isArray(triggers) && triggers.every(isTrigger);
  return { combatId, group, triggers: ok ? (triggers as MoraleTrigger[]) : [] };
}

/**
 * The offer's line (`FRAY.Shock.Morale.Offer`): the group and why it checks, its triggers joined
 * (`FRAY.Shock.Log.MoraleTrigger.*`, `FRAY.Shock.Morale.ListJoin`) or, with none, called by the GM
 * (`FRAY.Shock.Morale.Called`).
 */
export function moraleOfferLine(
  group: string, triggers: readonly MoraleTrigger[], t: Localize,
): string {
  const why = triggers.length
    ? triggers.map((x) => t(`FRAY.Shock.Log.MoraleTrigger.${x}`))
      .join(t("FRAY.Shock.Morale.ListJoin"))
    : t("FRAY.Shock.Morale.Called");
  return t("FRAY.Shock.Morale.Offer", { group, triggers: why });
}

/**
 * A rolled check's outcome: whether the group breaks (2d6 `total` above its `score`, `breaks`) and
 * its line (`FRAY.Shock.Morale.Breaks` or `Holds`: the group, the roll, the score and where it
 * comes from, `FRAY.Shock.Morale.ScoreFrom.*`).
 */
export function moraleOutcome(
  group: string, total: number,
  morale: { readonly score: number; readonly source: MoraleScoreSource }, t: Localize,
): { readonly broken: boolean; readonly line: string } {
  const broken = breaks(total, morale.score);
  const key = broken ? "FRAY.Shock.Morale.Breaks" : "FRAY.Shock.Morale.Holds";
  const source = t(`FRAY.Shock.Morale.ScoreFrom.${morale.source}`);
  return { broken, line: t(key, { group, total, score: morale.score, source }) };
}
