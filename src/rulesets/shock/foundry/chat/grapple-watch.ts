import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import { isHeld } from "./grapple";

/**
 * While grappling or grappled, a token may not move (§Grappling): v13's `preMoveToken` hook runs on
 * the moving client before the move is sent, and returning false cancels it
 * (client/documents/token.mjs). A GM may still move it (to resolve a shove, say).
 */
type Move = { origin?: { x?: number; y?: number }; destination?: { x?: number; y?: number } };
const on = Hooks.on.bind(Hooks) as unknown as (name: string, fn: (doc: TokenDocument.Implementation, m: Move) => unknown) => number;

export function registerGrappleWatch(): void {
  on("preMoveToken", (doc, movement) => {
    if (game.user?.isGM) return;
    const from = movement.origin;
    const to = movement.destination;
    if (from && to && from.x === to.x && from.y === to.y) return;
    const combat = game.combat as unknown as ShockCombat | null;
    if (!combat?.started) return;
    const c = combat.shockCombatants.find((x) => x.tokenId === doc.id);
    if (!c || !isHeld(c.hold)) return;
    ui.notifications?.warn(t("FRAY.Shock.Refuse.Held", { name: doc.name ?? "" }));
    return false;
  });
}
