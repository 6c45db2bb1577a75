import type { FrayActor } from "../documents/actor";
import { registerRequest, type RelayResult } from "../../../../shell/relay/gm-relay";
import { claimKey, isClaimed } from "../../../../shell/relay/claims";
import { REQUESTS } from "./requests";
import { checkHealRequest, parseHealRequest, type Sender } from "../chat/relay-check";
import { sealOf } from "../chat/card-seal";
import { postEvent } from "../chat/dice";
import { healLine, healWithActorRecovery, recoveryAmount } from "../chat/recovery";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { claimStep } from "../../../../shell/gm/claim";

/**
 * The active GM heals one target of a healing ability's card: the target spends a recovery (or
 * takes a free one, when the sealed card says so), rolled or averaged. Who is healed and whether it
 * is free come from the seal; each target heals once (its claim). Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries.
 */
export function registerHeal(): void {
  registerRequest(REQUESTS.heal, performHeal);
}

async function performHeal(payload: unknown, sender: Sender): Promise<RelayResult> {
  const request = parseHealRequest(payload);
  if (!request) return { ok: false, reason: "badRequest" };
  const message = game.messages?.get(request.messageId);
  if (!message || message.type !== "escalationAbility") return { ok: false, reason: "badMessage" };
  const system = message.system as unknown as { seal?: unknown; claims?: unknown };
  const stored = sealOf(system.seal);
  const seal = stored?.kind === "heal" ? stored : null;
  const key = claimKey(request.index, 0);
  const verdict = checkHealRequest(request, seal, isClaimed(system.claims, key), sender);
  if (!verdict.ok) return verdict;
  const target = seal?.targets[request.index];
  const doc = target ? await fromUuid(target.uuid as `Actor.${string}`) : null;
  const actor = (doc && "actor" in doc ? doc.actor : doc) as FrayActor | null;
  if (!seal || !actor?.isPC) return { ok: false, reason: "noTarget" };
  if (!(await claimStep(message, key))) return { ok: false, reason: "alreadyApplied" };
  const { amount, roll } = await recoveryAmount(actor, request.mode);
  const result = await healWithActorRecovery(actor, amount, seal.free);
  await postEvent(t("FRAY.Recovery.Title"), [healLine(actor, result)], {
    rolls: roll ? [roll] : [],
    actor,
  });
  return { ok: true };
}
