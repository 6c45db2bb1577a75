import type { DamageType, Defense } from "../rules/escalation/constants";
import type { DeathSaveOutcome } from "../rules/escalation/death-save";
import type { HealthState } from "../rules/escalation/health";

/**
 * What a headless encounter reports, one event per line of the chat log a Foundry table would see.
 * `--json` prints these objects as they are.
 */
export type EncounterEvent =
  | { kind: "round"; round: number; escalation: number }
  | { kind: "turn"; round: number; actor: string }
  | { kind: "use"; round: number; actor: string; ability: string; abilityId: string; frequency: string }
  | {
      kind: "attack"; round: number; attacker: string; target: string; ability: string; dice: number[]; kept: number[];
      natural: number; total: number; defense: Defense; defenseValue: number; edge: number; escalation: number;
      hit: boolean; crit: boolean; critFail: boolean;
      /** A Coup de Grace on an engaged Helpless target: hit and crit whatever the dice. */
      coupDeGrace: boolean;
    }
  | { kind: "invisible"; round: number; attacker: string; target: string; natural: number; success: boolean }
  | {
      kind: "damage"; round: number; source: string; target: string; amount: number; type: DamageType; rolled: number;
      dice: number[]; doubled: boolean; halved: boolean; miss: boolean; hpBefore: number; hpAfter: number;
      reason: "hit" | "miss" | "ongoing" | "confused";
    }
  | {
      kind: "condition"; round: number; target: string; condition: string; duration: string; added: boolean;
      /** The effect instance: each is added once and ends once. */
      effect: string;
      /** Ongoing damage per turn (0 for other conditions). */
      amount: number; damageType: DamageType;
    }
  | { kind: "save"; round: number; actor: string; condition: string; natural: number; success: boolean }
  | { kind: "state"; round: number; actor: string; state: HealthState }
  | { kind: "deathSave"; round: number; actor: string; natural: number; outcome: DeathSaveOutcome; failures: number; dead: boolean; lastGasp: boolean }
  | { kind: "stabilize"; round: number; actor: string; target: string }
  | {
      kind: "heal"; round: number; actor: string; amount: number; hpBefore: number; hpAfter: number; recoveries: number;
      /** Healed with no recovery left (halved, −1 penalty). */
      withoutRecovery: boolean; reason: "deathSave" | "rally" | "rest";
    }
  | { kind: "disengage"; round: number; actor: string; natural: number; target: number; success: boolean }
  | { kind: "opportunity"; round: number; attacker: string; target: string }
  | { kind: "spirit"; round: number; actor: string; ally: string; boon: string }
  | { kind: "flee"; round: number }
  | { kind: "lastGasp"; round: number; actor: string; source: string }
  | { kind: "sustain"; round: number; actor: string; ability: string; natural: number; target: number; success: boolean }
  | { kind: "rally"; round: number; actor: string; condition: string; natural: number; success: boolean }
  | { kind: "end"; round: number; winner: Side | "draw" };

/** What happens between fights of an adventuring day. */
export type DayEvent =
  | EncounterEvent
  | { kind: "fight"; index: number }
  | { kind: "recharge"; actor: string; ability: string; abilityId: string; natural: number; target: number; success: boolean }
  | { kind: "rest"; rest: "quick" | "full"; actor: string; hpBefore: number; hpAfter: number; recoveriesSpent: number; recoveries: number;
      /** Powers usable again (ids for checks, names for the log). */
      restored: string[]; restoredNames: string[] };

export type Side = "party" | "enemies";

export interface EncounterResult {
  readonly winner: Side | "draw";
  readonly rounds: number;
  readonly events: EncounterEvent[];
}
