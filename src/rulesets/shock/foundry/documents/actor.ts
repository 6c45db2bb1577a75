import { FrayActorBase } from "../../../../shell/documents/actor";
import type { Statblock } from "../../rules/statblock";
import type { HealthState } from "../../rules/health";
import {
  afterHpChange, healthMarkers, hpWriteMarks, KNOCKED_OUT_STATUS, MORTAL_STATUS, type MortalMarks,
} from "../../play/round/health";
import { statblockOf } from "./actor-data";
import {
  healthOfActor, hpOf, isPlayerCharacter, mortalOf,
} from "../../play/round/actor-health";

const ACTOR_TYPES = ["shockCharacter", "shockNpc"];

/**
 * shock's Actor: characters and NPCs. The rules live in `../../rules/`; this class reads its own
 * data into their shapes (`statblock`) and writes their answers back (HP, the mortal marks and
 * the token markers). Source: `002_5e27cdf788b28f5f.txt` §Damage; RULINGS.md §shock.
 */
export class ShockActor extends FrayActorBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayActorBase`). */
  static override rulesetTypes: readonly string[] = ACTOR_TYPES;

  get isPC(): boolean {
    return isPlayerCharacter(this);
  }

  get hp(): { value: number; max: number } {
    return hpOf(this);
  }

  get mortal(): MortalMarks {
    return mortalOf(this);
  }

  get health(): HealthState {
    return healthOfActor(this);
  }

  /**
   * The actor as the pure rules see it (attack bonus, attributes, skills, AC, shield, weapons).
   * @throws StatblockError when its data does not fit its model (a foreign actor type).
   */
  get statblock(): Statblock {
    return statblockOf(this);
  }

  /**
   * Changes HP by `delta` (negative: damage), keeping HP in 0..max, and updates the mortal marks
   * (the token markers follow in `_onUpdate`). @returns HP before and after. @throws RangeError on
   * a fractional delta (nothing changes).
   */
  async changeHp(delta: number): Promise<{ before: number; after: number }> {
    const before = this.hp.value;
    const next = afterHpChange(this.hp, delta, this.isPC, this.mortal);
    if (next.value === before && delta === 0) return { before, after: before };
    const mortal = this.isPC ? { mortal: next.mortal } : {};
    await this.update({ system: { hp: { value: next.value }, ...mortal } } as Actor.UpdateData);
    return { before, after: next.value };
  }

  /** First aid stabilises a Mortally Injured PC (RULINGS.md §shock). @returns whether it did. */
  async stabilise(): Promise<boolean> {
    if (this.health !== "mortallyInjured") return false;
    await this.update({ system: { mortal: { stabilised: true } } } as Actor.UpdateData);
    return true;
  }

  /**
   * Any HP change (the sheet, a token bar, the GM's apply) keeps a PC's mortal marks right: rising
   * above 0 ends them, falling to 0 makes it Mortally Injured (RULINGS.md §shock). `_preUpdate`
   * runs on the writing client before the change is sent, and what it adds is sent with it
   * (common/abstract/document.mjs `_preUpdate`).
   */
  protected override async _preUpdate(
    ...args: Parameters<Actor["_preUpdate"]>
  ): ReturnType<Actor["_preUpdate"]> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return allowed;
    const changed = args[0] as { system?: { hp?: { value?: unknown }; mortal?: unknown } };
    const marks = hpWriteMarks(changed, this.hp, this.isPC, this.mortal);
    if (marks) changed.system = { ...changed.system, mortal: marks };
    return allowed;
  }

  // The user who changed HP (its owner, or the GM) brings the token markers in line.
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    type Changed = { system?: { hp?: unknown; mortal?: unknown } };
    const [changed, , userId] = args as [Changed, unknown, string];
    const hpChanged = changed.system?.hp !== undefined || changed.system?.mortal !== undefined;
    if (userId === game.user?.id && hpChanged) {
      void this.syncHealthStatuses();
    }
  }

  /**
   * Keeps the Mortally Injured and defeated token markers in line with HP; a knocked-out NPC
   * (Foundry's `unconscious` status, put on before its HP falls) gets no `dead` overlay.
   */
  async syncHealthStatuses(): Promise<void> {
    const knockedOut = this.statuses.has(KNOCKED_OUT_STATUS);
    const marks = healthMarkers(this.health, this.isPC, this.mortal, knockedOut);
    if (this.isPC) await this.toggleStatusEffect(MORTAL_STATUS, { active: marks.mortal });
    else await this.toggleStatusEffect("dead", { active: marks.dead, overlay: true });
  }
}
