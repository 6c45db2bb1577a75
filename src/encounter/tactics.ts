import type { DiceRoller } from "../rules/dice/roller";
import { canAct } from "../rules/escalation/health";
import { enemyBasicAttack, isHampered, useBlock, type AbilityEntry, type Statblock } from "../rules/escalation/statblock";
import { conditionIds, type Fighter } from "./fighter";
import { sustainLive } from "./survival";

/**
 * The headless runner's simple, deterministic-given-the-dice tactics: a PC stabilises a Dying ally
 * with two failures, Rallies when badly hurt, else everyone uses its first usable attack on random
 * living foes.
 */
export type Plan =
  | { kind: "stabilize"; ally: Fighter }
  | { kind: "rally" }
  | { kind: "sustain" }
  | { kind: "attack"; ability: AbilityEntry }
  | { kind: "none" };

/**
 * Abilities the runner may pick for a statblock (attacks taken on its own turn, basics of its
 * stance), each with its data as if unused: the runner's `expended` list, not the stored `used`
 * flag, says what is spent (the flag only seeds that list when the day starts).
 */
interface Option {
  readonly entry: AbilityEntry;
  readonly fresh: AbilityEntry["system"];
}
const candidates = new WeakMap<Statblock, readonly Option[]>();
function attackOptions(block: Statblock): readonly Option[] {
  let list = candidates.get(block);
  if (!list) {
    list = block.abilities
      .filter((a) => a.system.defense !== "none" && a.system.action !== "interrupt" && (a.system.basic === "none" || !block.isPC || a.system.basic === block.stance))
      .map((entry) => ({ entry, fresh: { ...entry.system, used: false } }));
    candidates.set(block, list);
  }
  return list;
}

export function chooseAbility(actor: Fighter, escalation: number): AbilityEntry | undefined {
  const conditions = conditionIds(actor);
  const context = { escalationDie: escalation, conditions };
  // Only a Hampered enemy needs to know which attack is its basic one.
  const basic = conditions.length && isHampered(conditions) ? enemyBasicAttack(actor.block) : undefined;
  return attackOptions(actor.block).find(
    (o) => !actor.expended.includes(o.entry.id) && useBlock(o.fresh, o.entry === basic ? { ...context, enemyBasic: true } : context) === null,
  )?.entry;
}

export function planTurn(actor: Fighter, fighters: readonly Fighter[], escalation: number): Plan {
  if (actor.block.isPC) {
    const ally = fighters.find((f) => f !== actor && f.side === actor.side && f.state === "dying" && !f.dead && !f.death.stabilized && f.death.failures >= 2);
    if (ally) return { kind: "stabilize", ally };
    if (actor.recoveries > 0 && actor.hp <= Math.floor(actor.block.hpMax / 4)) return { kind: "rally" };
  }
  // Keep a sustained ability going while what it holds up is still running.
  if (actor.sustaining && sustainLive(actor, fighters)) return { kind: "sustain" };
  const ability = chooseAbility(actor, escalation);
  return ability ? { kind: "attack", ability } : { kind: "none" };
}

/**
 * Up to `wanted` distinct living foes, chosen at random. The single-target case (most attacks)
 * counts and picks without building a list.
 */
export function pickTargets(actor: Fighter, fighters: readonly Fighter[], wanted: number, roller: DiceRoller): Fighter[] {
  let alive = 0;
  for (const f of fighters) if (f.side !== actor.side && canAct(f.state)) alive++;
  if (alive === 0) return [];
  if (wanted === 1) {
    let k = roller.die(alive);
    for (const f of fighters) if (f.side !== actor.side && canAct(f.state) && --k === 0) return [f];
  }
  const foes = fighters.filter((f) => f.side !== actor.side && canAct(f.state));
  const targets: Fighter[] = [];
  while (targets.length < Math.min(wanted, alive)) targets.push(foes.splice(roller.die(foes.length) - 1, 1)[0] as Fighter);
  return targets;
}
