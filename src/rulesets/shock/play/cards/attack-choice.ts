import { canTake, type ActionId, type Budget } from "../../rules/actions";
import { planAttack, type AttackPlan, type AttackRequest } from "../../rules/attack";
import { SITUATION_IDS, SITUATIONS, type Situation } from "../../rules/situations";
import { dualWields, wieldedPair, type Statblock, type Weapon } from "../../rules/statblock";
import { SWARM_ASSISTANTS_MAX } from "../../rules/constants";

/**
 * What the attack dialog's choices mean, checked before any die is rolled. Pure: the dialog's form
 * fields in, an attack plan and the action it costs out, or the key of a localized refusal.
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Melee Attack, §Make a Ranged Attack, §Charge,
 * §Make a Snap Attack, §Make a Swarm Attack, §Dual Wielding Weapons, §Attack Rolls (the
 * situations table).
 */
export interface AttackChoice {
  readonly charge: boolean;
  readonly snap: boolean;
  readonly dualWield: boolean;
  /** Other assailants who made a Swarm Attack on the target this round. */
  readonly swarmOthers: number;
  /** A foe is in melee range of the attacker (matters for bows and thrown weapons). */
  readonly inMelee: boolean;
  readonly situations: readonly Situation[];
  /**
   * An execution attack on an unsuspecting target (§Execution Attacks): a plain attack that lands.
   */
  readonly execution?: boolean;
  /** A non-lethal execution: a failed save knocks the target out (only with `execution`). */
  readonly nonLethal?: boolean;
}

export type ChoiceVerdict =
  | { ok: true; plan: AttackPlan; request: AttackRequest; action: ActionId }
  | { ok: false; key: string };

const flag = (v: unknown): boolean => v === true || v === "true" || v === "on";

/**
 * The situations the dialog offers as toggles. A bow or thrown weapon with a foe in melee range is
 * not a toggle: the "foe in melee range" choice decides it from the weapon (§Make a Ranged
 * Attack).
 */
export const DIALOG_SITUATIONS: readonly Situation[] = SITUATION_IDS.filter(
  (s) => s !== "thrownInMelee" && s !== "bowInMelee",
);

/**
 * The dialog's situation toggles: each one's label and its modifier, or null for the text's
 * "N/A" (the attack is not possible; the template says so).
 */
export function dialogSituations(): { id: Situation; labelKey: string; value: number | null }[] {
  return DIALOG_SITUATIONS.map((id) => ({
    id, labelKey: `FRAY.Shock.Situation.${id}`, value: SITUATIONS[id],
  }));
}

/** Reads the dialog's form fields (`situation.<id>` checkboxes, `swarmOthers` number…). */
export function parseChoice(form: Record<string, unknown>): AttackChoice | null {
  const swarmOthers = Number(form.swarmOthers ?? 0);
  if (!Number.isInteger(swarmOthers) || swarmOthers < 0 || swarmOthers > SWARM_ASSISTANTS_MAX)
    return null;
  // Foundry's form data may come flat (`situation.halfCover`) or expanded (`situation: {…}`).
  const nested = form.situation as Record<string, unknown> | undefined;
  const situations = DIALOG_SITUATIONS.filter(
    (id) => flag(form[`situation.${id}`]) || flag(nested?.[id]),
  );
  return {
    charge: flag(form.charge), snap: flag(form.snap), dualWield: flag(form.dualWield), swarmOthers,
    inMelee: flag(form.inMelee), situations, execution: flag(form.execution),
    nonLethal: flag(form.nonLethal),
  };
}

/**
 * Whether an attack with `weapon` can be made while dual-wielding: with one of the two weapons in
 * hand (`wieldedPair`: "the attacker chooses which weapon they wish to use"), or bare-handed (no
 * hand needed; the −1 still applies, the +2 damage never does: `resolve.ts` dualWieldDamage). A
 * third weapon, a shot or a throw needs a hand the two weapons hold.
 * Source: `002_5e27cdf788b28f5f.txt` §Dual Wielding Weapons.
 */
export function usableDualWielding(
  attacker: Pick<Statblock, "weapons" | "skills">, weapon: Weapon,
): boolean {
  if (weapon.unarmed) return true;
  return Boolean(wieldedPair(attacker)?.some((w) => w === weapon || w.id === weapon.id));
}

/** The action an attack costs: a charge spends Main and Move, a snap attack is an Instant. */
export function attackAction(weapon: Weapon, choice: AttackChoice): ActionId {
  if (choice.charge) return "charge";
  if (choice.snap) return "snapAttack";
  if (choice.swarmOthers > 0) return "swarmAttack";
  return weapon.kind === "melee" ? "meleeAttack" : "rangedAttack";
}

/**
 * Checks the choice against the weapon, the attacker and its round budget (null: not in a started
 * combat, nothing to pay) and plans the attack against `ac`.
 */
export function checkChoice(
  attacker: Statblock, weapon: Weapon, choice: AttackChoice, ac: number, budget: Budget | null,
): ChoiceVerdict {
  if (!weapon.readied) return { ok: false, key: "FRAY.Shock.Refuse.NotReadied" };
  if (choice.charge && choice.snap) return { ok: false, key: "FRAY.Shock.Refuse.ChargeSnap" };
  // An execution is its own attack: no charge, snap or swarm with it.
  if (choice.execution && (choice.charge || choice.snap || choice.swarmOthers > 0)) {
    return { ok: false, key: "FRAY.Shock.Refuse.ExecutionAlone" };
  }
  // The text speaks of non-lethal only for an execution's failed save (§Execution Attacks).
  if (choice.nonLethal && !choice.execution) {
    return { ok: false, key: "FRAY.Shock.Refuse.NonLethalAlone" };
  }
  // A charge ends in a melee or thrown attack (§Charge).
  if (choice.charge && weapon.kind === "ranged")
    return { ok: false, key: "FRAY.Shock.Refuse.ChargeRanged" };
  if (choice.snap && !attacker.snapAttack) return { ok: false, key: "FRAY.Shock.Refuse.NoSnap" };
  if (choice.dualWield && !dualWields(attacker))
    return { ok: false, key: "FRAY.Shock.Refuse.NoDualWield" };
  if (choice.dualWield && !usableDualWielding(attacker, weapon))
    return { ok: false, key: "FRAY.Shock.Refuse.DualWieldWeapon" };
  const action = attackAction(weapon, choice);
  if (budget && !canTake(budget, action))
    return { ok: false, key: `FRAY.Shock.Refuse.Spent.${action}` };
  const request: AttackRequest = {
    attacker, weapon, ac, charge: choice.charge, snap: choice.snap, dualWield: choice.dualWield,
    swarmOthers: choice.swarmOthers, inMelee: choice.inMelee, situations: choice.situations,
  };
  const plan = planAttack(request);
  // "N/A" in the text's table: a bow or crossbow with a foe in melee range, an unseen and unlocated
  // target.
  if (plan.forbidden) return { ok: false, key: `FRAY.Shock.Refuse.Forbidden.${plan.forbidden}` };
  return { ok: true, plan, request, action };
}

/**
 * How an attack is made: on its own (neither flag), as an Attack of Opportunity (`free`: out of
 * turn, nothing paid), or answering another card as a Snap Attack (`snap`, at −4) or as a held
 * attack (`held`, a plain attack paid with the held Main). Source: §Combat Action Types, §Make a
 * Snap Attack, §Hold An Action.
 */
export interface AttackWay {
  readonly free: boolean;
  readonly snap: boolean;
  readonly held: boolean;
}

/** The attack dialog's title (`FRAY.Shock.Dialog.*`), by the way the attack is made. */
export function dialogTitleKey(way: AttackWay): string {
  return way.free ? "FRAY.Shock.Dialog.OpportunityTitle"
    : way.snap ? "FRAY.Shock.Dialog.SnapTitle"
      : way.held ? "FRAY.Shock.Dialog.HeldTitle"
        : "FRAY.Shock.Dialog.Title";
}

/**
 * The dialog's choice as the attack is made `way`: a Snap Attack is a snap whatever the form
 * says, a held attack never (no −4, §Hold An Action). Refused (a `FRAY.` key, the attacker's name
 * its `{name}`): a charge while grappling or grappled (`grappled`: it cannot move, §Grappling);
 * a charge, snap or swarm as an Attack of Opportunity; a charge or swarm answering a card. The
 * rest is `checkChoice`'s.
 */
export function choiceAs(
  parsed: AttackChoice, way: AttackWay, grappled: boolean,
): { ok: true; choice: AttackChoice } | { ok: false; key: string } {
  const choice = way.snap ? { ...parsed, snap: true }
    : way.held ? { ...parsed, snap: false } : parsed;
  if (grappled && choice.charge) return { ok: false, key: "FRAY.Shock.Refuse.Held" };
  if (way.free && (choice.charge || choice.snap || choice.swarmOthers > 0))
    return { ok: false, key: "FRAY.Shock.Refuse.BadChoice" };
  if ((way.snap || way.held) && (choice.charge || choice.swarmOthers > 0))
    return { ok: false, key: "FRAY.Shock.Refuse.BadChoice" };
  return { ok: true, choice };
}

/** What the attack dialog offers, besides the weapon's summary (`templates/shock/dialog/attack`). */
export interface DialogOffers {
  /** A Snap Attack of one's own; not when the attack already answers a card. */
  readonly canSnap: boolean;
  /** An execution: only a paid attack of one's own, on a target a GM marked unsuspecting. */
  readonly canExecute: boolean;
  /** Dual wielding, with one of the two wielded weapons or bare hands (`usableDualWielding`). */
  readonly canDual: boolean;
  /** A ranged or thrown weapon: the "foe in melee range" choice, with the hint its kind takes. */
  readonly ranged: boolean;
  readonly inMeleeHint: string;
  readonly situations: ReturnType<typeof dialogSituations>;
}

/**
 * The dialog's offers for an attack with `weapon` made `way`; `unsuspecting`: the target bears a
 * GM's Unsuspecting mark (the GM checks it again when sealing). Source: §Make a Snap Attack,
 * §Execution Attacks, §Dual Wielding Weapons, §Make a Ranged Attack.
 */
export function dialogOffers(
  attacker: Statblock, weapon: Weapon, way: AttackWay, unsuspecting: boolean,
): DialogOffers {
  const answers = way.snap || way.held;
  const bow = weapon.kind === "ranged" && weapon.twoHanded;
  return {
    canSnap: attacker.snapAttack && !answers,
    canExecute: !way.free && !answers && unsuspecting,
    canDual: dualWields(attacker) && usableDualWielding(attacker, weapon),
    ranged: weapon.kind !== "melee",
    inMeleeHint: bow ? "FRAY.Shock.Dialog.BowInMelee" : "FRAY.Shock.Dialog.ThrownInMelee",
    situations: dialogSituations(),
  };
}
