import { spotBeside } from "../../../../shell/combat/token-spot";
import { packActorInWorld } from "../../../../shell/documents/world-actor";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import type { CastDone } from "../../play/round/cast";
import { summonTokenData } from "../../play/round/summoning";
import { storedSummonMark } from "../../play/round/summon-marks";
import { markToken } from "../../../../shell/documents/token-marks";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/** The compendium of wounds' NPCs a spell's `summon` may name (`manifest.ts`). */
const NPC_PACK = "fray.wounds-npcs";

/**
 * The active GM's work after a cast press it allowed (`WoundsCombat#afterSpend`): the MP paid,
 * channeling on or off, a summon. A summon that cannot be made puts the press back (kept fields,
 * MP). Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling, §Summoning Slots.
 * @throws Error (localized) when the summon cannot be made.
 */
export async function afterCast(
  combat: WoundsCombat, c: WoundsCombatant, done: CastDone, before: Record<string, unknown>,
): Promise<void> {
  const actor = c.actor;
  if (!actor) return;
  const mpBefore = (actor.system as { mp?: { value?: number } }).mp?.value ?? 0;
  if (done.mp !== null) await actor.update({ "system.mp.value": done.mp } as Actor.UpdateData);
  const channeling = STATUS_OF_CAUSE.channeling;
  if (actor.statuses.has(channeling) !== done.channeling) {
    await actor.toggleStatusEffect(channeling, { active: done.channeling });
  }
  if (!done.summon) return;
  try {
    await summonUnit(combat, c, done.summon);
  } catch (err) {
    await combat.keep({ [c.id ?? ""]: before });
    if (done.mp !== null) await actor.update({ "system.mp.value": mpBefore } as Actor.UpdateData);
    throw err;
  }
}

/**
 * Summons the unit `summon` names beside `caster` (`play/round/summoning.ts`): its token, and its
 * combatant kept as summoned this round by `caster`, placed among newcomers in the order.
 * @throws Error (localized) when no such unit, no caster token or no room is found.
 */
async function summonUnit(combat: WoundsCombat, caster: WoundsCombatant, summon: string):
  Promise<void> {
  const [owner, token, name] = [caster.actor, caster.token, caster.name ?? ""];
  const scene = token?.parent;
  if (!owner || !token || !scene) throw new Error(t("FRAY.Wounds.Refuse.NoCasterToken", { name }));
  const actor = await packActorInWorld(NPC_PACK, summon);
  if (!actor?.id) throw new Error(t("FRAY.Wounds.Refuse.NoSummon", { summon }));
  const proto = actor.prototypeToken.toObject() as Record<string, unknown>;
  const at = spotBeside(scene, token, proto);
  if (!at) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name }));
  const data = summonTokenData(proto, actor.id, at, {
    disposition: token.disposition, ownership: owner.ownership as Record<string, number>,
  });
  const [made] = (await scene.createEmbeddedDocuments("Token", [data as never])) ?? [];
  if (!made?.id) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name }));
  const mark = { summoner: owner.uuid, battle: combat.id ?? "", thrall: false };
  await markToken(scene, made.id, storedSummonMark(mark));
  const [joined] = (await combat.createEmbeddedDocuments("Combatant", [{
    tokenId: made.id, sceneId: scene.id, actorId: actor.id, hidden: token.hidden,
  } as Combatant.CreateData])) ?? [];
  if (!joined?.id) return;
  const kept = { summoned: combat.round, summoner: caster.id ?? "" };
  const thrallCost = (actor as WoundsActor).statblock.thrallCost;
  await combat.keep({ [joined.id]: { ...kept, thrallCost } });
  await combat.rollInitiative(joined.id);
}
