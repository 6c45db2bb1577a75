import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { FORCED_MOVE } from "./grapple";
import { REQUESTS } from "../gm/requests";

/**
 * Moves in a grapple (§Grappling: "neither attackers or defenders can move from their current
 * location"; "If the attacker wishes to move the target, they must spend a Main Action and succeed
 * in an opposed STR/Brawl check"). v13's `preMoveToken` hook runs on the moving client before the
 * move is sent, and returning false cancels it: the token stays where it was
 * (client/documents/token.mjs `_preUpdate`, which then drops the movement fields).
 * - A grappled token's drag is refused with the reason (the GM may still place it: a shove's push).
 * - A grappler's drag is the wish to move its foe: the move is cancelled and its user asked to
 * carry
 *   the foe along (10 ft) or throw it (5 ft, prone); the active GM checks and rolls it
 * (`gm/carry.ts`).
 *   The GM may also move the grappler alone.
 * Moves Fray's GM makes for a rule carry `frayForced` and are never judged again.
 */
type Place = { x?: number; y?: number };
type Move = { origin?: Place; destination?: Place };
type Hook = (
  doc: TokenDocument.Implementation,
  m: Move,
  operation?: Record<string, unknown>,
) => unknown;
const on = Hooks.on.bind(Hooks) as unknown as (name: string, fn: Hook) => number;

function combatantOf(
  doc: TokenDocument.Implementation,
): { combat: ShockCombat; c: ShockCombatant } | null {
  const combat = game.combat as unknown as ShockCombat | null;
  if (!combat?.started || combat.scene?.id !== doc.parent?.id) return null;
  const c = combat.shockCombatants.find((x) => x.tokenId === doc.id);
  return c ? { combat, c } : null;
}

export function registerGrappleWatch(): void {
  on("preMoveToken", (doc, movement, operation) => {
    if (operation?.[FORCED_MOVE]) return;
    const from = movement.origin;
    const to = movement.destination;
    if (!from || !to || (from.x === to.x && from.y === to.y)) return;
    const found = combatantOf(doc);
    if (!found) return;
    const { c, combat } = found;
    if (c.hold.grappledBy.length) {
      if (game.user?.isGM) return;
      ui.notifications?.warn(t("FRAY.Shock.Carry.Grappled", { name: doc.name ?? "" }));
      return false;
    }
    if (!c.hold.grappling) return;
    void askCarry(doc, combat, c, { x: to.x ?? doc.x, y: to.y ?? doc.y });
    return false;
  });
}

/**
 * Asks the grappler's user what the drag means: carry the foe along, throw it, or (the GM only)
 * move the grappler alone; the first two go to the active GM.
 */
async function askCarry(
  doc: TokenDocument.Implementation,
  combat: ShockCombat,
  c: ShockCombatant,
  to: { x: number; y: number },
): Promise<void> {
  const foe = combat.combatants.get(c.hold.grappling)?.name ?? "";
  const names = { name: doc.name ?? "", target: foe };
  const p = document.createElement("p");
  p.textContent = t("FRAY.Shock.Carry.Ask", names);
  type Button = { action: string; label: string; default?: boolean };
  const buttons: Button[] = [
    { action: "carry", label: t("FRAY.Shock.Carry.Do.carry", names), default: true },
    { action: "throw", label: t("FRAY.Shock.Carry.Do.throw", names) },
  ];
  if (game.user?.isGM)
    buttons.push({ action: "alone", label: t("FRAY.Shock.Carry.Do.alone", names) });
  buttons.push({ action: "cancel", label: t("FRAY.Shock.Carry.Do.cancel") });
  // client/applications/api/dialog.mjs `wait`: resolves to the pressed button's action, or null.
  const api = foundry.applications.api.DialogV2 as unknown as {
    wait(config: object): Promise<string | null>;
  };
  const title = t("FRAY.Shock.Carry.Title", names);
  const choice = await api.wait({ window: { title }, content: p.outerHTML, buttons });
  if (choice === "carry" || choice === "throw") {
    const request = { combatId: combat.id, combatantId: c.id, mode: choice, x: to.x, y: to.y };
    await requestOfGM(REQUESTS.carry, request);
  } else if (choice === "alone" && game.user?.isGM) {
    // The GM's own judgement: the grappler moves alone, judged by nothing else.
    const move = doc as unknown as { move(w: object, o: object): Promise<boolean> };
    await warnIfRefused(() => move.move(to, { method: "api", [FORCED_MOVE]: true }));
  }
}
