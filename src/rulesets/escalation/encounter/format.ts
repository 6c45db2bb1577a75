import type { Localize } from "../../../engine/i18n";
import type { CheckDice, DayEvent } from "./events";

/**
 * Turns an event into the line its chat card would read, through the same `FRAY.` strings Foundry
 * uses. `localize(key, data)` is `game.i18n.format` in Foundry and a reader of `lang/en.json` in
 * Node.
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

export function formatEvent(e: DayEvent, t: Localize): string {
  const pass = (success: boolean) => (success ? "pass" : "fail");
  switch (e.kind) {
    case "round":
      return e.round === 0
        ? t("FRAY.Log.SurpriseRound")
        : t("FRAY.Log.Round", { round: e.round, escalation: e.escalation });
    case "turn":
      return t("FRAY.Log.Turn", { actor: e.actor });
    case "attack": {
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
    }
    case "invisible":
      return t(`FRAY.Log.Invisible.${pass(e.success)}`, {
        attacker: e.attacker, target: e.target, check: checkText({ ...e, target: e.saveTarget }, t),
      });
    case "damage": {
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
    }
    case "condition": {
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
    }
    case "save":
      return t(`FRAY.Log.Save.${pass(e.success)}`, {
        actor: e.actor, condition: t(`FRAY.Condition.${e.condition}`), check: checkText(e, t),
      });
    case "state":
      return t("FRAY.Log.State", { actor: e.actor, state: t(`FRAY.Health.${e.state}`) });
    case "end":
      return t("FRAY.Log.End", { round: e.round, winner: t(`FRAY.Side.${e.winner}`) });
    case "use":
      return e.action === "standard"
        ? t("FRAY.Log.Use", { actor: e.actor, ability: e.ability })
        : t("FRAY.Log.UseAction", {
            actor: e.actor,
            ability: e.ability,
            action: t(`FRAY.Action.${e.action}`),
          });
    case "lastGasp":
      return t("FRAY.Log.LastGasp", { actor: e.actor, source: e.source });
    case "deathSave": {
      const key = e.lastGasp && e.outcome !== "failure" ? "lastGasp" : e.outcome;
      const line = t(`FRAY.Log.DeathSaveRoll.${key}`, {
        actor: e.actor,
        check: checkText(e, t),
        failures: e.failures,
      });
      return e.dead ? `${line}\n${t("FRAY.Log.Dead", { actor: e.actor })}` : line;
    }
    case "stabilize":
      return t("FRAY.Log.Stabilize", { actor: e.actor, target: e.target });
    case "heal":
      return (
        t(`FRAY.Log.Healed.${e.reason}`, {
          actor: e.actor,
          source: e.source,
          amount: e.amount,
          hpBefore: e.hpBefore,
          hpAfter: e.hpAfter,
          recoveries: e.recoveries,
          recovery: t(`FRAY.Log.Recovery.${e.recovery}`),
        }) + (e.withoutRecovery ? t("FRAY.Log.NoRecovery") : "")
      );
    case "rally":
      return t(`FRAY.Log.RallySave.${pass(e.success)}`, {
        actor: e.actor,
        condition: t(`FRAY.Condition.${e.condition}`),
        check: t("FRAY.Log.CheckBonus", {
          roll: rollText(e, t),
          natural: e.natural,
          bonus: e.bonus,
          target: e.target,
        }),
      });
    case "disengage":
      return t(`FRAY.Log.DisengageRoll.${pass(e.success)}`, {
        actor: e.actor,
        check: checkText(e, t),
      });
    case "disengageBlocked":
      return t(`FRAY.Log.DisengageBlocked.${e.reason}`, { actor: e.actor, by: e.by ?? "" });
    case "engagement":
      return t(`FRAY.Log.Engagement.${e.reason}`, { a: e.a, b: e.b });
    case "move":
      return t(`FRAY.Log.Moved.${e.reason}`, { actor: e.actor, to: e.to ?? "" });
    case "stance":
      return t("FRAY.Log.Stance", { actor: e.actor, stance: t(`FRAY.Stance.${e.stance}`) });
    case "delay":
      return t("FRAY.Log.Delay", {
        actor: e.actor,
        from: t(`FRAY.Band.${e.from}`),
        to: t(`FRAY.Band.${e.to}`),
      });
    case "ready":
      return t("FRAY.Log.Ready", { actor: e.actor, ability: e.ability, trigger: e.trigger });
    case "readied":
      return t("FRAY.Log.Readied", {
        actor: e.actor,
        ability: e.ability,
        trigger: e.trigger,
        band: t(`FRAY.Band.${e.band}`),
      });
    case "evade":
      return t("FRAY.Log.Evade", { actor: e.actor, attacker: e.attacker });
    case "ward":
      return t("FRAY.Log.Ward", { actor: e.actor, target: e.target, prevented: e.prevented });
    case "opportunity":
      return t("FRAY.Log.Opportunity", { attacker: e.attacker, target: e.target });
    case "spirit":
      return t("FRAY.Log.Spirit", {
        actor: e.actor,
        ally: e.ally,
        boon: t(`FRAY.Spirit.${e.boon}`),
      });
    case "sustain":
      return t(`FRAY.Log.SustainRoll.${pass(e.success)}`, {
        actor: e.actor,
        ability: e.ability,
        check: checkText(e, t),
      });
    case "flee":
      return t("FRAY.Log.Flee", { round: e.round });
    case "fight":
      return t("FRAY.Log.Fight", { index: e.index });
    case "recharge":
      return t(`FRAY.Log.RechargeRoll.${pass(e.success)}`, {
        actor: e.actor,
        ability: e.ability,
        check: checkText(e, t),
      });
    case "rest": {
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
    }
  }
}
