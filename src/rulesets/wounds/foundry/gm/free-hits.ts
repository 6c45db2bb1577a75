import type { Move } from "../../../../shell/movement/watch";
import { walkedOf } from "../../../../shell/movement/walked";
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
 * Free hits, offered by the active GM: after a move, to each enemy whose melee zone the walk left
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

/** The mover's enemies in the encounter as watchers of their melee zones on the walk's grid. */
function watchersOf(
  combat: WoundsCombat, mover: WoundsCombatant, footprint: (t: TokenDocument.Implementation) =>
    Watcher["at"] | null,
): Watcher[] {
  const side = Math.sign(mover.token?.disposition ?? 0);
  return combat.woundsCombatants.flatMap((c) => {
    const token = c.token as TokenDocument.Implementation | null;
    const actor = c.actor as WoundsActor | null;
    const at = token ? footprint(token) : null;
    const hostile = side !== 0 && Math.sign(token?.disposition ?? 0) === -side;
    if (c.id === mover.id || !at || !actor || !isWoundsActor(actor) || !hostile) return [];
    return [{
      id: c.id ?? "", at, zone: actor.unit.derived.meleeZone, slotsLeft: c.data.freeHit,
      mayAct: up(c, combat),
    }];
  });
}

/** On the active GM's client, once per move: the free hits its walk gives. */
export async function afterMove(move: Move): Promise<void> {
  const combat = move.combat as WoundsCombat;
  const mover = move.combatant as WoundsCombatant;
  const walked = walkedOf(move);
  if (!combat.started || !mover.id || !walked) return;
  const at = walked.placement.footprint(tokenPlace(move.token));
  if (!at) return;
  const footprint = (token: TokenDocument.Implementation) =>
    walked.placement.footprint(tokenPlace(token));
  const provoked = provokedBy(walked.placement.grid, walked.cells, at,
    watchersOf(combat, mover, footprint), mover.data.disengaged === combat.round);
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
