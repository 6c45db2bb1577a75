import { derive } from "../../src/rulesets/wounds/rules/derived";
import { NO_STATES } from "../../src/rulesets/wounds/rules/states";
import { postedOf, type WoundsCard } from "../../src/rulesets/wounds/play/cards/card-spec";
import {
  planOf, sealAttack, type AttackFacts, type WoundsSeal,
} from "../../src/rulesets/wounds/play/cards/seal";
import { packStatblock } from "../../src/rulesets/wounds/test/pack-statblocks";

/**
 * A wounds attack card as the tests' Foundry and browser tiers post and seal it: Wren Ashby's
 * Twin Daggers against the Orc Brute, aimed at a slowing target, outside a combat, sealed by the
 * pure seal with the dice given.
 */
export const WREN = packStatblock("pregens", "wren-ashby");
export const BRUTE = packStatblock("npcs", "orc-brute");
const DAGGERS = WREN.weapons.find((w) => w.name === "Twin Daggers")!;

export const woundsCard: WoundsCard = {
  actorUuid: "Actor.wrenwrenwrenwren", itemId: DAGGERS.id, itemName: DAGGERS.name,
  tokenUuid: "Scene.scenescenescene.Token.wrenwrenwrenwren",
  targetTokenUuid: "Scene.scenescenescene.Token.brutebrutebrute1", targetName: "Orc Brute",
  combatId: "", round: 0, aim: "slowing", extraAttack: false, buyToHit: 0, buyMeleeDamage: 0,
  improveSpell: 0, freeHitFor: "",
};

/** The seal's facts: both units unwounded, the daggers in reach, `patch` over them. */
export const woundsFacts = (patch: Partial<AttackFacts> = {}): AttackFacts => ({
  attacker: WREN, attackerDerived: derive(WREN, [], 0), target: BRUTE,
  targetDerived: derive(BRUTE, [], 0), targetStates: NO_STATES, weapon: DAGGERS,
  attackerUp: true, targetUp: true, attackerSick: false, inReach: true, inTargetZone: true,
  flanking: false, undetected: false, gmPosted: false, freeHit: false, spell: false,
  improvement: 0,
  combat: null, ...patch,
});

/**
 * The card sealed by `author` with a d20 of `d20` and the weapon dice `weapon`.
 * @throws Error with the refusal when the seal refuses it.
 */
export function woundsSeal(
  author: string, d20 = 20, weapon: readonly number[] = [5], facts = woundsFacts(),
  card = woundsCard,
): WoundsSeal {
  const planned = planOf(facts, postedOf(card));
  if (typeof planned === "string") throw new Error(planned);
  const v = sealAttack(card, author, facts, planned, d20, weapon, []);
  if (!v.ok) throw new Error(v.refused);
  return v.seal;
}
