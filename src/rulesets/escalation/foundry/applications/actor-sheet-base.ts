import { weaponData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayItem } from "../documents/item";
import { useAbility } from "../chat/use-ability";
import { sustainedItems } from "../chat/sustain";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { abilityGroups } from "./ability-groups";
import { foundryLocalize } from "../../../../shell/setup/localize";
import { ActorSheetBase, type SheetOptions } from "./sheet-base";


/**
 * What the character and NPC sheets share: ability rows with Use buttons, condition toggles, item
 * editing. Each subclass declares its PARTS and one `_prepare…Context` per part.
 */
export class FrayActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "sheet", "actor"],
    form: { submitOnChange: true },
    window: { resizable: true },
    actions: {
      useAbility: FrayActorSheet.#onUseAbility,
      restoreAbility: FrayActorSheet.#onRestoreAbility,
      editItem: FrayActorSheet.#onEditItem,
      deleteItem: FrayActorSheet.#onDeleteItem,
      toggleCondition: FrayActorSheet.#onToggleCondition,
      sustainAbility: FrayActorSheet.#onSustain,
    },
  };

  get frayActor(): FrayActor {
    return this.document;
  }

  /** One context builder per PART (dnd5e's `_prepare…Context` per part); subclasses list theirs. */
  protected partContexts(): Record<string, () => Record<string, unknown>> {
    return {};
  }

  override async _preparePartContext(partId: string, context: Record<string, unknown>, options: unknown): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    const build = this.partContexts()[partId];
    return build ? Object.assign(base, build()) : base;
  }

  protected abilitiesContext(power?: number): Record<string, unknown> {
    const combat = game.combat as FrayCombat | null;
    const items = this.frayActor.abilityEntries;
    const enemyBasicId = this.frayActor.enemyBasicId;
    const weapons = (this.frayActor.items.contents as FrayItem[])
      .filter((i) => i.type === "escalationWeapon")
      .map((i) => ({ id: i.id ?? "", name: i.name, img: i.img ?? "", system: weaponData(i.system) }));
    return {
      weapons,
      groups: abilityGroups(items, { escalationDie: combat?.started ? combat.escalationDie : 0, conditions: this.frayActor.statuses, power, enemyBasicId, sustaining: sustainedItems(this.frayActor) }, foundryLocalize),
    };
  }

  protected conditionsContext(): Record<string, unknown> {
    const statuses = this.frayActor.statuses;
    return {
      conditions: CONFIG.statusEffects
        .filter((s) => !["dead", "dying", "staggered"].includes(s.id))
        .map((s) => ({ id: s.id, name: s.name, img: s.img, active: statuses.has(s.id) })),
    };
  }

  private itemFrom(target: HTMLElement): FrayItem | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? (this.frayActor.items.get(id) as FrayItem | undefined) : undefined;
  }

  static async #onUseAbility(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFrom(target);
    if (item) await useAbility(item);
  }

  static async #onSustain(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFrom(target);
    // Sustaining holds up effects on its targets, which only the GM may write.
    if (item) await requestOfGM(REQUESTS.sustain, { actorUuid: this.frayActor.uuid, itemId: item.id });
  }

  static async #onRestoreAbility(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.itemFrom(target)?.update({ system: { used: false } } as Item.UpdateData);
  }

  static async #onEditItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.itemFrom(target)?.deleteDialog();
  }

  static async #onToggleCondition(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-condition]")?.dataset.condition;
    if (id) await this.frayActor.toggleStatusEffect(id);
  }
}
