import { runInFoundry } from "../../../../shell/dice/run-in-foundry";
import { allDice } from "../../../../shell/dice/pool-roll";
import { senderOwns } from "../../../../shell/relay/combatant-requests";
import { keptPath } from "../../../../shell/combat/kept-record";
import type { Recorder } from "../../../../shell/cards/recorder";
import { withPutBack } from "../../../../shell/gm/put-back";
import { postNote } from "../../../../shell/chat/table-note";
import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { refuse, type CardStep } from "../../../../shell/cards/kind";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { Statblock } from "../../rules/statblock";
import { ledgerOf, sealOf } from "../../play/cards/card-seal";
import { targetOf } from "../../play/cards/card-window";
import {
  breakFreePlan, endOfRoundPlan, escape, grab, holdPatches, maneuverPlan, maneuversOf, releaseAll,
  type HoldUpdates, type Holds,
} from "../../play/cards/grapple";
import {
  checkManeuver, parseManeuverRequest, type ManeuverRequest,
} from "../../play/cards/relay-check";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { markFall } from "./apply";
import { readCard } from "./reading";
import { REQUESTS } from "../../play/requests/names";
import { readCombatantRequest } from "../../play/requests/combatant-request";
import {
  breakFreeHtml, breakFreeRefusal, grappleHit, grapplersOf, roundEndHtml, type RoundEndHit,
} from "../../play/requests/grapple";
import { HOLD_FIELDS } from "../../play/data/combatant-spec";

/**
 * Shove and grapple on the active GM's client. After a hit (any melee hit: shove; an unarmed hit:
 * grapple) the card's author (or the GM) may take the maneuver in lieu of damage: the GM re-checks
 * the seal, the ledger and the weapon from the attacker's own item, claims the card's apply step
 * (damage and maneuver exclude each other), rolls the opposed check with Foundry's Roll (ties
 * re-roll: the plan `maneuverPlan`, run by `runInFoundry`) and records it in the card's GM-only
 * ledger; a won grapple marks both combatants.
 * Breaking free is a Main action: one check against every grappler. At each round's end each
 * grappled defender takes unarmed damage from each grappler. Source: `002_5e27cdf788b28f5f.txt`
 * §Shoving, §Grappling; RULINGS.md §shock Opposed checks, Grappling.
 */
export function registerGrapple(): void {
  registerRequest(REQUESTS.breakFree, performBreakFree);
}

/** A combat's holds, read from its combatants (each combatant's own `grappling`/`grappledBy`). */
export function holdsOf(combat: ShockCombat): Holds {
  return new Map(combat.shockCombatants.map((c) => [c.id ?? "", c.hold]));
}

/** GM: writes changed holds onto both sides, kept on the combat (shell/combat/kept.ts). */
export async function writeHolds(combat: ShockCombat, updates: HoldUpdates): Promise<void> {
  if (updates.size) await combat.keep(holdPatches(updates));
}

export const MANEUVER_STEP: CardStep<ManeuverRequest> = {
  parse: parseManeuverRequest,
  check({ records, sender }) {
    const ledger = ledgerOf(records.ledger);
    const seal = sealOf(records.seal);
    const verdict = checkManeuver(seal, ledger, sender);
    // In lieu of damage: the same claim as Apply.
    return verdict.ok ? { ok: true, claim: "apply" } : verdict;
  },
  async run({ request, records, sender, message }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const reading = seal
      ? readCard({ ...seal, tokenUuid: targetOf(seal, ledger).tokenUuid }) : null;
    if (!seal || !reading) return refuse("noTarget");
    // The weapon as the attacker's item says now, never as the card says.
    if (!maneuversOf(reading.weapon).includes(request.maneuver)) return refuse("notOffered");
    const { combat, combatant: defender } = reading;
    const attacker = combat?.started
      ? combat.combatantOf(reading.attacker as Actor.Implementation)
      : undefined;
    const grapple = request.maneuver === "grapple";
    if (grapple && (!combat?.started || !attacker?.id || !defender?.id))
      return refuse("notInCombat");
    const names: Record<string, string> = { a: reading.attacker.name, d: reading.target.name };
    const check = await runInFoundry(
      maneuverPlan(
        request.maneuver,
        { id: "a", who: reading.attacker.statblock },
        { id: "d", who: reading.target.statblock },
      ),
      {
        flavor: t(`FRAY.Shock.Roll.${request.maneuver}`, { name: reading.target.name }),
        card: message,
        name: (label) => names[label],
      },
    );
    if (grapple && check.won && combat && attacker?.id && defender?.id) {
      await writeHolds(combat, grab(holdsOf(combat), attacker.id, defender.id));
    }
    return { ok: true, ledger: { maneuver: { kind: request.maneuver, by: sender.id, ...check } } };
  },
};

/** Breaking free (a Main action): the defender's one check against each grappler holding it. */
async function performBreakFree(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = readCombatantRequest(payload);
  const combat = game.combats?.get(p?.combatId ?? "") as ShockCombat | undefined;
  const c = combat?.shockCombatants.find((x) => x.id === p?.combatantId);
  if (!combat?.started || !c?.id) return refuse("notInCombat");
  const actor = c.actor as ShockActor | null;
  if (!actor || !senderOwns(sender, actor)) return refuse("notOwner");
  // A hold counts only when both marks agree (each side's combatant is its own owner's to edit).
  const grapplers = combatHolders(combat, c);
  const why = breakFreeRefusal({
    up: actor.health === "up", defeated: c.isDefeated, grapplers: grapplers.length,
    turn: combat.turnStateOf(c),
  });
  if (why) throw new Error(t(why, { name: actor.name }));
  // Read before anything is written: a grappler deleted once the Main is paid is still a party.
  const parties = grapplers.map((g) => ({ id: g.id ?? "", who: blockOf(g) }));
  const self = { id: c.id, who: actor.statblock };
  const names = new Map<string, string>([
    [c.id, actor.name],
    ...grapplers.map((g): [string, string] => [g.id ?? "", g.name ?? ""]),
  ]);
  // A check, a holds' write or the card that fails midway (a document deleted meanwhile, a write
  // refused) puts back the Main and the holds (`shell/gm/put-back.ts`).
  return withPutBack(async (recorder) => {
    watchHolds(recorder, combat, [c.id ?? "", ...parties.map((p) => p.id)]);
    if (!(await combat.spend(c, "breakFree")))
      throw new Error(t("FRAY.Shock.Refuse.Spent.breakFree"));
    const outcome = await runInFoundry(breakFreePlan(self, parties), {
      flavor: t("FRAY.Shock.Roll.breakFree", { name: actor.name }),
      actor: actor as never,
      name: (label) => names.get(label),
    });
    await writeHolds(combat, escape(holdsOf(combat), c.id ?? "", outcome.escaped));
    const grapplerName = (id: string) => grapplers.find((g) => g.id === id)?.name ?? "";
    const content = breakFreeHtml(outcome, actor.name, grapplerName, grapplers.length, t);
    await postNote({ content, alias: actor.name });
    return { ok: true };
  });
}

/** Watches what a grapple request may write of these combatants, kept on the combat. */
export function watchHolds(recorder: Recorder, combat: ShockCombat, ids: readonly string[]): void {
  recorder.watch(combat, ids.flatMap((id) => HOLD_FIELDS.map((f) => keptPath(id, f))));
}

function blockOf(c: ShockCombatant): Statblock {
  return (c.actor as ShockActor).statblock;
}

/** The able grapplers holding `c` (`grapplersOf`: both marks agree). */
function combatHolders(combat: ShockCombat, c: ShockCombatant): ShockCombatant[] {
  const member = (x: ShockCombatant) => ({
    id: x.id, grappling: x.data.grappling, grappledBy: x.data.grappledBy,
    able: Boolean(x.actor) && !x.isDefeated,
  });
  const ids = grapplersOf(combat.shockCombatants.map(member), member(c));
  return combat.shockCombatants.filter((g) => ids.includes(g.id ?? ""));
}

/**
 * The end of a round (the active GM, from `ShockCombat._onEndRound`): each grappled defender still
 * up takes unarmed damage from each grappler holding it, rolled with Foundry's Roll; one chat card
 * lists it. A defender who falls is let go.
 */
export async function grappleRoundEnd(combat: ShockCombat): Promise<void> {
  const fighters = combat.shockCombatants.flatMap((c) => {
    const actor = c.actor as ShockActor | null;
    if (!c.id || !actor) return [];
    const able = actor.health === "up" && !c.isDefeated;
    return [{ id: c.id, hold: c.hold, able, weapons: actor.statblock.weapons, c, actor }];
  });
  const plan = endOfRoundPlan(fighters);
  const hits: RoundEndHit[] = [];
  const rolls: Roll[] = [];
  for (const step of plan) {
    const g = fighters.find((f) => f.id === step.grappler);
    const d = fighters.find((f) => f.id === step.defender);
    if (!g || !d || d.actor.health !== "up") continue;
    const roll = await new Roll(`${step.weapon.dice}d${step.weapon.die}`).evaluate();
    rolls.push(roll);
    const amount = grappleHit(step, g.actor.statblock, d.actor.statblock, allDice(roll));
    const { before, after } = await d.actor.changeHp(-amount);
    const fell = d.actor.health !== "up";
    hits.push({ grappler: g.c.name ?? "", target: d.c.name ?? "", amount, before, after, fell });
    if (fell) {
      await markFall(combat, d.c, d.actor);
      await writeHolds(combat, releaseAll(holdsOf(combat), d.id));
    }
  }
  if (hits.length) await postNote({ content: roundEndHtml(hits, combat.round, t), rolls });
}
