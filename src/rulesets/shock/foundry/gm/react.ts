import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { claimStep } from "../../../../shell/gm/claim";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { ledgerOf, sealOf } from "../chat/card-seal";
import { checkReact, parseReactRequest } from "../chat/relay-check";
import { readCard } from "./reading";
import { REQUESTS } from "./requests";
import { settle } from "./resolution";

/**
 * The target answers an attack before damage (or the GM does, for an absent player): Total Defense
 * (an Instant that gives up the unspent Main: +2 AC and immune to Shock until the start of its next
 * turn) or no reaction. The GM re-checks everything from the documents and the seal, claims the
 * step, spends the Main on the target's combatant, then settles the card at the AC now.
 * Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Instant Actions.
 */
export function registerReact(): void {
  registerRequest(REQUESTS.react, performReact);
}

const refuse = (reason: string): RelayResult => ({ ok: false, reason });

async function performReact(payload: unknown, sender: Sender): Promise<RelayResult> {
  const request = parseReactRequest(payload);
  if (!request) return refuse("badRequest");
  const message = game.messages?.get(request.messageId);
  if (!message || message.type !== "shockAttack") return refuse("badMessage");
  const system = message.system as unknown as { seal?: unknown; ledger?: unknown };
  const seal = sealOf(system.seal);
  const ledger = ledgerOf(system.ledger);
  const reading = seal ? readCard(seal) : null;
  const user = game.users?.get(sender.id);
  const owns = Boolean(reading && user && reading.target.testUserPermission(user, "OWNER"));
  const verdict = checkReact(request, seal, ledger, sender, owns);
  if (!verdict.ok) return verdict;
  if (!seal || !reading) return refuse("noTarget");
  if (request.choice === "totalDefense") {
    const { combat, combatant } = reading;
    // The Main must still be unspent now (§Total Defense: not after the Main Action is spent).
    if (!combat || !combatant || combatant.id !== seal.targetCombatantId || !combat.canTake(combatant, "totalDefense")) {
      throw new Error(t("FRAY.Shock.Refuse.Spent.totalDefense"));
    }
    if (!(await claimStep(message, "react"))) return refuse("alreadyApplied");
    await combat.spend(combatant, "totalDefense", { totalDefense: true });
  } else if (!(await claimStep(message, "react"))) return refuse("alreadyApplied");
  const result = await settle(reading, seal);
  await message.update({
    "system.ledger": { ...ledger, reaction: { choice: request.choice, by: sender.id }, result },
  } as ChatMessage.UpdateData);
  return { ok: true };
}
