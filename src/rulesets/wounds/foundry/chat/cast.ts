import { combatOfActor, tokenInView } from "../../../../shell/combat/located";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { castOutsideCombat, SUMMON_OUTSIDE } from "../../play/round/cast";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";

/**
 * A wounds sheet's Cast (`spellId`; `option`: the castAction option picked) and Cancel (`null`),
 * on the caster's owner's client: in the started encounter the actor fights in, one GM request a
 * press (`WoundsCombat#spendKept`, ruled by `play/round/cast.ts`); outside one, a summoning spell
 * is the GM's to cast (`gm/cast.ts`: from the caster's token on this client's scene),
 * any other only pays its MP, which the owner writes on its own actor.
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Thralling.
 * @throws Error (localized) for a refusal on this client; nothing changes then (the GM's refusal
 *   of a summon is warned by `requestOfGM`, not thrown).
 */
export async function castSpell(actor: WoundsActor, spellId: string | null, option?: number):
  Promise<void> {
  const found = combatOfActor(actor);
  if (found) {
    const args = spellId === null ? { action: "cancelCast" }
      : { action: "cast", spellId, ...(option === undefined ? {} : { option }) };
    return (found.combat as WoundsCombat).spendKept(found.combatant, args);
  }
  const block = actor.statblock;
  const name = actor.name ?? "";
  if (spellId === null) throw new Error(t("FRAY.Wounds.Refuse.NotCasting", { name }));
  const spell = block.spells.find((s) => s.id === spellId);
  if (spell?.summon) {
    const own = tokenInView(actor);
    if (!own) throw new Error(t("FRAY.Summon.NoToken", { name }));
    await requestOfGM(SUMMON_OUTSIDE, { tokenUuid: own.uuid, spellId });
    return;
  }
  const done = castOutsideCombat(block, spell);
  if (typeof done === "string") throw new Error(t(`FRAY.Wounds.Refuse.${done}`, { name }));
  await actor.update({ "system.mp.value": done.mp } as Actor.UpdateData);
}
