import type { AttackCard } from "../../src/chat/card-spec";

/** A two-target card: a crit that applies Dazed, and a crit fail. */
export const sampleCard: AttackCard = {
  actorUuid: "Actor.a", abilityName: "Arc Lance", escalation: 2, sustainItemId: "", formula: "3d6 + 3 + 4 + 2",
  targets: [
    { tokenUuid: "Scene.s.Token.t1", name: "Marsh Hag", defense: "pd", defenseValue: 14, dice: [6, 5, 6], natural: 17, total: 26, edge: 0, hit: true, crit: true, critFail: false, invisibleFailed: false, damage: 30, damageType: "lightning", damageFormula: "3d6 + 4", halved: false, damageKind: "hit", lastGasp: false, selfDamage: 0, effects: [{ id: "dazed", duration: "endOfNextTurn", save: 11, amount: 0, damageType: "weapon" }], applied: { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [], lastGasp: false, selfDamage: 0 } },
    { tokenUuid: "Scene.s.Token.t2", name: "Hollow Sentry", defense: "pd", defenseValue: 16, dice: [1, 1, 1], natural: 3, total: 12, edge: -1, hit: false, crit: false, critFail: true, invisibleFailed: false, damage: 0, damageType: "lightning", damageFormula: "", halved: false, damageKind: "none", lastGasp: false, selfDamage: 0, effects: [], applied: { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [], lastGasp: false, selfDamage: 0 } },
  ],
};
