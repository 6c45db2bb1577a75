import type { Localize } from "../../../../engine/i18n";
import type { ActionsUsed } from "../../rules/actions";
import { carriesFlag } from "../../rules/conditions";
import { TRACKED_ACTIONS, type TrackedAction } from "../../rules/constants";
import { escalationBonus } from "../../rules/escalation-die";
import type { EffectTiming } from "../../rules/models";

/**
 * The turn's state a sheet shows during combat: which actions are left (the combatant's actions
 * as its combat keeps them, `FrayCombat#actionsOf`, reset at its turn's start; the Interrupt with
 * the round:
 * rules/actions.ts), the escalation die and whether this actor adds it, and the timed conditions
 * on the actor with how each ends (`flags.fray.timing`: play/actors/timed-effects.ts,
 * rules/durations.ts). Pure: the sheet reads the documents and passes plain data.
 * Source: `000_c2dc3d650823e22d.txt` §Actions, §Escalation Die, §Conditions and Effects.
 */
export interface TurnInput {
  /** The started combat this actor fights in, or null. */
  readonly combat: { readonly round: number; readonly escalationDie: number } | null;
  /** This actor's combatant in it: the actions used and whether it is its turn. */
  readonly combatant: { readonly actions: ActionsUsed; readonly isTurn: boolean } | null;
  readonly isPC: boolean;
  readonly usesEscalation: boolean;
  readonly conditions: Iterable<string>;
  /** The actor's timed effects: their name (as applied) and timing. */
  readonly effects: readonly { readonly name: string; readonly timing: EffectTiming }[];
}

export interface ActionPip {
  readonly action: TrackedAction;
  readonly used: boolean;
  /** "Move" or "Move: used" (the state in words, never by colour alone). */
  readonly label: string;
}

export interface TurnView {
  /** Whether the sheet shows the part at all (in a started combat, or with timed effects). */
  readonly show: boolean;
  readonly inCombat: boolean;
  readonly heading: string;
  readonly actions: readonly ActionPip[];
  /** "Escalation die 3" with what it means for this actor. */
  readonly escalation: string | null;
  readonly effects: readonly { readonly name: string; readonly duration: string }[];
}

const T = "FRAY.Sheet.Turn";

/** How a timed effect ends, in words: "save ends (11+)", "until the end of its next turn". */
export function durationText(timing: EffectTiming, t: Localize): string {
  if (timing.duration === "saveEnds") return t(`${T}.SaveEnds`, { save: timing.save });
  return t(`FRAY.Duration.${timing.duration}`);
}

export function turnView(input: TurnInput, t: Localize): TurnView {
  const effects = input.effects.map((e) => ({ name: e.name, duration: durationText(e.timing, t) }));
  const combat = input.combat;
  if (!combat) {
    const heading = t(`${T}.Effects`);
    return {
      show: effects.length > 0,
      inCombat: false,
      heading,
      actions: [],
      escalation: null,
      effects,
    };
  }
  const conditions = [...input.conditions];
  // A Stunned bearer has no move action this turn (rules/conditions.ts `losesMove`).
  const losesMove = carriesFlag(conditions, "losesMove");
  const used = input.combatant?.actions;
  const actions = used
    ? TRACKED_ACTIONS.map((action) => {
      const spent = used[action] || (action === "move" && losesMove);
      const name = t(`FRAY.Action.${action}`);
      return { action, used: spent, label: spent ? t(`${T}.ActionUsed`, { action: name }) : name };
    })
    : [];
  const shaken = carriesFlag(conditions, "escalationAsZero");
  const { isPC, usesEscalation } = input;
  const adds = escalationBonus(combat.escalationDie, { isPC, usesEscalation, shaken });
  const die = combat.escalationDie;
  const escalation = adds === die
    ? t(`${T}.Escalation`, { die })
    : t(shaken ? `${T}.EscalationShaken` : `${T}.EscalationNotAdded`, { die });
  const heading = input.combatant?.isTurn
    ? t(`${T}.YourTurn`, { round: combat.round })
    : t(`${T}.Round`, { round: combat.round });
  return { show: true, inCombat: true, heading, actions, escalation, effects };
}
