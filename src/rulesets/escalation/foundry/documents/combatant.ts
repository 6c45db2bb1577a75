import { FrayCombatantBase } from "../../../../shell/documents/combatant";
import { characterData, combatantData } from "../data/accessors";
import { BANDS, type Band } from "../../rules/constants";
import { bandInitiative, type BandEntry } from "../../rules/initiative";

/**
 * The band an initiative number stands for, the inverse of `bandInitiative`: the fastest band whose
 * enemy number it reaches (Very Fast 50+, Fast 40+, Medium 30+, Slow 20+, Very Slow below), so any
 * number a GM types lands in a band and a higher number never acts later.
 */
export function bandOfInitiative(initiative: number): Band {
  return (
    BANDS.find((band) => initiative >= bandInitiative(band, false)) ?? BANDS[BANDS.length - 1]!
  );
}

/**
 * What an update that sets only the initiative number (the GM typing it in the tracker, Foundry v13
 * client/applications/sidebar/tabs/combat-tracker.mjs `_onUpdateInitiative`, which writes just
 * `initiative`) also writes so that it takes effect: the band the number stands for, and the number
 * shown for that band and side. Null when the update sets a band itself, clears the number, or has
 * none (the change stands as it is).
 */
export function bandEdit(
  changed: { initiative?: unknown; system?: Record<string, unknown> }, isPC: boolean,
): { band: Band; initiative: number } | null {
  const value = changed.initiative;
  if (typeof value !== "number" || !Number.isFinite(value) || changed.system?.band !== undefined)
    return null;
  const band = bandOfInitiative(value);
  return { band, initiative: bandInitiative(band, isPC) };
}

/**
 * A combatant in a band. Its band starts from the actor's band; the initiative number shown in the
 * tracker encodes band and side (see `bandInitiative`), so nothing is rolled.
 */
export class FrayCombatant extends FrayCombatantBase {
  get band(): Band {
    return combatantData(this.system).band;
  }

  get isPC(): boolean {
    return this.actor?.type === "escalationCharacter" || (this.actor?.hasPlayerOwner ?? false);
  }

  /** The core's view of this combatant for turn order. */
  get turnEntry(): BandEntry {
    return {
      id: this.id ?? "",
      band: this.band,
      isPC: this.isPC,
      order: combatantData(this.system).order,
    };
  }

  protected override async _preCreate(
    ...args: Parameters<Combatant["_preCreate"]>
  ): ReturnType<Combatant["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // Characters and NPCs both carry `band`; a combatant without an actor starts in Medium.
    const band = this.actor ? characterData(this.actor.system).band : "medium";
    this.updateSource({
      system: { band },
      initiative: bandInitiative(band, this.isPC),
    } as Combatant.UpdateData);
    return allowed;
  }

  // Turn order follows the band (`FrayCombat._sortCombatants`), so an initiative typed in the
  // tracker moves the combatant by changing its band. `_preUpdate` runs on the editing client
  // before the change is sent, and what it adds is sent with it.
  protected override async _preUpdate(
    ...args: Parameters<Combatant["_preUpdate"]>
  ): ReturnType<Combatant["_preUpdate"]> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changed = args[0] as { initiative?: unknown; system?: Record<string, unknown> };
    const edit = bandEdit(changed, this.isPC);
    if (edit) {
      changed.system = { ...changed.system, band: edit.band };
      changed.initiative = edit.initiative;
    }
    return allowed;
  }
}
