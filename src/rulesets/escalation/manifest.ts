import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

const CARD_RECORDS = { gmOnlyFields: ["seal", "ledger", "claims"] } as const;

/**
 * escalation's part of `system.json`. The cards' seal, ledger and claims are GM-only fields, so
 * Foundry's server refuses a player's write touching them (see gm/seal.ts). A character's token is
 * linked and friendly, with its HP and recoveries as bars; an NPC's shows its HP.
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
    ChatMessage: { escalationAttack: CARD_RECORDS, escalationAbility: CARD_RECORDS },
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
