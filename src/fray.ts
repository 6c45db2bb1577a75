/**
 * Fray's entry point (the one ES module in system.json). It only wires Fray's classes into
 * Foundry; everything it registers lives in its own module.
 */
import "../styles/fray.scss";
import "./types/config";
import { FrayActor } from "./documents/actor";
import { FrayItem } from "./documents/item";
import { FrayCombat } from "./documents/combat";
import { FrayCombatant } from "./documents/combatant";
import { registerDataModels } from "./data/register";
import { CharacterSheet } from "./applications/character-sheet";
import { NpcSheet } from "./applications/npc-sheet";
import { FrayItemSheet } from "./applications/item-sheet";
import { FrayCombatTracker } from "./applications/combat-tracker";
import { startRelay } from "./relay/gm-relay";
import { registerGMRequests } from "./gm/register";
import { registerCardListeners } from "./chat/card-listeners";
import { useAbility } from "./chat/use-ability";
import { FRAY_CONFIG } from "./setup/fray-config";
import { configureSpecialStatuses, frayStatusEffects } from "./setup/status-effects";
import { registerSettings } from "./setup/settings";
import { onCombatEnd, onTurnEnd, onTurnStart } from "./chat/turn-events";
import { registerPartyRest } from "./applications/party-rest";
import { registerEventListeners } from "./chat/event-listeners";
import { registerMovementWatch } from "./chat/movement";
import { registerHealButtons } from "./chat/heal-relay";

const TEMPLATES = [
  "systems/fray/templates/chat/attack-card.hbs",
  "systems/fray/templates/chat/ability-card.hbs",
  "systems/fray/templates/chat/event-card.hbs",
];

Hooks.once("init", () => {
  CONFIG.FRAY = FRAY_CONFIG;
  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  FrayCombat.turnEvents = { start: onTurnStart, end: onTurnEnd, combatEnd: onCombatEnd };
  registerDataModels(CONFIG as unknown as Parameters<typeof registerDataModels>[0]);
  (CONFIG.ui as unknown as Record<string, unknown>).combat = FrayCombatTracker;
  (CONFIG as unknown as { statusEffects: unknown }).statusEffects = frayStatusEffects();
  configureSpecialStatuses(CONFIG.specialStatusEffects as unknown as Record<string, string>);
  (CONFIG.Actor as unknown as { trackableAttributes: unknown }).trackableAttributes = {
    character: { bar: ["hp", "recoveries", "power"], value: ["level"] },
    npc: { bar: ["hp"], value: ["level"] },
  };
  registerSettings();

  const DSC = foundry.applications.apps.DocumentSheetConfig as unknown as {
    registerSheet(doc: unknown, scope: string, sheet: unknown, options: { types: string[]; makeDefault: boolean; label: string }): void;
  };
  DSC.registerSheet(Actor, "fray", CharacterSheet, { types: ["character"], makeDefault: true, label: "FRAY.Sheet.Character" });
  DSC.registerSheet(Actor, "fray", NpcSheet, { types: ["npc"], makeDefault: true, label: "FRAY.Sheet.Npc" });
  DSC.registerSheet(Item, "fray", FrayItemSheet, { types: ["weapon", "ability"], makeDefault: true, label: "FRAY.Sheet.Item" });

  startRelay();
  registerGMRequests();
  registerCardListeners();
  registerPartyRest();
  registerEventListeners();
  registerMovementWatch();
  registerHealButtons();
  // A surprise round opens on the first ambusher (the hook may change the starting update).
  Hooks.on("combatStart", (combat: Combat.Implementation, updateData: { round: number; turn: number }) => {
    const turn = (combat as FrayCombat).openingTurn;
    if (turn !== null) updateData.turn = turn;
  });
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
  (game as unknown as { fray: unknown }).fray = { useAbility };
});
