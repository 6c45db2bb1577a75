import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { HEX_SHAPES } from "../../../../engine/space/hex-shapes";
import type { Footprint } from "../../../../engine/space/footprint";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { STATUS_OF_CAUSE } from "../../play/actors/states-of";
import type { CastDone } from "../../play/round/cast";
import { gridlessSpot, summonCell, summonTokenData } from "../../play/round/summoning";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/** The compendium of wounds' NPCs a spell's `summon` may name (`manifest.ts`). */
const NPC_PACK = "fray.wounds-npcs";

/**
 * The active GM's work after a cast press it allowed (`WoundsCombat#afterSpend`): the MP its first
 * press paid, the channeling status on or off, and a summoning spell's summon. A summon that
 * cannot be made (no such unit, no token, no room beside the caster) puts the press back (its
 * kept fields and MP) and is refused, so nothing is paid for it.
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling, §Summoning Slots.
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
 * The actor a spell's `summon` names: a world actor by id or name, else the NPC pack's entry by
 * id or name, imported once (a world actor imported from it before is reused, as Foundry marks
 * imports: `_stats.compendiumSource`, client/documents/abstract/world-collection.mjs
 * `fromCompendium`). Null when none is found.
 */
async function summonedActor(summon: string): Promise<Actor.Implementation | null> {
  const world = game.actors?.get(summon) ?? game.actors?.getName(summon);
  if (world) return world;
  const pack = game.packs?.get(NPC_PACK);
  if (!pack) return null;
  const index = await pack.getIndex();
  const entry = index.get(summon) ?? index.find((e) => e.name === summon);
  if (!entry) return null;
  const source = await pack.getDocument(entry._id) as Actor.Implementation | null | undefined;
  if (!source) return null;
  const imported = game.actors?.find((a) => a._stats.compendiumSource === source.uuid);
  if (imported) return imported;
  const data = game.actors!.fromCompendium(source as never);
  return (await Actor.implementation.create(data as Actor.CreateData)) ?? null;
}

/** Where the summon's token goes on the caster's scene (pixels), or null for no room. */
function placeBeside(
  scene: Scene.Implementation, caster: TokenDocument.Implementation, actor: Actor.Implementation,
): { x: number; y: number } | null {
  const placement = placementOf(scene);
  const grid = scene.grid;
  if (!placement || placement.grid.kind === "gridless") {
    return gridlessSpot({ x: caster.x, y: caster.y, width: caster.width ?? 1 }, grid.size);
  }
  const from = placement.footprint(tokenPlace(caster));
  const taken = scene.tokens.contents.flatMap((tk) => {
    const fp = tk === caster ? null : placement.footprint(tokenPlace(tk));
    return fp ? [fp] : [];
  });
  const proto = actor.prototypeToken;
  const hex = placement.grid.kind === "hex" ? { shape: HEX_SHAPES[(proto as { shape?: number }).shape ?? 4] } : {};
  const size = { width: proto.width ?? 1, height: proto.height ?? 1, ...hex };
  const d = scene.dimensions;
  const low = grid.getOffset({ x: d.sceneX, y: d.sceneY });
  const high = grid.getOffset({ x: d.sceneX + d.sceneWidth - 1, y: d.sceneY + d.sceneHeight - 1 });
  const bounds = { iMin: low.i, iMax: high.i, jMin: low.j, jMax: high.j };
  const cell = from ? summonCell(placement.grid, from, taken as Footprint[], size, bounds) : null;
  return cell ? grid.getTopLeftPoint(cell) : null;
}

/**
 * Summons the unit `summon` names beside `caster`: an unlinked token of the caster's disposition
 * on the first free space beside it, owned by the caster's owners; a combatant in `combat`, kept
 * as summoned this round by `caster` (summoning sickness, its slot); placed in the order among
 * newcomers after those it does not beat (`WoundsCombat#rollInitiative`).
 * @throws Error (localized) when no such unit, no caster token or no room is found.
 */
async function summonUnit(combat: WoundsCombat, caster: WoundsCombatant, summon: string):
  Promise<void> {
  const casterActor = caster.actor;
  const token = caster.token;
  const scene = token?.parent;
  if (!casterActor || !token || !scene) {
    throw new Error(t("FRAY.Wounds.Refuse.NoCasterToken", { name: caster.name ?? "" }));
  }
  const actor = await summonedActor(summon);
  if (!actor?.id) throw new Error(t("FRAY.Wounds.Refuse.NoSummon", { summon }));
  const at = placeBeside(scene, token, actor);
  if (!at) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name: caster.name ?? "" }));
  const data = summonTokenData(actor.prototypeToken.toObject() as Record<string, unknown>, actor.id,
    at, {
      disposition: token.disposition, actorUuid: casterActor.uuid,
      ownership: casterActor.ownership as Record<string, number>,
    });
  const [made] = (await scene.createEmbeddedDocuments("Token", [data as TokenDocument.CreateData])) ?? [];
  if (!made?.id) throw new Error(t("FRAY.Wounds.Refuse.NoRoom", { name: caster.name ?? "" }));
  const [joined] = (await combat.createEmbeddedDocuments("Combatant", [{
    tokenId: made.id, sceneId: scene.id, actorId: actor.id, hidden: token.hidden,
  } as Combatant.CreateData])) ?? [];
  if (!joined?.id) return;
  await combat.keep({ [joined.id]: { summoned: combat.round, summoner: caster.id ?? "" } });
  await combat.rollInitiative(joined.id);
}
