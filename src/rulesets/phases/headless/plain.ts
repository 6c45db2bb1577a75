import type { DiceRoller } from "../../../engine/dice/roller";
import { ATTACK_FACES } from "../rules/constants";
import type { Statblock } from "../rules/statblock";

/**
 * The bench's plain simulator for `phases`: the same statblocks as the full rules, without their
 * machinery, so the bench can say what the full rules cost. Each round the party then the foes
 * attack once each with their first attack power: 2d6 + ATK against a random standing foe's DEF,
 * the power's damage on a hit, until one side is down. No initiative, phases, edge, positions,
 * movement, opportunity attacks, conditions, saves, items or tactics.
 */
export interface PlainPhasesCombatant {
  readonly party: boolean;
  readonly hp: number;
  readonly atk: number;
  readonly def: number;
  /** Damage `count`d`faces` + `flat`; null when it has no attack power. */
  readonly attack: { readonly count: number; readonly faces: number; readonly flat: number } | null;
}

/** Prepares the line-up once: the party then the foes, each with its plain attack. */
export function plainPhasesLineup(
  party: readonly Statblock[], foes: readonly Statblock[],
): PlainPhasesCombatant[] {
  return [...party, ...foes].map((block, i) => {
    const power = block.attacks[0];
    return {
      party: i < party.length, hp: block.hp, atk: block.atk, def: block.def,
      attack: power
        ? { count: power.damage.dice, faces: power.damage.die, flat: power.damage.bonus }
        : null,
    };
  });
}

/**
 * Plays one plain fight; deterministic given the roller's dice.
 * @returns the winning side, or "draw" after `maxRounds`.
 */
export function plainPhasesFight(
  lineup: readonly PlainPhasesCombatant[], roller: DiceRoller, maxRounds = 30,
): "party" | "foes" | "draw" {
  const hp = lineup.map((c) => c.hp);
  const up = (party: boolean) => {
    let n = 0;
    for (let j = 0; j < lineup.length; j++) if (lineup[j]!.party === party && hp[j]! > 0) n++;
    return n;
  };
  for (let round = 1; round <= maxRounds; round++) {
    for (let i = 0; i < lineup.length; i++) {
      const c = lineup[i]!;
      const a = c.attack;
      if (!a || hp[i]! <= 0) continue;
      let k = roller.die(up(!c.party));
      let t = 0;
      for (; t < lineup.length; t++) {
        if (lineup[t]!.party !== c.party && hp[t]! > 0 && --k === 0) break;
      }
      const roll = roller.die(ATTACK_FACES) + roller.die(ATTACK_FACES);
      if (roll + c.atk < lineup[t]!.def) continue;
      let damage = a.flat;
      for (let d = 0; d < a.count; d++) damage += roller.die(a.faces);
      hp[t] = hp[t]! - Math.max(0, damage);
      if (up(!c.party) === 0) return c.party ? "party" : "foes";
    }
  }
  return "draw";
}
