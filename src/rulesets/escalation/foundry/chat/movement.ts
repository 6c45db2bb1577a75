import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf, overridesOf } from "../documents/combat-engagement";
import { engagedWith } from "../../rules/engagement";
import { offerOpportunityAttacks } from "./opportunity";
import { CONDITIONS, expandConditions } from "../../rules/conditions";
import { foundryLocalize as t } from "../../../../shell/setup/localize";

/**
 * Moving in a started combat. Foundry v13 writes every movement field (x, y, elevation, width,
 * height, shape) on any movement, so Fray judges by v13's movement hooks, which carry where a move
 * started and where it ends (client/documents/token.mjs: `preMoveToken` on the moving client before
 * the update, `moveToken` on every client after it), and counts only a change of place:
 * - Stuck: the bearer's move is refused on its player's client (the GM can still move it);
 *   rising or changing size is not a move.
 * - Leaving engagement without disengaging: the active GM judges engagement with the mover back at
 *   its origin and posts the opportunity attack offer (a GM message, so nobody can edit it), then
 *   forgets the mover's popped-off overrides so engagement follows the tokens' new places.
 * Source: `000_c2dc3d650823e22d.txt` §Free and Engaged, §Opportunity Attacks, §Conditions
 * (Stuck).
 */
interface Place {
  readonly x?: number;
  readonly y?: number;
}
interface Movement {
  readonly origin: Place;
  readonly destination: Place;
}

/** Whether a movement changes the token's place (not only its elevation, size or shape). */
export function changesPlace(movement: Movement): boolean {
  return (
    movement.origin.x !== movement.destination.x || movement.origin.y !== movement.destination.y
  );
}

function moverIn(
  doc: TokenDocument.Implementation,
): { combat: FrayCombat; combatant: FrayCombatant } | null {
  const combat = game.combat as FrayCombat | null;
  if (!combat?.started || combat.scene?.id !== doc.parent?.id) return null;
  const combatant = combat.combatants.find((c) => c.tokenId === doc.id) as
    FrayCombatant | undefined;
  return combatant ? { combat, combatant } : null;
}

// The movement hooks' argument types in fvtt-types differ from what v13 passes; Fray reads only
// `origin` and `destination` (client/documents/_types.mjs TokenMovementOperation).
const on = Hooks.on.bind(Hooks) as unknown as (
  name: string,
  fn: (doc: TokenDocument.Implementation, movement: Movement) => unknown,
) => number;

export function registerMovementWatch(): void {
  on("preMoveToken", (doc: TokenDocument.Implementation, movement: Movement) => {
    if (!changesPlace(movement) || game.user?.isGM) return;
    if ([...expandConditions(doc.actor?.statuses ?? [])].some((id) => CONDITIONS[id].cannotMove)) {
      ui.notifications?.warn(t("FRAY.Move.Stuck", { name: doc.name ?? "" }));
      return false;
    }
  });
  on("moveToken", (doc: TokenDocument.Implementation, movement: Movement) => {
    if (!game.user?.isActiveGM || !changesPlace(movement)) return;
    const found = moverIn(doc);
    const id = found?.combatant.id;
    if (!found || !id) return;
    const { x, y } = movement.origin;
    const before = engagementOf(found.combat, { id, x: x ?? doc.x, y: y ?? doc.y });
    void (async () => {
      if (engagedWith(before, id).length)
        await offerOpportunityAttacks(found.combat, found.combatant, "move", before);
      await forgetPopOffs(found.combat, id);
    })();
  });
}

async function forgetPopOffs(combat: FrayCombat, id: string): Promise<void> {
  const overrides = overridesOf(combat);
  const removed = overrides.removed.filter((k) => !k.split("|").includes(id));
  if (removed.length !== overrides.removed.length)
    await combat.setFlag("fray", "engagement", { added: [...overrides.added], removed });
}
