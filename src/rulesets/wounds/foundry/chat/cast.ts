import { combatOfActor } from "../../../../shell/combat/located";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { castOutsideCombat } from "../../play/round/cast";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";

/**
 * A wounds sheet's Cast (`spellId`; `option`: the castAction option picked) and Cancel (`null`),
 * on the caster's owner's client: in the started encounter the actor fights in, one GM request a
 * press (`WoundsCombat#spendKept`, ruled by `play/round/cast.ts`); outside one, a cast only
 * pays its MP, which the owner writes on its own actor. Source: `001_dbc5fcc02a99a518.txt` §Spell Casting.
 * @throws Error (localized) for a refusal; nothing changes then.
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
  const left = castOutsideCombat(block.mp, block.spells.find((s) => s.id === spellId));
  if (typeof left === "string") throw new Error(t(`FRAY.Wounds.Refuse.${left}`, { name }));
  await actor.update({ "system.mp.value": left } as Actor.UpdateData);
}
