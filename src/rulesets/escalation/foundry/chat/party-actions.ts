import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { SpiritBoon } from "../../rules/fight-in-spirit";
import { boonsAmong, spiritOf, type SpiritFlag } from "../../play/actors/spirit";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";

/**
 * Fight in Spirit and Flee. Source: `000_c2dc3d650823e22d.txt` §Fight in Spirit, §Flee.
 */

/** The boons an actor has now. */
export function spiritBoons(actor: Actor.Implementation | null | undefined): SpiritBoon[] {
  return actor ? boonsAmong(actor.effects.contents) : [];
}

/** A character out of the fight gives an ally a boon until the start of its own next turn. */
export async function fightInSpirit(
  giver: FrayActor,
  giverCombatantId: string,
  ally: FrayActor,
  boon: SpiritBoon,
): Promise<void> {
  const flag: SpiritFlag = { boon, source: giverCombatantId };
  await ally.createEmbeddedDocuments("ActiveEffect", [
    {
      name: t(`FRAY.Spirit.${boon}`),
      img: "icons/svg/angel.svg",
      flags: { fray: { spirit: flag } },
    },
  ] as unknown as ActiveEffect.CreateData[]);
  await postEvent(
    t("FRAY.Spirit.Title"),
    [t("FRAY.Spirit.Given", { name: giver.name, ally: ally.name, boon: t(`FRAY.Spirit.${boon}`) })],
    { actor: giver },
  );
}

/** At the start of the giver's next turn its boons end (they last one round). */
export async function endSpiritBoons(combat: FrayCombat, giverCombatantId: string): Promise<void> {
  for (const c of combat.combatants) {
    const ids = (c.actor?.effects.contents ?? [])
      .filter((e) => spiritOf(e)?.source === giverCombatantId)
      .map((e) => e.id ?? "");
    if (ids.length) await c.actor?.deleteEmbeddedDocuments("ActiveEffect", ids);
  }
}

/** The party flees: the chat records a Campaign Loss and the encounter ends. */
export async function flee(combat: FrayCombat): Promise<void> {
  await postEvent(t("FRAY.Flee.Title"), [t("FRAY.Flee.Line"), t("FRAY.Flee.CampaignLoss")]);
  await combat.delete();
}
