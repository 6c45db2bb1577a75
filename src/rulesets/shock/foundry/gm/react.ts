import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { claimStep } from "../../../../shell/gm/claim";
import { openCardRequest, refuse } from "../../../../shell/gm/card-request";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import {
  ledgerOf, screenerOf, sealOf, snapperOf, type HeldScreen, type ShockLedger, type ShockSeal,
} from "../chat/card-seal";
import { checkReact, parseReactRequest } from "../chat/relay-check";
import { readCard, type CardReading } from "./reading";
import { REQUESTS } from "./requests";
import { settle } from "./resolution";
import { rollHeldScreen } from "./screen";
import { grantSnap } from "./snap";

/**
 * The answer to an attack before damage. The target (or the GM, for an absent player) takes Total
 * Defense (an Instant that gives up the unspent Main: +2 AC and immune to Shock until the start of
 * its next turn) or no reaction; an adjacent ally holding its action may screen the target (its
 * held Move, taken as an Instant, which resolves first): the attacker's opposed check against it,
 * and when the ally wins the attack is its. The GM re-checks everything from the documents and the
 * seal, claims the step, spends the action, then settles the card at the AC now (a failed screen
 * leaves the target its own answer). Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Instant
 * Actions, §Hold An Action, §Screen an Ally.
 */
export function registerReact(): void {
  registerRequest(REQUESTS.react, performReact);
}

async function performReact(payload: unknown, sender: Sender): Promise<RelayResult> {
  const card = openCardRequest(payload, parseReactRequest, "shockAttack");
  if (!card.ok) return card;
  const { request, message } = card;
  const seal = sealOf(card.seal);
  const ledger = ledgerOf(card.ledger);
  const reading = seal ? readCard(seal) : null;
  const user = game.users?.get(sender.id);
  const screenerId = screenerOf(request.choice);
  const snapperId = snapperOf(request.choice);
  const helperId = screenerId ?? snapperId;
  const screener = helperId
    ? reading?.combat?.shockCombatants.find((c) => c.id === helperId) ?? null
    : null;
  const owns = {
    target: Boolean(reading && user && reading.target.testUserPermission(user, "OWNER")),
    screener: Boolean(screener?.actor && user && screener.actor.testUserPermission(user, "OWNER")),
  };
  const verdict = checkReact(request, seal, ledger, sender, owns);
  if (!verdict.ok) return verdict;
  if (!seal || !reading) return refuse("noTarget");
  if (snapperId) return grantSnap(message, reading, snapperId, sender);
  if (screenerId) return heldScreen(message, seal, ledger, reading, screenerId, sender);
  if (request.choice === "totalDefense") {
    const { combat, combatant } = reading;
    // The Main must still be unspent now (§Total Defense: not after the Main Action is spent).
    const mayDefend = combat && combatant && combatant.id === seal.targetCombatantId
      && combat.canTake(combatant, "totalDefense");
    if (!combat || !combatant || !mayDefend) {
      throw new Error(t("FRAY.Shock.Refuse.Spent.totalDefense"));
    }
    if (!(await claimStep(message, "react"))) return refuse("alreadyApplied");
    await combat.spend(combatant, "totalDefense", { totalDefense: true });
  } else if (!(await claimStep(message, "react"))) return refuse("alreadyApplied");
  const result = await settle(reading, seal);
  const next: ShockLedger = {
    ...ledger,
    reaction: { choice: request.choice, by: sender.id },
    result,
  };
  await message.update({ "system.ledger": next } as ChatMessage.UpdateData);
  return { ok: true };
}

/** A held screen: the ally's Move is spent, the opposed check rolled; a win settles on the ally. */
async function heldScreen(
  message: ChatMessage.Implementation,
  seal: ShockSeal,
  ledger: ShockLedger,
  reading: CardReading,
  id: string,
  sender: Sender,
): Promise<RelayResult> {
  const { combat } = reading;
  const helper = seal.helpers.find((h) => h.combatantId === id);
  const screener = combat?.shockCombatants.find((c) => c.id === id);
  const actor = screener?.actor as unknown as ShockActor | null | undefined;
  // It must still hold its action, have a Move left and stand (§Hold An Action).
  const holds = actor?.health === "up" && screener?.data.holding;
  if (!combat || !screener || !helper || !actor || !holds || !combat.canTake(screener, "screen")) {
    throw new Error(t("FRAY.Shock.Refuse.Spent.screen"));
  }
  if (!(await claimStep(message, "screen"))) return refuse("alreadyApplied");
  await combat.spend(screener, "screen", { screening: seal.targetCombatantId });
  const attackerId =
    combat.combatantOf(reading.attacker as unknown as Actor.Implementation)?.id ?? "";
  const check = await rollHeldScreen(reading.attacker.statblock, attackerId, actor.statblock, id);
  const held: HeldScreen = { ...helper, ...check };
  if (!check.won) {
    await message.update({
      "system.ledger": { ...ledger, heldScreen: held },
    } as ChatMessage.UpdateData);
    return { ok: true };
  }
  const onAlly = readCard({ ...seal, tokenUuid: helper.tokenUuid });
  if (!onAlly) return refuse("noTarget");
  const result = await settle(onAlly, seal);
  const reaction = { choice: `screen:${id}` as const, by: sender.id };
  const next: ShockLedger = { ...ledger, heldScreen: held, reaction, result };
  await message.update({ "system.ledger": next } as ChatMessage.UpdateData);
  return { ok: true };
}
