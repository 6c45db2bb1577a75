import type { Localize } from "../i18n";
import type { EncounterOutcome, EncounterRequest, PackReader } from "./headless";
import { textLog, type LineFormats } from "./format";
import { jsonLog, type FightRecord } from "./log";
import { trialsLine, type TrialsResult } from "./trials";

/**
 * What every ruleset's encounter command does the same way (`HeadlessRuleset.encounter`): read a
 * pack's actors, pick the line-up the command names, and answer with one fight's log (text or
 * `--json`) or a trials summary.
 */

/** A pack's actors read by the ruleset, by slug (the source file's name). */
export function actorsBySlug<B>(
  packs: PackReader, pack: string, read: (doc: Record<string, unknown>) => B,
): Map<string, B> {
  return new Map(packs(pack).map(({ slug, doc }) => [slug, read(doc)]));
}

/** How a ruleset's command matches ids to actors besides their slug. */
export interface PickOptions<B> {
  /** Other names an actor answers to, in order of precedence (its `_id`; shock: its name too). */
  readonly aliases: (block: B) => readonly string[];
  /** The command that lists the ids, for the refusal ("--list"). */
  readonly listCommand: string;
}

/**
 * The actors a comma-separated list names (slugs or aliases; repeats allowed, in list order).
 * @returns the actors, or the refusal when the list is empty or names an unknown id.
 */
export function pickActors<B>(
  available: ReadonlyMap<string, B>, list: string, flag: string, options: PickOptions<B>,
): B[] | string {
  const ids = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (!ids.length) return `${flag} needs at least one id.`;
  const byAlias = new Map<string, B>();
  for (const b of available.values()) for (const alias of options.aliases(b)) byAlias.set(alias, b);
  const unknown = ids.filter((id) => !available.has(id) && !byAlias.has(id));
  if (unknown.length) {
    return `Unknown ${flag} id(s): ${unknown.join(", ")}. Run with ${
      options.listCommand
    } to see the ids.`;
  }
  return ids.map((id) => (available.get(id) ?? byAlias.get(id)) as B);
}

/** The answer to `--trials`: the summary as JSON, or its one line of text. */
export function trialsOutcome(result: TrialsResult, json: boolean): EncounterOutcome {
  return { out: json ? `${JSON.stringify(result)}\n` : trialsLine(result) };
}

/** The answer for one recorded fight: its JSON log, or a line per event through `formats`. */
export function fightOutcome<E extends { readonly kind: string }>(
  fight: FightRecord<E>, json: boolean, formats: LineFormats<E>, t: Localize,
): EncounterOutcome {
  return { out: json ? jsonLog(fight) : textLog(formats, fight.events, t) };
}

/**
 * The first option of `request` that ruleset `id`'s command cannot use, as a refusal, or null:
 * another ruleset's option; `--surprise` when the ruleset has no surprise round
 * (`surprise: false`); with `--list`, which plays no fight, any option that only shapes one
 * (it would otherwise be dropped silently).
 */
export function commandRefusal(
  request: EncounterRequest, id: string, { surprise }: { readonly surprise: boolean },
): string | null {
  for (const [name, value] of Object.entries(request.extra)) {
    if (value !== undefined && value !== false) return `${id} has no --${name} option.`;
  }
  if (!surprise && request.surprise !== undefined) {
    return `${id} has no --surprise option: its rules have no surprise round.`;
  }
  if (!request.list) return null;
  const fightOnly = [
    ["party", request.party], ["foes", request.foes], ["trials", request.trials],
    ["surprise", request.surprise],
  ] as const;
  for (const [name, value] of fightOnly) {
    if (value !== undefined) return `--list and --${name} cannot be combined: --list plays no fight.`;
  }
  return null;
}
