import type { DiceRoller } from "../../../engine/dice/roller";
import { CONDITION_IDS, CONDITIONS, expandConditions } from "../rules/conditions";
import { BANDS, type Band, type Stance } from "../rules/constants";
import { canAct } from "../rules/health";
import { bandIndex } from "../rules/initiative";
import { enemyBasicAttack, useBlockWith, type AbilityEntry } from "../rules/statblock";
import type { AttackOption } from "./arsenal";
import type { TurnContext } from "./context";
import { hasWholeTurn, slotFor } from "./economy";
import { cannotMove, helpless, isUp, type Fighter } from "./fighter";
import { engagedAndUp, engagedWithLiving } from "./engagement";
import { sustainLive } from "./survival";

/**
 * The headless runner's simple, deterministic-given-the-dice tactics. A PC Delays past the foe
 * whose Stuck spoils its turn (`delayBand`, checked before the turn starts); on its turn a PC
 * stabilises a Dying ally with two failures, Rallies when badly hurt; everyone keeps a sustained
 * ability going; a PC readies its attack for the next foe when an attack penalty ends with this
 * turn; else everyone uses its first usable attack (a Coup de Grace on an engaged Helpless foe
 * when it can). Source: `000_c2dc3d650823e22d.txt` §Delaying your Turn,
 * §Readying an Action, §Coup de Grace, §Rally, §Basic Attacks; RULINGS.md §escalation.
 */
export type Plan =
  | { kind: "stabilize"; ally: Fighter }
  | { kind: "rally" }
  | { kind: "sustain" }
  | { kind: "ready"; attack: AttackOption; trigger: Fighter }
  | {
      kind: "attack"; attack: AttackOption;
      /** The stance to switch to first (a Quick action), or null. */
      stance: Stance | null;
      /** The engaged Helpless foe of a Coup de Grace, or null. */
      coupDeGrace: Fighter | null;
    }
  | { kind: "none" };

/**
 * The attack the fighter uses: its first usable power (passing over a melee one whose effects its
 * engaged foes already bear from it), else a basic attack. A PC's basic attacks come in the order
 * of its own stance, but an engaged PC prefers the Basic Melee Attack (a ranged one would
 * provoke), and a basic attack of the other stance needs a Quick action to switch first (Hampered
 * limits abilities and attacks, not this switch). A Stuck fighter cannot move to a foe, so it makes
 * melee attacks only on foes it is already engaged with (a Basic Melee Attack is "on an engaged
 * target"). Source: `000_c2dc3d650823e22d.txt` §Basic Attacks, §Action Types (Quick: "switching
 * stances"), §Conditions and Effects (Hampered, Stuck).
 * @param fighters everyone in the fight, or only its foes (for engagement); `ignoreStuck` plans
 *   as if it could move.
 */
export function chooseAbility(
  actor: Fighter, escalation: number, fighters: readonly Fighter[] = [], ignoreStuck = false,
): AbilityEntry | undefined {
  return chooseAttack(actor, escalation, fighters, ignoreStuck)?.entry;
}

/** `chooseAbility`'s choice, as the fighter's attack option (what the turn then reads). */
function chooseAttack(
  actor: Fighter, escalation: number, fighters: readonly Fighter[], ignoreStuck = false,
): AttackOption | undefined {
  // Only a Hampered enemy needs to know which attack is its basic one.
  const enemyBasic = actor.summary.basicAttacksOnly ? enemyBasicAttack(actor.block) : undefined;
  const engaged = engagedWithLiving(actor, fighters);
  // Stuck and engaged with nobody: no melee attack reaches a foe.
  const noReach = !ignoreStuck && !engaged && cannotMove(actor);
  const { powers, melee, ranged } = actor.arsenal;
  let redundant: AttackOption | undefined;
  for (const o of powers) {
    if (!usableNow(actor, o, escalation, enemyBasic, noReach)) continue;
    if (!engaged || !addsNothing(actor, o, fighters)) return o;
    redundant ??= o;
  }
  if (redundant) return redundant;
  const first = engaged || actor.block.stance === "melee" ? melee : ranged;
  if (
    first
    && usableNow(actor, first, escalation, enemyBasic, noReach)
    && canSwitchTo(actor, first)
  )
    return first;
  const second = first === melee ? ranged : melee;
  if (
    second
    && usableNow(actor, second, escalation, enemyBasic, noReach)
    && canSwitchTo(actor, second)
  )
    return second;
  return undefined;
}

/**
 * Whether every foe a melee power could reach (it keeps to the foes it is engaged with) already
 * bears each of its hit effects from this attacker: then a later attack is worth more (a
 * Strangler's victim, already Grabbed and Hampered, gets the Thorn Lash).
 */
function addsNothing(actor: Fighter, o: AttackOption, fighters: readonly Fighter[]): boolean {
  const effects = o.fresh.hit.effects;
  if (!effects.length || !o.melee) return false;
  for (const f of fighters) {
    if (!engagedAndUp(actor, f)) continue;
    for (const e of effects) {
      if (
        e.id === "ongoing"
        || !f.effects.some((x) => x.condition === e.id && x.source === actor.key)
      )
        return false;
    }
  }
  return true;
}

/** Whether the fighter may attack with `o` now (not expended, within reach, `useBlock`). */
function usableNow(
  actor: Fighter,
  o: AttackOption,
  escalation: number,
  enemyBasic: AbilityEntry | undefined,
  noReach: boolean,
): boolean {
  if (actor.expended.includes(o.entry.id) || (noReach && o.melee)) return false;
  return useBlockWith(o.fresh, escalation, actor.summary, o.entry === enemyBasic) === null;
}

/**
 * A basic attack of the other stance needs a Quick action to switch first (Move may pay for it).
 */
function canSwitchTo(actor: Fighter, o: AttackOption): boolean {
  return o.fresh.basic === actor.stance || slotFor(actor, "quick", true) !== null;
}

/** The stance a basic attack needs the fighter to switch to first, or null. */
export function stanceFor(actor: Fighter, entry: AbilityEntry): Stance | null {
  const basic = entry.system.basic;
  return basic !== "none" && basic !== actor.stance ? basic : null;
}

/** The conditions that hamper their bearer's attacks, themselves or through one they imply. */
const PENALIZING: ReadonlySet<string> = new Set(
  CONDITION_IDS.filter((c) =>
    [...expandConditions([c])].some(
      (id) => CONDITIONS[id].attackEdge < 0 || CONDITIONS[id].escalationAsZero,
    ),
  ),
);

/**
 * Delay (a PC): when Stuck spoils its turn (it means to make a melee attack but is engaged with
 * nobody it could reach) and every Stuck instance on it ends at the end of its source's next turn,
 * with each source still to act this round, it delays to the band right after the last source's
 * band, if there is one slower than its own. Returns that band, or null.
 */
export function delayBand(
  actor: Fighter,
  ctx: Pick<TurnContext, "fighters" | "upcoming" | "escalation">,
): Band | null {
  if (
    !actor.block.isPC
    || !actor.effects.length
    || !cannotMove(actor)
    || engagedWithLiving(actor, ctx.fighters)
  )
    return null;
  let latest = -1;
  for (const e of actor.effects) {
    if (!CONDITIONS[e.condition].cannotMove) continue;
    const source =
      e.duration === "endOfSourceNextTurn" && e.armed
        ? ctx.upcoming.find((f) => f.key === e.source)
        : undefined;
    if (!source) return null;
    latest = Math.max(latest, bandIndex(source.band));
  }
  const to = latest + 1;
  if (to >= BANDS.length || to <= bandIndex(actor.band)) return null;
  const wanted = chooseAttack(actor, ctx.escalation, ctx.fighters, true);
  return wanted?.melee ? (BANDS[to] as Band) : null;
}

/**
 * Ready (a PC): when what spoils its attacks this turn (Dazed, Stunned, Weakened, Shaken, …) all
 * ends at the end of this very turn, it readies its attack for the next foe still to act this
 * round: the readied attack comes after this turn's end, without the penalty. Returns that foe, or
 * null.
 */
export function readyTrigger(actor: Fighter, ctx: Pick<TurnContext, "upcoming">): Fighter | null {
  if (!actor.block.isPC || !actor.effects.length) return null;
  let penalized = false;
  for (const e of actor.effects) {
    if (!PENALIZING.has(e.condition)) continue;
    if (e.duration !== "endOfNextTurn" || !e.armed) return null;
    penalized = true;
  }
  if (!penalized) return null;
  for (const f of ctx.upcoming) if (f.side !== actor.side && isUp(f)) return f;
  return null;
}

/**
 * An engaged Helpless foe a single-target attack could Coup de Grace, with the three actions free.
 */
function coupDeGraceTarget(
  actor: Fighter,
  ability: AbilityEntry,
  fighters: readonly Fighter[],
): Fighter | null {
  if (actor.engaged.size === 0 || ability.system.targets > 1 || !hasWholeTurn(actor)) return null;
  for (const f of fighters) {
    if (helpless(f) && engagedAndUp(actor, f)) return f;
  }
  return null;
}

/** A Dying ally (not stabilised, not dead) with two failed death saves or more; a plain loop. */
function allyToStabilize(actor: Fighter, fighters: readonly Fighter[]): Fighter | undefined {
  for (const f of fighters) {
    if (f.state !== "dying" || f === actor || f.side !== actor.side || f.dead) continue;
    if (!f.death.stabilized && f.death.failures >= 2) return f;
  }
  return undefined;
}

// The plans without data, shared (a plan is made every turn).
const RALLY: Plan = { kind: "rally" };
const SUSTAIN: Plan = { kind: "sustain" };
const NONE: Plan = { kind: "none" };

export function planTurn(actor: Fighter, ctx: TurnContext): Plan {
  const { fighters, escalation } = ctx;
  // Engagement, Coup de Grace targets and stabilising look at one side each (`foesOf`).
  const foes = ctx.foesOf(actor);
  if (actor.block.isPC) {
    const ally = allyToStabilize(actor, ctx.alliesOf(actor));
    if (ally) return { kind: "stabilize", ally };
    if (actor.recoveries > 0 && actor.hp <= Math.floor(actor.block.hpMax / 4)) return RALLY;
  }
  // Keep a sustained ability going while what it holds up is still running.
  if (actor.sustaining && sustainLive(actor, fighters)) return SUSTAIN;
  const attack = chooseAttack(actor, escalation, foes);
  if (!attack) return NONE;
  const trigger = readyTrigger(actor, ctx);
  if (trigger) return { kind: "ready", attack, trigger };
  const stance = stanceFor(actor, attack.entry);
  return {
    kind: "attack",
    attack,
    stance,
    coupDeGrace: stance ? null : coupDeGraceTarget(actor, attack.entry, foes),
  };
}

/**
 * Up to `wanted` distinct living foes, chosen at random. One pass gathers them into a list kept
 * from call to call (most attacks come here), and the single-target case picks from it directly.
 * @param engagedOnly only the foes engaged with `actor` (`engagedAndUp`).
 */
export function pickTargets(
  actor: Fighter,
  fighters: readonly Fighter[],
  wanted: number,
  roller: DiceRoller,
  engagedOnly = false,
): Fighter[] {
  let alive = 0;
  for (const f of fighters) {
    if (f.side !== actor.side && canAct(f.state) && (!engagedOnly || actor.engaged.has(f.key)))
      living[alive++] = f;
  }
  if (alive === 0) return [];
  if (wanted === 1) return [living[roller.die(alive) - 1] as Fighter];
  const foes = living.slice(0, alive);
  const targets: Fighter[] = [];
  while (targets.length < Math.min(wanted, alive))
    targets.push(foes.splice(roller.die(foes.length) - 1, 1)[0] as Fighter);
  return targets;
}
/** `pickTargets`' scratch list; only its first entries (this call's) are read. */
const living: Fighter[] = [];

/**
 * Whom a healing ability heals: a Dying ally first (healing brings it back), else the most hurt of
 * those it may heal who is at half HP or below and has a recovery to spend; null when nobody needs
 * it. Never a character held in Last Gasp saves (healing cannot bring it back, §Last Gasp Saves).
 * @param who "self": its user only; "ally": an ally only; "any": either.
 * @param dyingOnly only a Dying ally counts (before the turn's main action).
 */
export function healTarget(
  actor: Fighter, fighters: readonly Fighter[], who: "self" | "ally" | "any", dyingOnly: boolean,
): Fighter | null {
  let best: Fighter | null = null;
  for (const f of fighters) {
    if (f.side !== actor.side || f.dead || f.death.lastGasp) continue;
    if ((who === "self" && f !== actor) || (who === "ally" && f === actor)) continue;
    if (f.state === "dying") return f;
    if (dyingOnly || !canAct(f.state) || f.recoveries <= 0 || f.hp > Math.floor(f.block.hpMax / 2))
      continue;
    if (!best || f.hp / f.block.hpMax < best.hp / best.block.hpMax) best = f;
  }
  return best;
}
