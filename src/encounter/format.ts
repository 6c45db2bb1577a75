import type { DayEvent } from "./events";

/**
 * Turns an event into the line its chat card would read, through the same `FRAY.` strings Foundry
 * uses. `localize(key, data)` is `game.i18n.format` in Foundry and a reader of `lang/en.json` in Node.
 */
export type Localize = (key: string, data?: Record<string, string | number>) => string;

export function formatEvent(e: DayEvent, t: Localize): string {
  switch (e.kind) {
    case "round":
      return e.round === 0 ? t("FRAY.Log.SurpriseRound") : t("FRAY.Log.Round", { round: e.round, escalation: e.escalation });
    case "turn":
      return t("FRAY.Log.Turn", { actor: e.actor });
    case "attack": {
      const result = e.crit ? "FRAY.Chat.Crit" : e.critFail ? "FRAY.Chat.CritFail" : e.hit ? "FRAY.Chat.Hit" : "FRAY.Chat.Miss";
      return t("FRAY.Log.Attack", {
        attacker: e.attacker, target: e.target, ability: e.ability, dice: `[${e.dice.join(", ")}]`, natural: e.natural,
        total: e.total, defense: t(`FRAY.Defense.${e.defense}`), defenseValue: e.defenseValue,
        edge: e.edge > 0 ? `+${e.edge}` : String(e.edge), escalation: e.escalation, result: t(result),
      }) + (e.coupDeGrace ? ` ${t("FRAY.Log.CoupDeGrace")}` : "");
    }
    case "invisible":
      return t(e.success ? "FRAY.Log.InvisiblePass" : "FRAY.Log.InvisibleFail", { attacker: e.attacker, target: e.target, natural: e.natural });
    case "damage": {
      const notes = [e.doubled ? t("FRAY.Log.Doubled") : "", e.halved ? t("FRAY.Log.Halved") : ""].filter(Boolean).join(", ");
      return t(`FRAY.Log.Damage.${e.reason}`, {
        target: e.target, amount: e.amount, type: t(`FRAY.DamageType.${e.type}`), notes: notes ? ` (${notes})` : "",
        hpBefore: e.hpBefore, hpAfter: e.hpAfter,
      });
    }
    case "condition":
      if (e.condition === "ongoing") {
        return t(e.added ? "FRAY.Log.OngoingAdded" : "FRAY.Log.OngoingEnded", {
          target: e.target, amount: e.amount, type: t(`FRAY.DamageType.${e.damageType}`), duration: t(`FRAY.Duration.${e.duration}`),
        });
      }
      return t(e.added ? "FRAY.Log.ConditionAdded" : "FRAY.Log.ConditionEnded", {
        target: e.target, condition: t(`FRAY.Condition.${e.condition}`), duration: t(`FRAY.Duration.${e.duration}`),
      });
    case "save":
      return t(e.success ? "FRAY.Log.SavePass" : "FRAY.Log.SaveFail", { actor: e.actor, condition: t(`FRAY.Condition.${e.condition}`), natural: e.natural });
    case "state":
      return t("FRAY.Log.State", { actor: e.actor, state: t(`FRAY.Health.${e.state}`) });
    case "end":
      return t("FRAY.Log.End", { round: e.round, winner: t(`FRAY.Side.${e.winner}`) });
    case "use":
      return t("FRAY.Log.Use", { actor: e.actor, ability: e.ability });
    case "lastGasp":
      return t("FRAY.Log.LastGasp", { actor: e.actor, source: e.source });
    case "deathSave": {
      const line = e.lastGasp && e.outcome !== "failure"
        ? t("FRAY.Log.LastGaspEnded", { actor: e.actor, natural: e.natural })
        : t(`FRAY.Log.DeathSave.${e.outcome}`, { actor: e.actor, natural: e.natural, failures: e.failures });
      return e.dead ? `${line}\n${t("FRAY.Log.Dead", { actor: e.actor })}` : line;
    }
    case "stabilize":
      return t("FRAY.Log.Stabilize", { actor: e.actor, target: e.target });
    case "heal":
      return t(`FRAY.Log.Heal.${e.reason}`, { actor: e.actor, amount: e.amount, hpBefore: e.hpBefore, hpAfter: e.hpAfter, recoveries: e.recoveries }) +
        (e.withoutRecovery ? t("FRAY.Log.NoRecovery") : "");
    case "rally":
      return t(e.success ? "FRAY.Log.RallyPass" : "FRAY.Log.RallyFail", { actor: e.actor, condition: t(`FRAY.Condition.${e.condition}`), natural: e.natural });
    case "disengage":
      return t(e.success ? "FRAY.Log.DisengagePass" : "FRAY.Log.DisengageFail", { actor: e.actor, natural: e.natural, target: e.target });
    case "opportunity":
      return t("FRAY.Log.Opportunity", { attacker: e.attacker, target: e.target });
    case "spirit":
      return t("FRAY.Log.Spirit", { actor: e.actor, ally: e.ally, boon: t(`FRAY.Spirit.${e.boon}`) });
    case "sustain":
      return t(e.success ? "FRAY.Log.SustainPass" : "FRAY.Log.SustainFail", { actor: e.actor, ability: e.ability, natural: e.natural, target: e.target });
    case "flee":
      return t("FRAY.Log.Flee", { round: e.round });
    case "fight":
      return t("FRAY.Log.Fight", { index: e.index });
    case "recharge":
      return t(e.success ? "FRAY.Log.RechargePass" : "FRAY.Log.RechargeFail", { actor: e.actor, ability: e.ability, natural: e.natural, target: e.target });
    case "rest":
      return t(`FRAY.Log.Rest.${e.rest}`, {
        actor: e.actor, spent: e.recoveriesSpent, hpBefore: e.hpBefore, hpAfter: e.hpAfter, recoveries: e.recoveries,
        restored: e.restoredNames.length ? e.restoredNames.join(", ") : t("FRAY.Log.Nothing"),
      });
  }
}
