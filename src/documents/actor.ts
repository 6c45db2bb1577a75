import { healthState, hpAfterDamage, hpAfterHealing, type HealthState } from "../rules/escalation/health";

/**
 * Fray's Actor: characters and NPCs. Game logic lives in the pure core; this class only reads its
 * own data into core shapes and writes the core's answers back.
 */
export class FrayActor extends Actor {
  get isPC(): boolean {
    return this.type === "character";
  }

  get hp(): { value: number; max: number } {
    return (this.system as unknown as { hp: { value: number; max: number } }).hp;
  }

  get health(): HealthState {
    return healthState(this.hp.value, this.hp.max, this.isPC);
  }

  /**
   * Changes HP by `delta` (negative = damage) and updates the Staggered/Dying/defeated markers.
   * @returns the HP before the change, for Undo.
   * @throws RangeError on a non-integer delta (nothing is changed).
   */
  async changeHp(delta: number): Promise<number> {
    if (!Number.isInteger(delta)) throw new RangeError(`HP change must be a whole number, got ${delta}`);
    const before = this.hp.value;
    const after = delta < 0 ? hpAfterDamage(before, -delta, this.isPC) : hpAfterHealing(before, delta, this.hp.max);
    await this.setHp(after);
    return before;
  }

  /** Sets HP to an exact value (Undo) and refreshes the health markers. */
  async setHp(value: number): Promise<void> {
    await this.update({ system: { hp: { value } } } as Actor.UpdateData);
    await this.syncHealthStatuses();
  }

  /** Keeps the Staggered / Dying / dead token markers in line with HP. */
  async syncHealthStatuses(): Promise<void> {
    const state = this.health;
    await this.toggleStatusEffect("staggered", { active: state === "staggered" });
    if (this.isPC) await this.toggleStatusEffect("dying", { active: state === "dying" });
    else await this.toggleStatusEffect("dead", { active: state === "defeated", overlay: true });
  }
}
