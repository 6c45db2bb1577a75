import type { Budget } from "../../rules/actions";
import type { Statblock, Weapon } from "../../rules/statblock";
import { turnRefusal, type TurnState } from "../round/sides";
import type { Reaction } from "./card-seal";
import {
  checkChoice, choiceAs, parseChoice, type AttackChoice, type AttackWay, type ChoiceVerdict,
} from "./attack-choice";

/**
 * An attack declared in its dialog, judged before any die is rolled (`foundry/chat/attack.ts`
 * reads the documents, asks the dialog, then pays and rolls what this accepts). Source:
 * `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Combat Action Types, §Grappling, §Make a Snap
 * Attack, §Hold An Action.
 */
export interface Declaring {
  readonly attacker: Statblock;
  readonly weapon: Weapon;
  readonly way: AttackWay;
  /** Its combatant grapples or is grappled (§Grappling: unarmed attacks only, no charge). */
  readonly held: boolean;
  /**
   * The combatant's round budget and turn when this attack pays its action (a started combat,
   * neither free nor answering a card); null when nothing is paid here.
   */
  readonly paying: { readonly budget: Budget; readonly turn: TurnState } | null;
}

/** Why a held combatant cannot attack with `weapon` (a `FRAY.` key, `{name}`), or null. */
export function heldWeaponRefusal(held: boolean, weapon: Weapon): string | null {
  return held && !weapon.unarmed ? "FRAY.Shock.Refuse.GrappledUnarmed" : null;
}

/**
 * A declared attack: the choice as made, its plan and action (`checkChoice`), and what paying for
 * it marks on its combatant (`marks`: a charge's `charging`, its −2 AC this round, §Charge).
 */
export type Declared =
  | { readonly ok: true; readonly choice: AttackChoice;
    readonly verdict: Extract<ChoiceVerdict, { ok: true }>;
    readonly marks: { readonly charging?: true } }
  | { readonly ok: false; readonly key: string };

/**
 * The dialog's `form` as the attack is made: read (malformed: `BadChoice`), taken the way the
 * attack is made (`choiceAs`), checked against the attacker, its weapon and, when it pays, its
 * budget (`checkChoice`), and last against the turn (`turnRefusal`: not its side's turn). A
 * refusal is a `FRAY.` key (with the attacker's name as `{name}` where it names one).
 */
export function declareAttack(form: Record<string, unknown>, d: Declaring): Declared {
  const parsed = parseChoice(form);
  if (!parsed) return { ok: false, key: "FRAY.Shock.Refuse.BadChoice" };
  const declared = choiceAs(parsed, d.way, d.held);
  if (!declared.ok) return declared;
  const { choice } = declared;
  const verdict = checkChoice(d.attacker, d.weapon, choice, 0, d.paying?.budget ?? null);
  if (!verdict.ok) return verdict;
  const outOfTurn = d.paying ? turnRefusal(verdict.action, d.paying.turn) : null;
  if (outOfTurn) return { ok: false, key: outOfTurn };
  return { ok: true, choice, verdict, marks: choice.charge ? { charging: true } : {} };
}

/**
 * The way an attack is made from how it was started: an Attack of Opportunity (`opportunity`) is
 * free, a Snap Attack (`snap`) or held attack (`held`) answers a card; neither is paid here
 * (`prepaid`: the GM spends the answer's Main when it grants it, just before the roll).
 */
export function attackWayOf(
  started: { readonly opportunity: boolean; readonly snap: boolean; readonly held: boolean },
): { readonly way: AttackWay; readonly prepaid: boolean } {
  const way = { free: started.opportunity, snap: started.snap, held: started.held };
  return { way, prepaid: way.free || way.snap || way.held };
}

/** The answer a Snap Attack or held attack asks the GM to grant on the card it answers. */
export function answerReaction(snap: boolean, combatantId: string): Reaction {
  return snap ? `snap:${combatantId}` : `held:${combatantId}`;
}
