import type { ApWindowContext } from "../../rules/reaction-window";
import type { KeptSource } from "../data/kept-spec";
import type { ApCard } from "./card-spec";
import { partiesOf, type CardField } from "./field";
import { isManeuver } from "./maneuver";
import { sealAttack, type ApSeal, type AttackFacts } from "./seal";
import { windowContextOf } from "./window-context";

/**
 * What the active GM's seal of a posted attack card decides around its check (`seal.ts`), pure:
 * whether the card may be sealed at all (its poster acts for the attacker, it names the
 * encounter the attacker's token fights in, in the round it is in, and a maneuver it knows), and
 * once the d100s are read, everything the seal writes: the seal with each window key's token,
 * the AP it pays, the reaction window's context (the parties and the allies who may Intercept,
 * from the card's field) and whether a cast provokes. The Foundry layer's `cards/attack-kind.ts`
 * reads the documents and the dice, calls these and writes.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions, §Intercept, §Reaction Attacks.
 */

/**
 * Why the GM refuses a posted card before reading its attack (a relay reason), or null.
 * @param at `owns`: its poster is a GM or an owner of the attacker; `combat`: the started
 *   encounter the attacker's token fights in (null outside one), whatever the card names.
 */
export function postedRefusal(
  card: Pick<ApCard, "combatId" | "round" | "maneuver">,
  at: {
    readonly owns: boolean;
    readonly combat: { readonly id: string | null; readonly round: number } | null;
  },
): string | null {
  if (!at.owns) return "notOwner";
  if ((at.combat?.id ?? "") !== card.combatId) return "apCombat";
  // Sealed in a later round than it was posted in (its GM away since): its turn is gone.
  if (at.combat && card.round !== at.combat.round) return "apStale";
  return card.maneuver && !isManeuver(card.maneuver) ? "badRequest" : null;
}

/** What a sealed attack writes (see the module comment). */
export type SealedAttack =
  | {
    readonly ok: true;
    /** The seal, with each window key's token uuid (Apply outlives the encounter). */
    readonly seal: ApSeal;
    /** The attacker's kept fields its attack pays (null outside a started combat). */
    readonly pay: Partial<KeptSource> | null;
    readonly context: ApWindowContext;
    /** A spell cast provokes the enemies threatening the caster (a reaction attack, nothing). */
    readonly provokes: boolean;
  }
  | { readonly ok: false; readonly refused: string };

/**
 * Seals the card by `poster` with the d100s the GM's client rolled, on its field.
 * @param facts `attackFacts` of the field, with whether it is a granted reaction attack.
 * @throws RangeError when `dice` are not as many d100 as the check's edge asks (`sealAttack`).
 */
export function sealedAttack(
  card: ApCard, poster: string, facts: AttackFacts, field: CardField, dice: readonly number[],
): SealedAttack {
  const verdict = sealAttack(card, poster, facts, dice);
  if (!verdict.ok) return verdict;
  const with_ = facts.with;
  if (!with_) return { ok: false, refused: "noTarget" };
  const reaction = facts.reaction === true;
  const parties = partiesOf(field, with_.weapon?.kind ?? with_.spell?.kind ?? "melee");
  const context = windowContextOf(
    verdict.seal, with_, parties.attacker, parties.target, parties.interceptors, reaction,
  );
  return {
    ok: true, seal: { ...verdict.seal, tokens: parties.tokens }, pay: verdict.pay, context,
    provokes: Boolean(with_.spell) && !reaction,
  };
}
