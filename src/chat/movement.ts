import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf, overridesOf } from "../documents/combat-engagement";
import { engagedWith } from "../rules/escalation/engagement";
import { offerOpportunityAttacks } from "./opportunity";
import { CONDITIONS, expandConditions } from "../rules/escalation/conditions";
import { foundryLocalize as t } from "../setup/localize";

/**
 * Moving while engaged: a token that moves in a started combat while engaged (and not popped off by
 * a disengage) offers opportunity attacks to the foes it was engaged with; the mover's client posts
 * the offer. Afterwards the active GM drops the mover's popped-off overrides, so engagement follows
 * the tokens' new places. Source: `000_c2dc3d650823e22d.txt` §Free and Engaged, §Opportunity Attacks.
 */
const BEFORE = "frayEngagedBefore";

function moverIn(doc: TokenDocument.Implementation): { combat: FrayCombat; combatant: FrayCombatant } | null {
  const combat = game.combat as FrayCombat | null;
  if (!combat?.started || combat.scene?.id !== doc.parent?.id) return null;
  const combatant = combat.combatants.find((c) => c.tokenId === doc.id) as FrayCombatant | undefined;
  return combatant ? { combat, combatant } : null;
}

export function registerMovementWatch(): void {
  Hooks.on("preUpdateToken", (doc: TokenDocument.Implementation, changes: Record<string, unknown>, options: Record<string, unknown>) => {
    if (!("x" in changes) && !("y" in changes)) return;
    // Stuck: the bearer cannot move (the GM still can move its token, e.g. to fix a mistake).
    if (!game.user?.isGM && [...expandConditions(doc.actor?.statuses ?? [])].some((id) => CONDITIONS[id].cannotMove)) {
      ui.notifications?.warn(t("FRAY.Move.Stuck", { name: doc.name ?? "" }));
      return false;
    }
    const found = moverIn(doc);
    if (!found?.combatant.id) return;
    // Engagement as it stands before the token leaves its place.
    const pairs = engagementOf(found.combat);
    if (engagedWith(pairs, found.combatant.id).length) options[BEFORE] = [...pairs];
  });
  Hooks.on("updateToken", (doc: TokenDocument.Implementation, changes: Record<string, unknown>, options: Record<string, unknown>, userId: string) => {
    if (!("x" in changes) && !("y" in changes)) return;
    const found = moverIn(doc);
    if (!found?.combatant.id) return;
    const before = options[BEFORE];
    if (userId === game.user?.id && Array.isArray(before)) void offerOpportunityAttacks(found.combat, found.combatant, "move", new Set(before as string[]));
    if (game.user?.isActiveGM) void forgetPopOffs(found.combat, found.combatant.id);
  });
}

async function forgetPopOffs(combat: FrayCombat, id: string): Promise<void> {
  const overrides = overridesOf(combat);
  const removed = overrides.removed.filter((k) => !k.split("|").includes(id));
  if (removed.length !== overrides.removed.length) await combat.setFlag("fray", "engagement", { added: [...overrides.added], removed });
}
