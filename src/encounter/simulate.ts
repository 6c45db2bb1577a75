import type { DiceRoller } from "../rules/dice/roller";
import { rollPoolDice, rollSum } from "../rules/dice/pool";
import { planAttack, resolveAttack, type AttackOutcome } from "../rules/escalation/attack";
import { CONDITIONS } from "../rules/escalation/conditions";
import { confusedSelfDamage, damageDice, missDamage, resolveDamage, type DamageDice } from "../rules/escalation/damage";
import type { DamageType, Defense } from "../rules/escalation/constants";
import { escalationForRound } from "../rules/escalation/escalation-die";
import { canAct, hpAfterDamage } from "../rules/escalation/health";
import { orderByBands } from "../rules/escalation/initiative";
import { planSave, resolveSave } from "../rules/escalation/save";
import { abilityDamage, enemyBasicAttack, isHampered, stripsEffects, useBlock, type AbilityEntry, type Statblock } from "../rules/escalation/statblock";
import type { AbilitySource, ConditionEffectSource } from "../rules/escalation/models";
import type { EncounterEvent, EncounterResult, Side } from "./events";
import { conditionIds, createFighter, refreshState, setConditions, uniqueKeys, type Fighter } from "./fighter";

/**
 * Plays one `escalation` fight without Foundry: bands order, the escalation die, attacks with edge,
 * damage through the pipeline, conditions with their durations, ongoing damage and saves at the
 * end of each turn, Staggered/Dying/defeated. Tactics are simple and deterministic given the
 * dice: each combatant uses its first usable ability (statblock order) on random living foes.
 * Dying PCs are out of the fight here (death saves belong to a later issue).
 */
export interface EncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Stop (a draw) after this many rounds. */
  readonly maxRounds?: number;
  /** Collect events (off for fast trials). */
  readonly record?: boolean;
}

export function runEncounter(options: EncounterOptions): EncounterResult {
  const { roller } = options;
  const record = options.record ?? true;
  const events: EncounterEvent[] = [];
  const emit = record ? (e: EncounterEvent) => void events.push(e) : () => undefined;
  const setup = setupFor(options.party, options.foes);
  const fighters = setup.all.map((b, i) => createFighter(b, i < options.party.length ? "party" : "enemies", i, setup.keys[i]));
  const order = setup.order.map((i) => fighters[i] as Fighter);
  const maxRounds = options.maxRounds ?? 30;
  let round = 0;
  while (round < maxRounds) {
    round++;
    const escalation = escalationForRound(round);
    if (record) emit({ kind: "round", round, escalation });
    const ctx: TurnContext = { record, round, escalation, roller, emit };
    for (const actor of order) {
      if (!canAct(actor.state)) continue;
      if (record) emit({ kind: "turn", round, actor: actor.key });
      takeTurn(actor, fighters, ctx);
      endOfTurn(actor, ctx);
      const winner = winnerOf(fighters);
      if (winner) {
        emit({ kind: "end", round, winner });
        return { winner, rounds: round, events };
      }
    }
  }
  emit({ kind: "end", round, winner: "draw" });
  return { winner: "draw", rounds: round, events };
}

/**
 * What does not change between fights of the same line-up (names, turn order), cached so that
 * thousands of seeded trials do not redo it.
 */
interface Setup {
  readonly all: readonly Statblock[];
  readonly keys: readonly string[];
  readonly order: readonly number[];
}
const setups = new WeakMap<readonly Statblock[], WeakMap<readonly Statblock[], Setup>>();

function setupFor(party: readonly Statblock[], foes: readonly Statblock[]): Setup {
  let inner = setups.get(party);
  if (!inner) setups.set(party, (inner = new WeakMap()));
  let setup = inner.get(foes);
  if (!setup) {
    const all = [...party, ...foes];
    const order = orderByBands(all.map((b, i) => ({ id: String(i).padStart(4, "0"), band: b.band, isPC: b.isPC, order: i, i }))).map((e) => e.i);
    setup = { all, keys: uniqueKeys(all), order };
    inner.set(foes, setup);
  }
  return setup;
}

/** Abilities the runner may pick for a statblock: attacks taken on its own turn, basics of its stance. */
const candidates = new WeakMap<Statblock, readonly AbilityEntry[]>();
function attackOptions(block: Statblock): readonly AbilityEntry[] {
  let list = candidates.get(block);
  if (!list) {
    list = block.abilities.filter((a) => a.system.defense !== "none" && a.system.action !== "interrupt" && (a.system.basic === "none" || !block.isPC || a.system.basic === block.stance));
    candidates.set(block, list);
  }
  return list;
}

/** The side left standing, or null while both sides still have someone who can act. */
function winnerOf(fighters: readonly Fighter[]): Side | null {
  let party = false;
  let enemies = false;
  for (const f of fighters) {
    if (!canAct(f.state)) continue;
    if (f.side === "party") party = true;
    else enemies = true;
  }
  return !enemies ? "party" : !party ? "enemies" : null;
}

/**
 * What an ability always means for its owner, whatever the dice: damage types (a basic attack takes
 * the equipped weapon's) and the concrete damage dice. Cached per ability entry, which belongs to
 * exactly one statblock.
 */
interface AttackProfile {
  readonly types: DamageType[];
  readonly dice: DamageDice;
}
const profiles = new WeakMap<AbilityEntry, AttackProfile>();
function profileFor(block: Statblock, entry: AbilityEntry): AttackProfile {
  let profile = profiles.get(entry);
  if (!profile) {
    const a = entry.system;
    const types: DamageType[] = a.hit.damageTypes.length ? [...a.hit.damageTypes] : a.basic !== "none" ? [block.basicDamageType[a.basic]] : ["weapon"];
    profile = { types, dice: damageDice(abilityDamage(a, block.stanceDie), block) };
    profiles.set(entry, profile);
  }
  return profile;
}

interface TurnContext {
  readonly record: boolean;
  readonly round: number;
  readonly escalation: number;
  readonly roller: DiceRoller;
  readonly emit: (e: EncounterEvent) => void;
}

function chooseAbility(actor: Fighter, escalation: number): AbilityEntry | undefined {
  const conditions = conditionIds(actor);
  const context = { escalationDie: escalation, conditions };
  // Only a Hampered enemy needs to know which attack is its basic one.
  const basic = conditions.length && isHampered(conditions) ? enemyBasicAttack(actor.block) : undefined;
  // Expended abilities are only ever non-At-Will ones, which useBlock would refuse as used.
  return attackOptions(actor.block).find(
    (a) => !actor.expended.includes(a.id) && useBlock(a.system, a === basic ? { ...context, enemyBasic: true } : context) === null,
  );
}

function takeTurn(actor: Fighter, fighters: readonly Fighter[], ctx: TurnContext): void {
  const ability = chooseAbility(actor, ctx.escalation);
  if (!ability) return;
  const targets = pickTargets(actor, fighters, Math.max(1, ability.system.targets), ctx.roller);
  if (ability.system.frequency !== "atWill") actor.expended.push(ability.id);
  if (ability.system.rollAllFirst) {
    const rolled = targets.map((t) => rollAttack(actor, t, ability, ctx));
    for (const r of rolled) if (r) applyAttack(r, ctx);
  } else {
    for (const t of targets) {
      const r = rollAttack(actor, t, ability, ctx);
      if (r) applyAttack(r, ctx);
    }
  }
}

/**
 * Up to `wanted` distinct living foes, chosen at random. The single-target case (most attacks)
 * counts and picks without building a list.
 */
function pickTargets(actor: Fighter, fighters: readonly Fighter[], wanted: number, roller: DiceRoller): Fighter[] {
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

/** A rolled attack waiting for its damage and effects. */
interface RolledAttack {
  readonly actor: Fighter;
  readonly target: Fighter;
  readonly ability: AbilitySource;
  readonly profile: AttackProfile;
  readonly outcome: AttackOutcome;
  readonly confused: boolean;
}

/** Rolls one attack; null when it has no effect (the Invisible target's save was failed). */
function rollAttack(actor: Fighter, target: Fighter, ability: AbilityEntry, ctx: TurnContext): RolledAttack | null {
  const a = ability.system;
  const defense = a.defense as Defense;
  const profile = profileFor(actor.block, ability);
  const types = profile.types;
  const attackerConditions = conditionIds(actor);
  if (target.conditions.some((c) => CONDITIONS[c.id].attackerSaveFirst)) {
    const savePlan = planSave(attackerConditions);
    const save = resolveSave(savePlan, rollPoolDice(savePlan.pool, ctx.roller));
    if (ctx.record) ctx.emit({ kind: "invisible", round: ctx.round, attacker: actor.key, target: target.key, natural: save.natural, success: save.success });
    if (!save.success) return null;
  }
  const plan = planAttack({
    attacker: { level: actor.block.level, volition: actor.block.volition, isPC: actor.block.isPC, usesEscalation: actor.block.usesEscalation, conditions: attackerConditions },
    target: { defenses: target.block.defenses, conditions: conditionIds(target), weaknesses: target.block.weaknesses },
    defense, escalationDie: ctx.escalation, damageTypes: types,
  });
  const outcome = resolveAttack(plan, rollPoolDice(plan.pool, ctx.roller));
  if (ctx.record) ctx.emit({
    kind: "attack", round: ctx.round, attacker: actor.key, target: target.key, ability: ability.name,
    dice: [...outcome.dice], kept: [...outcome.kept], natural: outcome.natural, total: outcome.total, defense,
    defenseValue: plan.defenseValue, edge: plan.edge, escalation: plan.escalation, hit: outcome.hit, crit: outcome.crit,
    critFail: outcome.critFail,
  });
  const confused = attackerConditions.some((c) => CONDITIONS[c].oddNaturalSelfDamage);
  return { actor, target, ability: a, profile, outcome, confused };
}

/** Damage (hit or miss damage) through the pipeline, Confused self-damage, then the effects. */
function applyAttack({ actor, target, ability: a, profile, outcome, confused }: RolledAttack, ctx: TurnContext): void {
  const { types } = profile;
  let rolled = 0;
  let dice: number[] = [];
  if (outcome.hit) {
    const d = profile.dice;
    if (ctx.record) {
      const r = rollSum(d.count, d.faces, ctx.roller);
      rolled = r.total + d.flat;
      dice = r.dice;
    } else {
      rolled = d.flat;
      for (let i = 0; i < d.count; i++) rolled += ctx.roller.die(d.faces);
    }
  } else {
    const mode = a.miss.mode === "class" ? actor.block.missDamage : a.miss.mode;
    rolled = missDamage(mode, actor.block.level, outcome.critFail);
  }
  if (rolled > 0) {
    const result = resolveDamage({ rolled, crit: outcome.crit, natural: outcome.natural, types, resistances: target.block.resistances });
    dealDamage(target, result.amount, types[0] ?? "weapon", actor.key, ctx, {
      rolled: result.rolled, dice, doubled: result.doubled, halved: result.halved, reason: outcome.hit ? "hit" : "miss",
    });
    if (confused) {
      const self = confusedSelfDamage(rolled, outcome.natural);
      if (self > 0) dealDamage(actor, self, types[0] ?? "weapon", actor.key, ctx, { rolled: self, dice: [], doubled: false, halved: false, reason: "confused" });
    }
  }
  const attackerConditions = conditionIds(actor);
  if (!canAct(target.state) || (attackerConditions.length && stripsEffects(a, attackerConditions))) return;
  const groups = outcome.hit ? (outcome.crit ? [a.hit.effects, a.crit.effects] : [a.hit.effects]) : outcome.critFail ? [] : [a.miss.effects];
  for (const effects of groups) for (const e of effects) addCondition(target, e, target === actor, ctx);
}

interface DamageDetail {
  rolled: number; dice: number[]; doubled: boolean; halved: boolean; reason: "hit" | "miss" | "ongoing" | "confused";
}

function dealDamage(target: Fighter, amount: number, type: DamageType, source: string, ctx: Omit<TurnContext, "escalation">, detail: DamageDetail): void {
  const hpBefore = target.hp;
  target.hp = hpAfterDamage(target.hp, amount, target.block.isPC);
  if (ctx.record) ctx.emit({
    kind: "damage", round: ctx.round, source, target: target.key, amount, type, rolled: detail.rolled, dice: detail.dice,
    doubled: detail.doubled, halved: detail.halved, miss: detail.reason === "miss", hpBefore, hpAfter: target.hp, reason: detail.reason,
  });
  const changed = refreshState(target);
  if (changed && ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: target.key, state: changed });
}

function addCondition(target: Fighter, e: ConditionEffectSource, ownTurn: boolean, ctx: TurnContext): void {
  // The same condition twice does not stack (RULINGS.md, edge); ongoing damage of a new source does.
  if (e.id !== "ongoing" && target.conditions.some((c) => c.id === e.id)) return;
  setConditions(target, [...target.conditions, { id: e.id, duration: e.duration, amount: e.amount, damageType: e.damageType, skipNextEnd: ownTurn }]);
  if (ctx.record) ctx.emit({ kind: "condition", round: ctx.round, target: target.key, condition: e.id, duration: e.duration, added: true, amount: e.amount, damageType: e.damageType });
}

/** End of turn: ongoing damage first, then one save per save-ends effect, then end-of-turn expiry. */
function endOfTurn(actor: Fighter, ctx: Omit<TurnContext, "escalation">): void {
  if (actor.conditions.length === 0) return;
  for (const c of actor.conditions) {
    if (c.id === "ongoing" && c.amount > 0) {
      dealDamage(actor, c.amount, c.damageType, actor.key, ctx, { rolled: c.amount, dice: [], doubled: false, halved: false, reason: "ongoing" });
    }
  }
  if (!canAct(actor.state)) return;
  const kept = [];
  for (const c of actor.conditions) {
    let ends = false;
    if (c.duration === "saveEnds") {
      const plan = planSave(conditionIds(actor));
      const save = resolveSave(plan, rollPoolDice(plan.pool, ctx.roller));
      if (ctx.record) ctx.emit({ kind: "save", round: ctx.round, actor: actor.key, condition: c.id, natural: save.natural, success: save.success });
      ends = save.success;
    } else if (c.duration === "endOfNextTurn") {
      ends = !c.skipNextEnd;
      c.skipNextEnd = false;
    }
    if (ends && ctx.record) ctx.emit({ kind: "condition", round: ctx.round, target: actor.key, condition: c.id, duration: c.duration, added: false, amount: c.amount, damageType: c.damageType });
    else kept.push(c);
  }
  if (kept.length !== actor.conditions.length) setConditions(actor, kept);
}
