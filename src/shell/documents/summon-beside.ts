import { spotBeside } from "../combat/token-spot";
import type { Recorder } from "../cards/recorder";
import { foundryLocalize as t } from "../setup/localize";
import { summonTokenData } from "./summon-data";
import { markToken } from "./token-marks";
import { packActorInWorld } from "./world-actor";

/**
 * GM: brings pack `packId`'s actor `idOrName` in beside the token `beside` (a summon): its world
 * copy (`world-actor.ts`), and its token on the first free space beside `beside`
 * (`../combat/token-spot.ts`), unlinked, on `beside`'s side and owned by `owner`'s owners
 * (`summon-data.ts`), with the GM's `mark` on its scene (`token-marks.ts`: what the ruleset keeps
 * about the summon, where its player cannot write). With a `recorder`, the token is recorded as
 * made, so a put-back deletes it (and with it its mark: `token-marks.ts` prunes on deleteToken).
 * @returns the summon's world actor and its new token.
 * @throws Error (localized, `FRAY.Summon.*`, nothing made) when `beside` is on no scene, the pack
 *   has no such actor, or no space beside it is free.
 */
export async function summonBeside(
  beside: TokenDocument.Implementation | null | undefined, owner: Actor.Implementation,
  packId: string, idOrName: string, mark: object, recorder?: Recorder,
): Promise<{ actor: Actor.Implementation; token: TokenDocument.Implementation }> {
  const name = owner.name ?? "";
  const scene = beside?.parent;
  if (!beside || !scene) throw new Error(t("FRAY.Summon.NoToken", { name }));
  const actor = await packActorInWorld(packId, idOrName);
  if (!actor?.id) throw new Error(t("FRAY.Summon.NoActor", { summon: idOrName }));
  const proto = actor.prototypeToken.toObject() as Record<string, unknown>;
  const at = spotBeside(scene, beside, proto);
  if (!at) throw new Error(t("FRAY.Summon.NoRoom", { name }));
  const data = summonTokenData(proto, actor.id, at, {
    disposition: beside.disposition, ownership: owner.ownership as Record<string, number>,
    hidden: beside.hidden,
  });
  const [token] = (await scene.createEmbeddedDocuments("Token", [data as never])) ?? [];
  if (!token?.id) throw new Error(t("FRAY.Summon.NoRoom", { name }));
  recorder?.created(token);
  await markToken(scene, token.id, mark);
  return { actor, token: token as TokenDocument.Implementation };
}
