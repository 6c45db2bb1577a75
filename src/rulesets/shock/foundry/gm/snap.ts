import { heldAttackersOn, snappersOn } from "../../play/cards/snap";
import { snapCandidate } from "../../play/cards/fighter";
import type { Snapper } from "../../play/cards/card-seal";
import { fighterOf, footprintOf, squareGrid } from "./placement";
import type { ShockCombatant } from "../documents/combatant";
import type { CardReading } from "./reading";

/**
 * Snap Attacks on the active GM's client: who of the target's side (the target itself included)
 * may snap at the attacker,
 * read from the documents (`chat/snap.ts`), when the card is sealed (its reaction window offers
 * them) and again when an ally takes one (`gm/react.ts`). The ally's own client then makes the
 * attack at −4 through the usual attack flow; its card names this one (`snapFor`), which the GM
 * links when it seals it, and reports back once done (`gm/window.ts`). Source:
 * `002_5e27cdf788b28f5f.txt` §Make a Snap Attack, §Instant Actions.
 */

/**
 * The target's side (the target included) offered a Snap Attack on a card's attacker now, read
 * from the documents.
 */
export function snapOffers(reading: CardReading, attackerId: string): Snapper[] {
  return offersOf(reading, attackerId, snappersOn);
}

/**
 * The target's side (the target included) offered a held attack on a card's attacker now, read
 * from the documents (`heldAttackersOn`).
 */
export function heldAttackOffers(reading: CardReading, attackerId: string): Snapper[] {
  return offersOf(reading, attackerId, heldAttackersOn);
}

/** Those `rule` offers an attack on a card's attacker now, each with its token and weapon. */
function offersOf(
  reading: CardReading, attackerId: string, rule: typeof snappersOn,
): Snapper[] {
  const { combat, combatant: target } = reading;
  const attacker = combat?.shockCombatants.find((c) => c.id === attackerId);
  if (!combat?.started || !target?.id || !attacker) return [];
  const all = combat.shockCombatants.map((c) => snapCandidate(fighterOf(c, combat)));
  const allies = rule(
    { id: target.id, side: target.side },
    { id: attackerId, at: footprintOf(attacker) },
    all,
    squareGrid(combat),
  );
  return allies.flatMap(({ id, weapon }) => {
    const c = combat.combatants.get(id) as ShockCombatant | undefined;
    return c?.token
      ? [{ combatantId: id, name: c.name ?? "", tokenUuid: c.token.uuid, weaponId: weapon.id }]
      : [];
  });
}
