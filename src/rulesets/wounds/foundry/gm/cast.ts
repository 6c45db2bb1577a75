import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { HEX_SHAPES } from "../../../../engine/space/hex-shapes";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import type { CastDone } from "../../play/round/cast";
import { gridlessSpot, summonCell, summonTokenData } from "../../play/round/summoning";
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
 * The actor `summon` names: a world actor (id or name), else the NPC pack's entry imported once
 * (an import is marked `_stats.compendiumSource`, client/documents/abstract/world-collection.mjs).
 */
async function summonedActor(summon: string): Promise<Actor.Implementation | null> {
  const world = game.actors?.get(summon) ?? game.actors?.getName(summon);
  if (world) return world;
  const pack = game.packs?.get(NPC_PACK);
  if (!pack) return null;
  const index = await pack.getIndex();
  const entry = index.get(summon) ?? index.find((e) => e.name === summon);
  const source = entry && await pack.getDocument(entry._id) as Actor.Implementation | undefined;
  if (!source) return null;
  const imported = game.actors?.find((a) => a._stats.compendiumSource === source.uuid);
  if (imported) return imported;
  const data = game.actors!.fromCompendium(source as never);
  return (await Actor.implementation.create(data as Actor.CreateData)) ?? null;
}

/** Where the summon's token goes on the caster's scene (pixels), or null for no room. */
function placeBeside(scene: Scene.Implementation, caster: TokenDocument.Implementation,
  proto: { width?: number | null; height?: number | null; shape?: number },
): { x: number; y: number } | null {
  const placement = placementOf(scene);
  const grid = scene.grid;
  const from = placement?.footprint(tokenPlace(caster));
  if (!placement || !from) {
    return gridlessSpot({ x: caster.x, y: caster.y, width: caster.width ?? 1 }, grid.size);
  }
  const taken = scene.tokens.contents.flatMap((tk) =>
    (tk === caster ? [] : [placement.footprint(tokenPlace(tk))!]));
  const hex = placement.grid.kind === "hex" ? { shape: HEX_SHAPES[proto.shape ?? 4] } : {};
  const d = scene.dimensions;
  const low = grid.getOffset({ x: d.sceneX, y: d.sceneY });
  const high = grid.getOffset({ x: d.sceneX + d.sceneWidth - 1, y: d.sceneY + d.sceneHeight - 1 });
  const cell = summonCell(placement.grid, from, taken, {
    width: proto.width ?? 1, height: proto.height ?? 1, ...hex,
  }, { iMin: low.i, iMax: high.i, jMin: low.j, jMax: high.j });
  return cell ? grid.getTopLeftPoint(cell) : null;
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
  const actor = await summonedActor(summon);
  if (!actor?.id) throw new Error(t("FRAY.Wounds.Refuse.NoSummon", { summon }));
  const proto = actor.prototypeToken.toObject() as Record<string, unknown>;
  const at = placeBeside(scene, token, proto);
  if (!at) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name }));
  const data = summonTokenData(proto, actor.id, at, {
    disposition: token.disposition, actorUuid: owner.uuid,
    ownership: owner.ownership as Record<string, number>,
  });
  const [made] = (await scene.createEmbeddedDocuments("Token", [data as never])) ?? [];
  if (!made?.id) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name }));
  const [joined] = (await combat.createEmbeddedDocuments("Combatant", [{
    tokenId: made.id, sceneId: scene.id, actorId: actor.id, hidden: token.hidden,
  } as Combatant.CreateData])) ?? [];
  if (!joined?.id) return;
  await combat.keep({ [joined.id]: { summoned: combat.round, summoner: caster.id ?? "" } });
  await combat.rollInitiative(joined.id);
}
