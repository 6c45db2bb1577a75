import { healLine } from "../../play/survival/recovery";
import type { Json } from "../../../../engine/deltas/delta";
import { refuse, type CardKind, type CardRecords, type CardStep } from "../../../../shell/cards/kind";
import { renderActions } from "../../../../shell/cards/actions";
import { enrichedContent } from "../../../../shell/chat/enrich";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { abilityData } from "../../play/data/accessors";
import type { FrayActor } from "../documents/actor";
import { sealHeal, sealOf, type HealSeal } from "../../play/cards/card-seal";
import type { AbilityCard } from "../../play/cards/card-spec";
import { checkHealRequest, parseHealRequest } from "../../play/requests/relay-check";
import { postEvent } from "../chat/dice";
import { healWithActorRecovery, recoveryAmount } from "../chat/recovery";
import { badge } from "../../play/views/card-badge";
import { healedIn, healRows, healSealRefusal, mayHeal } from "../../play/cards/heal-card";
import { ownedActor } from "./owned";
import { actorAt } from "../../../../shell/documents/at-uuid";
import { markHtml } from "../../../../shell/applications/tracker/row-html";

/**
 * escalation's ability card (`escalationAbility`): an ability without attacks, with heal buttons
 * for a healing ability's targets. Sealed when its poster owns the actor and the ability heals as
 * the card says (a free recovery only when the ability grants one); each target heals once, by
 * its author's or the GM's press: the target spends a recovery (or takes a free one), rolled or
 * averaged (what it allows and shows: `play/cards/heal-card.ts`). Source:
 * `000_c2dc3d650823e22d.txt` §Recoveries.
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function healSealOf(records: CardRecords): HealSeal | null {
  const seal = sealOf(records.seal);
  return seal?.kind === "heal" ? seal : null;
}

const HEAL_STEP: CardStep<{ index: number; mode: "roll" | "average" }> = {
  parse: (args) => parseHealRequest(isObject(args) ? { ...args, messageId: "-" } : null),
  check(context) {
    const { request, records, sender } = context;
    const verdict = checkHealRequest(
      { messageId: "", ...request }, healSealOf(records), healedIn(records.ledger, request.index),
      sender,
    );
    return verdict.ok ? { ok: true, claim: `h${request.index}` } : verdict;
  },
  async run(context, recorder) {
    const { request, records, sender } = context;
    const seal = healSealOf(records);
    const target = seal?.targets[request.index];
    const actor = target ? actorAt(target.uuid) as FrayActor | null : null;
    if (!seal || !actor?.isPC) return refuse("noTarget");
    const { amount, roll } = await recoveryAmount(actor, request.mode);
    // Watched (not kept: a heal has no Undo), so a heal whose event card or record then fails is
    // put back, markers too, and healing again on asking again heals once.
    recorder.watch(actor, ["system.hp.value", "system.recoveries", "system.death"], { exact: true });
    recorder.afterPutBack(() => actor.syncHealthStatuses());
    const result = await healWithActorRecovery(actor, amount, seal.free);
    await postEvent(t("FRAY.Recovery.Title"), [healLine(actor.name, result, t)], {
      rolls: roll ? [roll] : [], actor,
    });
    const entry: Json = { by: sender.id, mode: request.mode };
    return { ok: true, ledger: { [`healed.${request.index}`]: entry } };
  },
};

export const ABILITY_KIND: CardKind = {
  type: "escalationAbility",
  async seal({ data, poster }) {
    const card = data as AbilityCard;
    const actor = ownedActor(poster, card.actorUuid);
    const item = actor?.items.get(card.itemId);
    if (!actor || !item || item.type !== "escalationAbility") return { ok: false, refused: "notOwner" };
    const targets = card.heal.targets.map((t) => actorAt(t.uuid) as FrayActor | null);
    const refused = healSealRefusal(card, abilityData(item.system).heal, targets);
    if (refused) return { ok: false, refused };
    return { ok: true, seal: sealHeal(card, poster.id ?? "") };
  },
  steps: { heal: HEAL_STEP as CardStep },
  async render(message, records, viewer, hidden) {
    const seal = healSealOf(records);
    const mayAct = mayHeal(viewer, seal);
    if (hidden) {
      const rows = healRows(seal, records.ledger, viewer);
      return renderActions(String((message.system as { abilityName?: string }).abilityName ?? ""),
        rows);
    }
    // The card as posted, with each target's buttons for those who may press them, and a
    // "Healed" badge once it is healed.
    const holder = document.createElement("div");
    holder.innerHTML = await enrichedContent(message);
    holder.querySelectorAll<HTMLElement>(".heal-target").forEach((row) => {
      const index = Number(row.dataset.index);
      const done = healedIn(records.ledger, index);
      if (done) row.insertAdjacentHTML("beforeend", healedBadge());
      if (!mayAct || done || !seal) row.querySelectorAll("button[data-fray-step]").forEach((b) => b.remove());
    });
    return holder.innerHTML;
  },
};

/** A healed target's badge (word and icon), drawn as the tracker draws its badges. */
function healedBadge(): string {
  const view = badge("healed");
  return markHtml({ look: "badge", tone: view.tone, icon: view.icon, label: t(view.labelKey) });
}
