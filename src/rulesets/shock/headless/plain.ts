import type { DiceRoller } from "../../../engine/dice/roller";
import { weaponAttribute, type Statblock } from "../rules/statblock";

/**
 * The bench's plain simulator for `shock`: the same statblocks as the full rules, without their
 * machinery, so the bench can say what the full rules cost. Each combatant attacks every turn with
 * its first readied weapon (d20 + attack bonus + the better attribute modifier + combat skill +
 * magic against AC; on a hit the weapon's dice + the modifier + magic), the party first and then
 * the foes, at a random living foe, until one side is down. No initiative roll, Shock, shields,
 * swarms, reactions, morale, Mortally Injured, positions or tactics.
 */
export interface PlainShockCombatant {
  readonly party: boolean;
  readonly hpMax: number;
  readonly ac: number;
  /** To-hit bonus, and damage dice `count`d`faces` + `flat`; null when it has no weapon. */
  readonly attack: { readonly bonus: number; readonly count: number; readonly faces: number; readonly flat: number } | null;
}

/** Prepares the line-up once: the party then the foes, each with its plain attack. */
export function plainShockLineup(party: readonly Statblock[], foes: readonly Statblock[]): PlainShockCombatant[] {
  return [...party, ...foes].map((block, i) => {
    const weapon = block.weapons.find((w) => w.readied) ?? block.weapons[0];
    if (!weapon) return { party: i < party.length, hpMax: block.hpMax, ac: block.ac, attack: null };
    const { modifier } = weaponAttribute(block, weapon);
    const skill = block.skills[weapon.skill] ?? 0;
    const bonus = block.attackBonus + modifier + skill + weapon.magic;
    const flat = modifier + weapon.magic;
    return {
      party: i < party.length, hpMax: block.hpMax, ac: block.ac,
      attack: { bonus, count: weapon.dice, faces: weapon.die, flat },
    };
  });
}

/**
 * Plays one plain fight; deterministic given the roller's dice.
 * @returns the winning side, or "draw" after `maxRounds`.
 */
export function plainShockFight(
  lineup: readonly PlainShockCombatant[], roller: DiceRoller, maxRounds = 30,
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
      if (hp[i]! <= 0 || !c.attack) continue;
      let k = roller.die(up(!c.party));
      let t = 0;
      for (; t < lineup.length; t++) if (lineup[t]!.party !== c.party && hp[t]! > 0 && --k === 0) break;
      const a = c.attack;
      if (roller.die(20) + a.bonus < lineup[t]!.ac) continue;
      let damage = a.flat;
      for (let d = 0; d < a.count; d++) damage += roller.die(a.faces);
      hp[t] = hp[t]! - Math.max(0, damage);
      if (up(!c.party) === 0) return c.party ? "party" : "foes";
    }
  }
  return "draw";
}
