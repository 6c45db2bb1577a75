import type { DiceRoller } from "../../../engine/dice/roller";
import type { Defense } from "../rules/constants";
import { damageDice } from "../rules/damage";
import { orderByBands } from "../rules/initiative";
import { abilityDamage, type Statblock } from "../rules/statblock";

/**
 * The bench's plain simulator: the same statblocks as the full rules, played without any of their
 * machinery, so that the bench can say what the full rules cost. Each combatant makes its at-will
 * attack every turn (3d6 + Level + Volition against the ability's defense; on a hit its damage
 * dice), in band order, at a random living foe, until one side is down. No conditions, edge,
 * crits, escalation die, resistances, miss damage, death saves, engagement or tactics.
 */
export interface PlainAttack {
  readonly name: string;
  /** Level + Volition: what the full rules add to 3d6 before the escalation die and edge. */
  readonly bonus: number;
  readonly defense: Defense;
  /** Hit damage: `count`d`faces` + `flat`. */
  readonly count: number;
  readonly faces: number;
  readonly flat: number;
}

export interface PlainCombatant {
  readonly name: string;
  readonly party: boolean;
  readonly hpMax: number;
  readonly defenses: Readonly<Record<Defense, number>>;
  /** Null when the statblock has no plain at-will attack (it then only soaks hits). */
  readonly attack: PlainAttack | null;
}

/** A line-up prepared once: combatants in turn order (the band order the full rules use). */
export interface PlainLineup {
  readonly combatants: readonly PlainCombatant[];
}

export interface PlainResult {
  readonly winner: "party" | "enemies" | "draw";
  /** The round the fight ended in (the last round played for a draw). */
  readonly rounds: number;
}

/**
 * The attack a statblock makes in the plain simulator: its first at-will attack in statblock
 * order that needs nothing the plain simulator leaves out (no escalation minimum, no Power, not an
 * interrupt); for a PC, of its basic attacks only the one of its stance, as the full tactics do.
 */
export function plainAttackOf(block: Statblock): PlainAttack | null {
  const entry = block.abilities.find(
    ({ system: a }) =>
      a.frequency === "atWill"
      && a.defense !== "none"
      && a.action !== "interrupt"
      && a.escalationMin === 0
      && a.powerCost === 0
      && (a.basic === "none" || !block.isPC || a.basic === block.stance),
  );
  if (!entry) return null;
  const dice = damageDice(abilityDamage(entry.system, block.stanceDie), block);
  return {
    name: entry.name,
    bonus: block.level + block.volition,
    defense: entry.system.defense as Defense,
    count: dice.count,
    faces: dice.faces,
    flat: dice.flat,
  };
}

/** Prepares a party and its foes for {@link plainFight} (turn order and attacks, computed once). */
export function plainLineup(party: readonly Statblock[], foes: readonly Statblock[]): PlainLineup {
  const all = [...party, ...foes];
  const order = orderByBands(
    all.map((b, i) => ({
      id: String(i).padStart(4, "0"),
      band: b.band,
      isPC: b.isPC,
      order: i,
      i,
    })),
  );
  return {
    combatants: order.map(({ i }) => {
      const block = all[i] as Statblock;
      return {
        name: block.name,
        party: i < party.length,
        hpMax: block.hpMax,
        defenses: block.defenses,
        attack: plainAttackOf(block),
      };
    }),
  };
}

/**
 * Plays one plain fight. Deterministic given the roller's dice.
 * @param maxRounds a draw after this many rounds (the full runner's default is 30 too).
 */
export function plainFight(lineup: PlainLineup, roller: DiceRoller, maxRounds = 30): PlainResult {
  const { combatants } = lineup;
  const hp = combatants.map((c) => c.hpMax);
  const up = (side: boolean) => {
    let n = 0;
    for (let j = 0; j < combatants.length; j++)
      if (combatants[j]!.party === side && hp[j]! > 0) n++;
    return n;
  };
  for (let round = 1; round <= maxRounds; round++) {
    for (let i = 0; i < combatants.length; i++) {
      const c = combatants[i]!;
      if (hp[i]! <= 0 || !c.attack) continue;
      // A random living foe, counted and picked without building a list (as the full runner does).
      let k = roller.die(up(!c.party));
      let t = 0;
      for (; t < combatants.length; t++)
        if (combatants[t]!.party !== c.party && hp[t]! > 0 && --k === 0) break;
      const target = combatants[t]!;
      const a = c.attack;
      if (roller.die(6) + roller.die(6) + roller.die(6) + a.bonus < target.defenses[a.defense])
        continue;
      let damage = a.flat;
      for (let d = 0; d < a.count; d++) damage += roller.die(a.faces);
      hp[t] = hp[t]! - Math.max(0, damage);
      if (up(!c.party) === 0) return { winner: c.party ? "party" : "enemies", rounds: round };
    }
  }
  return { winner: "draw", rounds: maxRounds };
}
