import { combatOfActor } from "../../../../shell/combat/located";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { castOutsideCombat } from "../../play/round/cast";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/**
 * What a wounds sheet's Cast and Cancel buttons call, on the caster's owner's client. In the
 * started encounter the actor fights in, each press is one GM request (`WoundsCombat#castSpell`,
 * ruled by `play/round/cast.ts`); outside one, a cast only pays the spell's MP, written by the
 * owner on its own actor. Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling.
 * @throws Error (localized) for a refusal; nothing changes then.
 */
export async function castSpell(actor: WoundsActor, spellId: string, option?: number):
  Promise<void> {
  const found = combatOfActor(actor);
  if (found) {
    await (found.combat as WoundsCombat).castSpell(found.combatant as WoundsCombatant, spellId, option);
    return;
  }
  const block = actor.statblock;
  const left = castOutsideCombat(block.mp, block.spells.find((s) => s.id === spellId));
  if (typeof left === "string") throw new Error(t(`FRAY.Wounds.Refuse.${left}`, { name: actor.name ?? "" }));
  await actor.update({ "system.mp.value": left } as Actor.UpdateData);
}

/**
 * Cancels the cast under way of `actor` in the encounter it fights in (its MP are not given back).
 * @throws Error (localized) outside an encounter or when no cast is under way.
 */
export async function cancelCast(actor: WoundsActor): Promise<void> {
  const found = combatOfActor(actor);
  if (!found) throw new Error(t("FRAY.Wounds.Refuse.NotCasting", { name: actor.name ?? "" }));
  await (found.combat as WoundsCombat).castSpell(found.combatant as WoundsCombatant, null);
}

/** The spell `actor` is casting in its encounter ("" none), for the sheet to show Cancel. */
export function castingOf(actor: WoundsActor): { spellId: string; paid: number } {
  const c = combatOfActor(actor)?.combatant as WoundsCombatant | undefined;
  return { spellId: c?.data.casting ?? "", paid: c?.data.castPaid ?? 0 };
}
