import { claimOnce } from "../../../../shell/gm/claim";
import { postNote } from "../../../../shell/chat/table-note";
import { registerOwnerPrompt, type OwnerPromptKind } from "../../../../shell/chat/owner-prompt";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import { isWoundsActor } from "../../play/actors/unit";
import { battleEnd, battleUnitOf } from "../../play/round/battle-end";
import {
  THRALL_REQUEST, thrallEntriesOf, thrallEntry, thrallNote, thrallOutcome, type ThrallEntry,
} from "../../play/round/thrall-offer";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import { storedSummonMark, unheldAtEnd, vanishesAtStart } from "../../play/round/summon-marks";
import { markToken, marksOn, type MarkedScene } from "../../../../shell/documents/token-marks";
import { sceneOf } from "../../../../shell/combat/located";
import { setStatuses } from "../../../../shell/documents/statuses";

/**
 * A wounds battle's end in Foundry, on the active GM once (claimed: a GM's two tabs), when the
 * GM ends its Combat (client/documents/combat.mjs `endCombat` deletes it; `_onDelete` runs on
 * every client with the Combat and its combatants still in memory): the winners' MP refill and
 * channeling ends (`play/round/battle-end.ts`); each summon of the battle whose summoner can pay
 * its thrall cost is offered to its summoner's owner (a GM prompt holding what answering needs,
 * the Combat being gone: `play/round/thrall-offer.ts`), the others' tokens go at once, as do
 * this battle's summons whose combatant was deleted (`summon-marks.ts` `unheldAtEnd`).
 * Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds Summons (End of battle).
 */

/** GM: the battle's end for `combat`, being deleted (a started one only). */
export async function endBattle(combat: WoundsCombat): Promise<void> {
  if (!game.user?.isActiveGM || !combat.started || !(await claimOnce(`woundsEnd.${combat.id}`))) {
    return;
  }
  const end = battleEnd(combat.woundsCombatants.flatMap((c) => {
    const actor = c.actor as WoundsActor | null;
    if (!actor || !isWoundsActor(actor) || !c.id) return [];
    // A summon's thrall cost as the GM kept it when it came, not its player's synthetic actor's.
    const kept = c.data.summoner ? { thrallCost: c.data.thrallCost } : {};
    const block = { ...actor.statblock, ...kept };
    return [battleUnitOf(c.id, block, {
      disposition: c.token?.disposition ?? -1, up: actor.health === "up" && !c.isDefeated,
      summoner: c.data.summoner,
    })];
  }));
  for (const c of combat.woundsCombatants) {
    const mp = end.mp[c.id ?? ""];
    if (mp !== undefined) await c.actor?.update({ "system.mp.value": mp } as Actor.UpdateData);
    await setStatuses(c.actor, { [STATUS_OF_CAUSE.channeling]: false });
  }
  const entries: ThrallEntry[] = [];
  for (const fate of end.summons) {
    const c = combat.combatants.get(fate.id);
    const summoner = combat.combatants.get(fate.summoner)?.actor;
    if (!c?.token) continue;
    if (!fate.offered || !summoner) await c.token.delete();
    else entries.push(thrallEntry(fate.id, c.token, summoner, fate.thrallCost));
  }
  if (entries.length) await postNote(thrallNote(entries, t));
  const scene = sceneOf(combat);
  const held = new Set(combat.combatants.map((c) => c.tokenId ?? ""));
  const unheld = scene ? unheldAtEnd(marksOn(scene as MarkedScene), combat.id ?? "", held) : [];
  if (scene && unheld.length) await scene.deleteEmbeddedDocuments("Token", unheld);
}

/**
 * GM, as a battle begins (once its start's turn events ran, claimed once:
 * `FrayTurnCombat.battle`): the summons on its scene that are not thralls and were not summoned
 * in it vanish, with their combatants (`play/round/summon-marks.ts`).
 */
export async function startBattle(combat: WoundsCombat): Promise<void> {
  const scene = sceneOf(combat);
  const gone = (scene ? marksOn(scene as MarkedScene) : [])
    .filter((m) => vanishesAtStart(m.mark, combat.id ?? ""));
  if (!scene || !gone.length) return;
  const ids = gone.map((m) => m.tokenId);
  const joined = combat.combatants.filter((c) => ids.includes(c.tokenId ?? "")).map((c) => c.id);
  if (joined.length) await combat.deleteEmbeddedDocuments("Combatant", joined as string[]);
  await scene.deleteEmbeddedDocuments("Token", ids);
}

/** An answer's outcome; who sent it and whether it was answered the shell checked already. */
const outcomeOf = (entry: ThrallEntry, choice: string, owner: Actor.Implementation | null) =>
  thrallOutcome(choice === "keep" ? "keep" : "release", {
    owns: true, taken: false, thrallCost: entry.thrallCost,
    mp: owner ? (owner as WoundsActor).statblock.mp : null,
  });

/**
 * The thrall offer's answers (the shell's owner prompt): the summoner's owner or a GM keeps the
 * summon, paying its thrall cost, or lets it go (`play/round/thrall-offer.ts` `thrallOutcome`).
 */
const THRALL_PROMPT: OwnerPromptKind<ThrallEntry> = {
  request: THRALL_REQUEST,
  entriesOf: thrallEntriesOf,
  ownerOf: (entry) => entry.summonerUuid,
  refusal(entry, choice, owner) {
    if (choice !== "keep" && choice !== "release") return { ok: false, reason: "badMessage" };
    // Gone already: let go, or vanished as a later battle began (`startBattle`).
    if (!fromUuidSync(entry.tokenUuid as never)) {
      return { ok: false, reason: "FRAY.Wounds.Refuse.SummonGone", data: { name: entry.name } };
    }
    const outcome = outcomeOf(entry, choice, owner);
    const name = entry.summonerName;
    return outcome.ok ? null
      : { ok: false, reason: `FRAY.Wounds.Refuse.${outcome.key}`, data: { name } };
  },
  async answer(entry, choice, owner) {
    const outcome = outcomeOf(entry, choice, owner);
    if (!outcome.ok) return;
    const token = fromUuidSync(entry.tokenUuid as never) as TokenDocument.Implementation | null;
    const mp = { "system.mp.value": outcome.mp } as Actor.UpdateData;
    if (outcome.mp !== null) await owner?.update(mp);
    const mark = { summoner: entry.summonerUuid, battle: "", thrall: true };
    if (outcome.vanishes) await token?.delete();
    else if (token?.parent && token.id) {
      await markToken(token.parent, token.id, storedSummonMark(mark));
    }
  },
};

/** Registers the thrall offer's answers and buttons (during `init`). */
export function registerBattleEnd(): void {
  registerOwnerPrompt(THRALL_PROMPT);
}
