import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

/**
 * action-points' part of `system.json`: its ruleset-prefixed subtypes, its five packs
 * (`packs/_source/action-points/<pack>`) and its own strings (`src/rulesets/action-points/lang/
 * *.json`); a character's token is linked and friendly, and every token shows HP as its bar.
 */
export const ACTION_POINTS_MANIFEST: RulesetManifest = {
  id: "action-points",
  folder: "Action Points",
  color: "#5a3d7a",
  documentTypes: {
    Actor: {
      actionPointsCharacter: { htmlFields: ["biography"] },
      actionPointsNpc: { htmlFields: ["biography"] },
    },
    Item: {
      actionPointsWeapon: { htmlFields: ["description"] },
      actionPointsSpell: { htmlFields: ["description"] },
    },
    // The attack card's GM records are made GM-only by the shell (shell/manifest.ts).
    ChatMessage: { actionPointsAttack: {} },
  },
  tokens: {
    actionPointsCharacter: { actorLink: true, disposition: "FRIENDLY", bars: ["hp", null] },
    actionPointsNpc: { bars: ["hp", null] },
  },
  packs: [
    { name: "rules", label: "Action Points Rules", type: "JournalEntry", players: "OBSERVER" },
    {
      name: "pregens", label: "Action Points Pregenerated Characters", type: "Actor",
      players: "OBSERVER",
    },
    { name: "npcs", label: "Action Points Enemies", type: "Actor", players: "NONE" },
    { name: "weapons", label: "Action Points Weapons", type: "Item", players: "OBSERVER" },
    { name: "spells", label: "Action Points Spells", type: "Item", players: "OBSERVER" },
  ],
  documentSpecs: DOCUMENT_SPECS,
  lang: true,
};
