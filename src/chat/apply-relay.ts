import { cardData } from "../data/accessors.js";
import type { FrayActor } from "../documents/actor.js";
import { checkApplyRequest, hpChange, type ApplyRequest, type RelayRefusal } from "./relay-check.js";
import type { CardTarget } from "./card-spec.js";

/**
 * Applying a card's damage to tokens the clicking user may not own. Every write runs on the active
 * GM's client: a player's request travels over the system socket (whose sender id the server
 * supplies, so it cannot be forged in the payload); the GM re-checks it with `checkApplyRequest`
 * and answers. With no GM online the player is told and nothing changes.
 */
const CHANNEL = "system.fray";
const TIMEOUT_MS = 10_000;

type Packet =
  | ({ kind: "apply"; requestId: string } & ApplyRequest)
  | { kind: "result"; requestId: string; ok: boolean; reason?: RelayRefusal | "noTarget" };
type Result = { ok: true } | { ok: false; reason: RelayRefusal | "noTarget" };

const pending = new Map<string, (result: Result) => void>();

export function registerApplyRelay(): void {
  game.socket?.on(CHANNEL, (packet: Packet, senderId: string) => {
    if (packet.kind === "result") {
      pending.get(packet.requestId)?.(packet.ok ? { ok: true } : { ok: false, reason: packet.reason ?? "badMessage" });
      pending.delete(packet.requestId);
      return;
    }
    if (packet.kind !== "apply" || !game.user?.isActiveGM) return;
    void performApply(packet, senderId).then((result) => {
      game.socket?.emit(CHANNEL, { kind: "result", requestId: packet.requestId, ...result } satisfies Packet);
    });
  });
}

/** Called by a card button. Shows a localized warning when refused or when no GM is online. */
export async function requestApply(request: ApplyRequest): Promise<void> {
  const gm = game.users?.activeGM;
  if (!gm) {
    ui.notifications?.warn("FRAY.Relay.NoGM", { localize: true });
    return;
  }
  let result: Result;
  if (gm.isSelf) result = await performApply(request, game.user?.id ?? "");
  else {
    const requestId = foundry.utils.randomID();
    result = await new Promise<Result>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(requestId);
        resolve({ ok: false, reason: "badMessage" });
      }, TIMEOUT_MS);
      pending.set(requestId, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      game.socket?.emit(CHANNEL, { kind: "apply", requestId, ...request } satisfies Packet);
    });
  }
  if (!result.ok) {
    const reason = game.i18n!.localize(`FRAY.Relay.Reason.${result.reason}`);
    ui.notifications?.warn(game.i18n!.format("FRAY.Relay.Refused", { reason }));
  }
}

/** The GM side: check, then change HP and conditions, then record the applied state on the card. */
async function performApply(request: ApplyRequest, senderId: string): Promise<Result> {
  const message = game.messages?.get(request.messageId);
  const sender = game.users?.get(senderId);
  const card = message ? cardData(message.system) : null;
  const verdict = checkApplyRequest(
    request,
    message && card ? { authorId: message.author?.id ?? null, data: card } : null,
    sender ? { id: sender.id ?? "", isGM: sender.isGM } : null,
  );
  if (!verdict.ok) return verdict;
  if (!message || !card) return { ok: false, reason: "badMessage" };
  const token = (await fromUuid(request.tokenUuid)) as TokenDocument.Implementation | null;
  const actor = token?.actor as FrayActor | null | undefined;
  const target = card.targets[verdict.targetIndex];
  if (!actor || !target) return { ok: false, reason: "noTarget" };
  let applied: CardTarget["applied"];
  if (verdict.mode === "undo") {
    await actor.setHp(target.applied.hpBefore);
    for (const id of target.applied.addedEffects) await actor.toggleStatusEffect(id, { active: false });
    applied = { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [] };
  } else {
    const delta = hpChange(verdict.mode, target.damage);
    const hpBefore = await actor.changeHp(delta);
    const addedEffects: string[] = [];
    if (verdict.mode !== "heal") {
      for (const id of target.effects) {
        if (actor.statuses.has(id)) continue;
        await actor.toggleStatusEffect(id, { active: true });
        addedEffects.push(id);
      }
    }
    applied = { done: true, mode: verdict.mode, amount: delta, hpBefore, addedEffects };
  }
  const targets = card.targets.map((t, i) => (i === verdict.targetIndex ? { ...t, applied } : t));
  await message.update({ system: { targets } } as ChatMessage.UpdateData);
  return { ok: true };
}
