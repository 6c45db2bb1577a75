import { npcData } from "../data/accessors";
import { healthState } from "../rules/escalation/health";
import { FrayActorSheet } from "./actor-sheet-base";
import type { SheetOptions, SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;

/** A compact NPC statblock: level, defenses, HP, resistances, attacks with Use buttons. */
export class NpcSheet extends FrayActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["npc"],
    position: { width: 480, height: 600 },
  };

  static override PARTS: Record<string, SheetPart> = {
    statblock: { template: "systems/fray/templates/actor/npc-statblock.hbs", scrollable: [""] },
    conditions: { template: "systems/fray/templates/actor/conditions.hbs" },
  };

  override async _preparePartContext(partId: string, context: PartContext, options: unknown): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId === "statblock") return Object.assign(base, this._prepareStatblockContext());
    if (partId === "conditions") return Object.assign(base, this.conditionsContext());
    return base;
  }

  protected _prepareStatblockContext(): PartContext {
    const system = npcData(this.frayActor.system);
    return {
      actor: this.frayActor,
      system,
      health: healthState(system.hp.value, system.hp.max, false),
      attackBonus: system.level + system.volition,
      bands: CONFIG.FRAY.bands,
      ...this.abilitiesContext(),
    };
  }
}
