import type { ShockActor } from "../documents/actor";
import type { ShockCombatant } from "../documents/combatant";
import { adjacent, heldScreeners, screenersOf, type Screener } from "../../play/cards/screen";
import { footprintOf, squareGrid } from "./placement";
import { canTake } from "../../rules/actions";
import type { CardReading } from "./reading";

/**
 * Who may screen an attack's ward, read from the documents on the active GM's client when the card
 * is sealed (the reaction window then plays the screens, `rules/reaction-window.ts`): the
 * screeners who declared the ward and can still block this attacker this round, within 5 ft of it
 * (on a square grid; elsewhere the GM's word stands), and the allies holding their action who may
 * screen it as an Instant. Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally, §Hold An Action.
 */
/**
 * Whether a screener stands within 5 ft of the ward: adjacent on the encounter's square grid
 * (`squareGrid`, its size in pixels); elsewhere, or without a token, the GM's word stands.
 */
function nearWard(grid: number | null, screener: ShockCombatant, ward: ShockCombatant): boolean {
  const a = footprintOf(screener);
  const b = footprintOf(ward);
  return !grid || !a || !b || adjacent(a, b, grid);
}

const up = (c: ShockCombatant) => (c.actor as ShockActor | null)?.health === "up" && !c.isDefeated;

/** The declared screeners of the ward who can block this attacker now, in the combat's order. */
export function declaredScreeners(reading: CardReading, attackerId: string): ShockCombatant[] {
  const { combat, combatant: ward } = reading;
  if (!combat?.started || !ward?.id) return [];
  const grid = squareGrid(combat);
  const candidates: (Screener & { c: ShockCombatant })[] = combat.shockCombatants.flatMap((c) => {
    const actor = c.actor as ShockActor | null;
    if (!actor || c.data.screening !== ward.id) return [];
    return [{
      c, id: c.id ?? "", block: actor.statblock, screening: c.data.screening,
      screenedAttackers: c.data.screenedAttackers, up: up(c), nearWard: nearWard(grid, c, ward),
    }];
  });
  return screenersOf(ward.id, attackerId, candidates).map((s) => (s as typeof candidates[0]).c);
}

/** The allies who may screen the ward now with their held action (offered on the card). */
export function heldScreenOffers(reading: CardReading, attackerId: string): ShockCombatant[] {
  const { combat, combatant: ward } = reading;
  if (!combat?.started || !ward?.id) return [];
  const grid = squareGrid(combat);
  const candidates = combat.shockCombatants.flatMap((c) => {
    const actor = c.actor as ShockActor | null;
    if (!actor || !c.id || !c.token) return [];
    return [{
      c, id: c.id, block: actor.statblock, up: up(c), sameSide: c.side === ward.side,
      holdingWithMove: c.data.holding && canTake(c.budget, "screen"), nearWard: nearWard(grid, c, ward),
    }];
  });
  return heldScreeners(ward.id, attackerId, candidates)
    .map((h) => (h as typeof candidates[0]).c);
}
