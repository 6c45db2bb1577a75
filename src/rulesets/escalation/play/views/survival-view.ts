import { DEATH_SAVE_FAILURES } from "../../rules/constants";
import type { HealthState } from "../../rules/health";
import { isDead } from "../../rules/death-save";
import type { CharacterSource } from "../../rules/models";
import { recoveryAverage, recoveryDiceOf, recoveryFormula } from "../../rules/recovery";
import { recoveriesToHeal } from "../../rules/rest";
import type { Localize } from "../../../../engine/i18n";

/**
 * The character sheet's survival part, as plain data (pure, so the template is tested with real
 * Handlebars): recoveries with their formula and average, the no-recovery penalty, death save
 * marks, and how many recoveries a Quick Rest would propose.
 */
export interface SurvivalView {
  readonly recoveries: {
    value: number;
    max: number;
    formula: string;
    average: number;
    penalty: number;
    /** Localized: "5 / 8", "3d6 + 4 (average 14)", "−1 (no recoveries)" (empty without one). */
    count: string;
    formulaText: string;
    penaltyText: string;
  };
  readonly death: {
    show: boolean;
    canRoll: boolean;
    stabilized: boolean;
    lastGasp: boolean;
    dead: boolean;
    hard: boolean;
    /** One per possible failure: failed or not, and that state in words (never colour alone). */
    marks: readonly { failed: boolean; label: string }[];
  };
  readonly suggestedSpend: number;
}

/** How many recoveries a Quick Rest proposes (`rest.ts#recoveriesToHeal` at the average). */
export function suggestedRecoveries(system: CharacterSource): number {
  const track = {
    hp: system.hp.value,
    hpMax: system.hp.max,
    recoveries: system.recoveries.value,
    penalty: system.recoveries.penalty,
  };
  return recoveriesToHeal(track, recoveryAverage(recoveryDiceOf(system.recoveries)));
}

export function survivalView(
  system: CharacterSource,
  health: HealthState,
  t: Localize,
): SurvivalView {
  const dice = recoveryDiceOf(system.recoveries);
  const average = recoveryAverage(dice);
  const dead = isDead(system.death);
  const { value, max, penalty } = system.recoveries;
  const formula = recoveryFormula(dice);
  return {
    recoveries: {
      value,
      max,
      formula,
      average,
      penalty,
      count: t("FRAY.Punct.Of", { value, max }),
      formulaText: t("FRAY.Sheet.RecoveryFormula", { formula, average }),
      penaltyText: penalty ? t("FRAY.Sheet.Penalty", { n: penalty }) : "",
    },
    death: {
      show: health === "dying" || system.death.lastGasp || system.death.failures > 0,
      // Only a Dying character (or one making Last Gasp saves) rolls them.
      canRoll: !dead && (health === "dying" || system.death.lastGasp),
      marks: Array.from({ length: DEATH_SAVE_FAILURES }, (_, i) => {
        const failed = i < system.death.failures;
        const key = failed ? "FRAY.Sheet.DeathMark" : "FRAY.Sheet.DeathMarkOpen";
        return { failed, label: t(key, { n: i + 1 }) };
      }),
      stabilized: system.death.stabilized,
      lastGasp: system.death.lastGasp,
      dead,
      hard: system.death.hardFirstSave,
    },
    suggestedSpend: suggestedRecoveries(system),
  };
}
