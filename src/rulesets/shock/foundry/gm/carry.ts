import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { senderOwns } from "../../../../shell/relay/combatant-requests";
import { runInFoundry } from "../../../../shell/dice/run-in-foundry";
import { refuse } from "../../../../shell/cards/kind";
import { FORCED_MOVE } from "../../../../shell/movement/watch";
import type { Recorder } from "../../../../shell/cards/recorder";
import { withPutBack } from "../../../../shell/gm/put-back";
import { moveTokenAsRule } from "../../../../shell/movement/rule-move";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { carryPlan, escape, holdsAgree, maneuverPlan } from "../../play/cards/grapple";
import {
  carryHtml, carryOutcome, carryRefusal, parseCarryRequest,
} from "../../play/requests/carry";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { holdsOf, watchHolds, writeHolds } from "./grapple";
import { postNote } from "../../../../shell/chat/table-note";
import { footprintOf, squareGrid } from "./placement";
import { REQUESTS } from "../../play/requests/names";

/**
 * Moving a grappled foe, on the active GM's client (`002_5e27cdf788b28f5f.txt` §Grappling). The
 * grappler's owner drags the grappler's token; its client cancels that move and asks here
 * (`chat/grapple-watch.ts`). The GM re-reads everything from the documents: the sender owns the
 * grappler, which is up, holds the defender (both marks agree) and is not itself held; it is its
 * side's turn and its Main is unspent. The Main is spent (the table's `moveGrappled` action),
 * the opposed STR/Brawl check rolled with Foundry's Roll (ties re-roll: `maneuverPlan`, run by
 * `runInFoundry`). Won: a carry moves the grappler to the dragged square and the defender by the
 * same offset; a throw moves the defender one square that way, knocks it prone and lets it go.
 * Lost: the defender breaks free. A request that fails midway is put back whole (`watchCarry`).
 * The GM's moves carry `frayForced`, so neither the held-token watch nor the Attack of
 * Opportunity watch (`gm/movement.ts`) judges them.
 */
export function registerCarry(): void {
  registerRequest(REQUESTS.carry, performCarry);
}

async function performCarry(payload: unknown, sender: Sender): Promise<RelayResult> {
  const request = parseCarryRequest(payload);
  if (!request) return refuse("badRequest");
  const combat = game.combats?.get(request.combatId) as ShockCombat | undefined;
  const c = combat?.shockCombatants.find((x) => x.id === request.combatantId);
  if (!combat?.started || !c?.id) return refuse("notInCombat");
  const actor = c.actor as ShockActor | null;
  if (!actor || !senderOwns(sender, actor)) return refuse("notOwner");
  const holds = holdsOf(combat);
  const defender = combat.shockCombatants.find((d) => d.id === c.hold.grappling);
  const target = defender?.actor as ShockActor | null | undefined;
  const grid = squareGrid(combat);
  const from = footprintOf(c);
  const at = defender ? footprintOf(defender) : null;
  const plan = grid && from && at ? carryPlan(request.mode, from, at, request.to, grid) : null;
  // Paid like any action of the table (rules/actions.ts `moveGrappled`: a Main action).
  const why = carryRefusal(request.mode, {
    able: actor.health === "up" && !c.isDefeated,
    // A defender whose actor is gone is held by no one (`gm/grapple.ts` counts able grapplers alike).
    holding: Boolean(defender?.id && target && holdsAgree(holds, c.id, defender.id)),
    held: c.hold.grappledBy.length > 0, reaches: plan !== null, turn: combat.turnStateOf(c),
  });
  if (why) throw new Error(t(why, { name: actor.name }));
  // Never: `holding` and `reaches` say the foe and the move are there.
  if (!defender?.id || !target || !plan) return refuse("noTarget");
  // Read before anything is written: a party deleted once the Main is paid still rolls.
  const parties = { a: actor.statblock, d: target.statblock };
  return withPutBack(async (recorder) => {
    watchCarry(recorder, combat, [c, defender], target);
    if (!(await combat.spend(c, "moveGrappled")))
      throw new Error(t("FRAY.Shock.Refuse.Spent.moveGrappled"));
    const rollers: Record<string, string> = {
      a: c.name ?? actor.name, d: defender.name ?? target.name,
    };
    const check = await runInFoundry(
      maneuverPlan("grapple", { id: "a", who: parties.a }, { id: "d", who: parties.d }),
      {
        flavor: t("FRAY.Shock.Roll.carry", { name: target.name }),
        actor: actor as never,
        name: (label) => rollers[label],
      },
    );
    const names = {
      name: c.name ?? "", target: defender.name ?? "",
      total: check.attackerTotal, other: check.defenderTotal,
    };
    const outcome = carryOutcome(request.mode, check.won);
    if (outcome.moves === "both" && c.token) await moveTokenAsRule(c.token, plan.grappler);
    if (outcome.moves !== "none" && defender.token)
      await moveTokenAsRule(defender.token, plan.defender);
    if (outcome.prone) await target.toggleStatusEffect("prone", { active: true });
    if (outcome.released)
      await writeHolds(combat, escape(holds, defender.id ?? "", [c.id ?? ""]));
    const content = carryHtml(request.mode, check.won, outcome, names, t);
    await postNote({ content, alias: actor.name });
    return { ok: true };
  });
}

/**
 * Watches what a carry or throw may write, so a request that fails midway (its roll card refused,
 * a token or actor deleted between two writes) is put back whole (`shell/gm/put-back.ts`): the
 * Main it paid and the holds, kept on the combat; both tokens' places, put back as a rule's move
 * (`FORCED_MOVE`: v13 hands an update's options to the `moveToken` hook as a move's, client/
 * documents/token.mjs `move` is itself such an update); the thrown foe's `prone` effect.
 */
function watchCarry(
  recorder: Recorder, combat: ShockCombat, both: readonly ShockCombatant[], target: ShockActor,
): void {
  watchHolds(recorder, combat, both.map((x) => x.id ?? ""));
  for (const x of both) {
    if (x.token) recorder.watch(x.token, ["x", "y"], { update: { [FORCED_MOVE]: true } });
  }
  recorder.watchEmbedded(target, "ActiveEffect", "effects");
}
