import "../styles/sheets.scss";
import { installFoundry } from "../../../shell/setup/install";
import "../styles/cards.scss";
import "../styles/tracker.scss";
import "../styles/dialogs.scss";
import { FrayActor } from "./documents/actor";
import { FrayItem } from "./documents/item";
import { FrayCombat } from "./documents/combat";
import { FrayCombatant } from "./documents/combatant";
import { COMBATANT_MODELS, DATA_MODELS } from "./data/register";
import { CharacterSheet } from "./applications/character-sheet";
import { NpcSheet } from "./applications/npc-sheet";
import { FrayItemSheet } from "./applications/item-sheet";
import { FrayCombatTracker } from "./applications/combat-tracker";
import { registerGMRequests } from "./gm/register";
import { useAbility } from "./chat/use-ability";
import { FRAY_CONFIG } from "../play/views/labels";
import { configureSpecialStatuses } from "./setup/status-effects";
import { frayStatusEffects } from "../play/views/status-effects";
import { onCombatEnd, onTurnEnd, onTurnStart } from "./chat/turn-events";
import { registerPartyRest } from "./applications/party-rest";
import { OPPORTUNITY_KIND, OPPORTUNITY_OFFER } from "./chat/opportunity";
import { registerOfferKind } from "../../../shell/offers/runtime";
import { ESCALATION_MOVEMENT } from "./chat/movement";
import { registerMovementRules } from "../../../shell/movement/watch";
import { registerCardKind } from "../../../shell/cards/kind";
import { ATTACK_KIND } from "./cards/attack-kind";
import { ABILITY_KIND } from "./cards/ability-kind";
import type { FoundryRuleset } from "../../../shell/ruleset-module";
import { registerItemMacros } from "../../../shell/setup/item-macros";

const TEMPLATES = [
  "systems/fray/templates/escalation/chat/attack-card.hbs",
  "systems/fray/templates/escalation/chat/ability-card.hbs",
  "systems/fray/templates/escalation/chat/event-card.hbs",
];

/**
 * The `escalation` ruleset in Foundry (`000_c2dc3d650823e22d.txt`): its data models and sheets
 * (registered in every world), and what `install` sets up when a world plays it: document
 * classes, the band tracker, conditions as status effects, the GM's request handlers and the chat
 * cards' listeners.
 */
export const ESCALATION_FOUNDRY: FoundryRuleset = {
  id: "escalation",
  dataModels: DATA_MODELS,
  sheets: [
    {
      document: "Actor", sheet: CharacterSheet, types: ["escalationCharacter"],
      label: "FRAY.Sheet.Character",
    },
    { document: "Actor", sheet: NpcSheet, types: ["escalationNpc"], label: "FRAY.Sheet.Npc" },
    {
      document: "Item", sheet: FrayItemSheet, types: ["escalationWeapon", "escalationAbility"],
      label: "FRAY.Sheet.Item",
    },
  ],
  install,
};

function install(): void {
  CONFIG.FRAY = FRAY_CONFIG;
  installFoundry({
    documents: { Actor: FrayActor, Item: FrayItem, Combat: FrayCombat, Combatant: FrayCombatant },
    combatantModels: COMBATANT_MODELS,
    tracker: FrayCombatTracker,
    statusEffects: { replace: frayStatusEffects() },
    specialStatuses: configureSpecialStatuses,
    trackableAttributes: {
      escalationCharacter: { bar: ["hp", "recoveries", "power"], value: ["level"] },
      escalationNpc: { bar: ["hp"], value: ["level"] },
    },
    templates: TEMPLATES,
    api: { useAbility },
  });
  FrayCombat.turnEvents = { start: onTurnStart, end: onTurnEnd, combatEnd: onCombatEnd };
  registerGMRequests();
  registerCardKind(ATTACK_KIND);
  registerCardKind(ABILITY_KIND);
  registerPartyRest();
  registerOfferKind(OPPORTUNITY_KIND, OPPORTUNITY_OFFER);
  registerMovementRules(ESCALATION_MOVEMENT);
  // An ability dragged to the hotbar becomes a macro that uses it, as its Use button does.
  registerItemMacros({
    types: ["escalationAbility"],
    use: (item) => useAbility(item as FrayItem),
  });
}
