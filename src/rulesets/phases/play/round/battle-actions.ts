import type { Localize } from "../../../../engine/i18n";
import { isFields, textField } from "../../../../engine/requests/fields";
import { mayStartMoving } from "../../rules/conditions";
import { activate, usable } from "../../rules/battle";
import { afterHealing } from "../../rules/health";
import type { ConditionId } from "../../rules/constants";
import type { Activatable } from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import type { TurnFacts } from "./turn-facts";

/**
 * The Battle actions a combatant takes from its sheet, ruled by the active GM from what it keeps
 * (`shell/combat/kept-spend.ts`), pure: Defend (attacks against it have Disadvantage until its
 * next turn starts), Disengage (its own attacks have Disadvantage to the end of the next round;
 * the shift of two squares is its token's move), and Activate Item (a use spent, its healing,
 * the conditions it ends), and Delay (its Battle turn moves to just after a combatant whose turn
 * is still to come this round; it spends nothing, once a round). Each is taken in the Battle phase,
 * on its own turn, before its Battle action, while it stands. An Attack is its card's
 * (`play/cards/seal.ts`).
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions; RULINGS.md §phases Battle phase.
 */
export type BattleRequest =
  | { readonly action: "defend" | "disengage" }
  | { readonly action: "activateItem"; readonly itemId: string }
  | { readonly action: "delay"; readonly after: string };

/** Reads a request's arguments, or null when they are malformed. */
export function parseBattle(args: unknown): BattleRequest | null {
  if (!isFields(args)) return null;
  if (args.action === "defend" || args.action === "disengage") return { action: args.action };
  const after = textField(args.after);
  if (args.action === "delay") return after ? { action: "delay", after } : null;
  const itemId = textField(args.itemId);
  return args.action === "activateItem" && itemId ? { action: "activateItem", itemId } : null;
}

/** Whether args name a Battle action (a seizure is another spend of the same store). */
export const isBattleArgs = (args: unknown): boolean =>
  isFields(args) && typeof args.action === "string";

/** What the GM reads to rule a Battle action: the turn's facts and the actor's items. */
export interface BattleFacts extends TurnFacts {
  readonly activatables: readonly Activatable[];
  /** Those whose Battle turns come after its own this round, in order (whom it may Delay after). */
  readonly later?: readonly string[];
}

/** Why a Battle action is refused: each a `FRAY.Phases.Refuse.*` key. */
export type BattleRefusal =
  | "BadAction" | "NotBattle" | "NotYourTurn" | "Down" | "Acted" | "CannotMove" | "NoItem"
  | "NoUses" | "Delayed" | "NotLater";

/**
 * @returns the kept fields to write (its Battle action spent, and Defend's or Disengage's round),
 *   or the refusal's key.
 */
export function ruleBattleAction(
  args: unknown, facts: BattleFacts,
): { ok: true; patch: Partial<KeptSource> } | { ok: false; key: BattleRefusal } {
  const request = parseBattle(args);
  if (!request) return { ok: false, key: "BadAction" };
  if (facts.round < 1 || facts.step !== "battle") return { ok: false, key: "NotBattle" };
  if (!facts.ownTurn) return { ok: false, key: "NotYourTurn" };
  if (!facts.up) return { ok: false, key: "Down" };
  if (facts.kept.battle >= 1) return { ok: false, key: "Acted" };
  const spent = { battle: facts.kept.battle + 1 };
  switch (request.action) {
    // Delay spends nothing: its Battle action waits for its new turn, once a round.
    case "delay":
      if (facts.kept.delayed === facts.round) return { ok: false, key: "Delayed" };
      if (!(facts.later ?? []).includes(request.after)) return { ok: false, key: "NotLater" };
      return { ok: true, patch: { delayAfter: request.after, delayed: facts.round } };
    case "defend": return { ok: true, patch: { ...spent, defended: facts.round } };
    case "disengage":
      if (!mayStartMoving(facts.conditions)) return { ok: false, key: "CannotMove" };
      return { ok: true, patch: { ...spent, disengaged: facts.round } };
    case "activateItem": {
      const item = facts.activatables.find((a) => a.id === request.itemId);
      if (!item) return { ok: false, key: "NoItem" };
      return usable(item) ? { ok: true, patch: spent } : { ok: false, key: "NoUses" };
    }
  }
}

/** Whom a combatant Delays after in `round` (its Battle turn just after theirs), or null. */
export const delayedAfter = (kept: KeptSource, round: number): string | null =>
  (kept.delayed === round && round > 0 && kept.delayAfter ? kept.delayAfter : null);

/** Whether a Defend taken in `kept` still stands (its bearer's next turn has not started). */
export const defending = (kept: KeptSource): boolean => kept.defended > 0;

/** Whether a Disengage's Disadvantage still lasts in `round` (to the end of the next round). */
export const disengagedIn = (kept: KeptSource, round: number): boolean =>
  kept.disengaged > 0 && round >= kept.disengaged && round <= kept.disengaged + 1;

/** An effect on the actor as Activate Item reads it: its id and the conditions it is. */
export interface ItemEffect {
  readonly id: string;
  readonly conditions: readonly ConditionId[];
}

/** What an activation writes: the item's uses, the actor's HP, the effects it ends. */
export interface Activation {
  readonly uses: { readonly value: number; readonly max: number };
  readonly hp: { readonly before: number; readonly after: number };
  /** The healing the dice and the bonus give (before the maximum caps it). */
  readonly healed: number;
  /** The effects whose conditions the item ends (an effect of one ended condition goes whole). */
  readonly ends: readonly string[];
}

/**
 * Activating `item`: a use spent (none at will), its healing from `dice` (its `heal.dice` d
 * `heal.die` as rolled) plus its bonus, capped at the maximum, and every effect bearing a
 * condition it ends. @returns null when no use is left.
 * @throws RangeError when the dice do not fit the item's healing.
 */
export function activation(
  item: Activatable, hp: { readonly value: number; readonly max: number },
  effects: readonly ItemEffect[], dice: readonly number[],
): Activation | null {
  const spent = activate(item);
  if (!spent.ok) return null;
  const { heal } = item;
  const bad = (v: number) => !Number.isInteger(v) || v < 1 || v > heal.die;
  if (dice.length !== heal.dice || dice.some(bad)) {
    throw new RangeError(`expected ${heal.dice}d${heal.die}, got [${dice.join(", ")}]`);
  }
  const healed = Math.max(0, dice.reduce((n, v) => n + v, heal.bonus));
  const ends = effects.filter((e) => e.conditions.some((c) => item.ends.includes(c)))
    .map((e) => e.id);
  const after = afterHealing(Math.min(hp.value, hp.max), hp.max, healed);
  return { uses: spent.uses, hp: { before: hp.value, after }, healed, ends };
}

/**
 * The note's lines of an activation: what it healed (its dice and bonus, HP before and after)
 * and the conditions it ended; a use that did neither says so.
 * @param ended the conditions of the effects it ended, each once, in `CONDITION_IDS` order.
 */
export function activationLines(
  names: { readonly actor: string; readonly item: string }, plan: Activation, formula: string,
  dice: readonly number[], ended: readonly ConditionId[], t: Localize,
): string[] {
  const lines: string[] = [];
  if (formula) {
    lines.push(t("FRAY.Phases.Activate.Heal", {
      ...names, amount: plan.hp.after - plan.hp.before, formula,
      dice: dice.length ? dice.join(", ") : formula, before: plan.hp.before, after: plan.hp.after,
    }));
  }
  if (ended.length) {
    const list = ended.map((c) => t(`FRAY.Phases.Condition.${c}`)).join(", ");
    lines.push(t("FRAY.Phases.Activate.Ends", { ...names, conditions: list }));
  }
  return lines.length ? lines : [t("FRAY.Phases.Activate.Used", names)];
}
