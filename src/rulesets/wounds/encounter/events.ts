import type { Modifier } from "../../../engine/dice/check";
import type {
  AttackEvent as RunnerAttack, ConditionEvent, DamageEvent as RunnerDamage, FallEvent,
  OutcomeEvent, RoundEvent, TurnEvent,
} from "../../../engine/runner/events";
import type { DefenseState } from "../rules/attack";
import type { Aim, FlatFootedCause, MoveMode, Purchase } from "../rules/constants";
import type { MoveTrigger } from "../rules/free-hits";
import type { RecoverySlot } from "../rules/recovery";
import type { Ward } from "../rules/upkeep";

/**
 * What a headless `wounds` fight reports, one event per line of the log, so every number can be
 * recomputed from the pack data and the dice in the events: the field (each unit's square and the
 * stats the fight reads), the opening strike of the unit that started the fight, the initiative
 * (each Agility, the d20 roll-offs, the starter last), each round's Free Hit Slots, each turn's
 * slots, every purchase and the Bonus Action it paid, every move in spaces against its allowance
 * with the action it paid, every attack (the action it paid, its aim, its modifiers and the
 * defense's terms by source, the d20 and each chain link's die), every damage (its dice, terms,
 * armor, the multiplier, the fatal d4, HP before and after), each wound, each free hit's trigger
 * and the slots left, each cast (MP before and after) and summon, a unit prone or disarmed as the
 * fight begins (a scripted set-up: nothing in the text knocks a unit down or disarms it) and each
 * stand or retrieval with the action it paid, each turn of a channeled cast, each delayed turn with the round's order after it (of this turn or, off the turn, the next's), falls
 * and the winners' MP.
 * Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds.
 */

/** A square of the grid (diagonals count 1): row `i`, column `j`. */
export interface Square {
  i: number;
  j: number;
}

export type Side = "party" | "foes";

/** What a step of a turn paid: a slot of the turn, a free hit slot, or nothing. */
export type Paid = "attack" | "move" | "bonus" | "freeHit" | "none";

export interface FieldUnit {
  actor: string;
  side: Side;
  square: Square;
  hp: number;
  hpMax: number;
  mp: number;
  accuracy: number;
  agility: number;
  strength: number;
  armor: number;
  /** Spaces a Move Action covers (Athlete included). */
  movement: number;
  meleeZone: number;
}

/** A chain's links as rolled: each die's faces and roll, and what it came to. */
export interface ChainLog {
  kind: "critical" | "tragedy";
  faces: number[];
  rolls: number[];
  /**
   * critical: `critical`, `superCritical`, `decisive`; tragedy: `fumble`, `tragedy`, `fatalBlow`.
   */
  result: string;
}

/** How an attack came about. */
export type AttackWay =
  | "attack" | "extraAttack" | "spell" | "freeHit" | "tragedyFreeHit" | "opening";

export interface AttackEvent extends RunnerAttack {
  way: AttackWay;
  /** The slots it paid (the extra attack: move + both bonus; a spell's cast pays on `cast`). */
  paid: Paid[];
  weapon: string;
  aim: Aim;
  modifiers: Modifier[];
  defense: number;
  defenseState: DefenseState;
  /** Why the target is flat-footed for it (an undetected attacker, a state; none otherwise). */
  flatFootedBy: FlatFootedCause[];
  defenseSources: Modifier[];
  chain: ChainLog | null;
  distance: number;
}

export interface DamageEvent extends RunnerDamage {
  reason: "hit" | "tragedyFreeHit";
  /** The weapon's (or spell's) dice, then the sneak d4s (in `sneak`). */
  sneak: number[];
  terms: Modifier[];
  raw: number;
  /** Armor taken off (the target's `armor`). */
  armor: number;
  net: number;
  multiplier: number;
  dealt: number;
  fatalRoll: number | null;
  fatalBonus: number;
}

/** What a unit lies under that an action ends: prone (standing up), disarmed (retrieving). */
export type Lying = "prone" | "disarmed";

export type WoundsEvent =
  | { kind: "field"; round: 0; fighters: FieldUnit[] }
  /** The unit that started the fight strikes before it begins, undetected. */
  | { kind: "opening"; round: 0; actor: string }
  | {
    kind: "initiative"; round: number;
    entries: { actor: string; agility: number; initiator: boolean; rollOffs: number[] }[];
    order: string[];
  }
  | RoundEvent
  /** Each unit's Free Hit Slots for the round (Agility after wounds + 1, none at 0 or less). */
  | {
    kind: "slots"; round: number;
    /** `sick`: a summon still in its summoning sickness, which takes no free hit yet. */
    slots: { actor: string; agility: number; slots: number; sick: boolean }[];
  }
  | (TurnEvent & { side: Side; attack: number; move: number; bonus: number })
  | { kind: "purchase"; round: number; actor: string; purchase: Purchase; bonusLeft: number }
  /** A Bonus Action improving the spell it strikes with: `amount` more damage. */
  | {
    kind: "improve"; round: number; actor: string; spell: string; amount: number;
    bonusLeft: number;
  }
  /** It leaves melee zones this turn without provoking free hits (AA, or two BA). */
  | { kind: "disengage"; round: number; actor: string; paid: Paid[] }
  | {
    kind: "move"; round: number; actor: string; paid: Paid; mode: MoveMode; path: Square[];
    spaces: number; allowance: number; disengaged: boolean; stopped: boolean;
  }
  | AttackEvent
  | DamageEvent
  | { kind: "wound"; round: number; target: string; id: string; aim: Aim; attack: string }
  | {
    kind: "freeHit"; round: number; actor: string; target: string;
    trigger: MoveTrigger | "natural1" | "tragedy";
    /** The unit's slots before it (a tragedy's needs none), and whether it strikes. */
    slotsLeft: number; taken: boolean;
  }
  | {
    kind: "cast"; round: number; actor: string; spell: string; paid: Paid[];
    mpBefore: number; mpAfter: number;
  }
  /** It keeps a spell up once cast: its ward, and whether channeling leaves it flat-footed. */
  | {
    kind: "keepUp"; round: number; actor: string; spell: string; ward: Ward; flatFooted: boolean;
  }
  /** As its turn starts, the upkeep of the spell it keeps up: paid, or the spell ends. */
  | {
    kind: "upkeep"; round: number; actor: string; spell: string; mpBefore: number;
    mpAfter: number; ended: boolean;
  }
  | {
    kind: "summon"; round: number; actor: string; unit: string; square: Square;
    summons: number; summonSlots: number; hp: number;
    /** The battle's order with the summon joined (after those it does not beat). */
    order: string[];
  }
  /**
   * A unit is prone or disarmed as the fight begins (`source`: "setup"); `weapon`: the one a
   * disarmed unit lost (null for prone).
   */
  | (ConditionEvent & { condition: Lying; added: true; weapon: string | null })
  /**
   * It stands up or takes its item back, paying `paid` of this turn or (`offTurn`) of its next;
   * `owed` is what its next turn owes afterwards.
   */
  | {
    kind: "recover"; round: number; actor: string; condition: Lying; paid: RecoverySlot;
    offTurn: boolean; owed: { attack: number; move: number; bonus: number };
    /** The weapon taken back (null for standing up). */
    weapon: string | null;
  }
  /**
   * A turn of a channeled cast: the actions it paid this turn, the cast time paid so far of
   * `castTime`, the MP (paid as the cast begins), whether the spell is cast now, and whether the
   * caster is flat-footed after this turn (channeling, unless Battle Caster).
   */
  | {
    kind: "channel"; round: number; actor: string; spell: string; paid: Paid[];
    castPaid: number; castTime: number; mpBefore: number; mpAfter: number; cast: boolean;
    flatFooted: boolean;
  }
  /**
   * A heal (`source`: who or what healed): HP up to `hpMax`, the newest wound removed by 6 or
   * more (its id), and whether a down PC is back in the fight (on `square`).
   */
  | {
    kind: "heal"; round: number; source: string; target: string; amount: number;
    hpBefore: number; hpAfter: number; hpMax: number; removed: string | null; back: boolean;
    square: Square;
  }
  /**
   * It delays its turn until after `after`'s (null: the round's end); `order`: this round's order
   * after the delays so far (the battle's order is unchanged).
   */
  | { kind: "delay"; round: number; actor: string; after: string | null; order: string[] }
  | FallEvent<"down" | "defeated" | "dead">
  /**
   * As the battle ends, a summon still in it is kept as a thrall (its summoner paid `cost` MP)
   * or vanishes (`reason`: its summoner is out of the fight, or short of MP).
   */
  | {
    kind: "thrall"; round: number; actor: string; unit: string; cost: number; mpBefore: number;
    mpAfter: number; kept: boolean; reason: "paid" | "summonerOut" | "noMp";
  }
  | { kind: "refill"; round: number; actor: string; mpBefore: number; mpAfter: number }
  | OutcomeEvent;

export interface WoundsEncounterResult {
  readonly winner: string;
  readonly rounds: number;
  readonly events: WoundsEvent[];
}
