import { runInFoundry } from "../../../../shell/dice/run-in-foundry";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import type { ShockCombatant } from "../documents/combatant";
import {
  adjacent, heldScreeners, screenersOf, screenPlan, type Footprint, type Screener,
} from "../chat/screen";
import type { Statblock } from "../../rules/statblock";
import { canTake } from "../../rules/actions";
import type { Helper } from "../chat/card-seal";
import type { SealScreen } from "../chat/card-seal";
import type { CardReading } from "./reading";

/**
 * The GM rolls the screen when an attack on a screened ward is posted, before any reaction: the
 * attacker's opposed check (`screenPlan`, each step a Foundry Roll through `runInFoundry`, ties
 * re-rolled pair by pair) against every screener who can still block it this round and stands
 * within 5 ft of the ward (on a square grid; elsewhere the GM's word stands), each screener's
 * count of attackers this round, and who takes the attack. Source:
 * `002_5e27cdf788b28f5f.txt` §Screen an Ally.
 */
export interface ScreenOutcome {
  readonly screen: SealScreen;
  /** The screener who takes the attack, or null: it stays on the ward. */
  readonly takenBy: ShockCombatant | null;
}

function footprint(c: ShockCombatant): { fp: Footprint; size: number; gridded: boolean } | null {
  type Placed = Footprint & { parent?: { grid?: { size: number; type: number } } };
  const token = c.token as Placed | null;
  if (!token) return null;
  const grid = token.parent?.grid;
  // Foundry's CONST.GRID_TYPES.SQUARE is 1 (common/constants.mjs).
  return { fp: token, size: grid?.size ?? 100, gridded: grid?.type === 1 };
}

export function nearWard(screener: ShockCombatant, ward: ShockCombatant): boolean {
  const a = footprint(screener);
  const b = footprint(ward);
  if (!a || !b || !a.gridded) return true;
  return adjacent(a.fp, b.fp, a.size);
}

/** @returns null when nobody screens the target against this attacker. */
export async function rollScreen(
  reading: CardReading,
  attackerId: string,
  card: ChatMessage.Implementation | null = null,
): Promise<ScreenOutcome | null> {
  const { combat, combatant: ward } = reading;
  if (!combat?.started || !ward?.id) return null;
  const candidates: (Screener & { c: ShockCombatant })[] = combat.shockCombatants.flatMap((c) => {
    const actor = c.actor as ShockActor | null;
    if (!actor || c.data.screening !== ward.id) return [];
    return [
      {
        c,
        id: c.id ?? "",
        block: actor.statblock,
        screening: c.data.screening,
        screenedAttackers: c.data.screenedAttackers,
        up: actor.health === "up" && !c.isDefeated,
        nearWard: nearWard(c, ward),
      },
    ];
  });
  const screeners = screenersOf(ward.id, attackerId, candidates) as (Screener & {
    c: ShockCombatant;
  })[];
  if (!screeners.length) return null;
  const attacker = { id: attackerId, block: reading.attacker.statblock };
  const names = new Map<string, string>([
    [attackerId, reading.attacker.name],
    ...screeners.map((s): [string, string] => [s.id, s.c.name ?? ""]),
  ]);
  const outcome = await runInFoundry(screenPlan(attacker, screeners), {
    flavor: t("FRAY.Shock.Roll.Screen", { name: reading.target.name }),
    card,
    name: (label) => names.get(label),
  });
  // Each screener has now screened against this attacker this round.
  const updates = screeners
    .filter((s) => !s.screenedAttackers.includes(attackerId))
    .map((s) => ({
      _id: s.id,
      system: { screenedAttackers: [...s.screenedAttackers, attackerId] },
    }));
  if (updates.length)
    await combat.updateEmbeddedDocuments("Combatant", updates as Combatant.UpdateData[]);
  const takenBy = screeners.find((s) => s.id === outcome.takenBy)?.c ?? null;
  const screen: SealScreen = {
    ward: ward.name ?? "",
    attackerTotal: outcome.result.single.total,
    takenBy: takenBy?.name ?? null,
    screeners: outcome.result.pairs.map((p) => ({
      name: screeners.find((s) => s.id === p.id)?.c.name ?? "",
      total: p.otherTotal,
      won: !p.singleWins,
    })),
  };
  return { screen, takenBy };
}

/**
 * The allies of the target who may screen it now with their held action (offered on the card).
 * @returns their ids, names and tokens, for the seal.
 */
export function heldScreenOffers(reading: CardReading, attackerId: string): Helper[] {
  const { combat, combatant: ward } = reading;
  if (!combat?.started || !ward?.id) return [];
  const candidates = combat.shockCombatants.flatMap((c) => {
    const actor = c.actor as ShockActor | null;
    if (!actor || !c.id) return [];
    return [{
      c, id: c.id, block: actor.statblock,
      up: actor.health === "up" && !c.isDefeated, sameSide: c.side === ward.side,
      holdingWithMove: c.data.holding && canTake(c.budget, "screen"), nearWard: nearWard(c, ward),
    }];
  });
  return heldScreeners(ward.id, attackerId, candidates).flatMap((h) => {
    const c = candidates.find((x) => x.id === h.id)?.c;
    const token = c?.token;
    return c && token ? [{ combatantId: h.id, name: c.name ?? "", tokenUuid: token.uuid }] : [];
  });
}

/**
 * The attacker's opposed check against one screener (`screenPlan`), rolled with Foundry's Roll
 * (ties re-roll).
 */
export async function rollHeldScreen(
  attacker: Statblock, attackerId: string, screener: Statblock, screenerId: string,
  card: ChatMessage.Implementation | null = null,
): Promise<{ won: boolean; attackerTotal: number; total: number }> {
  const names = new Map([[attackerId, attacker.name], [screenerId, screener.name]]);
  const outcome = await runInFoundry(
    screenPlan({ id: attackerId, block: attacker }, [{ id: screenerId, block: screener }]),
    {
      flavor: t("FRAY.Shock.Roll.Screen", { name: screener.name }),
      card,
      name: (label) => names.get(label),
    },
  );
  const pair = outcome.result.pairs[0];
  return {
    won: outcome.takenBy === screenerId,
    attackerTotal: outcome.result.single.total,
    total: pair?.otherTotal ?? 0,
  };
}
