import type { Weapon } from "../rules/statblock";
import type { Context } from "./context";
import type { Fighter } from "./fighter";

/**
 * What a headless `shock` fight knows of places, kept simple: the two lines `gap` feet apart (each
 * fighter's `advance` towards the other), who stands next to whom, and the spot each fighter
 * started on, rolled from the seed. A spot is open ground, half or full cover (a low wall, an arrow
 * slit) or shadow (it cannot be seen; until it gives itself away its foes do not know where it
 * is). A fighter keeps its spot until its first move (the log's first move event naming it). Runner
 * rulings where the text leaves the map
 * to the GM: a spot's cover and shadow count against shots from afar only (a foe at arm's length
 * reaches around the wall and sees who it fights); a shadowed fighter is located once it attacks
 * or a foe stands next to it; a prone fighter stands up before it moves, so its halved crawl never
 * matters. Source: `002_5e27cdf788b28f5f.txt` §Line of Sight and Cover, §Attack Rolls (the
 * situations table), §Go Prone.
 */
export const SPOTS = ["open", "halfCover", "fullCover", "shadow"] as const;
export type Spot = (typeof SPOTS)[number];

/** The spot die: 1–3 open ground, 4 half cover, 5 full cover, 6 shadow. */
export const SPOT_DIE = 6;
export function spotOf(die: number): Spot {
  return die <= 3 ? "open" : die === 4 ? "halfCover" : die === 5 ? "fullCover" : "shadow";
}

/** Feet between two fighters: 0 when adjacent, else what is left of the gap (at least 5 ft). */
export function feetBetween(gap: number, a: Fighter, b: Fighter): number {
  if (a.engaged.has(b.key)) return 0;
  return Math.max(5, gap - a.advance - b.advance);
}

/** `feetBetween` in this fight. */
export function distance(ctx: Context, a: Fighter, b: Fighter): number {
  return feetBetween(ctx.gap, a, b);
}

/** How far a weapon shoots or throws: its long range, else its normal range (0: melee only). */
export const reachOf = (w: Weapon): number => w.range.long || w.range.normal;

/**
 * A fighter moves off its spot: the cover or shadow stays behind, and it can be seen. Not logged
 * on its own: the fighter's first move event (its own or a push) says it.
 */
export function leaveSpot(f: Fighter): void {
  f.spot = "open";
  f.located = true;
}

/** A fighter in shadow gives its place away (it attacked, or a foe came next to it). */
export function locate(ctx: Context, f: Fighter): void {
  if (f.located) return;
  f.located = true;
  if (!ctx.record) return;
  ctx.emit({ kind: "spot", round: ctx.round, actor: f.key, spot: f.spot, located: true });
}

/** Knocked down or getting up; logged with why. */
export function setProne(
  ctx: Context,
  f: Fighter,
  prone: boolean,
  reason: "shoved" | "stood",
): void {
  if (f.prone === prone) return;
  f.prone = prone;
  if (ctx.record) ctx.emit({ kind: "prone", round: ctx.round, actor: f.key, prone, reason });
}

/**
 * The foe `f` goes for when none is next to it: the nearest, then the one with the fewest HP (the
 * first listed on a tie). `foes` must not be empty.
 */
export function nearestFoe(ctx: Context, f: Fighter, foes: readonly Fighter[]): Fighter {
  let best = foes[0] as Fighter;
  let feet = distance(ctx, f, best);
  for (let i = 1; i < foes.length; i++) {
    const x = foes[i] as Fighter;
    const d = distance(ctx, f, x);
    if (d < feet || (d === feet && x.hp < best.hp)) {
      best = x;
      feet = d;
    }
  }
  return best;
}
