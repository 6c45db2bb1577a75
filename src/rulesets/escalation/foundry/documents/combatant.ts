import { FrayCombatantBase } from "../../../../shell/documents/combatant";
import { characterData } from "../../play/data/accessors";
import type { KeptSource } from "../../rules/models";
import { bandEdit, bandEntry } from "../../play/combat/turn-order";
import { BANDS, type Band } from "../../rules/constants";
import type { FrayCombat } from "./combat";
import { bandInitiative, type BandEntry } from "../../rules/initiative";

/**
 * A combatant in a band. Its band and order inside the band are the GM's, kept on its combat; its
 * band starts from the actor's, written by the active GM when it joins (`FrayCombat#keptOnJoin`).
 * The initiative number the tracker shows encodes band and side (see `bandInitiative`) and is only
 * shown: nothing sorts by it, and a number a player writes is put back by the active GM.
 */
export class FrayCombatant extends FrayCombatantBase {
  /** What the GM keeps of it on its combat, or null outside one (or before it has an id). */
  get kept(): KeptSource | null {
    const combat = this.parent as FrayCombat | null;
    return this.id && typeof combat?.keptOf === "function"
      ? combat.keptOf(this.id) as KeptSource : null;
  }

  /** Its band as the GM keeps it (`play/combat/turn-order.ts#bandEntry`). */
  get band(): Band {
    return this.turnEntry.band;
  }

  /** The band its documents give: its actor's (characters and NPCs both carry one), else Medium. */
  get bandByDocuments(): Band {
    const band = this.actor ? characterData(this.actor.system).band : undefined;
    return (BANDS as readonly unknown[]).includes(band) ? band as Band : "medium";
  }

  get isPC(): boolean {
    return this.actor?.type === "escalationCharacter" || (this.actor?.hasPlayerOwner ?? false);
  }

  /** The core's view of this combatant for turn order (`play/combat/turn-order.ts#bandEntry`). */
  get turnEntry(): BandEntry {
    return bandEntry(this.id ?? "", this.kept, this.bandByDocuments, this.isPC);
  }

  /** The number the tracker shows for its band and side. */
  get shownInitiative(): number {
    return bandInitiative(this.band, this.isPC);
  }

  protected override async _preCreate(
    ...args: Parameters<Combatant["_preCreate"]>
  ): ReturnType<Combatant["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // Read only by a world whose combats are not moved onto the kept store yet (`kept.ts`).
    const band = this.bandByDocuments;
    this.updateSource({
      system: { band },
      initiative: bandInitiative(band, this.isPC),
    } as Combatant.UpdateData);
    return allowed;
  }

  // Turn order follows the kept band, so a number the GM types in the tracker moves the
  // combatant by writing its band to the store first (`_preUpdate` runs on the editing client
  // before the change is sent); a player's number is replaced by its band's, as shown.
  protected override async _preUpdate(
    ...args: Parameters<Combatant["_preUpdate"]>
  ): ReturnType<Combatant["_preUpdate"]> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changed = args[0] as { initiative?: unknown };
    const edit = bandEdit(changed, this.isPC);
    if (!edit) return allowed;
    const combat = this.parent as FrayCombat | null;
    if (!game.user?.isGM || !this.id || typeof combat?.moveBands !== "function") {
      changed.initiative = this.shownInitiative;
      return allowed;
    }
    changed.initiative = edit.initiative;
    if (edit.band !== this.band) await combat.moveBands({ [this.id]: { band: edit.band } }, {
      show: false,
    });
    return allowed;
  }

  // The active GM puts back a number a player wrote (Foundry lets an owner write its combatant's
  // `initiative`, common/documents/combatant.mjs): only shown, it would show a wrong band.
  protected override _onUpdate(
    ...args: Parameters<Combatant["_onUpdate"]>
  ): ReturnType<Combatant["_onUpdate"]> {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    if (!game.user?.isActiveGM || !("initiative" in changed)) return;
    if (game.users?.get(userId)?.isGM !== false || !this.parent) return;
    const shown = this.shownInitiative;
    if (this.initiative === shown) return;
    void this.update({ initiative: shown }).catch((err: unknown) => {
      console.error("Fray | putting back a combatant's initiative failed", err);
    });
  }
}
