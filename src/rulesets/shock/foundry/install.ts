import "../styles/sheets.scss";
import { installFoundry } from "../../../shell/setup/install";
import "../styles/cards.scss";
import "../styles/tracker.scss";
import type { FoundryRuleset } from "../../../shell/ruleset-module";
import { registerItemMacros } from "../../../shell/setup/item-macros";
import { warnIfRefused } from "../../../shell/applications/refusals";
import { attackWith } from "./chat/attack";
import { ShockActor } from "./documents/actor";
import { MORTAL_STATUS } from "../play/round/health";
import { UNSUSPECTING_EFFECT } from "./documents/unsuspecting";
import { ShockItem } from "./documents/item";
import { ShockCombat } from "./documents/combat";
import { ShockCombatant } from "./documents/combatant";
import { COMBATANT_MODELS, DATA_MODELS } from "./data/register";
import { ShockCharacterSheet } from "./applications/character-sheet";
import { ShockNpcSheet } from "./applications/npc-sheet";
import { ShockWeaponSheet } from "./applications/weapon-sheet";
import { ShockCombatTracker } from "./applications/combat-tracker";
import { registerGMRequests } from "./gm/register";
import { registerPromptListeners } from "./chat/prompt-listeners";
import { OPPORTUNITY_KIND, OPPORTUNITY_OFFER } from "./gm/opportunity";
import { registerOfferKind } from "../../../shell/offers/runtime";
import { registerCardKind } from "../../../shell/cards/kind";
import { SHOCK_ATTACK_KIND } from "./cards/attack-kind";
import { CARD_TEMPLATE } from "./chat/render-card";
import { beforeMove } from "./chat/grapple-watch";
import { afterMove } from "./gm/movement";
import { registerMovementRules } from "../../../shell/movement/watch";
import { grappleRoundEnd } from "./gm/grapple";

const TEMPLATES = [CARD_TEMPLATE, "systems/fray/templates/shock/dialog/attack.hbs"];

/**
 * The `shock` ruleset in Foundry (`002_5e27cdf788b28f5f.txt`): its data models and sheets
 * (registered in every world), and what `install` sets up when a world plays it: document classes,
 * side initiative and its tracker, the Mortally Injured marker, the GM's request handlers and the
 * cards.
 */
export const SHOCK_FOUNDRY: FoundryRuleset = {
  id: "shock",
  dataModels: DATA_MODELS,
  sheets: [
    {
      document: "Actor", sheet: ShockCharacterSheet, types: ["shockCharacter"],
      label: "FRAY.Shock.Sheet.Character",
    },
    { document: "Actor", sheet: ShockNpcSheet, types: ["shockNpc"], label: "FRAY.Shock.Sheet.Npc" },
    {
      document: "Item", sheet: ShockWeaponSheet, types: ["shockWeapon"],
      label: "FRAY.Shock.Sheet.Weapon",
    },
  ],
  install,
};

function install(): void {
  installFoundry({
    documents: { Actor: ShockActor, Item: ShockItem, Combat: ShockCombat, Combatant: ShockCombatant },
    combatantModels: COMBATANT_MODELS,
    tracker: ShockCombatTracker,
    // Mortally Injured and the GM's Unsuspecting mark beside Foundry's own status effects
    // (client/config.mjs statusEffects).
    statusEffects: {
      add: [
        { id: MORTAL_STATUS, name: "FRAY.Shock.Health.mortallyInjured", img: "icons/svg/blood.svg" },
        UNSUSPECTING_EFFECT,
      ],
    },
    trackableAttributes: {
      shockCharacter: { bar: ["hp"], value: ["ac", "level"] },
      shockNpc: { bar: ["hp"], value: ["ac", "hitDice"] },
    },
    templates: TEMPLATES,
  });
  registerGMRequests();
  registerCardKind(SHOCK_ATTACK_KIND);
  registerPromptListeners();
  registerOfferKind(OPPORTUNITY_KIND, OPPORTUNITY_OFFER);
  // Moves: a grapple holds its tokens (any client); leaving reach provokes (the active GM).
  registerMovementRules({ before: beforeMove, after: afterMove });
  ShockCombat.roundEnd = grappleRoundEnd;
  // A weapon dragged to the hotbar becomes a macro that attacks with it, as its Attack button does.
  registerItemMacros({
    types: ["shockWeapon"],
    use: (item) => warnIfRefused(() => attackWith(item.parent as ShockActor, item)),
  });
}
