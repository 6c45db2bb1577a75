import "../styles/sheets.scss";
import "../styles/tracker.scss";
import "../styles/cards.scss";
import { installFoundry } from "../../../shell/setup/install";
import { sheetRegistrations, type FoundryRuleset } from "../../../shell/ruleset-module";
import { ActionPointsActor } from "./documents/actor";
import { ActionPointsItem } from "./documents/item";
import { ActionPointsCombat } from "./documents/combat";
import { ActionPointsCombatant } from "./documents/combatant";
import { DATA_MODELS } from "./data/register";
import { ActionPointsActorSheet } from "./applications/actor-sheet";
import { ActionPointsSpellSheet, ActionPointsWeaponSheet } from "./applications/item-sheets";
import { ActionPointsCombatTracker } from "./applications/combat-tracker";
import { registerCardKind } from "../../../shell/cards/kind";
import { registerItemMacros } from "../../../shell/setup/item-macros";
import { warnIfRefused } from "../../../shell/applications/refusals";
import { AP_ATTACK_KIND } from "./cards/attack-kind";
import { CARD_TEMPLATE } from "./cards/template";
import { attackWith } from "./chat/attack";
import { registerOfferKind } from "../../../shell/offers/runtime";
import { registerMovementRules } from "../../../shell/movement/watch";
import { standUp } from "./gm/reaction-attacks";
import { REACTION_KIND } from "../play/round/reaction-attacks";
import { afterMove } from "./gm/moves";
import { beforeMove } from "./chat/move-check";
import { REACTION_OFFER } from "./gm/reaction-offer";

/**
 * The `action-points` ruleset in Foundry (`004_2cc57162401858c9.txt`): its data models and sheets
 * (registered in every world), and what `install` sets up when a world plays it: document classes,
 * initiative rolled together with ties re-rolled, the AP/RP/FP pools kept by the GM and changed at
 * each turn edge once, its tracker, its card kind, its reaction attacks and its moves.
 */
export const ACTION_POINTS_FOUNDRY: FoundryRuleset = {
  id: "action-points",
  dataModels: DATA_MODELS,
  sheets: sheetRegistrations("FRAY.ActionPoints.Sheet", [
    ["Actor", ActionPointsActorSheet, ["actionPointsCharacter", "actionPointsNpc"], "Character"],
    ["Item", ActionPointsWeaponSheet, ["actionPointsWeapon"], "Weapon"],
    ["Item", ActionPointsSpellSheet, ["actionPointsSpell"], "Spell"],
  ]),
  install,
};

function install(): void {
  installFoundry({
    documents: {
      Actor: ActionPointsActor, Item: ActionPointsItem, Combat: ActionPointsCombat,
      Combatant: ActionPointsCombatant,
    },
    combatantModels: {},
    tracker: ActionPointsCombatTracker,
    statusEffects: { add: [] },
    trackableAttributes: {
      actionPointsCharacter: { bar: ["hp"], value: ["moveHexes"] },
      actionPointsNpc: { bar: ["hp"], value: ["moveHexes"] },
    },
    templates: [CARD_TEMPLATE],
  });
  registerCardKind(AP_ATTACK_KIND);
  // Leaving a threatened hex provokes reaction attacks (the active GM), offered to each enemy.
  registerOfferKind(REACTION_KIND, REACTION_OFFER);
  // A move is paid from AP: checked on the moving client, paid by the active GM.
  registerMovementRules({ before: beforeMove, after: afterMove });
  ActionPointsCombat.standUp = standUp;
  // A weapon or spell dragged to the hotbar attacks with it, as its Attack button does.
  registerItemMacros({
    types: ["actionPointsWeapon", "actionPointsSpell"],
    use: (item) => warnIfRefused(() => attackWith(item.parent as ActionPointsActor, item)),
  });
}
