import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

/**
 * wounds' part of `system.json`: its ruleset-prefixed subtypes, its packs
 * (`packs/_source/wounds/<pack>`) and its own strings (`src/rulesets/wounds/lang/*.json`); a
 * character's token is linked and friendly, and every token shows HP as its bar and MP as its
 * second.
 */
export const WOUNDS_MANIFEST: RulesetManifest = {
  id: "wounds",
  folder: "Wounds",
  color: "#7a2e2e",
  documentTypes: {
    Actor: {
      woundsCharacter: { htmlFields: ["biography"] },
      woundsNpc: { htmlFields: ["biography"] },
    },
    Item: {
      woundsWeapon: { htmlFields: ["description"] },
      woundsSpell: { htmlFields: ["description"] },
      woundsFeat: { htmlFields: ["description"] },
    },
    ChatMessage: { woundsAttack: {} },
  },
  tokens: {
    woundsCharacter: { actorLink: true, disposition: "FRIENDLY", bars: ["hp", "mp"] },
    woundsNpc: { disposition: "HOSTILE", bars: ["hp", "mp"] },
  },
  packs: [
    { name: "rules", label: "Wounds Rules", type: "JournalEntry", players: "OBSERVER" },
    {
      name: "pregens", label: "Wounds Pregenerated Characters", type: "Actor",
      players: "OBSERVER",
    },
    { name: "npcs", label: "Wounds Enemies", type: "Actor", players: "NONE" },
    { name: "items", label: "Wounds Items", type: "Item", players: "OBSERVER" },
  ],
  documentSpecs: DOCUMENT_SPECS,
  lang: true,
};
