import type { Localize } from "../../../engine/i18n";
import { formatLine, type LineFormats } from "../../../engine/runner/format";
import type { ApEvent, CheckLog, Hex } from "./events";

/**
 * Turns an `action-points` event into the line a chat log would read, through
 * `FRAY.ActionPoints.Log` strings (`src/rulesets/action-points/lang/runner.json`) and the sizes of
 * `lang/en.json`. `t` is `game.i18n.format` in Foundry and `localizerFor` in Node; the engine's
 * `textLog` prints a whole log through these lines.
 */
const L = "FRAY.ActionPoints.Log";
const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);

const hex = (h: Hex, t: Localize): string => t(`${L}.Hex`, { q: h.q, r: h.r });
const path = (p: readonly Hex[], t: Localize): string => p.map((h) => hex(h, t)).join(" → ");

/** A check: its d100s, the one kept, the skill and its modifiers, the edge, the level. */
export function checkText(c: CheckLog, t: Localize): string {
  const modifiers = c.modifiers.map((m) => ` ${signed(m.value)} (${m.source})`).join("");
  const edge = c.edge === "none" ? "" : t(`${L}.Edge`, {
    edge: t(`${L}.EdgeName.${c.edge}`), sources: c.edgeSources.map((e) => e.source).join(", "),
  });
  return t(`${L}.Check`, {
    dice: c.dice.join(", "), kept: c.dice.length > 1 ? t(`${L}.Kept`, { kept: c.kept }) : "",
    skill: t(`${L}.Skill.${c.skill}`), value: c.value, modifiers, target: c.target, edge,
    level: t(`${L}.Level.${c.level}`),
  });
}

/** Each kind's line (`engine/runner/format.ts`). */
export const AP_LINES: LineFormats<ApEvent> = {
  field: (e, t) => t(`${L}.Field`, {
    fighters: e.fighters.map((f) => t(`${L}.FieldFighter`, {
      actor: f.actor, side: t(`${L}.Side.${f.side}`), size: t(`FRAY.ActionPoints.Size.${f.size}`),
      hex: hex(f.hex, t),
      cells: f.cells.length > 1
        ? t(`${L}.FieldCells`, { cells: f.cells.map((c) => hex(c, t)).join(", ") }) : "",
      reach: f.reach, hp: f.hp, ap: f.pools.ap, rp: f.pools.rp, fp: f.pools.fp,
    })).join("; "),
  }),
  initiative: (e, t) => t(`${L}.Initiative`, {
    rolls: e.rolls.map((r) => t(`${L}.InitiativeRoll`, {
      actor: r.actor, die: r.dice.join(", "), modifier: signed(r.modifier), score: r.score,
      ties: r.tieBreaks.length ? t(`${L}.TieBreaks`, { dice: r.tieBreaks.join(", ") }) : "",
    })).join("; "),
    order: e.order.join(", "),
  }),
  surprise: (e, t) =>
    t(`${L}.Surprise`, { acting: e.acting.join(", "), surprised: e.surprised.join(", ") }),
  round: (e, t) => t(`${L}.Round`, { round: e.round }),
  turn: (e, t) => t(`${L}.Turn`, { actor: e.actor, side: t(`${L}.Side.${e.side}`) }),
  pool: (e, t) => t(`${L}.Pool`, {
    actor: e.actor, pool: t(`${L}.PoolName.${e.pool}`), before: e.before, after: e.after,
    delta: signed(e.delta), cause: t(`${L}.Cause.${e.cause}`),
  }),
  action: (e, t) => t(`${L}.Action.${e.action}`, { actor: e.actor, target: e.target ?? "" }),
  move: (e, t) => {
    const key = e.reason === "move" && e.ap === 0 ? "moveOn" : e.reason;
    return t(`${L}.Move.${key}`, {
      actor: e.actor, hexes: e.path.length - 1, ap: e.ap, path: path(e.path, t),
    });
  },
  attack: (e, t) => t(`${L}.Attack`, {
    attacker: e.attacker, how: t(`${L}.How.${e.attackKind}`), target: e.target, with: e.with,
    distance: e.distance, check: checkText(e.check, t), result: t(e.hit ? `${L}.Hit` : `${L}.Miss`),
  }),
  offer: (e, t) => t(`${L}.Offer`, {
    attack: e.attack,
    offers: e.offers.map((o) => t(`${L}.OfferItem`, {
      by: o.by, answer: t(`${L}.Reaction.${o.answer}`), rp: o.rp,
    })).join(", "),
    choice: e.choice.answer === "pass" ? t(`${L}.Passed`, { by: e.choice.by })
      : t(`${L}.Chose`, { by: e.choice.by, answer: t(`${L}.Reaction.${e.choice.answer}`) }),
  }),
  reaction: (e, t) => t(`${L}.ReactionLine`, {
    by: e.by, attack: e.attack, reaction: t(`${L}.Reaction.${e.reaction}`), rp: e.rp,
    check: checkText(e.check, t), attackLevel: t(`${L}.Level.${e.attackLevel}`),
    shift: e.shift ? t(`${L}.Shift`) : "", result: t(e.won ? `${L}.Won` : `${L}.Lost`),
  }),
  provoked: (e, t) => t(`${L}.Provoked`, {
    actor: e.actor,
    trigger: e.trigger.kind === "leave" ? t(`${L}.Trigger.leave`, { hex: hex(e.trigger.hex, t) })
      : e.trigger.kind === "cast" ? t(`${L}.Trigger.cast`, { spell: e.trigger.spell })
      : t(`${L}.Trigger.stand`),
    threateners: e.threateners.map((x) => t(`${L}.Threatener`, {
      actor: x.actor, rp: x.rp, choice: t(x.attacks ? `${L}.Strikes` : `${L}.Holds`),
    })).join(", "),
  }),
  damage: (e, t) => t(`${L}.Damage`, {
    target: e.target, amount: e.amount, source: e.source, attack: e.attack ?? "",
    dice: e.dice.join(", "), bonus: e.bonus, level: t(`${L}.Level.${e.level}`),
    multiplier: e.multiplier,
    intercepted: e.interceptedFrom ? t(`${L}.Intercepted`, { ally: e.interceptedFrom }) : "",
    hpBefore: e.hpBefore, hpAfter: e.hpAfter,
  }),
  opposed: (e, t) => t(`${L}.Opposed`, {
    purpose: t(`${L}.Purpose.${e.purpose}`), actor: e.actor.actor,
    actorCheck: checkText(e.actor.check, t), other: e.other.actor,
    otherCheck: checkText(e.other.check, t), winner: e.winner,
  }),
  condition: (e, t) => t(`${L}.Condition.${e.added ? "added" : "removed"}`, {
    target: e.target, condition: t(`${L}.ConditionName.${e.condition}`), source: e.source,
    reason: t(`${L}.Reason.${e.reason}`),
  }),
  state: (e, t) => t(`${L}.State.${e.state}`, { actor: e.actor }),
  end: (e, t) => (e.winner === "draw" ? t(`${L}.Draw`, { round: e.round })
    : t(`${L}.End`, { round: e.round, winner: t(`${L}.Side.${e.winner}`) })),
};

/** The line of one event. */
export function formatApEvent(e: ApEvent, t: Localize): string {
  return formatLine(AP_LINES, e, t);
}
