import type { Localize } from "../../../../engine/i18n";
import type { ApCard } from "./card-spec";
import { attackFacts, maneuverFacts, type CardField } from "./field";
import { isManeuver, maneuverRefusal, type Maneuver } from "./maneuver";
import { attackRefusal } from "./seal";

/**
 * The card a user's attack or maneuver posts, pure, on the attacker's owner's client: what it
 * attacks with and whom, the offer a reaction attack answers, a maneuver's name (in the user's
 * language) and a Shove's choice; the encounter and round are the caller's to fill once it found
 * them (`combatId` "" and round 0 until then), the edges the attack dialog's. And the GM's own
 * checks made first (`seal.ts`, `maneuver.ts`), so a card the GM would refuse is never posted.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions, §Reaction Attacks.
 */
export interface Draft {
  readonly actorUuid: string;
  /** The attacker's token and the target's. */
  readonly tokenUuid: string;
  readonly target: { readonly uuid: string; readonly name: string };
  /** The weapon or spell (null for a maneuver made without one). */
  readonly item: { readonly id: string | null; readonly name: string } | null;
  /** The offer prompt granting a reaction attack. */
  readonly reactionFor?: string;
  readonly maneuver?: { readonly name: Maneuver; readonly shove?: ApCard["shove"] };
}

/** The card's data as drafted (see the module comment). */
export function draftCard(d: Draft, t: Localize): ApCard {
  const m = d.maneuver;
  return {
    actorUuid: d.actorUuid, itemId: d.item?.id ?? "",
    itemName: m ? t(`FRAY.ActionPoints.Maneuver.${m.name}`) : d.item?.name ?? "",
    tokenUuid: d.tokenUuid, targetTokenUuid: d.target.uuid, targetName: d.target.name,
    combatId: "", round: 0, disadvantages: [], advantages: [], reactionFor: d.reactionFor ?? "",
    maneuver: m?.name ?? "", shove: m?.shove ?? { choice: "prone", both: false },
  };
}

/**
 * Why the GM would refuse the card as drafted on its field (a relay reason or a ruleset's key), or
 * null: a maneuver's checks, else the attack's (`reaction`: a granted reaction attack).
 */
export function draftRefusal(field: CardField, card: ApCard, reaction: boolean): string | null {
  const m = card.maneuver;
  const may = m && isManeuver(m) ? maneuverRefusal(m, maneuverFacts(field, card))
    : attackRefusal({ ...attackFacts(field, card), reaction });
  return "refused" in may ? may.refused : null;
}
