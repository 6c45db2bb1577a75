/**
 * The conditions of the `escalation` ruleset and what each does mechanically.
 * Source: `000_c2dc3d650823e22d.txt` §Conditions and Effects; RULINGS.md §escalation Conditions.
 *
 * Each entry is pure data; the attack, save and turn code read these flags, so removing a flag here
 * removes the effect everywhere (the tests rely on that).
 */
export const CONDITION_IDS = [
  "confused", "dazed", "enervated", "flying", "grabbed", "hampered", "helpless", "invisible",
  "ongoing", "shaken", "softened", "stuck", "stunned", "vulnerable", "weakened",
] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

export interface ConditionEffect {
  /** Edge the bearer has on its attacks (−1 = one Disadvantage). */
  readonly attackEdge: number;
  /** Edge attacks against the bearer get. */
  readonly edgeAgainst: number;
  /** Edge the bearer has on saves. */
  readonly saveEdge: number;
  /** Lowers the natural needed to crit the bearer by this much (Vulnerable: 17 → 16). */
  readonly critRangeAgainst: number;
  /** The bearer counts the escalation die as 0. */
  readonly escalationAsZero: boolean;
  /** The bearer loses its move action. */
  readonly losesMove: boolean;
  /** An attacker must pass an 11+ save before attacking the bearer or the attack has no effect. */
  readonly attackerSaveFirst: boolean;
  /** On an odd natural, the bearer takes half the (pre-multiplier) damage it deals. */
  readonly oddNaturalSelfDamage: boolean;
  /** Only basic attacks (and the text's short list of other actions) are allowed. */
  readonly basicAttacksOnly: boolean;
  /** The bearer cannot move, disengage or pop free. */
  readonly cannotMove: boolean;
  /**
   * Disadvantage on disengaging from the grabber; the grabber has 1 Advantage against the bearer.
   */
  readonly grabbed: boolean;
  /** The bearer can be the target of a Coup de Grace. */
  readonly coupDeGrace: boolean;
  /** Only interceptors that also have this condition can intercept the bearer (Flying). */
  readonly interceptOnlyByFlyers: boolean;
  /** Other conditions this one includes (Helpless is also Stunned). */
  readonly implies: readonly ConditionId[];
}

const NONE: ConditionEffect = {
  attackEdge: 0, edgeAgainst: 0, saveEdge: 0, critRangeAgainst: 0, escalationAsZero: false,
  losesMove: false, attackerSaveFirst: false, oddNaturalSelfDamage: false, basicAttacksOnly: false,
  cannotMove: false, grabbed: false, coupDeGrace: false, interceptOnlyByFlyers: false, implies: [],
};

export const CONDITIONS: Readonly<Record<ConditionId, ConditionEffect>> = {
  confused: { ...NONE, oddNaturalSelfDamage: true },
  dazed: { ...NONE, attackEdge: -1 },
  enervated: { ...NONE, saveEdge: -1 },
  flying: { ...NONE, interceptOnlyByFlyers: true },
  grabbed: { ...NONE, grabbed: true },
  hampered: { ...NONE, basicAttacksOnly: true },
  helpless: { ...NONE, coupDeGrace: true, implies: ["stunned"] },
  invisible: { ...NONE, attackerSaveFirst: true },
  ongoing: NONE,
  shaken: { ...NONE, attackEdge: -1, escalationAsZero: true },
  softened: { ...NONE, edgeAgainst: 1 },
  stuck: { ...NONE, cannotMove: true },
  stunned: { ...NONE, attackEdge: -1, edgeAgainst: 1, losesMove: true },
  vulnerable: { ...NONE, critRangeAgainst: 1 },
  weakened: { ...NONE, attackEdge: -1, edgeAgainst: 1 },
};

/**
 * Every condition in force, with the ones implied by others (Helpless → Stunned), without
 * repeats.
 */
export function expandConditions(ids: Iterable<string>): ReadonlySet<ConditionId> {
  // Most combatants have no conditions; skip the allocation for them (hot path of the simulator).
  if (Array.isArray(ids)) {
    if (ids.length === 0) return NO_CONDITIONS;
    if (ids.length === 1) {
      const only = ids[0] as string;
      if (isConditionId(only)) return (SINGLE[only] ??= expandMany([only]));
    }
  }
  return expandMany(ids);
}

function expandMany(ids: Iterable<string>): ReadonlySet<ConditionId> {
  const out = new Set<ConditionId>();
  const stack: ConditionId[] = [];
  for (const id of ids) if (isConditionId(id)) stack.push(id);
  while (stack.length) {
    const id = stack.pop() as ConditionId;
    if (out.has(id)) continue;
    out.add(id);
    for (const implied of CONDITIONS[id].implies) stack.push(implied);
  }
  return out;
}

const NO_CONDITIONS: ReadonlySet<ConditionId> = new Set();
/** Expansions of a single condition, computed once each (the common case after no conditions). */
const SINGLE: Partial<Record<ConditionId, ReadonlySet<ConditionId>>> = {};

const CONDITION_SET: ReadonlySet<string> = new Set(CONDITION_IDS);

export function isConditionId(id: string): id is ConditionId {
  return CONDITION_SET.has(id);
}

/** The boolean marks of a condition (`grabbed`, `basicAttacksOnly`, …). */
export type ConditionFlag = {
  [K in keyof ConditionEffect]: ConditionEffect[K] extends boolean ? K : never;
}[keyof ConditionEffect];

const carriers = new Map<ConditionFlag, ReadonlySet<string>>();

/**
 * Whether any condition in force (with those implied) carries `flag`: the same answer as scanning
 * `expandConditions(ids)`, without building or iterating a set. A condition implies its own
 * expansion, so it is enough to know which ids carry the flag themselves or through one they
 * imply; unknown ids carry nothing. The simulator asks this several times a turn.
 */
export function carriesFlag(ids: Iterable<string>, flag: ConditionFlag): boolean {
  let carrying = carriers.get(flag);
  if (!carrying) {
    carrying = new Set(
      CONDITION_IDS.filter((c) => [...expandMany([c])].some((id) => CONDITIONS[id][flag])),
    );
    carriers.set(flag, carrying);
  }
  if (Array.isArray(ids)) {
    for (let i = 0; i < ids.length; i++) if (carrying.has(ids[i] as string)) return true;
    return false;
  }
  for (const id of ids) if (carrying.has(id)) return true;
  return false;
}

/**
 * What a set of conditions in force (with those they imply) does, summed over distinct ids: the
 * same answers as scanning `expandConditions(ids)`. Edge sources of distinct conditions have
 * distinct names, so their amounts simply add up.
 */
export interface ConditionSummary {
  /** The distinct ids summed (before expansion), in `CONDITION_IDS` order. */
  readonly ids: readonly ConditionId[];
  /** Sum of `attackEdge`, `edgeAgainst`, `saveEdge` and `critRangeAgainst`. */
  readonly attackEdge: number;
  readonly edgeAgainst: number;
  readonly saveEdge: number;
  readonly critRangeAgainst: number;
  /** Whether some condition carries `escalationAsZero`, `cannotMove`, `losesMove`, … */
  readonly escalationAsZero: boolean;
  readonly cannotMove: boolean;
  readonly losesMove: boolean;
  readonly coupDeGrace: boolean;
  readonly basicAttacksOnly: boolean;
  readonly grabbed: boolean;
  readonly attackerSaveFirst: boolean;
  readonly oddNaturalSelfDamage: boolean;
}

/** One bit per condition id, in `CONDITION_IDS` order (the key of the summaries' cache). */
const BIT: ReadonlyMap<string, number> = new Map(CONDITION_IDS.map((id, i) => [id, 1 << i]));
const summaries = new Map<number, ConditionSummary>();

/** The bit of a condition id in a summary's key (0 for an unknown id). */
export function conditionBit(id: string): number {
  return BIT.get(id) ?? 0;
}

/**
 * The summary of `ids` (unknown ids are ignored). The headless runner reads conditions on every
 * attack and turn; it keeps one summary per fighter, and each distinct set is summed only once.
 */
export function summarizeConditions(ids: readonly string[]): ConditionSummary {
  let bits = 0;
  for (let i = 0; i < ids.length; i++) bits |= conditionBit(ids[i] as string);
  return summaryOfBits(bits);
}

/** The summary of the conditions whose `conditionBit`s are set in `bits`. */
export function summaryOfBits(bits: number): ConditionSummary {
  let summary = summaries.get(bits);
  if (!summary)
    summaries.set(bits, (summary = summarize(CONDITION_IDS.filter((_, i) => bits & (1 << i)))));
  return summary;
}

function summarize(ids: readonly ConditionId[]): ConditionSummary {
  const list = [...expandMany(ids)].map((id) => CONDITIONS[id]);
  const sum = (field: "attackEdge" | "edgeAgainst" | "saveEdge" | "critRangeAgainst") =>
    list.reduce((total, c) => total + c[field], 0);
  const any = (flag: ConditionFlag) => list.some((c) => c[flag]);
  return {
    ids, attackEdge: sum("attackEdge"), edgeAgainst: sum("edgeAgainst"), saveEdge: sum("saveEdge"),
    critRangeAgainst: sum("critRangeAgainst"), escalationAsZero: any("escalationAsZero"),
    cannotMove: any("cannotMove"), losesMove: any("losesMove"), coupDeGrace: any("coupDeGrace"),
    basicAttacksOnly: any("basicAttacksOnly"), grabbed: any("grabbed"),
    attackerSaveFirst: any("attackerSaveFirst"), oddNaturalSelfDamage: any("oddNaturalSelfDamage"),
  };
}
