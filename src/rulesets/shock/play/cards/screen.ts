import { screenCapacity } from "../../rules/maneuvers";
import type { Statblock } from "../../rules/statblock";

/**
 * Screen an Ally in Foundry, pure: who screens a ward against an attacker, and whether two tokens
 * are adjacent. The checks are the reaction window's (`rules/reaction-window.ts`): the attacker's
 * opposed combat check against every screener, the attack to the worst-rolling one who won. A
 * screener blocks at most (highest combat skill) attackers a round, only while the ward stays
 * within 5 ft. Source:
 * `002_5e27cdf788b28f5f.txt` §Screen an Ally; RULINGS.md §shock Screen, Opposed checks.
 */
export interface Screener {
  readonly id: string;
  readonly block: Statblock;
  /** The ward it screens (a combatant id, "" for none). */
  readonly screening: string;
  /** Attackers it screened against this round. */
  readonly screenedAttackers: readonly string[];
  readonly up: boolean;
  /** Whether its ward is within 5 ft of it now. */
  readonly nearWard: boolean;
}

/** The screeners of `ward` that can still block `attacker` this round. */
export function screenersOf(
  ward: string,
  attacker: string,
  candidates: readonly Screener[],
): Screener[] {
  return candidates.filter(
    (s) =>
      s.screening === ward
      && s.id !== attacker
      && s.up
      && s.nearWard
      && (s.screenedAttackers.includes(attacker)
        || s.screenedAttackers.length < screenCapacity(s.block)),
  );
}

/**
 * An ally who could screen the target now as its held action (§Hold An Action, §Screen an Ally).
 */
export interface HeldCandidate {
  readonly id: string;
  readonly block: Statblock;
  readonly up: boolean;
  /** Holding its action, with a Move it can still take. */
  readonly holdingWithMove: boolean;
  /** Within 5 ft of the target now. */
  readonly nearWard: boolean;
  readonly sameSide: boolean;
}

/**
 * The allies who may screen the target with their held action: able, near it, trained in a combat
 * skill.
 */
export function heldScreeners(
  ward: string, attacker: string, candidates: readonly HeldCandidate[],
): HeldCandidate[] {
  return candidates.filter((c) => c.id !== ward && c.id !== attacker
    && c.up && c.sameSide && c.holdingWithMove && c.nearWard
    && screenCapacity(c.block) > 0);
}

/** A token's footprint on a square grid: its top-left in pixels and its size in grid units. */
export interface Footprint {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether two tokens' squares touch (within 5 ft) on a square grid of `size` pixels. */
export function adjacent(a: Footprint, b: Footprint, size: number): boolean {
  const cell = (v: number) => Math.round(v / size);
  const span = (v: number) => Math.max(1, Math.round(v));
  const gap = (a0: number, aw: number, b0: number, bw: number) =>
    Math.max(0, b0 - (a0 + aw - 1), a0 - (b0 + bw - 1));
  const dx = gap(cell(a.x), span(a.width), cell(b.x), span(b.width));
  const dy = gap(cell(a.y), span(a.height), cell(b.y), span(b.height));
  return Math.max(dx, dy) <= 1;
}
