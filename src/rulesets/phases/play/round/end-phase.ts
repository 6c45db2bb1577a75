import type { Localize } from "../../../../engine/i18n";
import { CONDITION_IDS, type ConditionId, type Duration } from "../../rules/constants";
import { isCondition } from "../../rules/conditions";
import type { StoredDuration, TimedCondition } from "../../rules/durations";
import type { EndPhaseResult } from "../../rules/saves";

/**
 * The End phase in Foundry, pure: which conditions on the combatants' actors take part (each a
 * status effect `phases.<condition>`, lasting as the GM recorded it in the combatant's kept
 * store, else as ruled: it ends on an End-phase save), and the card's lines once the saves are
 * rolled. Source: `003_d18720f6cd315cc2.txt` §End Phase; RULINGS.md §phases End phase,
 * Conditions ("each ends on an End-phase save unless the power says until the end of the
 * round").
 */

/** The status id of a condition (the token HUD's, `foundry/install.ts`). */
export const conditionStatus = (id: ConditionId): string => `phases.${id}`;

/**
 * The phases conditions a set of statuses names (an actor's, or one effect's), in
 * `CONDITION_IDS` order; another ruleset's or Foundry's own statuses take no part.
 */
export const conditionsOfStatuses = (statuses: Iterable<string>): ConditionId[] => {
  const has = new Set(statuses);
  return CONDITION_IDS.filter((c) => has.has(conditionStatus(c)));
};

/** An ActiveEffect as the End phase reads it: its id and statuses (nothing its owner may write
 * decides how long it lasts). */
export interface EffectFields {
  readonly id: string;
  readonly statuses: readonly string[];
}

/** A bearer's condition in the End phase: the effect it is and whose actor bears it. */
export interface EndPhaseCondition extends TimedCondition {
  readonly actorId: string;
  readonly effectId: string;
}

/**
 * The conditions of one bearer's effects (each effect's first phases condition; others are
 * another ruleset's or Foundry's own and take no part), each lasting as the GM recorded it
 * (`kept`: the combatant's kept `conditions`), else ending on a save as ruled.
 * @param bearer the combatant id; `round` the round whose End phase this is.
 */
export function endPhaseConditions(
  bearer: string, actorId: string, effects: readonly EffectFields[], round: number,
  kept: readonly KeptDuration[] = [],
): EndPhaseCondition[] {
  return effects.flatMap((e) => {
    const condition = conditionsOfStatuses(e.statuses)[0];
    if (!condition) return [];
    const recorded = kept.find((k) => k.effect === e.id);
    const duration: StoredDuration = recorded
      ? { name: recorded.name, round: recorded.round }
      : { name: "saveEnds", round };
    return [{
      key: `${actorId}.${e.id}`, bearer, source: "", armed: true, condition, actorId,
      effectId: e.id, duration,
    }];
  });
}

/** A condition's duration as the GM recorded it (`play/data/kept-spec.ts` `conditions`). */
export interface KeptDuration {
  readonly effect: string;
  readonly name: Duration;
  readonly round: number;
}

/** One line of the End phase's card. */
export interface EndPhaseLine {
  readonly text: string;
  /** Ended (the condition is gone) or kept. */
  readonly ended: boolean;
  /** Whose condition it is (a combatant id): a hidden one's lines are the GM's alone. */
  readonly bearer: string;
}

/**
 * The card's lines: each save with its 2d6 and what it did, then each condition that ended with
 * its round without a save, in the conditions' order.
 * @param names each bearer's name by combatant id.
 */
export function endPhaseLines(
  result: EndPhaseResult<EndPhaseCondition>, names: ReadonlyMap<string, string>, t: Localize,
): EndPhaseLine[] {
  const ended = new Set(result.ended);
  const saved = new Set(result.saves.map((s) => s.effect));
  const who = (c: EndPhaseCondition) => ({
    name: names.get(c.bearer) ?? "", condition: t(`FRAY.Phases.Condition.${c.condition}`),
  });
  const lines = result.saves.map((s) => {
    const total = s.dice.reduce((n, d) => n + d, 0);
    const key = s.effect.duration.name === "sustained"
      ? (s.success ? "FRAY.Phases.EndPhase.Sustained" : "FRAY.Phases.EndPhase.Lapsed")
      : (s.success ? "FRAY.Phases.EndPhase.Saved" : "FRAY.Phases.EndPhase.Failed");
    const text = t(key, { ...who(s.effect), dice: s.dice.join(" + "), total: `${total}` });
    return { text, ended: ended.has(s.effect), bearer: s.effect.bearer };
  });
  for (const c of result.ended) {
    if (saved.has(c)) continue;
    lines.push({ text: t("FRAY.Phases.EndPhase.Expired", who(c)), ended: true, bearer: c.bearer });
  }
  return lines;
}

/** The kind of offer an End phase's saves are made from (the shell's offer runtime). */
export const SAVE_KIND = "phasesSave";

/** The saves an End phase offers, kept in its prompt's flags (`flags.fray.endPhase`). */
export interface OfferedSaves {
  /** The round whose End phase this is. */
  readonly round: number;
  readonly saves: readonly EndPhaseCondition[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isText = (v: unknown): v is string => typeof v === "string";

/** One offered save as stored, or null when it is malformed. */
function offeredSave(v: unknown): EndPhaseCondition | null {
  if (!isRecord(v) || !isRecord(v.duration)) return null;
  const { key, bearer, actorId, effectId, condition } = v;
  const { name, round } = v.duration;
  if (![key, bearer, actorId, effectId].every(isText) || !isCondition(condition)) return null;
  if (!(name === "saveEnds" || name === "sustained") || !Number.isInteger(round)) return null;
  return {
    key: key as string, bearer: bearer as string, source: "", armed: true, condition,
    actorId: actorId as string, effectId: effectId as string,
    duration: { name, round: round as number },
  };
}

/**
 * The saves of one bearer (a combatant id) an End phase's prompt offers, read from its flags as
 * the GM wrote them (the caller checks the prompt is a GM's), malformed entries left out; null
 * when the flags hold no End phase.
 */
export function offeredSavesOf(flags: unknown, bearer: string): OfferedSaves | null {
  const fray = isRecord(flags) ? flags.fray : null;
  const end = isRecord(fray) ? fray.endPhase : null;
  if (!isRecord(end) || !Number.isInteger(end.round) || !Array.isArray(end.saves)) return null;
  const saves = end.saves.map(offeredSave)
    .filter((s): s is EndPhaseCondition => s !== null && s.bearer === bearer);
  return { round: end.round as number, saves };
}
