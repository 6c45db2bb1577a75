import type { Localize } from "../../../engine/i18n";
import { formatLine, type LineFormats } from "../../../engine/runner/format";
import type { PhasesEvent, Square } from "./events";

/**
 * Turns a `phases` event into the line a chat log would read, through `FRAY.Phases.Log` strings
 * (`src/rulesets/phases/lang/runner.json`). `t` is `game.i18n.format` in Foundry and
 * `localizerFor` in Node; the engine's `textLog` prints a whole log through these lines.
 */
const L = "FRAY.Phases.Log";
const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);
const sq = (s: Square, t: Localize): string => t(`${L}.Square`, { i: s.i, j: s.j });
const squares = (p: readonly Square[], t: Localize): string => p.map((s) => sq(s, t)).join(" → ");
const mark = (m: string, t: Localize): string =>
  m.startsWith("move:") ? t(`${L}.Mark.other`, { id: m.slice(5) }) : t(`${L}.Mark.${m}`);
const list = (keys: readonly string[], t: Localize): string =>
  (keys.length ? keys.join(", ") : t(`${L}.Nobody`));

/** Each kind's line (`engine/runner/format.ts`). */
export const PHASES_LINES: LineFormats<PhasesEvent> = {
  field: (e, t) => t(`${L}.Field`, {
    fighters: e.fighters.map((f) => t(`${L}.FieldFighter`, {
      actor: f.actor, side: t(`${L}.Side.${f.side}`), tier: f.tier, square: sq(f.square, t),
      hp: f.hp, hpMax: f.hpMax, speed: f.speed,
    })).join("; "),
    difficult: e.difficult.map((s) => sq(s, t)).join(", "),
  }),
  round: (e, t) => t(`${L}.Round`, { round: e.round }),
  phase: (e, t) => t(`${L}.Phase.${e.phase}`, { round: e.round }),
  initiative: (e, t) => t(`${L}.Initiative`, {
    rolls: e.rolls.map((r) => t(`${L}.InitiativeRoll`, {
      actor: r.actor, dice: r.dice.join(", "), int: signed(r.int), agi: signed(r.agi),
      score: r.score,
      ties: r.tieBreaks.length ? t(`${L}.TieBreaks`, { dice: r.tieBreaks.join(", ") }) : "",
    })).join("; "),
    order: e.order.join(", "),
  }),
  seize: (e, t) => t(`${L}.Seize`, { actor: e.actor }),
  orders: (e, t) => t(`${L}.Orders`, {
    movement: e.movement.join(", "), battle: e.battle.join(", "), seizers: list(e.seizers, t),
  }),
  turn: (e, t) => t(`${L}.Turn.${e.phase}`, { actor: e.actor, side: t(`${L}.Side.${e.side}`) }),
  move: (e, t) => t(`${L}.Move`, {
    // A default movement power is named by its kind (`movementPowersOf`), worded here.
    actor: e.actor, power: e.power === e.movement ? t(`${L}.Power.${e.movement}`) : e.power,
    squares: e.path.length - 1, cost: e.cost,
    allowance: e.allowance, path: squares(e.path, t),
    at: e.at ? t(`${L}.At`, { enemy: e.at }) : "",
    difficult: e.difficult.length
      ? t(`${L}.Difficult`, { squares: e.difficult.map((s) => sq(s, t)).join(", ") }) : "",
    provoked: e.provoked.length ? t(`${L}.ProvokedIds`, { ids: e.provoked.join(", ") }) : "",
    stopped: e.stopped ? t(`${L}.Stopped.${e.stopped}`) : "",
  }),
  hold: (e, t) => t(`${L}.Hold.${e.reason}`, { actor: e.actor }),
  provoked: (e, t) => t(`${L}.Provoked`, {
    actor: e.actor, square: sq(e.square, t), threateners: e.threateners.join(", "),
  }),
  attack: (e, t) => t(`${L}.Attack`, {
    id: e.id, attacker: e.attacker, target: e.target, power: e.power,
    how: t(e.opportunity ? `${L}.Opportunity` : `${L}.Kind.${e.attackKind}`),
    distance: e.distance,
    dice: e.dice.map((d, k) => (k === 2 ? t(`${L}.Stepped`, { faces: e.extraDie ?? 0, die: d })
      : String(d))).join(", "),
    kept: e.kept.join(", "), natural: e.natural, atk: signed(e.atk), total: e.total, def: e.def,
    edge: e.sources.length ? t(`${L}.Edge`, {
      sources: e.sources.map((s) => `${s.source} ${signed(s.amount)}`).join(", "),
      net: signed(e.net), edge: signed(e.edge),
    }) : "",
    result: t(e.hit ? `${L}.Hit` : `${L}.Miss`),
  }),
  damage: (e, t) => t(`${L}.Damage`, {
    target: e.target, amount: e.amount, source: e.source, attack: e.attack ?? "",
    dice: e.dice.join(", "), bonus: signed(e.bonus),
    miss: e.onMiss ? t(`${L}.OnMiss.${e.onMiss}`) : "", hpBefore: e.hpBefore, hpAfter: e.hpAfter,
  }),
  action: (e, t) => t(`${L}.Action.${e.action}`, { actor: e.actor, target: e.target ?? "" }),
  heal: (e, t) => t(`${L}.Heal`, {
    actor: e.actor, item: e.item, dice: e.dice.join(", "), bonus: signed(e.bonus),
    amount: e.amount, hpBefore: e.hpBefore, hpAfter: e.hpAfter,
  }),
  condition: (e, t) => t(`${L}.Condition.${e.added ? "added" : "removed"}`, {
    target: e.target, condition: mark(e.condition, t), source: e.source,
    reason: t(`${L}.Reason.${e.reason}`),
    duration: e.duration ? t(`${L}.Duration.${e.duration}`) : "",
  }),
  save: (e, t) => t(`${L}.Save`, {
    actor: e.actor, condition: mark(e.condition, t), dice: e.dice.join(", "), total: e.total,
    result: t(`${L}.SaveResult.${e.duration}.${e.success ? "success" : "failure"}`),
  }),
  state: (e, t) => t(`${L}.State.${e.state}`, { actor: e.actor }),
  end: (e, t) => (e.winner === "draw" ? t(`${L}.Draw`, { round: e.round })
    : t(`${L}.End`, { round: e.round, winner: t(`${L}.Side.${e.winner}`) })),
};

/** The line of one event. */
export function formatPhasesEvent(e: PhasesEvent, t: Localize): string {
  return formatLine(PHASES_LINES, e, t);
}
