import type { AbilitySource } from "../../rules/models";
import type { HealSeal } from "./card-seal";
import type { AbilityCard } from "./card-spec";

/**
 * What escalation's ability card (`escalationAbility`, a healing ability's heal buttons) allows
 * and shows, from its data, its seal and the GM's ledger: whether the GM seals it as posted,
 * which targets were healed, and the heal buttons each viewer may press. The card kind
 * (`foundry/cards/ability-kind.ts`) reads the documents and writes. Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries.
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether target `index` was healed (the GM's record, `ledger.healed`). */
export function healedIn(ledger: unknown, index: number): boolean {
  return isObject(ledger) && isObject(ledger.healed) && Object.hasOwn(ledger.healed, String(index));
}

/**
 * Why the GM does not seal a posted heal card, or null when it does: the ability heals, and with a
 * free recovery exactly when it grants one; each target is a character, named once (two rows
 * naming one actor, two tokens of a linked character or a forged card, would heal it twice).
 * @param heal the posted ability's heal kind (its item's data, not the card's claim).
 * @param targets the actor each of the card's targets names now (null when none).
 */
export function healSealRefusal(
  card: Pick<AbilityCard, "heal">, heal: AbilitySource["heal"],
  targets: readonly ({ readonly uuid: string; readonly isPC: boolean } | null)[],
): "badRequest" | "noTarget" | null {
  if (heal === "none" || card.heal.free !== (heal === "freeRecovery")) return "badRequest";
  if (targets.some((a) => !a?.isPC)) return "noTarget";
  if (new Set(targets.map((a) => a?.uuid)).size !== targets.length) return "badRequest";
  return null;
}

/** Heal buttons are for the card's author and the GM, on a sealed card. */
export function mayHeal(
  viewer: { readonly isGM: boolean; readonly userId: string }, seal: HealSeal | null,
): boolean {
  return viewer.isGM || (seal !== null && seal.authorId === viewer.userId);
}

/** One heal button: the `heal` step with its target and mode (rolled or averaged). */
export interface HealButton {
  readonly step: "heal";
  readonly args: { readonly index: number; readonly mode: "roll" | "average" };
  readonly icon: string;
  readonly labelKey: string;
}

/** Each sealed target's name and the buttons `viewer` may press on it (none once healed). */
export function healRows(
  seal: HealSeal | null, ledger: unknown,
  viewer: { readonly isGM: boolean; readonly userId: string },
): { name: string; buttons: HealButton[] }[] {
  const may = mayHeal(viewer, seal);
  return (seal?.targets ?? []).map((target, index) => ({
    name: target.name,
    buttons: may && !healedIn(ledger, index)
      ? (["roll", "average"] as const).map((mode) => ({
        step: "heal" as const, args: { index, mode },
        icon: mode === "roll" ? "fa-dice" : "fa-heart-pulse",
        labelKey: mode === "roll" ? "FRAY.Recovery.HealRoll" : "FRAY.Recovery.Average",
      }))
      : [],
  }));
}
