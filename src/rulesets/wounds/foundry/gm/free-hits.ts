import type { Move } from "../../../../shell/movement/watch";
import { stepsOf, walkedOf, type Walked } from "../../../../shell/movement/walked";
import type { MoveVerdict } from "../../../../shell/movement/judged";
import { ruleWalk } from "../../play/round/walk";
import { enemiesOnWalk } from "../../../../shell/movement/walk-enemies";
import { tokenPlace } from "../../../../shell/combat/positions";
import { offerAgainst, offerOnce } from "../../../../shell/offers/runtime";
import { attackOffer } from "../../../../shell/offers/attack-offer";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  CRITICAL_FREE_HIT_KIND, FREE_HIT_KIND, fumbleOfferKind, provokedBy, type Watcher,
} from "../../play/round/free-hits";
import type { FumbleFreeHit } from "../../rules/free-hits";
import { isWoundsActor } from "../../play/actors/unit";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";
import { attackWith } from "../chat/attack";

/**
 * A move in a battle is paid from the Move Action (`judgeDrag`, `play/round/walk.ts`). Free hits,
 * offered by the active GM: after a move, to each enemy whose melee zone the walk left
 * or crossed for more than 2 spaces, while it has a slot (`play/round/free-hits.ts`; none
 * gridless); after a natural 1's chain settles, to its target (a tragedy's: a critical). Its
 * owner takes it: an attack card with its first melee weapon naming the offer, which the GM
 * checks and pays. Source: `001_dbc5fcc02a99a518.txt` §Free Hits, §Disengage, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Free hit.
 */

const up = (c: WoundsCombatant, combat: WoundsCombat): boolean => {
  const actor = c.actor as WoundsActor | null;
  return Boolean(actor && isWoundsActor(actor) && actor.health === "up" && !c.isDefeated
    && !combat.isSick(c));
};

/** The mover's enemies as watchers of their melee zones on the walk's grid. */
const watchersOf = (combat: WoundsCombat, mover: WoundsCombatant, walked: Walked): Watcher[] =>
  enemiesOnWalk(combat.woundsCombatants, mover, walked, (c, actor) => (isWoundsActor(actor) ? {
    zone: (actor as WoundsActor).unit.derived.meleeZone,
    slotsLeft: (c as WoundsCombatant).data.freeHit, mayAct: up(c as WoundsCombatant, combat),
  } : null));

/**
 * The shell's verdict on a drag (`shell/movement/judged.ts` refuses it on a player's client, puts
 * it back on the GM's and keeps what it paid), or null: gridless, or no wounds actor.
 */
export function judgeDrag(move: Move): MoveVerdict | null {
  const c = move.combatant as WoundsCombatant;
  const facts = (move.combat as WoundsCombat).spendFacts(c);
  const actor = c.actor as WoundsActor | null;
  const walked = walkedOf(move);
  if (!facts || !walked || !actor || !isWoundsActor(actor)) return null;
  const unit = { ...facts, derived: actor.unit.derived, feats: actor.statblock.feats };
  return ruleWalk(stepsOf(walked), unit, move.byGM, c.name ?? "");
}

/** On the active GM's client, once per move: the free hits its walk gives. */
export async function afterMove(move: Move): Promise<void> {
  const combat = move.combat as WoundsCombat;
  const mover = move.combatant as WoundsCombatant;
  const walked = walkedOf(move);
  if (!combat.started || !mover.id || !walked) return;
  const at = walked.placement.footprint(tokenPlace(move.token));
  if (!at) return;
  const provoked = provokedBy(walked.placement.grid, walked.cells, at,
    watchersOf(combat, mover, walked), mover.data.disengaged === combat.round);
  if (!provoked.length) return;
  await offerOnce(combat, mover, provoked.map((p) => p.id), FREE_HIT_KIND, "move", {
    title: t("FRAY.Wounds.FreeHit.Title"),
    line: t("FRAY.Wounds.FreeHit.MoveLine", { name: mover.name ?? "" }),
    button: (name) => t("FRAY.Wounds.FreeHit.Button", { name }),
  });
}

/**
 * After a natural 1's chain settled (the card's link step, active GM): its target's free hit
 * against the attacker, when the outcome gives one.
 */
export async function offerFumbleFreeHit(
  combat: WoundsCombat, attacker: WoundsCombatant, target: WoundsCombatant,
  freeHit: FumbleFreeHit,
): Promise<void> {
  const kind = fumbleOfferKind(freeHit, target.data.freeHit, up(target, combat));
  if (!kind || !target.id) return;
  const critical = kind === CRITICAL_FREE_HIT_KIND;
  await offerAgainst(combat, attacker, [target.id], kind, critical ? "tragedy" : "fumble", {
    title: t("FRAY.Wounds.FreeHit.Title"),
    line: t(`FRAY.Wounds.FreeHit.${critical ? "TragedyLine" : "FumbleLine"}`,
      { name: attacker.name ?? "" }),
    button: (name) => t("FRAY.Wounds.FreeHit.Button", { name }),
  });
}

/** Its first melee weapon, else its first weapon: what a free hit strikes with. */
function freeHitWeapon(actor: WoundsActor): Item.Implementation | undefined {
  const w = actor.statblock.weapons;
  return actor.items.get((w.find((x) => x.kind === "melee") ?? w[0])?.id ?? "");
}

/** Taking a free hit offered by the active GM, on the enemy's owner's client. */
const takeFreeHit = (critical: boolean) => attackOffer("FRAY.Wounds.FreeHit.Unarmed",
  (actor) => (isWoundsActor(actor) ? freeHitWeapon(actor as WoundsActor) : undefined),
  (actor, item, grant) =>
    attackWith(actor as WoundsActor, item, { freeHit: { ...grant, critical } }));

export const FREE_HIT_OFFER = takeFreeHit(false);
export const CRITICAL_FREE_HIT_OFFER = takeFreeHit(true);
