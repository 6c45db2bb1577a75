import type { Sender } from "../../../../shell/relay/gm-relay";
import {
  refuse, type CardStep, type Refusal, type StepOutcome,
} from "../../../../shell/cards/kind";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import {
  ledgerOf, screenerOf, sealOf, snapperOf, type HeldScreen, type Reaction, type ShockLedger,
  type ShockSeal,
} from "../chat/card-seal";
import { checkReact, parseReactRequest, type ReactRequest } from "../chat/relay-check";
import { readCard, type CardReading } from "./reading";
import { settle } from "./resolution";
import { rollHeldScreen } from "./screen";
import { grantSnap } from "./snap";

function readingOf(seal: ShockSeal | null): CardReading | null {
  return seal ? readCard(seal) : null;
}

/** Whether the sender owns the target's actor, and the screener or snapper its choice names. */
function ownership(reading: CardReading | null, choice: Reaction, sender: Sender) {
  const user = game.users?.get(sender.id);
  const helperId = screenerOf(choice) ?? snapperOf(choice);
  const helper = helperId
    ? reading?.combat?.shockCombatants.find((c) => c.id === helperId) ?? null
    : null;
  return {
    target: Boolean(reading && user && reading.target.testUserPermission(user, "OWNER")),
    screener: Boolean(helper?.actor && user && helper.actor.testUserPermission(user, "OWNER")),
  };
}

/**
 * The answer to an attack before damage. The target (or the GM, for an absent player) takes Total
 * Defense (an Instant that gives up the unspent Main: +2 AC and immune to Shock until the start of
 * its next turn) or no reaction; an adjacent ally holding its action may screen the target (its
 * held Move, taken as an Instant, which resolves first): the attacker's opposed check against it,
 * and when the ally wins the attack is its. The GM re-checks everything from the documents and
 * the seal (the card runtime claims the step once), spends the action, then settles the card at
 * the AC now (a failed screen leaves the target its own answer). Source:
 * `002_5e27cdf788b28f5f.txt` §Total Defense, §Instant Actions, §Hold An Action, §Screen an Ally.
 */
export const REACT_STEP: CardStep<ReactRequest> = {
  parse: parseReactRequest,
  check({ request, records, sender }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const owns = ownership(readingOf(seal), request.choice, sender);
    const verdict = checkReact(request, seal, ledger, sender, owns);
    if (!verdict.ok) return verdict;
    const snapper = snapperOf(request.choice);
    const claim = snapper ? `snap-${snapper}` : screenerOf(request.choice) ? "screen" : "react";
    return { ok: true, claim };
  },
  async run({ request, records, sender, message }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const reading = readingOf(seal);
    if (!seal || !reading) return refuse("noTarget");
    const snapperId = snapperOf(request.choice);
    const screenerId = screenerOf(request.choice);
    if (snapperId) return grantSnap(message, reading, snapperId, sender);
    if (screenerId) return heldScreen(seal, ledger, reading, screenerId, sender, message);
    if (request.choice === "totalDefense") {
      const { combat, combatant } = reading;
      // The Main must still be unspent now (§Total Defense: not after the Main Action is spent).
      const mayDefend = combat && combatant && combatant.id === seal.targetCombatantId
        && combat.canTake(combatant, "totalDefense");
      if (!combat || !combatant || !mayDefend) {
        throw new Error(t("FRAY.Shock.Refuse.Spent.totalDefense"));
      }
      await combat.spend(combatant, "totalDefense", { totalDefense: true });
    }
    const result = await settle(reading, seal, message);
    const next: ShockLedger = {
      ...ledger,
      reaction: { choice: request.choice, by: sender.id },
      result,
    };
    return { ok: true, ledger: { "": next } };
  },
};

/** A held screen: the ally's Move is spent, the opposed check rolled; a win settles on the ally. */
async function heldScreen(
  seal: ShockSeal,
  ledger: ShockLedger,
  reading: CardReading,
  id: string,
  sender: Sender,
  card: ChatMessage.Implementation,
): Promise<StepOutcome | Refusal> {
  const { combat } = reading;
  const helper = seal.helpers.find((h) => h.combatantId === id);
  const screener = combat?.shockCombatants.find((c) => c.id === id);
  const actor = screener?.actor as ShockActor | null | undefined;
  // It must still hold its action, have a Move left and stand (§Hold An Action).
  const holds = actor?.health === "up" && screener?.data.holding;
  if (!combat || !screener || !helper || !actor || !holds || !combat.canTake(screener, "screen")) {
    throw new Error(t("FRAY.Shock.Refuse.Spent.screen"));
  }
  await combat.spend(screener, "screen", { screening: seal.targetCombatantId });
  const attackerId =
    combat.combatantOf(reading.attacker as Actor.Implementation)?.id ?? "";
  const check = await rollHeldScreen(
    reading.attacker.statblock, attackerId, actor.statblock, id, card,
  );
  const held: HeldScreen = { ...helper, ...check };
  if (!check.won) return { ok: true, ledger: { heldScreen: held } };
  const onAlly = readCard({ ...seal, tokenUuid: helper.tokenUuid });
  if (!onAlly) return refuse("noTarget");
  const result = await settle(onAlly, seal, card);
  const reaction = { choice: `screen:${id}` as const, by: sender.id };
  const next: ShockLedger = { ...ledger, heldScreen: held, reaction, result };
  return { ok: true, ledger: { "": next } };
}
