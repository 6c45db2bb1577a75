import { claimOnce } from "../../../../shell/gm/claim";
import { isGMPrompt, promptTaken, takePrompt } from "../../../../shell/cards/prompts";
import { postNote } from "../../../../shell/chat/table-note";
import { onPress } from "../../../../shell/chat/press";
import { registerRequest, requestOfGM, type Sender } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import { isWoundsActor } from "../../play/actors/unit";
import { battleEnd, battleUnitOf } from "../../play/round/battle-end";
import {
  parseThrallPress, THRALL_FLAG, thrallEntriesOf, thrallOutcome, thrallPromptHtml,
  type ThrallEntry,
} from "../../play/round/thrall-offer";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";

/**
 * A wounds battle's end in Foundry, on the active GM once (claimed: a GM's two tabs), when the
 * GM ends its Combat (client/documents/combat.mjs `endCombat` deletes it; `_onDelete` runs on
 * every client with the Combat and its combatants still in memory): the winners' MP refill and
 * channeling ends (`play/round/battle-end.ts`); each summon of the battle whose summoner can pay
 * its thrall cost is offered to its summoner's owner (a GM prompt holding what answering needs,
 * the Combat being gone: `play/round/thrall-offer.ts`), the others' tokens go at once.
 * Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds Summons (End of battle).
 */
const REQUEST = "woundsThrall";

/** GM: the battle's end for `combat`, being deleted (a started one only). */
export async function endBattle(combat: WoundsCombat): Promise<void> {
  if (!game.user?.isActiveGM || !combat.started || !(await claimOnce(`woundsEnd.${combat.id}`))) {
    return;
  }
  const end = battleEnd(combat.woundsCombatants.flatMap((c) => {
    const actor = c.actor as WoundsActor | null;
    return actor && isWoundsActor(actor) && c.id ? [battleUnitOf(c.id, actor.statblock, {
      disposition: c.token?.disposition ?? -1, up: actor.health === "up" && !c.isDefeated,
      summoner: c.data.summoner,
    })] : [];
  }));
  for (const c of combat.woundsCombatants) {
    const mp = end.mp[c.id ?? ""];
    if (mp !== undefined) await c.actor?.update({ "system.mp.value": mp } as Actor.UpdateData);
    if (c.actor?.statuses.has(STATUS_OF_CAUSE.channeling)) {
      await c.actor.toggleStatusEffect(STATUS_OF_CAUSE.channeling, { active: false });
    }
  }
  const entries: ThrallEntry[] = [];
  for (const fate of end.summons) {
    const c = combat.combatants.get(fate.id);
    const summoner = combat.combatants.get(fate.summoner)?.actor;
    if (!c?.token) continue;
    if (!fate.offered || !summoner) await c.token.delete();
    else {
      entries.push({
        id: fate.id, name: c.name ?? "", tokenUuid: c.token.uuid, summonerUuid: summoner.uuid,
        summonerName: summoner.name ?? "", thrallCost: fate.thrallCost,
      });
    }
  }
  if (entries.length) {
    const flags = { fray: { [THRALL_FLAG]: entries } };
    await postNote({ content: thrallPromptHtml(entries, t), flags });
  }
}

/** The actor a uuid names now (a token's synthetic actor or a world actor), or null. */
const actorAt = (uuid: string): WoundsActor | null =>
  (fromUuidSync(uuid as never) as WoundsActor | null) ?? null;

/** Active GM: an answer to a thrall offer, taken once, by the summoner's owner or a GM. */
async function answerThrall(payload: unknown, sender: Sender) {
  const press = parseThrallPress(payload);
  const message = press ? game.messages?.get(press.messageId) : undefined;
  const entries = message && isGMPrompt(message) ? thrallEntriesOf(message.flags) : null;
  const entry = entries?.find((e) => e.id === press?.id);
  if (!press || !message || !entry) return { ok: false as const, reason: "badMessage" };
  const summoner = actorAt(entry.summonerUuid);
  const user = game.users?.get(sender.id);
  const outcome = thrallOutcome(press.choice, {
    owns: sender.isGM || Boolean(user && summoner?.testUserPermission(user, "OWNER")),
    taken: promptTaken(message, entry.id), thrallCost: entry.thrallCost,
    mp: summoner ? summoner.statblock.mp : null,
  });
  const refused = `FRAY.Wounds.Refuse.${outcome.ok ? "" : outcome.key}`;
  if (!outcome.ok) return { ok: false as const, reason: refused, data: { name: entry.summonerName } };
  if (!(await takePrompt(message, entry.id))) return { ok: false as const, reason: "used" };
  const token = fromUuidSync(entry.tokenUuid as never) as TokenDocument.Implementation | null;
  if (outcome.mp !== null) await summoner?.update({ "system.mp.value": outcome.mp } as Actor.UpdateData);
  if (outcome.vanishes) await token?.delete();
  else await token?.update({ "flags.fray.woundsSummon.thrall": true } as TokenDocument.UpdateData);
  return { ok: true as const };
}

/** Registers the thrall answer request and the offer's buttons (during `init`). */
export function registerBattleEnd(): void {
  registerRequest(REQUEST, answerThrall);
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const entries = isGMPrompt(message) ? thrallEntriesOf(message.flags) : null;
    html.querySelectorAll<HTMLButtonElement>("button[data-wounds-thrall]").forEach((button) => {
      const entry = entries?.find((e) => e.id === button.dataset.id);
      const summoner = entry ? actorAt(entry.summonerUuid) : null;
      if (!entry || promptTaken(message, entry.id) || !(game.user?.isGM || summoner?.isOwner)) {
        return button.remove();
      }
      onPress(button, () => requestOfGM(REQUEST, {
        messageId: message.id, id: entry.id, choice: button.dataset.woundsThrall,
      }));
    });
  });
}
