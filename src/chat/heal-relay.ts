import type { FrayActor } from "../documents/actor";
import { registerRelayHandler, relayToGM, senderOf, warnRefused, type RelayResult } from "../relay/gm-relay";
import { foundryLocalize as t } from "../setup/localize";
import { checkHealRequest, healFlagOf, type HealCardFlag, type HealRequest } from "./heal-check";
import { postEvent } from "./dice";
import { healLine, healWithActorRecovery, recoveryAmount } from "./recovery";

/**
 * The heal buttons of a healing ability's card: the target spends a recovery (or takes a free
 * one), rolled or averaged. The write runs on the active GM's client through the GM relay, which
 * re-checks the request with `checkHealRequest` and marks the target healed on the card.
 */
const HEAL = "healRecovery";

export function registerHealRelay(): void {
  registerRelayHandler(HEAL, (payload, senderId) => performHeal(payload as unknown as HealRequest, senderId));
}

export async function requestHeal(request: HealRequest): Promise<void> {
  warnRefused(await relayToGM(HEAL, { ...request }));
}

async function performHeal(request: HealRequest, senderId: string): Promise<RelayResult> {
  const message = game.messages?.get(request.messageId);
  const flag = message ? healFlagOf(message.flags) : null;
  const verdict = checkHealRequest(request, message ? { authorId: message.author?.id ?? null, flag } : null, senderOf(senderId));
  if (!verdict.ok) return verdict;
  if (!message || !flag) return { ok: false, reason: "badMessage" };
  const doc = await fromUuid(request.uuid as `Actor.${string}`);
  const actor = (doc && "actor" in doc ? doc.actor : doc) as FrayActor | null;
  if (!actor?.isPC) return { ok: false, reason: "noTarget" };
  const { amount, roll } = await recoveryAmount(actor, verdict.mode);
  const result = await healWithActorRecovery(actor, amount, flag.free);
  const targets = flag.targets.map((x, i) => (i === verdict.index ? { ...x, done: true } : x));
  await message.update({ flags: { fray: { heal: { free: flag.free, targets } satisfies HealCardFlag } } } as ChatMessage.UpdateData);
  await postEvent(t("FRAY.Recovery.Title"), [healLine(actor, result)], { rolls: roll ? [roll] : [], actor });
  return { ok: true };
}

/** Wires the heal buttons of ability cards. */
export function registerHealButtons(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const flag = healFlagOf(message.flags);
    if (!flag) return;
    const mayAct = game.user?.isGM || message.author?.id === game.user?.id;
    html.querySelectorAll<HTMLButtonElement>("button[data-fray-heal]").forEach((button) => {
      const target = flag.targets.find((x) => x.uuid === button.dataset.uuid);
      if (!mayAct || !target || target.done) return button.remove();
      button.addEventListener("click", (event) => {
        event.preventDefault();
        button.disabled = true;
        void requestHeal({ messageId: message.id ?? "", uuid: button.dataset.uuid ?? "", mode: button.dataset.frayHeal ?? "" }).finally(() => (button.disabled = false));
      });
    });
  });
}
