import type { Localize } from "../../../engine/i18n";
import { formatLine, type LineFormats } from "../../../engine/runner/format";
import type { CheckDice, DayEvent } from "./events";

/**
 * Turns an event into the line its chat card would read, through the same `FRAY.` strings Foundry
 * uses (`FRAY.Log.*`, `src/rulesets/escalation/lang/`). `localize(key, data)` is
 * `game.i18n.format` in Foundry and a reader of the built language file in Node; the engine's
 * `textLog` prints a whole log through these lines.
 */
export type { Localize };

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** A 3d6 check's dice: all of them, and which were kept when an edge added dice. */
function rollText(e: CheckDice, t: Localize): string {
  if (e.dice.length === e.kept.length) return t("FRAY.Log.Roll", { dice: e.dice.join(", ") });
  return t("FRAY.Log.RollKept", {
    dice: e.dice.join(", "),
    kept: e.kept.join(", "),
    edge: signed(e.edge),
  });
}

/** "[dice] natural N vs T+" for a check against a target number. */
function checkText(e: CheckDice & { natural: number; target: number }, t: Localize): string {
  return t("FRAY.Log.Check", { roll: rollText(e, t), natural: e.natural, target: e.target });
}

const pass = (success: boolean) => (success ? "pass" : "fail");

/** Each kind's line (`engine/runner/format.ts`). */
export const EVENT_LINES: LineFormats<DayEvent> = {
  round: (e, t) => e.round === 0
    ? t("FRAY.Log.SurpriseRound")
    : t("FRAY.Log.Round", { round: e.round, escalation: e.escalation }),
  turn: (e, t) => t("FRAY.Log.Turn", { actor: e.actor }),
  attack: (e, t) => {
    const result = e.crit
      ? "FRAY.Chat.Crit"
      : e.critFail
        ? "FRAY.Chat.CritFail"
        : e.hit
          ? "FRAY.Chat.Hit"
          : "FRAY.Chat.Miss";
    return (
      t("FRAY.Log.Attack", {
        attacker: e.attacker,
        target: e.target,
        ability: e.ability,
        dice: `[${e.dice.join(", ")}]`,
        natural: e.natural,
        total: e.total,
        defense: t(`FRAY.Defense.${e.defense}`),
        defenseValue: e.defenseValue,
        edge: signed(e.edge),
        escalation: e.escalation,
        result: t(result),
      }) + (e.coupDeGrace ? ` ${t("FRAY.Log.CoupDeGrace")}` : "")
    );
  },
  invisible: (e, t) => t(`FRAY.Log.Invisible.${pass(e.success)}`, {
    attacker: e.attacker, target: e.target, check: checkText({ ...e, target: e.saveTarget }, t),
  }),
  damage: (e, t) => {
    const notes = [e.doubled ? t("FRAY.Log.Doubled") : "", e.halved ? t("FRAY.Log.Halved") : ""]
      .filter(Boolean)
      .join(", ");
    return t(`FRAY.Log.Damage.${e.reason}`, {
      target: e.target,
      amount: e.amount,
      type: t(`FRAY.DamageType.${e.type}`),
      notes: notes ? ` (${notes})` : "",
      hpBefore: e.hpBefore,
      hpAfter: e.hpAfter,
    });
  },
  condition: (e, t) => {
    const ongoing = e.condition === "ongoing";
    const data = {
      target: e.target,
      source: e.source,
      amount: e.amount,
      type: t(`FRAY.DamageType.${e.damageType}`),
      condition: t(`FRAY.Condition.${e.condition}`),
      duration: t(`FRAY.Duration.${e.duration}`),
    };
    if (e.added) return t(ongoing ? "FRAY.Log.OngoingFrom" : "FRAY.Log.ConditionFrom", data);
    // Another instance keeps the condition going: say which one ended, not that it is gone.
    const why = t(`FRAY.Log.Ended.${e.reason}`, data);
    if (!ongoing && e.others) return t("FRAY.Log.InstanceEnded", { ...data, why });
    return t(ongoing ? "FRAY.Log.OngoingEnded" : "FRAY.Log.ConditionEnded", data) + why;
  },
  save: (e, t) => t(`FRAY.Log.Save.${pass(e.success)}`, {
    actor: e.actor, condition: t(`FRAY.Condition.${e.condition}`), check: checkText(e, t),
  }),
  state: (e, t) => t("FRAY.Log.State", { actor: e.actor, state: t(`FRAY.Health.${e.state}`) }),
  end: (e, t) => t("FRAY.Log.End", { round: e.round, winner: t(`FRAY.Side.${e.winner}`) }),
  use: (e, t) => e.action === "standard"
    ? t("FRAY.Log.Use", { actor: e.actor, ability: e.ability })
    : t("FRAY.Log.UseAction", {
      actor: e.actor,
      ability: e.ability,
      action: t(`FRAY.Action.${e.action}`),
    }),
  lastGasp: (e, t) => t("FRAY.Log.LastGasp", { actor: e.actor, source: e.source }),
  deathSave: (e, t) => {
    const key = e.lastGasp && e.outcome !== "failure" ? "lastGasp" : e.outcome;
    const line = t(`FRAY.Log.DeathSaveRoll.${key}`, {
      actor: e.actor,
      check: checkText(e, t),
      failures: e.failures,
    });
    return e.dead ? `${line}\n${t("FRAY.Log.Dead", { actor: e.actor })}` : line;
  },
  stabilize: (e, t) => t("FRAY.Log.Stabilize", { actor: e.actor, target: e.target }),
  heal: (e, t) =>
    t(`FRAY.Log.Healed.${e.reason}`, {
      actor: e.actor,
      source: e.source,
      amount: e.amount,
      hpBefore: e.hpBefore,
      hpAfter: e.hpAfter,
      recoveries: e.recoveries,
      recovery: t(`FRAY.Log.Recovery.${e.recovery}`),
    }) + (e.withoutRecovery ? t("FRAY.Log.NoRecovery") : ""),
  rally: (e, t) => t(`FRAY.Log.RallySave.${pass(e.success)}`, {
    actor: e.actor,
    condition: t(`FRAY.Condition.${e.condition}`),
    check: t("FRAY.Log.CheckBonus", {
      roll: rollText(e, t),
      natural: e.natural,
      bonus: e.bonus,
      target: e.target,
    }),
  }),
  disengage: (e, t) => t(`FRAY.Log.DisengageRoll.${pass(e.success)}`, {
    actor: e.actor,
    check: checkText(e, t),
  }),
  disengageBlocked: (e, t) =>
    t(`FRAY.Log.DisengageBlocked.${e.reason}`, { actor: e.actor, by: e.by ?? "" }),
  engagement: (e, t) => t(`FRAY.Log.Engagement.${e.reason}`, { a: e.a, b: e.b }),
  move: (e, t) => t(`FRAY.Log.Moved.${e.reason}`, { actor: e.actor, to: e.to ?? "" }),
  stance: (e, t) =>
    t("FRAY.Log.Stance", { actor: e.actor, stance: t(`FRAY.Stance.${e.stance}`) }),
  delay: (e, t) => t("FRAY.Log.Delay", {
    actor: e.actor,
    from: t(`FRAY.Band.${e.from}`),
    to: t(`FRAY.Band.${e.to}`),
  }),
  ready: (e, t) =>
    t("FRAY.Log.Ready", { actor: e.actor, ability: e.ability, trigger: e.trigger }),
  readied: (e, t) => t("FRAY.Log.Readied", {
    actor: e.actor,
    ability: e.ability,
    trigger: e.trigger,
    band: t(`FRAY.Band.${e.band}`),
  }),
  evade: (e, t) => t("FRAY.Log.Evade", { actor: e.actor, attacker: e.attacker }),
  ward: (e, t) =>
    t("FRAY.Log.Ward", { actor: e.actor, target: e.target, prevented: e.prevented }),
  opportunity: (e, t) => t("FRAY.Log.Opportunity", { attacker: e.attacker, target: e.target }),
  spirit: (e, t) => t("FRAY.Log.Spirit", {
    actor: e.actor,
    ally: e.ally,
    boon: t(`FRAY.Spirit.${e.boon}`),
  }),
  sustain: (e, t) => t(`FRAY.Log.SustainRoll.${pass(e.success)}`, {
    actor: e.actor,
    ability: e.ability,
    check: checkText(e, t),
  }),
  flee: (e, t) => t("FRAY.Log.Flee", { round: e.round }),
  fight: (e, t) => t("FRAY.Log.Fight", { index: e.index }),
  recharge: (e, t) => t(`FRAY.Log.RechargeRoll.${pass(e.success)}`, {
    actor: e.actor,
    ability: e.ability,
    check: checkText(e, t),
  }),
  rest: (e, t) => {
    const restored = e.restoredNames.length ? e.restoredNames.join(", ") : t("FRAY.Log.Nothing");
    const data = {
      actor: e.actor,
      spent: e.recoveriesSpent,
      hpBefore: e.hpBefore,
      hpAfter: e.hpAfter,
      recoveries: e.recoveries,
      restored,
    };
    // A rest that spent no recovery has nothing to say about how they were taken.
    if (e.rest === "full" || e.recovery === "none") return t(`FRAY.Log.Rest.${e.rest}`, data);
    return t("FRAY.Log.QuickRest", { ...data, recovery: t(`FRAY.Log.Recovery.${e.recovery}`) });
  },
};

/** The line of one event (a death save that kills adds a second line). */
export function formatEvent(e: DayEvent, t: Localize): string {
  return formatLine(EVENT_LINES, e, t);
}
