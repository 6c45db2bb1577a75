import { rollCheck } from "../../../engine/dice/check";
import type { DiceRoller } from "../../../engine/dice/roller";
import { runSync } from "../../../engine/dice/plan";
import { sidesPlan } from "../../../engine/initiative/sides";
import { FRESH_BUDGET, SURPRISED_BUDGET } from "../rules/actions";
import { INITIATIVE_DIE, NATURALS_DEFAULT, PARTY_SIDE } from "../rules/constants";
import { breaks, groupMorale, moralePlan, moraleTriggers } from "../rules/morale";
import { sideEntries, surpriseActors } from "../rules/initiative";
import { UNARMED, type Statblock } from "../rules/statblock";
import { dealDamage, rollDice } from "./attacks";
import { createContext, type Context } from "./context";
import type { ShockEncounterResult, ShockEvent } from "./events";
import { execute } from "./execution";
import { createFighter, disengageAll, isUp, uniqueKeys, weaponsFor, type Fighter } from "./fighter";
import { planSwarms } from "./swarm-plan";
import { holds } from "./hold";
import { SPOT_DIE, spotOf, type Spot } from "./position";
import { release, takeHeldAction, takeTurn } from "./turn";

/**
 * Plays one `shock` fight without Foundry: side initiative (a surprise round first when a side is
 * surprised), each side's members acting in turn with one Main and one Move, attacks through the
 * reaction window (Total Defense, Snap Attack, screens), Shock and shields, swarms, charges,
 * grapples (unarmed damage at the end of each round), shoves, lying prone and standing up, held
 * actions, Attacks of Opportunity, the situations of the text's table (spots with cover or shadow
 * rolled for the field, range, prone targets), Mortally Injured PCs and first aid, defeated NPCs
 * and morale. Foe sides are allied against the party.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat; RULINGS.md §shock.
 */
export interface ShockEncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  /** Each foe's initiative side (parallel to `foes`; default "foes" for all). */
  readonly foeSides?: readonly string[];
  readonly roller: DiceRoller;
  readonly maxRounds?: number;
  /** Feet between the lines at the start (default 40). */
  readonly gap?: number;
  /** The natural 20/1 option (default on). */
  readonly naturals?: boolean;
  /** Sides caught unawares: every other side gets a free round first (§Surprise). */
  readonly surprised?: readonly string[];
  /**
   * Execution attacks made before the fight by stalkers on unsuspecting victims (fighter keys,
   * each with the assailant's best melee weapon): §Execution Attacks.
   */
  readonly executions?: readonly { readonly assailant: string; readonly victim: string }[];
  /**
   * Each fighter's starting spot by key (`position.ts`; fighters not named stand in the open).
   * Without it every fighter rolls its spot on the spot die.
   */
  readonly spots?: Readonly<Record<string, Spot>>;
  /**
   * The Morale score each NPC group's GM set on it, by group name; a group not named has the
   * default, the highest Morale among its members still in the fight (RULINGS.md §shock Morale).
   */
  readonly groupMorale?: Readonly<Record<string, number>>;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: ShockEvent, fighters: readonly Fighter[]) => void;
}

/**
 * Plays the fight to its end (or `maxRounds`, a draw).
 * @returns the winner (`party`, `foes` or `draw`), the rounds played, every event and the fighters.
 * @throws RangeError when an execution names a fighter that is not in the fight.
 */
export function runShockEncounter(
  options: ShockEncounterOptions,
): ShockEncounterResult & { fighters: readonly Fighter[] } {
  const all = [...options.party, ...options.foes];
  const keys = uniqueKeys(all);
  const partySize = options.party.length;
  const sideOf = (i: number) =>
    i < partySize ? PARTY_SIDE : (options.foeSides?.[i - partySize] ?? "foes");
  const fighters = all.map((b, i) => createFighter(b, keys[i] as string, sideOf(i)));
  const events: ShockEvent[] = [];
  const emit = (e: ShockEvent) => {
    events.push(e);
    options.observe?.(e, fighters);
  };
  const naturals = options.naturals ?? NATURALS_DEFAULT;
  const ctx = createContext({
    roller: options.roller,
    emit,
    fighters,
    naturals,
    gap: options.gap ?? 40,
  });
  const scores = options.groupMorale ?? {};
  ctx.onDown = (f) => fallen(ctx, f, scores);
  const sides = [PARTY_SIDE, ...new Set(fighters.filter((f) => !f.party).map((f) => f.side))];
  const maxRounds = options.maxRounds ?? 30;
  const finish = (winner: string) => {
    emit({ kind: "end", round: ctx.round, winner });
    return { winner, rounds: ctx.round, events, fighters };
  };
  const playSide = (side: string): string | null => {
    ctx.pending.delete(side);
    const members = fighters.filter((f) => f.side === side && isUp(f));
    const { roles, order } = planSwarms(ctx, members);
    for (const f of order) {
      if (!isUp(f)) continue;
      emit({ kind: "turn", round: ctx.round, side, actor: f.key });
      takeTurn(ctx, f, roles.get(f.key));
      const winner = winnerOf(fighters);
      if (winner) return winner;
    }
    return null;
  };
  rollField(ctx, options.spots);
  for (const x of options.executions ?? []) {
    const assailant = ctx.byKey.get(x.assailant);
    const victim = ctx.byKey.get(x.victim);
    if (!assailant || !victim) {
      throw new RangeError(`no fighter ${assailant ? x.victim : x.assailant} for an execution`);
    }
    const weapon = weaponsFor(assailant, "melee")[0] ?? UNARMED;
    execute(ctx, assailant, victim, weapon);
    const w = winnerOf(fighters);
    if (w) return finish(w);
  }
  const surprised = (options.surprised ?? []).filter((s) => sides.includes(s));
  if (surprised.length) {
    const acting = surpriseActors(sides, surprised);
    emit({ kind: "surprise", round: 0, surprised, acting });
    startRound(ctx, acting, surprised);
    for (const side of acting) {
      const w = playSide(side);
      if (w) return finish(w);
    }
    const w = endRound(ctx);
    if (w) return finish(w);
    ctx.sittingOut.clear();
  }
  const party = fighters.filter((f) => f.party).map((f) => f.block);
  const entries = sideEntries(party, sides.slice(1));
  const initiative = runSync(sidesPlan(entries, INITIATIVE_DIE), ctx.roller);
  const rolls = initiative.rolls.map((r) => ({ ...r, tieBreaks: [...r.tieBreaks] }));
  emit({ kind: "initiative", round: 0, sides: rolls, order: [...initiative.order] });
  while (ctx.round < maxRounds) {
    ctx.round++;
    emit({ kind: "round", round: ctx.round });
    startRound(ctx, initiative.order);
    for (const side of initiative.order) {
      const w = playSide(side);
      if (w) return finish(w);
    }
    const w = endRound(ctx);
    if (w) return finish(w);
  }
  return finish("draw");
}

/**
 * The field: each fighter's starting spot, as set or rolled on the spot die, in one event.
 * Source: `002_5e27cdf788b28f5f.txt` §Line of Sight and Cover; `position.ts`.
 */
function rollField(ctx: Context, set: Readonly<Record<string, Spot>> | undefined): void {
  const spots = ctx.fighters.map((f) => {
    const die = set ? null : ctx.roller.die(SPOT_DIE);
    f.spot = die === null ? (set?.[f.key] ?? "open") : spotOf(die);
    f.located = f.spot !== "shadow";
    return { actor: f.key, die, spot: f.spot };
  });
  ctx.emit({ kind: "field", round: 0, spots });
}

/**
 * A new round: every budget fresh, no swarm gathered, screens count attackers anew. In the free
 * round of a surprise, the `surprised` sides sit it out: nothing in their budgets pays for an
 * action, Instants included, and they make no Attack of Opportunity (§Surprise).
 */
function startRound(
  ctx: Context, sides: readonly string[], surprised: readonly string[] = [],
): void {
  for (const side of sides) ctx.pending.add(side);
  for (const side of surprised) ctx.sittingOut.add(side);
  // Clearing a Set allocates a new table even when it is empty: clear only what holds something.
  if (ctx.swarms.size) ctx.swarms.clear();
  for (const f of ctx.fighters) {
    f.budget = ctx.sittingOut.has(f.side) ? SURPRISED_BUDGET : FRESH_BUDGET;
    if (f.screenedAttackers.size) f.screenedAttackers.clear();
  }
}

/**
 * End of round: held actions still waiting are taken or lost (§Hold An Action), then each grappled
 * defender takes unarmed damage from each grappler (§Grappling).
 */
function endRound(ctx: Context): string | null {
  for (const f of ctx.fighters) {
    if (!holds(f) || !isUp(f)) continue;
    takeHeldAction(ctx, f);
    const w = winnerOf(ctx.fighters);
    if (w) return w;
  }
  for (const target of ctx.fighters) {
    if (!target.grappledBy.size) continue;
    for (const k of [...target.grappledBy]) {
      const g = ctx.byKey.get(k) as Fighter;
      if (!isUp(target) || !isUp(g)) continue;
      const w = g.block.weapons.find((x) => x.unarmed) ?? UNARMED;
      const dice = rollDice(ctx, w);
      const attr = Math.max(...w.attributes.map((a) => g.block.attributes[a]));
      const base = Math.max(
        0,
        dice.reduce((s, d) => s + d, 0) + attr + w.magic + g.block.skills.brawl,
      );
      const detail = {
        attack: null, reason: "grapple", dice, base, swarmBonus: 0, floor: 0, absorbedBy: null,
      } as const;
      dealDamage(ctx, g.key, target, base, { ...detail, dice });
    }
  }
  return winnerOf(ctx.fighters);
}

/**
 * Someone fell or fled: adjacency and grapples end; an NPC group may check morale, with its one
 * score (`scores`: those its GM set, by group).
 */
function fallen(ctx: Context, f: Fighter, scores: Readonly<Record<string, number>>): void {
  disengageAll(f, ctx.byKey);
  f.screening = null;
  if (f.grappling) release(ctx, f, ctx.byKey.get(f.grappling) as Fighter);
  for (const k of [...f.grappledBy]) release(ctx, ctx.byKey.get(k) as Fighter, f);
  if (f.party || f.state !== "defeated") return;
  const group = ctx.fighters.filter((x) => !x.party && x.group === f.group);
  const down = group.filter((x) => x.state === "defeated").length;
  const triggers = moraleTriggers(
    group.length,
    down - 1,
    down,
    group.every((x) => x.block.fearless),
  );
  if (!triggers.length || !group.some(isUp)) return;
  const morale = groupMorale(
    group.map((x) => ({ morale: x.block.morale, inFight: isUp(x) })),
    scores[f.group] ?? null,
  );
  if (!morale) return;
  const { score, source } = morale;
  const roll = rollCheck(moralePlan(score), ctx.roller);
  const broken = breaks(roll.total, score);
  ctx.emit({
    kind: "morale",
    round: ctx.round,
    group: f.group,
    triggers,
    dice: [...roll.dice],
    total: roll.total,
    score,
    scoreFrom: source,
    result: broken ? "breaks" : "holds",
  });
  if (!broken) return;
  for (const x of group) {
    if (!isUp(x)) continue;
    x.state = "fled";
    ctx.emit({ kind: "state", round: ctx.round, actor: x.key, state: "fled" });
    fallen(ctx, x, scores);
  }
}

/** The party when no foe can act, "foes" when no party member can, else null. */
function winnerOf(fighters: readonly Fighter[]): string | null {
  let party = false;
  let foes = false;
  for (const f of fighters) {
    if (!isUp(f)) continue;
    if (f.party) party = true;
    else foes = true;
  }
  return !foes ? PARTY_SIDE : !party ? "foes" : null;
}
