import type { DiceRoller } from "../../../engine/dice/roller";
import { ATTACK_AP, CHECK_DIE } from "../rules/constants";
import type { Statblock } from "../rules/statblock";

/**
 * The bench's plain simulator for `action-points`: the same statblocks as the full rules, without
 * their machinery, so the bench can say what the full rules cost. Each combatant spends its AP on
 * attacks of 2 AP (two a round with 5 AP) with its first readied weapon, else its first spell: a
 * d100 under its Melee, Ranged or casting skill hits, a roll of a tenth of the skill or less (at
 * least 01) doubles the damage, 96 and above miss; the party first and then the foes, each attack
 * at a random foe still standing, until one side is down. No initiative roll, positions, movement,
 * modifiers, reactions, reaction attacks, RP or FP, special actions or tactics.
 */
export interface PlainApCombatant {
  readonly party: boolean;
  readonly hpMax: number;
  /** Attacks a round (AP / 2). */
  readonly attacks: number;
  /** Skill rolled under, and damage dice `count`d`faces` + `flat`; null when it has nothing. */
  readonly attack: {
    readonly skill: number; readonly count: number; readonly faces: number; readonly flat: number;
  } | null;
}

/** Prepares the line-up once: the party then the foes, each with its plain attack. */
export function plainApLineup(
  party: readonly Statblock[], foes: readonly Statblock[],
): PlainApCombatant[] {
  return [...party, ...foes].map((block, i) => {
    const attacks = Math.floor(block.pools.ap / ATTACK_AP);
    const weapon = block.weapons.find((w) => w.readied) ?? block.weapons[0];
    const spell = block.spells[0];
    const base = { party: i < party.length, hpMax: block.hpMax, attacks };
    if (weapon) {
      const skill = weapon.kind === "melee" ? block.skills.melee : block.skills.ranged;
      const d = weapon.damage;
      return { ...base, attack: { skill, count: d.dice, faces: d.die, flat: d.bonus } };
    }
    if (spell) {
      const d = spell.damage;
      const attack = { skill: block.skills.arcana, count: d.dice, faces: d.die, flat: d.bonus };
      return { ...base, attack };
    }
    return { ...base, attack: null };
  });
}

/**
 * Plays one plain fight; deterministic given the roller's dice.
 * @returns the winning side, or "draw" after `maxRounds`.
 */
export function plainApFight(
  lineup: readonly PlainApCombatant[], roller: DiceRoller, maxRounds = 30,
): "party" | "foes" | "draw" {
  const hp = lineup.map((c) => c.hpMax);
  const up = (party: boolean) => {
    let n = 0;
    for (let j = 0; j < lineup.length; j++) if (lineup[j]!.party === party && hp[j]! > 0) n++;
    return n;
  };
  for (let round = 1; round <= maxRounds; round++) {
    for (let i = 0; i < lineup.length; i++) {
      const c = lineup[i]!;
      const a = c.attack;
      for (let n = 0; n < c.attacks && a && hp[i]! > 0; n++) {
        let k = roller.die(up(!c.party));
        let t = 0;
        for (; t < lineup.length; t++) {
          if (lineup[t]!.party !== c.party && hp[t]! > 0 && --k === 0) break;
        }
        const roll = roller.die(CHECK_DIE);
        if (roll >= 96 || roll > a.skill) continue;
        let damage = a.flat;
        for (let d = 0; d < a.count; d++) damage += roller.die(a.faces);
        if (roll <= Math.max(1, Math.floor(a.skill / 10))) damage *= 2;
        hp[t] = hp[t]! - Math.max(0, damage);
        if (up(!c.party) === 0) return c.party ? "party" : "foes";
      }
    }
  }
  return "draw";
}
