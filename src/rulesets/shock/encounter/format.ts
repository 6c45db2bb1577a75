import type { Localize } from "../../../engine/i18n";
import { formatLine, type LineFormats } from "../../../engine/runner/format";
import type { Modifier } from "../../../engine/dice/check";
import type { OpposedRoll } from "../../../engine/dice/opposed";
import type { OpposedOtherLog, ShockEvent } from "./events";

/**
 * Turns a `shock` event into the line a chat log would read, through `FRAY.Shock.` strings
 * (`src/rulesets/shock/lang/en.json`, the runner's own lines in `lang/runner.json`). `t` is
 * `game.i18n.format` in Foundry and `localizerFor` in Node; the engine's `textLog` prints a whole
 * log through these lines.
 */
const L = "FRAY.Shock.Log";
const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);
const terms = (ms: readonly Modifier[]): string =>
  ms.map((m) => `${signed(m.value)} (${m.source})`).join(" ");
const roll = (r: OpposedRoll): string => `[${r.dice.join(", ")}]=${r.total}`;
/** An opponent's first roll, then each tie's re-rolls of both sides. */
const comparisons = (single: string, o: OpposedOtherLog, t: Localize): string =>
  o.rolls.map((r, i) => (i === 0 ? roll(r) : t(`${L}.OpposedReroll`, {
    single, singleRoll: roll(o.against[i] as OpposedRoll), roll: roll(r),
  }))).join("");

/** Each kind's line (`engine/runner/format.ts`). */
export const SHOCK_LINES: LineFormats<ShockEvent> = {
  initiative: (e, t) => {
    const sides = e.sides.map((s) => t(`${L}.InitiativeSide`, {
      side: t(`FRAY.Shock.Side.${s.id}`), die: s.die, bonus: signed(s.bonus), result: s.result,
      ties: s.tieBreaks.length ? t(`${L}.TieBreaks`, { dice: s.tieBreaks.join(", ") }) : "",
    })).join("; ");
    return t(`${L}.Initiative`, {
      sides,
      order: e.order.map((s) => t(`FRAY.Shock.Side.${s}`)).join(", "),
    });
  },
  surprise: (e, t) =>
    t(`${L}.Surprise`, { surprised: e.surprised.join(", "), acting: e.acting.join(", ") }),
  round: (e, t) => t(`${L}.Round`, { round: e.round }),
  turn: (e, t) => t(`${L}.Turn`, { actor: e.actor, side: t(`FRAY.Shock.Side.${e.side}`) }),
  action: (e, t) => t(`${L}.Action`, {
    actor: e.actor,
    action: t(`FRAY.Shock.Action.${e.action}`),
    paid: t(`FRAY.Shock.Paid.${e.paid}`),
  }),
  move: (e, t) => {
    // "moves 30 ft" or "moves 30 ft to X"; the other moves always name whom they go to.
    const to =
      e.reason === "engage" ? (e.to ? t(`${L}.MoveTo`, { to: e.to }) : "") : (e.to ?? "");
    return t(`${L}.Move.${e.reason}`, { actor: e.actor, feet: e.feet, to });
  },
  attack: (e, t) => {
    const screened = (e.screenedFrom ? t(`${L}.Screened`, { ward: e.screenedFrom }) : "")
      + (e.feet ? t(`${L}.AttackRange`, { feet: e.feet }) : "");
    return t(`${L}.Attack`, {
      attacker: e.attacker, target: e.target, weapon: e.weapon,
      kind: t(`${L}.AttackKind.${e.attackKind}`) + screened,
      natural: e.natural, modifiers: terms(e.modifiers), total: e.total, targetAc: e.targetAc,
      adjustments: e.acAdjustments.length ? ` (${e.ac} ${terms(e.acAdjustments)})` : "",
      result: t(e.hit ? `${L}.Hit` : `${L}.Miss`),
      natural_note: e.decidedBy === "natural" ? t(`${L}.NaturalRule`) : "",
    });
  },
  damage: (e, t) => {
    const data = {
      target: e.target, source: e.source, amount: e.amount || e.floor,
      hpBefore: e.hpBefore, hpAfter: e.hpAfter,
    };
    if (e.absorbedBy) return t(`${L}.Absorbed.${e.absorbedBy}`, data);
    const notes = e.reason !== "hit" ? ""
      : t(`${L}.DamageNotes`, {
        dice: e.dice.join(", "), base: e.base, swarm: e.swarmBonus, floor: e.floor,
      });
    return t(`${L}.Damage.${e.reason}`, { ...data, amount: e.amount, notes });
  },
  reaction: (e, t) => {
    if (e.reaction === "screen") {
      const changed = t(e.changed ? `${L}.ScreenTook` : `${L}.ScreenFailed`);
      return t(`${L}.Reaction.screen`, { actor: e.actor, changed });
    }
    const changed = e.changed ? t(`${L}.ReactionChanged`) : "";
    return t(`${L}.Reaction.${e.reaction}`, { actor: e.actor, changed });
  },
  swarmAssist: (e, t) =>
    t(`${L}.SwarmAssist`, { actor: e.actor, target: e.target, assistants: e.assistants }),
  opposed: (e, t) => t(`${L}.Opposed`, {
    purpose: t(`${L}.OpposedPurpose.${e.purpose}`),
    single: e.single.id,
    singleRolls: roll(e.single.rolls[0] as OpposedRoll),
    others: e.others
      .map((o) =>
        t(`${L}.OpposedOther`, {
          id: o.id,
          rolls: comparisons(e.single.id, o, t),
          result: t(o.singleWins ? `${L}.OpposedWon` : `${L}.OpposedLost`),
        }),
      )
      .join("; "),
  }),
  grapple: (e, t) => t(`${L}.Grapple.${e.held ? "held" : "released"}`, {
    grappler: e.grappler,
    target: e.target,
  }),
  opportunity: (e, t) => t(`${L}.Opportunity`, { attacker: e.attacker, target: e.target }),
  screen: (e, t) =>
    t(`${L}.Screen`, { actor: e.actor, ward: e.ward, capacity: e.capacity }),
  save: (e, t) => t(`${L}.Save.${e.success ? "pass" : "fail"}`, {
    actor: e.actor,
    natural: e.natural,
    modifiers: terms(e.modifiers),
    total: e.total,
    target: e.target,
  }),
  field: (e, t) => t(`${L}.Field`, {
    spots: e.spots.map((x) => t(`${L}.FieldSpot`, {
      actor: x.actor, spot: t(`${L}.Spot.${x.spot}`),
      die: x.die === null ? "" : t(`${L}.FieldDie`, { die: x.die }),
    })).join("; "),
  }),
  spot: (e, t) => t(`${L}.Located`, { actor: e.actor, spot: t(`${L}.Spot.${e.spot}`) }),
  prone: (e, t) => t(`${L}.Prone.${e.reason}`, { actor: e.actor }),
  shove: (e, t) => t(`${L}.Shove.${e.result}`, { attacker: e.attacker, target: e.target }),
  held: (e, t) => t(`${L}.Held.${e.outcome}`, { actor: e.actor }),
  state: (e, t) =>
    t(`${L}.State`, { actor: e.actor, state: t(`FRAY.Shock.Health.${e.state}`) }),
  stabilize: (e, t) => t(`${L}.Stabilize`, { actor: e.actor, target: e.target }),
  morale: (e, t) => t(`${L}.Morale.${e.result}`, {
    group: e.group, triggers: e.triggers.map((x) => t(`${L}.MoraleTrigger.${x}`)).join(", "),
    dice: e.dice.join(", "), total: e.total, score: e.score,
  }),
  end: (e, t) => t(`${L}.End`, { round: e.round, winner: t(`FRAY.Shock.Side.${e.winner}`) }),
};

/** The line of one event. */
export function formatShockEvent(e: ShockEvent, t: Localize): string {
  return formatLine(SHOCK_LINES, e, t);
}
