import {
  interpretRollUnder, isSuccess, opposedByLevel, parrySizeShift, rollUnderEdge,
  type SuccessLevel,
} from "../../../engine/dice/roll-under";
import type {
  Cost, FrameView, Offer, Outcome, WindowDefinition,
} from "../../../engine/resolution/window/definition";
import type { Script } from "../../../engine/resolution/window/protocol";
import { CHECK_DIE } from "./constants";
import { damageTotal, levelMultiplier } from "./attack";
import type { Damage } from "./statblock";

/**
 * action-points' reaction window, once for the runner and Foundry: between an attack's check and
 * its damage. When the attack would hit (its check succeeded), its target may answer with Dodge
 * (1 RP, the better of Agility and Athletics), Parry (1 RP, Melee; melee attacks only, never from
 * a creature more than one size larger, and one size larger counts one level higher), Block (1 RP,
 * Endurance, with a shield) or Riposte (2 RP: a Parry, and on a win one unmodified reaction attack
 * with its melee weapon, whose own window offers the attacker only Dodge, Parry or Block); an ally
 * the caller found able to reach (`interceptors`, engine `space/intercept.ts`) may Intercept
 * (2 RP, Agility: on a win it takes the attack and its full damage); or each takes the hit (a
 * pass). One reaction per attack: once one is taken nothing more is offered (a Riposte is one
 * answer holding both). A reaction attack is answered only with Dodge, Parry or Block and triggers
 * nothing (no Riposte, no Intercept). Each reaction is an opposed check by success level that the
 * reactor must win (ties go to the attacker); its dice follow the reactor's edge (Total Defense's
 * Advantage, a grappler's Disadvantage). A critical Dodge or Parry (a Riposte's parry included)
 * refunds 1 RP unless the attack was critical; a critical hit met by a critically failed Dodge or
 * Parry deals ×3 instead of ×2. A won reaction is reported as the mark `successfulReaction` (the
 * caller grants +1 FP once a round). The window settles with the damage rolled on whoever takes
 * the attack.
 *
 * Rulings where the text is silent: Block and Intercept have no critical rules (the text names
 * Dodge and Parry); a Riposte's parry is a Parry for the size and critical rules, and its critical
 * refunds the 1 RP "spent on the reaction" of the Riposte's 2; a lost Intercept leaves the attack
 * on its target; a reaction attack's check has no modifier and no edge ("unmodified").
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Basic Reactions & costs, §Reaction Chains,
 * §Dodge/Parry, §Critical Results, §Parrying Large Creatures, §Riposte, §Intercept, §Total
 * Defense; RULINGS.md §action-points Reactions, Attacks, Opposed.
 */
export const AP_REACTIONS = ["dodge", "parry", "block", "riposte", "intercept"] as const;
export type ApReaction = (typeof AP_REACTIONS)[number];

/** What a reaction attack's window may offer (§Reaction Chains). */
export const BASIC_REACTIONS: readonly ApReaction[] = ["dodge", "parry", "block"];

export const REACTION_RP: Readonly<Record<ApReaction, number>> = {
  dodge: 1, parry: 1, block: 1, riposte: 2, intercept: 2,
};

/** One combatant as the window reads it (plain JSON). */
export type ApWindowFighter = {
  /** RP when the window opened (what it spends here is counted by the window). */
  rp: number;
  agility: number;
  athletics: number;
  melee: number;
  endurance: number;
  shield: boolean;
  /** Size rank (Small 0, Medium 1, Large 2, Huge 3). */
  size: number;
  /** Net edge on its reactions: +1 under Total Defense, −1 grappling another. */
  edge: number;
  /** Its readied melee weapon's damage (a Riposte's attack); null: it cannot Riposte. */
  riposte: Damage | null;
};

export type ApWindowContext = {
  attacker: string;
  target: string;
  kind: "melee" | "ranged";
  /** A spell: an ally may Intercept it only when it has a single target (§Intercept). */
  spell: boolean;
  singleTarget: boolean;
  /** The attack's check as rolled: the skill rolled under, its edge and its d100s. */
  attack: { target: number; edge: number; dice: readonly number[] };
  /** A reaction attack: only Dodge, Parry and Block answer it, and nothing is provoked. */
  reactionAttack: boolean;
  fighters: Record<string, ApWindowFighter>;
  /** Allies of the target able to reach an Intercept spot now (the caller's space check). */
  interceptors: string[];
  damage: Damage;
};

/** A reaction's opposed check, as the card and the log show it. */
export type ApDefence = {
  by: string;
  reaction: ApReaction;
  skill: number;
  dice: readonly number[];
  level: SuccessLevel;
  /** The attack's rank raised for the comparison (a larger attacker against a parry). */
  shift: number;
  won: boolean;
};

export type ApWindowFacts = {
  /** Who takes the attack (null: avoided). */
  takenBy: string | null;
  reaction: ApReaction | null;
  defence: ApDefence | null;
  tripled: boolean;
};

export type ApWindowSettlement = {
  hit: boolean;
  /** Who takes the damage (null: a miss, or avoided). */
  target: string | null;
  /** The attack's success level (what its damage and FP read). */
  level: SuccessLevel;
  reaction: ApReaction | null;
  defence: ApDefence | null;
  multiplier: number;
  dice: readonly number[];
  damage: number;
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function lookUp(c: ApWindowContext, key: string): ApWindowFighter {
  const f = c.fighters[key];
  if (!f) throw new Error(`action-points window: no fighter ${key}`);
  return f;
}

/**
 * The context whose attacker's and target's records were read last, and those records (each
 * looked up the first time it is asked). A window reads them at its opening, at each offer and
 * answer and at its settlement, always of the same context, which nothing changes
 * (`definition.ts`), and a keyed read of `fighters` cost more than the rest of an offer: they are
 * kept by the context's identity, as `attackLevel` keeps its level. A record is kept, not its
 * values: the runner brings the same records up to date before each window's new context.
 */
let readOf: ApWindowContext | null = null;
let attackerRead: ApWindowFighter | null = null;
let targetRead: ApWindowFighter | null = null;

/**
 * `key`'s record in the context (the attacker's and the target's kept, as said above: the
 * runner's tactics read them through here too, just after the window's offers did).
 * @throws Error when it has none.
 */
export function fighter(c: ApWindowContext, key: string): ApWindowFighter {
  if (c !== readOf) {
    readOf = c;
    attackerRead = targetRead = null;
  }
  if (key === c.target) return (targetRead ??= lookUp(c, key));
  if (key === c.attacker) return (attackerRead ??= lookUp(c, key));
  return lookUp(c, key);
}

/** The attack whose level was read last, and that level (see `attackLevel`). */
let lastAttack: ApWindowContext["attack"] | null = null;
let lastLevel: SuccessLevel = "failure";

/**
 * The attack's success level, from its dice. A window reads it at its opening, each offer, each
 * answer and its settlement, always of the same context, which nothing changes (`definition.ts`:
 * contexts are plain JSON no method changes): the last one read is kept by identity.
 */
export function attackLevel(c: Pick<ApWindowContext, "attack">): SuccessLevel {
  const a = c.attack;
  if (a === lastAttack) return lastLevel;
  const level = interpretRollUnder(a.target, rollUnderEdge(a.edge), a.dice).level;
  lastAttack = a;
  lastLevel = level;
  return level;
}

/** The size shift of a parry by `by` against the attacker; null when it cannot parry it. */
function parryShift(c: ApWindowContext, by: string): number | null {
  if (c.kind !== "melee") return null;
  return parrySizeShift(fighter(c, c.attacker).size, fighter(c, by).size);
}

/**
 * What each reaction costs, from `REACTION_RP`, made once (shared: the engine copies a cost when
 * an answer is taken), and named one by one: `offers` passes each its own, since a read of
 * `REACTION_RP[answer]` for five answers at one place went through V8's megamorphic keyed path.
 */
const costOf = (answer: ApReaction): readonly Cost[] =>
  [{ resource: "rp", amount: REACTION_RP[answer] }];
const DODGE = costOf("dodge");
const PARRY = costOf("parry");
const BLOCK = costOf("block");
const RIPOSTE = costOf("riposte");
const INTERCEPT = costOf("intercept");
const RP_REFUND: readonly Cost[] = [{ resource: "rp", amount: 1 }];

/**
 * Adds `answer` at its `cost` (one of the lists above) to `OFFERED` (at `n`) for `by` when its RP
 * left pay for it (a function, not a closure per call); returns the new count.
 */
function add(
  view: FrameView<ApWindowContext, ApWindowFacts>, n: number, by: string, answer: ApReaction,
  cost: readonly Cost[],
): number {
  const left = fighter(view.context, by).rp - view.spent(by, "rp");
  if (left < (cost[0] as Cost).amount) return n;
  OFFERED[n] = { by, answer, cost };
  return n + 1;
}
/**
 * The offers being gathered (never two windows' at once: `offers` calls nothing that offers),
 * copied out at their count: a push onto a new empty list reserves room for sixteen.
 */
const OFFERED: Offer[] = [];
const NO_OFFERS: readonly Offer[] = Object.freeze([]);

function offers(view: FrameView<ApWindowContext, ApWindowFacts>): readonly Offer[] {
  const { context: c, facts } = view;
  if (facts.reaction !== null || !isSuccess(attackLevel(c))) return NO_OFFERS;
  const target = fighter(c, c.target);
  const parry = parryShift(c, c.target) !== null;
  let n = add(view, 0, c.target, "dodge", DODGE);
  if (parry) n = add(view, n, c.target, "parry", PARRY);
  if (target.shield) n = add(view, n, c.target, "block", BLOCK);
  if (!c.reactionAttack) {
    if (parry && target.riposte) n = add(view, n, c.target, "riposte", RIPOSTE);
    if (!c.spell || c.singleTarget) {
      for (const k of c.interceptors) {
        if (k !== c.target && k !== c.attacker && c.fighters[k]) {
          n = add(view, n, k, "intercept", INTERCEPT);
        }
      }
    }
  }
  if (!n) return NO_OFFERS;
  // Copied by hand: `slice` calls a builtin, which cost more than the loop at these sizes. The
  // usual few as literals, without holes (a list made by its size has them to V8, and its readers
  // also see lists without: a filtered one, the empty one).
  const o = OFFERED as readonly Offer[];
  if (n === 1) return [o[0] as Offer];
  if (n === 2) return [o[0] as Offer, o[1] as Offer];
  if (n === 3) return [o[0] as Offer, o[1] as Offer, o[2] as Offer];
  const out: Offer[] = [];
  for (let k = 0; k < n; k++) out.push(o[k] as Offer);
  return out;
}

/** The skill a reaction rolls (§Basic Reactions & costs). */
function reactionSkill(f: ApWindowFighter, reaction: ApReaction): number {
  if (reaction === "dodge") return Math.max(f.agility, f.athletics);
  if (reaction === "block") return f.endurance;
  if (reaction === "intercept") return f.agility;
  return f.melee;
}

/** Dodge and Parry (a Riposte's too) have the critical rules (§Critical Results). */
const CRITICAL_RULES: ReadonlySet<ApReaction> = new Set(["dodge", "parry", "riposte"]);

/** One reaction's opposed check against the attack. */
function defend(c: ApWindowContext, by: string, reaction: ApReaction, script: Script): ApDefence {
  const f = fighter(c, by);
  const edge = rollUnderEdge(f.edge);
  const skill = reactionSkill(f, reaction);
  // The script's own list, not a copy: no one changes dice once rolled (supplies and live rolls
  // are each made for their roll), and the window's facts are plain values read, then stored.
  const dice = script.dice(edge === "none" ? 1 : 2, CHECK_DIE, reaction, by);
  const { level } = interpretRollUnder(skill, edge, dice);
  const shift = reaction === "parry" || reaction === "riposte" ? (parryShift(c, by) ?? 0) : 0;
  const won = opposedByLevel(attackLevel(c), level, shift).winner === "defender";
  return { by, reaction, skill, dice, level, shift, won };
}

function resolve(
  view: FrameView<ApWindowContext, ApWindowFacts>, answer: Offer, script: Script,
): Outcome<ApWindowFacts> {
  const c = view.context;
  const reaction = answer.answer as ApReaction;
  const d = defend(c, answer.by, reaction, script);
  const attack = attackLevel(c);
  const critical = CRITICAL_RULES.has(reaction);
  const avoided = d.won ? null : c.target;
  const takenBy = reaction === "intercept" ? (d.won ? answer.by : c.target) : avoided;
  const facts: ApWindowFacts = {
    takenBy, reaction, defence: d,
    tripled: critical && attack === "critical" && d.level === "criticalFailure",
  };
  const refund = critical && d.level === "critical" && attack !== "critical";
  // One literal with every key (an absent one undefined, which the engine reads as absent), not
  // built up key by key: V8 gave each set of keys its own shape, and the engine's reads of an
  // outcome went through its megamorphic path. Not spread either (a slow copy in V8).
  const outcome: Mutable<Outcome<ApWindowFacts>> = {
    facts, refunds: refund ? RP_REFUND : undefined,
    marks: d.won ? [{ by: answer.by, mark: "successfulReaction", data: reaction }] : undefined,
    note: undefined,
  };
  if (reaction !== "riposte" || !d.won) return outcome;
  // The counterattack: one unmodified d100 against the riposter's Melee (§Riposte, §Reaction
  // Attacks), in its own window where the attacker may only Dodge, Parry or Block.
  const me = fighter(c, answer.by);
  const roll = script.dice(1, CHECK_DIE, "reactionAttack", answer.by)[0] as number;
  const inner: ApWindowContext = {
    attacker: answer.by, target: c.attacker, kind: "melee", spell: false, singleTarget: true,
    attack: { target: me.melee, edge: 0, dice: [roll] }, reactionAttack: true,
    fighters: c.fighters, interceptors: [], damage: me.riposte as Damage,
  };
  outcome.note = { counter: script.window(inner, BASIC_REACTIONS) };
  return outcome;
}

function settle(
  view: FrameView<ApWindowContext, ApWindowFacts>, script: Script,
): { settlement: ApWindowSettlement } {
  const { context: c, facts } = view;
  const level = attackLevel(c);
  const { reaction, defence } = facts;
  // Field by field, not spread from a shared base (see `resolve`): the same keys in the same order.
  if (!isSuccess(level) || facts.takenBy === null) {
    return {
      settlement: {
        level, reaction, defence, hit: false, target: null, multiplier: 0, dice: [], damage: 0,
      },
    };
  }
  const multiplier = facts.tripled ? 3 : levelMultiplier(level);
  const dice = script.dice(c.damage.dice, c.damage.die, "damage", c.attacker);
  return {
    settlement: {
      level, reaction, defence, hit: true, target: facts.takenBy, multiplier, dice,
      damage: damageTotal(c.damage, dice, multiplier),
    },
  };
}

/** The action-points reaction window (see the module comment). */
export const AP_WINDOW: WindowDefinition<ApWindowContext, ApWindowFacts, ApWindowSettlement> = {
  id: "action-points",
  open: (c) => {
    fighter(c, c.attacker);
    fighter(c, c.target);
    attackLevel(c);
    return { facts: { takenBy: c.target, reaction: null, defence: null, tripled: false } };
  },
  offers,
  resolve,
  settle,
};
