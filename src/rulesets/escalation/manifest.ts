import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

/**
 * escalation's part of `system.json`. Its cards' GM records are made GM-only by the shell
 * (`shell/manifest.ts`). A character's token is linked and friendly, with its HP and recoveries as
 * bars; an NPC's shows its HP.
 */
export const ESCALATION_MANIFEST: RulesetManifest = {
  id: "escalation",
  folder: "Escalation",
  color: "#8a3b12",
  documentTypes: {
    Actor: {
      escalationCharacter: { htmlFields: ["biography"] }, escalationNpc: { htmlFields: ["biography"] },
    },
    Item: {
      escalationWeapon: { htmlFields: ["description"] }, escalationAbility: { htmlFields: ["description"] },
    },
    ChatMessage: { escalationAttack: {}, escalationAbility: {} },
  },
  tokens: {
    escalationCharacter: { actorLink: true, disposition: "FRIENDLY", bars: ["hp", "recoveries"] },
    escalationNpc: { bars: ["hp", null] },
  },
  packs: [
    { name: "rules", label: "Escalation Rules", type: "JournalEntry", players: "OBSERVER" },
    { name: "pregens", label: "Escalation Pregenerated Characters", type: "Actor", players: "OBSERVER" },
    { name: "monsters", label: "Escalation Monsters", type: "Actor", players: "NONE" },
    { name: "abilities", label: "Escalation Abilities", type: "Item", players: "OBSERVER" },
  ],
  documentSpecs: DOCUMENT_SPECS,
  lang: true,
};
