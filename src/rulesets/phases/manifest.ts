import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

/**
 * phases' part of `system.json`: its ruleset-prefixed subtypes, its five packs
 * (`packs/_source/phases/<pack>`) and its own strings (`src/rulesets/phases/lang/*.json`); a
 * character's token is linked and friendly, and every token shows HP as its bar.
 */
export const PHASES_MANIFEST: RulesetManifest = {
  id: "phases",
  folder: "Phases",
  color: "#2a5a8c",
  documentTypes: {
    Actor: {
      phasesCharacter: { htmlFields: ["biography"] },
      phasesNpc: { htmlFields: ["biography"] },
    },
    Item: {
      phasesAttack: { htmlFields: ["description"] },
      phasesMovement: { htmlFields: ["description"] },
      phasesActivatable: { htmlFields: ["description"] },
    },
    ChatMessage: { phasesAttack: {} },
  },
  tokens: {
    phasesCharacter: { actorLink: true, disposition: "FRIENDLY", bars: ["hp", null] },
    phasesNpc: { disposition: "HOSTILE", bars: ["hp", null] },
  },
  packs: [
    { name: "rules", label: "Phases Rules", type: "JournalEntry", players: "OBSERVER" },
    {
      name: "pregens", label: "Phases Pregenerated Characters", type: "Actor",
      players: "OBSERVER",
    },
    { name: "npcs", label: "Phases Enemies", type: "Actor", players: "NONE" },
    { name: "powers", label: "Phases Powers", type: "Item", players: "OBSERVER" },
    { name: "items", label: "Phases Items", type: "Item", players: "OBSERVER" },
  ],
  documentSpecs: DOCUMENT_SPECS,
  lang: true,
};
