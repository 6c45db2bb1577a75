import type { AttackCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";
import type { CardRecords } from "../../src/rulesets/escalation/play/views/card-view";

/** A two-target card: a crit that applies Dazed, and a crit fail. */
export const sampleCard: AttackCard = {
  actorUuid: "Actor.a", abilityName: "Arc Lance", escalation: 2, sustainItemId: "", formula: "3d6 + 3 + 4 + 2",
  combatId: "combat1", round: 2,
  targets: [
    { tokenUuid: "Scene.s.Token.t1", name: "Marsh Hag", defense: "pd", dice: [6, 5, 6], natural: 17, total: 26, edge: 0, level: 3, volition: 4, hit: true, crit: true, critFail: false, invisibleFailed: false, damage: 30, damageType: "lightning", damageFormula: "3d6 + 4", halved: false, damageKind: "hit", lastGasp: false, selfDamage: 0, effects: [{ id: "dazed", duration: "endOfNextTurn", save: 11, amount: 0, damageType: "weapon" }] },
    { tokenUuid: "Scene.s.Token.t2", name: "Hollow Sentry", defense: "pd", dice: [1, 1, 1], natural: 3, total: 12, edge: -1, level: 3, volition: 4, hit: false, crit: false, critFail: true, invisibleFailed: false, damage: 0, damageType: "lightning", damageFormula: "", halved: false, damageKind: "none", lastGasp: false, selfDamage: 0, effects: [] },
  ],
};

/** Viewers of a card: its author, another player and the GM. */
export const AUTHOR = { isGM: false, userId: "player1" } as const;
export const OTHER = { isGM: false, userId: "player2" } as const;
export const GM = { isGM: true, userId: "gm" } as const;

/** The sample card as the GM sealed it when player1 posted it. */
export const sealed: CardRecords = { seal: sealAttack(sampleCard, "player1"), ledger: undefined };
/** The defense values the GM's client reads for the sample card's targets. */
export const defenses = [14, 16];
