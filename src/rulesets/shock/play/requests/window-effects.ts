import type { WindowEffect } from "../../../../engine/resolution/window/definition";
import type { ActionId } from "../../rules/actions";

/**
 * What a played reaction window's effects ask of the combatants (`rules/reaction-window.ts`): each
 * answer's cost, paid as the action it names, and the marks its taker gets (Total Defense, the
 * ward it now screens, the attacker it screened), all kept on the combat; the GM's client writes
 * them (`foundry/gm/window.ts` `applyEffects`). Source: `002_5e27cdf788b28f5f.txt` §Total Defense,
 * §Screen an Ally, §Hold An Action, §Make a Snap Attack.
 */

/** The kept fields a window's effects may write of a combatant: its budget and the marks. */
export const EFFECT_FIELDS = [
  "main", "moves", "disengaged", "holding", "totalDefense", "screening", "screenedAttackers",
] as const;

/** Who the effects spend from or mark, each once, in order. */
export function effectTakers(effects: readonly WindowEffect[]): string[] {
  const by = effects.flatMap((e) => (e.kind === "spend" || e.kind === "mark" ? [e.by] : []));
  return [...new Set(by)];
}

/**
 * The marks the effects give, by combatant: `totalDefense`, the ward it `screening`, and
 * `screenedAttackers` with `attacker` added (once) to what it had screened this round.
 * @param screenedOf the attackers a combatant has screened this round, as kept now.
 */
export function effectMarks(
  effects: readonly WindowEffect[], attacker: string,
  screenedOf: (id: string) => readonly string[],
): Map<string, Record<string, unknown>> {
  const marks = new Map<string, Record<string, unknown>>();
  for (const e of effects) {
    if (e.kind !== "mark") continue;
    const now = marks.get(e.by) ?? {};
    if (e.mark === "totalDefense") now.totalDefense = true;
    if (e.mark === "screening") now.screening = e.data;
    const had = screenedOf(e.by);
    if (e.mark === "screenedAttacker" && !had.includes(attacker))
      now.screenedAttackers = [...had, attacker];
    marks.set(e.by, now);
  }
  return marks;
}

/**
 * The marks written apart from any spend, by combatant: those of combatants who pay for no answer
 * here (a payer's marks go with its spend, `ShockCombat#spend`).
 */
export function marksApart(
  marks: ReadonlyMap<string, Record<string, unknown>>, spends: readonly Pick<EffectSpend, "by">[],
): Record<string, Record<string, unknown>> {
  const payers = new Set(spends.map((s) => s.by));
  return Object.fromEntries([...marks].filter(([id]) => !payers.has(id)));
}

/** One answer's cost: who pays, the answer, the action it is paid as, and whether from a hold. */
export interface EffectSpend {
  readonly by: string;
  readonly answer: string;
  readonly action: ActionId;
  /** A held screen or held attack: paid only while the action is still held (§Hold An Action). */
  readonly fromHold: boolean;
}

/**
 * The answers' costs, in order. A held attack is an attack: its Main is paid as a melee attack;
 * every other answer is paid as the action of its name.
 */
export function effectSpends(effects: readonly WindowEffect[]): EffectSpend[] {
  return effects.flatMap((e) => e.kind !== "spend" ? [] : [{
    by: e.by, answer: e.answer,
    action: (e.answer === "heldAttack" ? "meleeAttack" : e.answer) as ActionId,
    fromHold: e.answer === "screen" || e.answer === "heldAttack",
  }]);
}

/**
 * Whether its payer may still pay an answer now, before the budget is asked (`ShockCombat#spend`
 * judges that): standing, and for a held answer with the action still held (§Hold An Action).
 * Refused, the answer's dice are not shown and what was written is put back.
 */
export function spendAble(
  spend: Pick<EffectSpend, "fromHold">, payer: { readonly up: boolean; readonly holding: boolean },
): boolean {
  return payer.up && (!spend.fromHold || payer.holding);
}
