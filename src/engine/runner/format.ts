import type { Localize } from "../i18n";

/**
 * A runner's events as text: each event becomes the line its chat card would read, through the
 * ruleset's `FRAY.` strings. `t` is `game.i18n.format` in Foundry and `localizerFor` over the
 * built language file in Node, so the encounter command prints what a table would see.
 */

/**
 * How a ruleset words each kind of its events: one function per kind, so a kind added to the
 * union without its line fails the type check.
 */
export type LineFormats<E extends { readonly kind: string }> = {
  readonly [K in E["kind"]]: (e: Extract<E, { readonly kind: K }>, t: Localize) => string;
};

/** The line of one event (it may hold a line break: a death save that kills says so after it). */
export function formatLine<E extends { readonly kind: string }>(
  formats: LineFormats<E>, e: E, t: Localize,
): string {
  return (formats[e.kind as E["kind"]] as (e: E, t: Localize) => string)(e, t);
}

/** What the encounter command prints without `--json`: every event's line, each ending "\n". */
export function textLog<E extends { readonly kind: string }>(
  formats: LineFormats<E>, events: readonly E[], t: Localize,
): string {
  let out = "";
  for (const e of events) out += `${formatLine(formats, e, t)}\n`;
  return out;
}
