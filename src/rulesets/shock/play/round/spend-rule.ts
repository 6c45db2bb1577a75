import { ACTIONS, canTake, take, type ActionId, type Budget } from "../../rules/actions";
import { turnRefusal, type TurnState } from "./sides";

/**
 * The active GM's check of a player's spend from its own combatant's round budget (the sheet's
 * actions, the attack dialog's): everything read from the GM's store and documents, nothing from
 * the request but the action and the combatant it names for a screen's ward or a swarm's foe.
 * Pure. Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Total Defense, §Charge,
 * §Screen an Ally, §Make a Swarm Attack, §Grappling; RULINGS.md §shock Actions.
 */
export interface SpendFacts {
  readonly budget: Budget;
  readonly turn: TurnState;
  /** Standing and not defeated (RULINGS.md §shock Mortally Injured). */
  readonly able: boolean;
  /** Grappling or grappled (§Grappling: no moving, no charge). */
  readonly held: boolean;
  readonly self: string;
  /** The side of each other combatant of the combat, by id. */
  readonly sides: ReadonlyMap<string, string>;
  readonly side: string;
}

/**
 * The kept fields a spend writes (a plain subset of the combat's kept store,
 * `foundry/data/combatant-spec.ts` `KEPT_SPEC`): the budget after it, and the marks it gives.
 */
export type SpendPatch = Partial<Budget> & {
  totalDefense?: boolean;
  charging?: boolean;
  screening?: string;
  swarming?: string;
};

export type SpendRuling =
  | { readonly ok: true; readonly patch: SpendPatch }
  | { readonly ok: false; readonly key: string };

/** Actions a held combatant may not take: they move it (§Grappling). */
const MOVING: ReadonlySet<ActionId> = new Set(["run", "screen", "charge"]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The kept fields a spend writes, or the refusal's lang key.
 * @param args `{action, extra}` as the player's client sent them: `extra` may name only the ward
 *   of a screen (`screening`, required) or the foe an ally swarms (`swarming`), and may say
 *   `charging` or `totalDefense` only for those actions; the marks themselves are the GM's.
 */
export function spendRuling(args: unknown, facts: SpendFacts): SpendRuling {
  const bad = { ok: false, key: "badRequest" } as const;
  if (!isRecord(args) || typeof args.action !== "string" || !Object.hasOwn(ACTIONS, args.action))
    return bad;
  const action = args.action as ActionId;
  const extra = args.extra === undefined ? {} : args.extra;
  if (!isRecord(extra)) return bad;
  const allowed: Record<string, readonly string[]> = {
    totalDefense: ["totalDefense"], charge: ["charging"], screen: ["screening"],
    swarmAttack: ["swarming"],
  };
  if (Object.keys(extra).some((k) => !(allowed[action] ?? []).includes(k))) return bad;
  if (!facts.able) return { ok: false, key: "FRAY.Shock.Refuse.CannotAct" };
  if (facts.held && MOVING.has(action)) return { ok: false, key: "FRAY.Shock.Refuse.Held" };
  const outOfTurn = turnRefusal(action, facts.turn);
  if (outOfTurn) return { ok: false, key: outOfTurn };
  if (!canTake(facts.budget, action))
    return { ok: false, key: `FRAY.Shock.Refuse.Spent.${action}` };
  const marks: SpendPatch = {};
  if (action === "totalDefense") marks.totalDefense = true;
  if (action === "charge") marks.charging = true;
  if (action === "screen") {
    const ward = extra.screening;
    if (typeof ward !== "string" || ward === facts.self || facts.sides.get(ward) !== facts.side)
      return { ok: false, key: "FRAY.Shock.Refuse.NoWard" };
    marks.screening = ward;
  }
  // An ally joining a swarm names its foe (the sheet); the striker's own attack names none.
  if (action === "swarmAttack" && extra.swarming !== undefined) {
    const foe = extra.swarming;
    const side = typeof foe === "string" ? facts.sides.get(foe) : undefined;
    if (typeof foe !== "string" || foe === facts.self || side === undefined || side === facts.side)
      return { ok: false, key: "FRAY.Shock.Refuse.NoSwarmTarget" };
    marks.swarming = foe;
  }
  return { ok: true, patch: { ...take(facts.budget, action), ...marks } };
}
