import type { ActorDocumentSource } from "../rules/statblock";

/**
 * Actor sources for phases' tests: Wren, a tier 2 character with a sword, a bow, an edited Walk
 * and a healing draught; a tier 1 goblin with a spear; both as a pack or `actor.toObject()` gives
 * them.
 */
export const wren = (system: Record<string, unknown> = {}): ActorDocumentSource => ({
  _id: "wren", name: "Wren", type: "phasesCharacter",
  system: {
    hp: { value: 18, max: 22 }, atk: 4, def: 13, int: 2, agi: 3, speed: 6, tier: 2,
    calling: "Warden", ...system,
  },
  items: [
    {
      _id: "sword", name: "Longsword", type: "phasesAttack",
      system: {
        kind: "melee", range: 1, damage: { dice: 1, die: "8", bonus: 2 }, basic: true,
        effects: [{ condition: "dazed", duration: "endOfRound" }],
      },
    },
    {
      _id: "bow", name: "Pinning Shot", type: "phasesAttack",
      system: {
        kind: "ranged", range: 12, targets: 2, damage: { dice: 2, die: "6", bonus: 0 },
        miss: "half", effects: [{ condition: "slowed", duration: "saveEnds", onMiss: true }],
      },
    },
    {
      _id: "walk", name: "Long Stride", type: "phasesMovement",
      system: { kind: "walk", squares: { base: "speed", times: 1, plus: 1 } },
    },
    {
      _id: "leap", name: "Leap", type: "phasesMovement",
      system: { kind: "other", squares: { base: "fixed", times: 0, plus: 3 }, provokes: false },
    },
    {
      _id: "draught", name: "Healing Draught", type: "phasesActivatable",
      system: { uses: { value: 2, max: 3 }, heal: { dice: 2, die: "4", bonus: 2 }, ends: ["dazed"] },
    },
    { _id: "rope", name: "Rope", type: "loot", system: {} },
  ],
});

export const goblin = (system: Record<string, unknown> = {}): ActorDocumentSource => ({
  _id: "gob", name: "Goblin", type: "phasesNpc",
  system: { hp: { value: 7, max: 7 }, atk: 2, def: 11, int: 0, agi: 2, speed: 6, tier: 1, ...system },
  items: [
    {
      _id: "spear", name: "Spear", type: "phasesAttack",
      system: { kind: "melee", damage: { dice: 1, die: "6", bonus: 1 } },
    },
  ],
});
