import { sealCard, type ShockSeal, type Snapper } from "../cards/card-seal";
import type { ShockCard } from "../cards/card-spec";
import { choicesOf, factsNow, type ShockWindowState } from "../cards/card-window";
import { hitsAc } from "../cards/resolve";
import { rolledScreen } from "./seal-checks";

/**
 * The seal of an attack card whose reaction window the active GM has just opened
 * (`foundry/gm/seal.ts`), from that window and the combatants the GM read of the documents.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Screen an Ally, §Hold An Action, §Make a
 * Snap Attack, §Execution Attacks.
 */

/** A combatant as the seal names it: its id and name, and its token (null without one). */
export interface SealParty {
  readonly id: string;
  readonly name: string;
  readonly token: { readonly uuid: string; readonly name: string } | null;
}

/** What the GM read of the documents for the seal. */
export interface OpenedAt {
  /** Whether the card was made in its combat, started. */
  readonly inCombat: boolean;
  /** The target's combatant (the ward), if it has one. */
  readonly ward: SealParty | null;
  /** Every combatant of the card's combat (the screeners' names and tokens). */
  readonly roster: readonly SealParty[];
  /** The allies offered a held screen. */
  readonly holders: readonly SealParty[];
  readonly snappers: readonly Snapper[];
  /** The attacker's token ("" outside a combat). */
  readonly attackerTokenUuid: string;
}

/**
 * The card's seal once its window is open: a hit when the roll meets the AC of whoever the attack
 * is on as the window opened (an execution always lands), the window's offers, the declared
 * screen as rolled, and, when a screener took the attack, that screener as the target (its
 * token and, in a combat, its combatant; else the ward's combatant). The holders are the seal's
 * helpers.
 * @throws Error when the window was not opened (no context or facts).
 */
export function sealOfOpening(
  card: ShockCard, authorId: string, state: ShockWindowState, at: OpenedAt,
): ShockSeal {
  const context = state.frames[0]?.context;
  const opened = factsNow(state);
  if (!context || !opened) throw new Error("shock window: not opened");
  const nameOf = (id: string) => at.roster.find((c) => c.id === id)?.name ?? "";
  const screener = at.roster.find((c) => c.id === opened.screenedBy)?.token ?? null;
  const ward = at.inCombat ? at.ward?.id ?? "" : "";
  return sealCard(card, authorId, {
    hit: card.execution || hitsAc(card.natural, card.total, context.ac[opened.target] ?? 0),
    targetCombatantId: at.inCombat && screener ? opened.target : ward,
    offers: choicesOf(state),
    helpers: at.holders.map((c) => ({
      combatantId: c.id, name: c.name, tokenUuid: c.token?.uuid ?? "",
    })),
    snappers: at.snappers,
    attackerTokenUuid: at.attackerTokenUuid,
    screen: rolledScreen(state.frames[0]?.note, at.ward?.name ?? "", nameOf),
    screenerToken: screener,
    snapFor: card.snapFor,
  });
}
