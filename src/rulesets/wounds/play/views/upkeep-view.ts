import type { Localize } from "../../../../engine/i18n";
import type { Statblock } from "../../rules/statblock";
import { castFactsOf, ruleCast } from "../round/cast";
import { upkeptSpell, wardTexts } from "../round/upkeep";
import { costText, type TurnInput } from "./turn-view";

/**
 * What a wounds sheet shows of the spell its combatant keeps up (`play/round/upkeep.ts`), pure:
 * the spell, its upkeep and whether it is on, its ward, and its Toggle (a Bonus Action: its cost
 * and, when the GM's own ruling would refuse it now, why) and End. Null when none is kept up.
 * Source: `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions.
 */
export function upkeepView(turn: TurnInput | null, block: Statblock, t: Localize) {
  const facts = turn?.facts;
  if (!facts?.kept.upkept) return null;
  const spell = upkeptSpell(facts.kept, block.spells);
  const name = spell?.name ?? t("FRAY.Wounds.Sheet.GoneSpell");
  const on = !facts.kept.upkeptOff;
  // Summoning slots play no part in a toggle: none are read.
  const toggle = ruleCast({ action: "toggleSpell" }, castFactsOf(facts, block, 0));
  return {
    on,
    text: t(on ? "FRAY.Wounds.Sheet.KeptUpOn" : "FRAY.Wounds.Sheet.KeptUpOff",
      { spell: name, upkeep: spell?.upkeep ?? 0 }),
    ward: spell ? wardTexts(spell.ward, t) : [],
    toggleLabel: t(on ? "FRAY.Wounds.Sheet.ToggleOff" : "FRAY.Wounds.Sheet.ToggleOn",
      { spell: name }),
    cost: costText("toggleSpell", facts, t),
    blocked: toggle.ok ? null : t(`FRAY.Wounds.Sheet.Blocked.${toggle.key}`),
    endLabel: t("FRAY.Wounds.Sheet.EndSpell", { spell: name }),
  };
}
