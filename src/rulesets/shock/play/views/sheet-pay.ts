import type { SheetAction } from "./sheet-view";

/**
 * What the sheet refuses before it asks to pay a round action (the active GM checks again from
 * what it keeps, `ShockCombat#spend`): each refusal a `FRAY.` key whose `{name}` is the actor's.
 * The turn's own refusal (`turnRefusal`) comes after these. Source: `002_5e27cdf788b28f5f.txt`
 * §Combat Action Types, §Grappling, §Screen an Ally, §Make a Swarm Attack; RULINGS.md §shock.
 */

/** Neither grappler nor grappled may move (§Grappling): running and screening move. */
export const MOVING_ACTIONS: ReadonlySet<SheetAction> = new Set(["run", "screen"]);

/** Where the payer stands: up and not defeated (else it cannot act), in a grapple. */
export interface Payer {
  readonly up: boolean;
  readonly defeated: boolean;
  readonly grappled: boolean;
}

/**
 * Why `id` is refused before anything is paid, or null: Mortally Injured, stabilised, defeated or
 * fled, it cannot act at all (RULINGS.md §shock); in a grapple, it cannot move.
 */
export function payRefusal(id: SheetAction, payer: Payer): string | null {
  if (!payer.up || payer.defeated) return "FRAY.Shock.Refuse.CannotAct";
  if (MOVING_ACTIONS.has(id) && payer.grappled) return "FRAY.Shock.Refuse.Held";
  return null;
}

/** A combatant as these choices read it: its id and its side. */
export interface Sided {
  readonly id: string;
  readonly side: string;
}

/**
 * Why a screen is refused, or null: the screener needs level 1 in a combat skill (`capacity`,
 * `screenCapacity`), and its ward (the user's one targeted combatant) must be another of its side.
 */
export function wardRefusal(
  capacity: number, screener: Sided, ward: Sided | undefined,
): string | null {
  if (capacity < 1) return "FRAY.Shock.Refuse.NoScreen";
  if (!ward || ward.id === screener.id || ward.side !== screener.side)
    return "FRAY.Shock.Refuse.NoWard";
  return null;
}

/** Why a Swarm Attack's foe is refused, or null: it must be of another side than the swarmer. */
export function swarmTargetRefusal(assistant: Sided, foe: Sided | undefined): string | null {
  return !foe || foe.side === assistant.side ? "FRAY.Shock.Refuse.NoSwarmTarget" : null;
}

/**
 * The marks a paid action leaves on its combatant, kept with the spend: Total Defense, the ward
 * it screens, the foe it swarms (combatant ids; `ward` and `foe` are asked only for those, as
 * they read the user's target and may refuse). §Total Defense, §Screen an Ally, §Make a Swarm
 * Attack.
 */
export function actionMarks(
  id: SheetAction, pick: { readonly ward: () => string; readonly foe: () => string },
): Record<string, unknown> {
  if (id === "totalDefense") return { totalDefense: true };
  if (id === "screen") return { screening: pick.ward() };
  if (id === "swarmAttack") return { swarming: pick.foe() };
  return {};
}
