import { characterData, combatantData } from "../data/accessors";
import type { Band } from "../rules/escalation/constants";
import { bandInitiative, type BandEntry } from "../rules/escalation/initiative";

/**
 * A combatant in a band. Its band starts from the actor's band; the initiative number shown in the
 * tracker encodes band and side (see `bandInitiative`), so nothing is rolled.
 */
export class FrayCombatant extends Combatant {
  get band(): Band {
    return combatantData(this.system).band;
  }

  get isPC(): boolean {
    return this.actor?.type === "character" || (this.actor?.hasPlayerOwner ?? false);
  }

  /** The core's view of this combatant for turn order. */
  get bandEntry(): BandEntry {
    return { id: this.id ?? "", band: this.band, isPC: this.isPC, order: combatantData(this.system).order };
  }

  protected override async _preCreate(...args: Parameters<Combatant["_preCreate"]>): ReturnType<Combatant["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // Characters and NPCs both carry `band`; a combatant without an actor starts in Medium.
    const band = this.actor ? characterData(this.actor.system).band : "medium";
    this.updateSource({ system: { band }, initiative: bandInitiative(band, this.isPC) } as Combatant.UpdateData);
    return allowed;
  }
}
