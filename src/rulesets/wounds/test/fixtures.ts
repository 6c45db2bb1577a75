import type { ActorDocumentSource } from "../rules/statblock";

/**
 * Actor sources for the `wounds` tests, as a pack or `actor.toObject()` stores them: a fighter
 * with Weapon Focus on her sword and a Sneak Attack feat, a goblin summon, a caster.
 */
export function bran(): ActorDocumentSource {
  return {
    _id: "bran", name: "Bran", type: "woundsCharacter",
    system: {
      level: 3, hp: { value: 24, max: 24 }, mp: { value: 4, max: 10 },
      accuracy: 3, agility: 2, strength: 2, armor: 1, movement: 6,
    },
    items: [
      {
        _id: "sword", name: "Longsword", type: "woundsWeapon",
        system: { kind: "melee", damage: { dice: 1, die: "8", bonus: 0 } },
      },
      {
        _id: "bow", name: "Shortbow", type: "woundsWeapon",
        system: { kind: "ranged", damage: { dice: 1, die: "6", bonus: 1 } },
      },
      {
        _id: "focus", name: "Weapon Focus", type: "woundsFeat",
        system: { feat: "weaponFocus", weapons: ["Longsword"] },
      },
      { _id: "sneak", name: "Sneak Attack", type: "woundsFeat", system: { feat: "sneakAttack" } },
    ],
  };
}

export function goblin(): ActorDocumentSource {
  return {
    _id: "goblin", name: "Goblin", type: "woundsNpc",
    system: {
      level: 1, hp: { value: 8, max: 8 }, accuracy: 1, agility: 1, strength: 0, armor: 0,
    },
    items: [{
      _id: "dagger", name: "Dagger", type: "woundsWeapon",
      system: { kind: "melee", damage: { dice: 1, die: "4", bonus: 0 } },
    }],
  };
}

export function mira(): ActorDocumentSource {
  return {
    _id: "mira", name: "Mira", type: "woundsCharacter",
    system: {
      level: 4, hp: { value: 14, max: 14 }, mp: { value: 20, max: 20 },
      accuracy: 1, agility: -1, strength: -1, armor: 0, movement: 6,
    },
    items: [
      { _id: "bolt", name: "Fire Bolt", type: "woundsSpell", system: { castTime: 1, mp: 2 } },
      { _id: "storm", name: "Storm", type: "woundsSpell", system: { castTime: 4, mp: 8 } },
      { _id: "ward", name: "Ward", type: "woundsSpell", system: { castTime: 1, mp: 3, upkeep: 1 } },
      { _id: "lead", name: "Legion Leader", type: "woundsFeat", system: { feat: "legionLeader" } },
      { _id: "bc", name: "Battle Caster", type: "woundsFeat", system: { feat: "battleCaster" } },
      { _id: "ath", name: "Athlete", type: "woundsFeat", system: { feat: "athlete" } },
    ],
  };
}
