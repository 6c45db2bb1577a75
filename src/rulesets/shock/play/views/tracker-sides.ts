import type { Localize } from "../../../../engine/i18n";
import { sideName } from "../round/side-rolls";

/**
 * The tracker's sides part (`templates/shock/combat/sides.hbs`): before the combat starts, the
 * GM's toggle per side marking it surprised; during the surprise round, its note. Pure, from what
 * the tracker read of the combat. Source: `002_5e27cdf788b28f5f.txt` §Surprise.
 */
export interface SidesState {
  readonly isGM: boolean;
  /** null: no combat shown. */
  readonly combat: null | {
    readonly started: boolean;
    readonly inSurpriseRound: boolean;
    /** The sides of its combatants, in turn order, each once. */
    readonly sides: readonly string[];
    readonly surprised: readonly string[];
  };
}

// A type, not an interface: a render context is a plain record.
export type SidesPart = {
  readonly canSurprise: boolean;
  readonly surpriseRound: boolean;
  readonly sides: readonly { readonly id: string; readonly name: string;
    readonly surprised: boolean }[];
};

/** The part's context: toggles only for a GM before the start; each side named for the table. */
export function sidesPart({ isGM, combat }: SidesState, t: Localize): SidesPart {
  return {
    canSurprise: Boolean(isGM && combat && !combat.started),
    surpriseRound: combat?.inSurpriseRound ?? false,
    sides: (combat?.sides ?? []).map((id) => ({
      id, name: sideName(id, t), surprised: combat?.surprised.includes(id) ?? false,
    })),
  };
}

/** The sides of combatants in turn order, each once (the order the tracker lists them). */
export function sidesInOrder(turns: readonly { readonly side: string }[]): string[] {
  return [...new Set(turns.map((c) => c.side))];
}
