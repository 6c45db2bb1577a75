import {
  joinOrder, ROLL_OFF, type RankedEntry, type RollEntry,
} from "../../engine/initiative/ranked";
import type { RollPlan } from "../../engine/dice/plan";
import { rollInFoundry } from "../dice/run-in-foundry";
import { ShownRolls } from "../dice/shown-rolls";
import { keptOf, type KeptCombat } from "./kept";
import { isKeptId } from "./kept-record";
import { askInitiative } from "./initiative-request";

/**
 * Initiative each combatant rolls for itself, ranked by a roll plan whose ties are rolled again
 * among the tied (a turn scheme's `initiative.by: "combatant"`, engine `initiative/ranked.ts`:
 * action-points' 1d10 + Agility; next, wounds' and phases'). Foundry rolls one combatant at a time
 * from its formula (client/documents/combat.mjs `rollInitiative`), which cannot re-roll a tie
 * among several; here the combatants asked for roll together through the plan, each step a Foundry
 * Roll (`dice/run-in-foundry.ts`), shown in one roll message. Their place is the GM's: written to
 * the kept store (`kept.ts`, the field the ruleset names), which the ruleset's turn order reads;
 * the score goes to each Combatant's `initiative` for the tracker to show. Those placed before keep
 * their places: newcomers rank among themselves and join after those they do not beat (engine
 * `joinOrder`).
 */
export interface RankedCombat extends KeptCombat {
  readonly combatants: {
    readonly contents: readonly Combatant.Implementation[];
    get(id: string): Combatant.Implementation | undefined;
  };
  updateEmbeddedDocuments(name: "Combatant", updates: object[]): Promise<unknown>;
}

export interface RankedRolls {
  /** The kept field of a combatant's place (0 first; negative: not placed). */
  readonly orderField: string;
  /** The plan ranking the given entries (the scheme's `initiative.plan`). */
  plan(entries: readonly RollEntry[]): RollPlan<RankedEntry[]>;
  /** A combatant's roll entry (its modifier), or null when it cannot roll (no actor). */
  entryOf(combatant: Combatant.Implementation): RollEntry | null;
  /** The roll message's flavor (localized). */
  readonly flavor: string;
  /**
   * Writes the places (by combatant id, `{[orderField]: place}`) and `extra` (the scores) in one
   * Combat update that keeps the acting combatant current without turn events
   * (`FrayTurnCombat#writeKeptOrder`): a newcomer rolled mid-turn must not end the turn under way.
   */
  writeOrder(
    patches: Readonly<Record<string, Readonly<Record<string, number>>>>,
    extra: Record<string, unknown>,
  ): Promise<void>;
}

/**
 * The rolled scores the GM keeps, by combatant id, beside the places: a newcomer is ranked
 * against these, not against a Combatant's `initiative`, which its owner may write
 * (common/documents/combatant.mjs `#canUpdate`). Foundry shows the same scores.
 */
const SCORES = "flags.fray.rankedScores";

function keptScores(combat: RankedCombat): Record<string, unknown> {
  const scores = (combat.flags as { fray?: { rankedScores?: unknown } } | undefined)
    ?.fray?.rankedScores;
  return scores && typeof scores === "object" ? scores as Record<string, unknown> : {};
}

/**
 * The placed combatants as ranked entries, in their order, with their kept scores (a combat
 * rolled before the scores were kept: the score Foundry shows).
 */
function placed(combat: RankedCombat, field: string): RankedEntry[] {
  const scores = keptScores(combat);
  return combat.combatants.contents
    .map((c) => ({ c, order: Number(keptOf(combat, c.id ?? "")[field] ?? -1) }))
    .filter((x) => x.order >= 0)
    .sort((a, b) => a.order - b.order)
    .map(({ c }) => {
      const kept = scores[c.id ?? ""];
      const score = typeof kept === "number" ? kept : c.initiative ?? 0;
      return { id: c.id ?? "", score, last: false, dice: [], tiebreaks: [] };
    });
}

/**
 * GM: rolls the combatants `ids` (those placed already roll again and are placed anew), writes
 * every combatant's place and the rolled scores, and shows the dice.
 * @returns the rolled combatants' ranked entries, in their new order.
 * @throws what a Roll or the writes throw; nothing is written before every die is rolled.
 */
export async function rollRanked(
  combat: RankedCombat, ids: readonly string[], rolls: RankedRolls,
): Promise<RankedEntry[]> {
  const byId = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c]));
  const entries = ids.flatMap((id) => {
    const c = byId.get(id);
    const entry = c ? rolls.entryOf(c) : null;
    return entry ? [entry] : [];
  });
  if (!entries.length) return [];
  const rolling = new Set(entries.map((e) => e.id));
  // A hidden combatant's dice are the GM's alone, as Foundry rolls them (client/documents/
  // combat.mjs `rollInitiative`: a private roll for a hidden combatant); the rest as the GM rolls.
  const open = new ShownRolls();
  const secret = new ShownRolls();
  // A roll-off (one request for all the tied) would tell of a hidden one: private when any is.
  const anyHidden = entries.some((e) => byId.get(e.id)?.hidden);
  const into = (label: string | undefined) =>
    (label === ROLL_OFF ? anyHidden : Boolean(label && byId.get(label)?.hidden)) ? secret : open;
  const name = (label: string) => byId.get(label)?.name ?? undefined;
  const rolled = await rollInFoundry(rolls.plan(entries), into, name);
  const kept = placed(combat, rolls.orderField).filter((e) => !rolling.has(e.id));
  const order = kept.length ? joinOrder(kept, rolled) : rolled;
  const patches = Object.fromEntries(order.map((e, i) => [e.id, { [rolls.orderField]: i }]));
  await rolls.writeOrder(patches, Object.fromEntries(
    rolled.filter((e) => isKeptId(e.id)).map((e) => [`${SCORES}.${e.id}`, e.score]),
  ));
  await combat.updateEmbeddedDocuments(
    "Combatant", rolled.map((e) => ({ _id: e.id, initiative: e.score })),
  );
  await open.show(rolls.flavor);
  await secret.show(rolls.flavor, { rollMode: "gmroll" });
  return rolled;
}

/**
 * GM: every combatant's place and score cleared; the next roll ranks them all afresh. The places
 * are written by `writeOrder` (`FrayTurnCombat#writeKeptOrder`), which keeps the acting combatant
 * current without turn events, as Foundry's own Reset Initiative does
 * (client/documents/combat.mjs `resetAll`: `turnEvents: false`).
 */
export async function resetRanked(
  combat: RankedCombat, field: string, writeOrder: RankedRolls["writeOrder"],
): Promise<void> {
  const ids = combat.combatants.contents.map((c) => c.id ?? "");
  await writeOrder(
    Object.fromEntries(ids.map((id) => [id, { [field]: -1 }])), { [`flags.fray.-=rankedScores`]: null },
  );
  await combat.updateEmbeddedDocuments(
    "Combatant", ids.map((_id) => ({ _id, initiative: null })),
  );
}

/** A ranked Combat as the controls below drive it (`FrayTurnCombat` and its kept store). */
export interface OrderedCombat<E> extends RankedCombat {
  writeKeptOrder(
    patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
    after: (c: Combatant.Implementation) => E, options?: { extra?: Record<string, unknown> },
  ): Promise<void>;
}

/** How a ruleset's turn entry reads a combatant's place (`null`: unplaced). */
export interface PlaceEntries<E> {
  readonly orderField: string;
  entryAt(c: Combatant.Implementation, order: number | null): E;
}

/**
 * Places kept in `field` read as ranked turn entries: the place is the score (lower first), and
 * an unplaced combatant comes after every placed one. A ruleset whose turn order is its kept
 * place (wounds) reads its combatants' entries so too.
 */
export const keptPlaces = (field: string): PlaceEntries<RankedEntry> => ({
  orderField: field,
  entryAt: (c, order) => ({
    id: c.id ?? "", score: order === null ? -Infinity : -order, last: false, dice: [],
    tiebreaks: [],
  }),
});

/**
 * A ranked Combat's `rollInitiative` (action-points' and wounds' order, rolled once): on the GM's
 * client the combatants `ids` (default: those without a place) roll together through `rolls`,
 * and their places are written with the acting combatant kept current; a player's client asks the
 * active GM instead (`initiative-request.ts`).
 */
export async function rollPlaces<E>(
  combat: OrderedCombat<E>, ids: string | string[] | undefined,
  rolls: Omit<RankedRolls, "writeOrder" | "orderField">, places: PlaceEntries<E>,
): Promise<void> {
  if (!game.user?.isGM) return askInitiative(combat);
  const field = places.orderField;
  const unplaced = combat.combatants.contents
    .filter((c) => Number(keptOf(combat, c.id ?? "")[field] ?? -1) < 0).map((c) => c.id ?? "");
  const asked = ids === undefined ? unplaced : Array.isArray(ids) ? ids : [ids];
  await rollRanked(combat, asked, {
    ...rolls, orderField: field,
    writeOrder: (patches, extra) => combat.writeKeptOrder(patches, (c) => {
      const order = patches[c.id ?? ""]?.[field];
      return places.entryAt(c, order === undefined ? placeOf(combat, c, field) : order);
    }, { extra }),
  });
}

/** A combatant's kept place, or null when it has none. */
function placeOf(combat: RankedCombat, c: Combatant.Implementation, field: string): number | null {
  const order = Number(keptOf(combat, c.id ?? "")[field] ?? -1);
  return order >= 0 ? order : null;
}

/** Foundry's "Reset Initiative" on a ranked Combat: every place cleared (GM; none for a player). */
export async function resetPlaces<E>(combat: OrderedCombat<E>, places: PlaceEntries<E>):
  Promise<void> {
  if (!game.user?.isGM) return;
  await resetRanked(combat, places.orderField,
    (patches, extra) => combat.writeKeptOrder(patches, (c) => places.entryAt(c, null), { extra }));
}
