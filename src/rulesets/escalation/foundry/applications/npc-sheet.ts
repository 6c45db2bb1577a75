import { npcData } from "../../play/data/accessors";
import { escalationActorSheet } from "./actor-sheet";
import { NPC_LISTS } from "../../play/views/list-fields";
import { ACTOR_TEMPLATES as ACTOR } from "./sheet-base";
import { npcContext } from "../../play/views/sheet-context";

/**
 * The NPC sheet, read like a statblock: identity, HP, defenses and attack bonus, resistances and
 * weaknesses as tags, then its attacks with their lines. Their editors appear in edit mode
 * (the shell's list editing, on `NPC_LISTS`).
 */
export const NpcSheet = escalationActorSheet({
  name: "NpcSheet",
  classes: ["npc"],
  position: { width: 520, height: 680 },
  parts: {
    statblock: {
      template: `${ACTOR}/npc-statblock.hbs`,
      templates: [`${ACTOR}/ability-list.hbs`],
      scrollable: [""],
    },
    turn: { template: `${ACTOR}/turn.hbs` },
    conditions: { template: `${ACTOR}/conditions.hbs` },
    biography: { template: `${ACTOR}/biography.hbs` },
  },
  // The statblock's attack bonus and rows count the escalation die.
  combatParts: ["statblock", "turn"],
  lists: NPC_LISTS,
  system: (sheet) => npcData(sheet.document.system),
  shared: npcContext,
});
