import type { RulesetManifest } from "../../shell/manifest";
import { DOCUMENT_SPECS } from "./rules/models";

/**
 * shock's part of `system.json`: its ruleset-prefixed subtypes (the attack card's GM-only records),
 * its four packs (`packs/_source/shock/<pack>`) and its own strings (`src/rulesets/shock/lang/*.json`);
 * a character's token is linked and friendly, and every token shows its HP as its one bar.
 * Registering the ruleset adds `{ rules: SHOCK, manifest: SHOCK_MANIFEST }` to the registry.
 */
export const SHOCK_MANIFEST: RulesetManifest = {
  id: "shock",
  folder: "Shock",
  color: "#2f5d62",
  documentTypes: {
    Actor: { shockCharacter: { htmlFields: ["biography"] }, shockNpc: { htmlFields: ["biography"] } },
    Item: { shockWeapon: { htmlFields: ["description"] } },
    // The attack card's GM records are made GM-only by the shell (shell/manifest.ts).
    ChatMessage: { shockAttack: {} },
  },
  tokens: {
    shockCharacter: { actorLink: true, disposition: "FRIENDLY", bars: ["hp", null] },
    shockNpc: { bars: ["hp", null] },
  },
  packs: [
    { name: "rules", label: "Shock Rules", type: "JournalEntry", players: "OBSERVER" },
    { name: "pregens", label: "Shock Pregenerated Characters", type: "Actor", players: "OBSERVER" },
    { name: "npcs", label: "Shock NPCs", type: "Actor", players: "NONE" },
    { name: "weapons", label: "Shock Weapons", type: "Item", players: "OBSERVER" },
  ],
  documentSpecs: DOCUMENT_SPECS,
  lang: true,
};
