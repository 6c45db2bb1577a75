import type { DiceRoller } from "../../../engine/dice/roller";
import { ATTACK_FACES, DEFENSE_BASE } from "../rules/constants";
import type { Statblock } from "../rules/statblock";

/**
 * The bench's plain simulator for `wounds`: the same statblocks as the full rules, without their
 * machinery, so the bench can say what the full rules cost. Each round the party then the foes
 * attack once each with their first weapon: d20 + Accuracy against 10 + a random standing foe's
 * Agility, the weapon's damage (+ Strength in melee) less armor on a hit, until one side is out.
 * No initiative, field, movement, aims, chains, wounds, purchases, free hits, spells or summons.
 */
export interface PlainWoundsCombatant {
  readonly party: boolean;
  readonly hp: number;
  readonly accuracy: number;
  readonly defense: number;
  readonly armor: number;
  /** Damage `count`d`faces` + `flat`; null when it has no weapon. */
  readonly attack: { readonly count: number; readonly faces: number; readonly flat: number } | null;
}

/** Prepares the line-up once: the party then the foes, each with its plain attack. */
export function plainWoundsLineup(
  party: readonly Statblock[], foes: readonly Statblock[],
): PlainWoundsCombatant[] {
  return [...party, ...foes].map((block, i) => {
    const w = block.weapons[0];
    return {
      party: i < party.length, hp: block.hp, accuracy: block.accuracy,
      defense: DEFENSE_BASE + block.agility, armor: block.armor,
      attack: w ? {
        count: w.damage.dice, faces: w.damage.die,
        flat: w.damage.bonus + (w.kind === "melee" ? block.strength : 0),
      } : null,
    };
  });
}

/**
 * Plays one plain fight; deterministic given the roller's dice.
 * @returns the winning side, or "draw" after `maxRounds`.
 */
export function plainWoundsFight(
  lineup: readonly PlainWoundsCombatant[], roller: DiceRoller, maxRounds = 30,
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
      const target = lineup[t]!;
      if (roller.die(ATTACK_FACES) + c.accuracy < target.defense) continue;
      let damage = a.flat;
      for (let d = 0; d < a.count; d++) damage += roller.die(a.faces);
      hp[t] = hp[t]! - Math.max(0, damage - target.armor);
      if (up(!c.party) === 0) return c.party ? "party" : "foes";
    }
  }
  return "draw";
}
