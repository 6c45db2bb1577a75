import { cardData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import { checkApplyRequest, hpChange, type ApplyRequest } from "./relay-check";
import { registerRelayHandler, relayToGM, senderOf, warnRefused, type RelayResult } from "../relay/gm-relay";
import type { CardTarget } from "./card-spec";
import { startLastGaspSaves } from "./death-save";

/**
 * Applying a card's damage to tokens the clicking user may not own: the write runs on the active
 * GM's client through the GM relay, which re-checks the request with `checkApplyRequest`.
 */
const APPLY = "applyDamage";
type Result = RelayResult;

export function registerApplyRelay(): void {
  registerRelayHandler(APPLY, (payload, senderId) => performApply(payload as unknown as ApplyRequest, senderId));
}

/** Combatant ids for an effect's timing: the bearer's, the attacker's and whose turn it is. */
function placementFor(token: TokenDocument.Implementation, attackerUuid: string): { bearer: string | null; source: string | null; currentTurn: string | null } {
  const combat = game.combat;
  if (!combat?.started) return { bearer: null, source: null, currentTurn: null };
  const bearer = combat.combatants.find((c) => c.tokenId === token.id)?.id ?? null;
  const source = combat.combatants.find((c) => c.actor?.uuid === attackerUuid)?.id ?? null;
  return { bearer, source, currentTurn: combat.combatant?.id ?? null };
}

async function attackerOf(uuid: string): Promise<FrayActor | null> {
  return ((await fromUuid(uuid as `Actor.${string}`)) as FrayActor | null) ?? null;
}

/** Called by a card button. Shows a localized warning when refused or when no GM is online. */
export async function requestApply(request: ApplyRequest): Promise<void> {
  warnRefused(await relayToGM(APPLY, { ...request }));
}

/** The GM side: check, then change HP and conditions, then record the applied state on the card. */
async function performApply(request: ApplyRequest, senderId: string): Promise<Result> {
  const message = game.messages?.get(request.messageId);
  const card = message ? cardData(message.system) : null;
  const verdict = checkApplyRequest(request, message && card ? { authorId: message.author?.id ?? null, data: card } : null, senderOf(senderId));
  if (!verdict.ok) return verdict;
  if (!message || !card) return { ok: false, reason: "badMessage" };
  const token = (await fromUuid(request.tokenUuid)) as TokenDocument.Implementation | null;
  const actor = token?.actor as FrayActor | null | undefined;
  const target = card.targets[verdict.targetIndex];
  if (!actor || !target) return { ok: false, reason: "noTarget" };
  let applied: CardTarget["applied"];
  if (verdict.mode === "undo") {
    await actor.setHp(target.applied.hpBefore);
    const ids = target.applied.addedEffects.filter((id) => actor.effects.has(id));
    if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    if (target.applied.lastGasp) await actor.update({ system: { death: { lastGasp: false } } } as Actor.UpdateData);
    if (target.applied.selfDamage > 0) await (await attackerOf(card.actorUuid))?.changeHp(target.applied.selfDamage);
    applied = { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [], lastGasp: false, selfDamage: 0 };
  } else {
    const delta = hpChange(verdict.mode, target.damage);
    const hpBefore = await actor.changeHp(delta, { crit: target.crit });
    const addedEffects = verdict.mode === "heal" ? [] : await actor.addTimedEffects(target.effects, { ...placementFor(token as TokenDocument.Implementation, card.actorUuid), ability: card.sustainItemId });
    const lastGasp = verdict.mode !== "heal" && target.lastGasp && actor.isPC && !actor.death.lastGasp;
    if (lastGasp) await startLastGaspSaves(actor);
    // A Confused attacker hurts itself when the result is applied as damage.
    const attacker = verdict.mode !== "heal" && target.selfDamage > 0 ? await attackerOf(card.actorUuid) : null;
    if (attacker) await attacker.changeHp(-target.selfDamage);
    applied = { done: true, mode: verdict.mode, amount: delta, hpBefore, addedEffects, lastGasp, selfDamage: attacker ? target.selfDamage : 0 };
  }
  const targets = card.targets.map((t, i) => (i === verdict.targetIndex ? { ...t, applied } : t));
  await message.update({ system: { targets } } as ChatMessage.UpdateData);
  return { ok: true };
}
