import { combatantData, weaponData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayItem } from "../documents/item";
import { timingOf } from "../documents/timed-effects";
import { useAbility } from "../chat/use-ability";
import { sustainedItems } from "../chat/sustain";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { ActorSheetBase, bindSheetInputs, enrich, type SheetOptions } from "./sheet-base";
import type { SheetActor, SheetCombat } from "../view/actor-view";
import type { SheetContextInput } from "../view/sheet-context";

type PartContext = Record<string, unknown>;

/**
 * What the character and NPC sheets share: play and edit modes, ability rows with Use buttons,
 * the turn's state in combat, condition toggles, HP with relative entry, item editing. Each
 * subclass declares its PARTS and one `_prepare…Context` per part; the context comes from the
 * pure builders in `../view/`, which the browser tests call the same way.
 */
export class FrayActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "escalation", "sheet", "actor"],
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

  /** Hook ids this open sheet listens to, so a combat change redraws its turn part. */
  #hooks: [string, number][] = [];

  get frayActor(): FrayActor {
    return this.document;
  }

  /**
   * The context every part reads, built once per render from the pure view builders (the parts
   * share one view, so descriptions are enriched once). Subclasses fill it.
   */
  protected async sheetContext(): Promise<PartContext> {
    return {};
  }

  override async _prepareContext(options: unknown): Promise<PartContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...(await this.sheetContext()) };
  }

  /** The started combat's escalation die, or null outside one. */
  protected sheetCombat(): SheetCombat | null {
    const combat = game.combat as FrayCombat | null;
    return combat?.started ? { escalationDie: combat.escalationDie } : null;
  }

  /** The actor as the pure view builders take it, descriptions enriched for play mode. */
  protected async sheetActor<S>(system: S): Promise<SheetActor<S>> {
    const actor = this.frayActor;
    const owner = actor.isOwner;
    const items = actor.items.contents as FrayItem[];
    const abilities = await Promise.all(
      actor.abilityEntries.map(async (a) => ({
        ...a,
        description: await enrich(a.system.description, actor, owner),
      })),
    );
    const weaponItems = items.filter((i) => i.type === "escalationWeapon");
    const weapons = await Promise.all(
      weaponItems.map(async (i) => {
        const system = weaponData(i.system);
        const description = await enrich(system.description, i, owner);
        return { id: i.id ?? "", name: i.name, img: i.img ?? "", system, description };
      }),
    );
    return {
      name: actor.name,
      img: actor.img ?? "",
      isPC: actor.isPC,
      system,
      health: actor.health,
      statuses: actor.statuses,
      abilities,
      weapons,
      sustaining: sustainedItems(actor),
    };
  }

  /**
   * What the shared context builders (`view/sheet-context.ts`) take besides the actor: the combat,
   * the turn's state, the status effects to toggle and the enriched biography.
   */
  protected async contextInput<S>(system: S, biography: string): Promise<SheetContextInput<S>> {
    const actor = this.frayActor;
    const combat = game.combat as FrayCombat | null;
    const started = combat?.started ? combat : null;
    const combatant = started?.combatants.contents.find((c) => c.actor === actor) ?? null;
    const effects = actor.timedEffects.flatMap((e) => {
      const timing = timingOf(e);
      return timing ? [{ name: e.name, timing }] : [];
    });
    return {
      actor: await this.sheetActor(system),
      combat: this.sheetCombat(),
      turn: {
        combat: started ? { round: started.round, escalationDie: started.escalationDie } : null,
        combatant: combatant && {
          actions: combatantData(combatant.system).actions,
          isTurn: started?.combatant?.id === combatant.id,
        },
        effects,
      },
      statusEffects: CONFIG.statusEffects.map((s) => ({ id: s.id, name: s.name, img: s.img })),
      biographyHTML: await enrich(biography, actor, actor.isOwner),
      labels: {
        bands: CONFIG.FRAY.bands,
        stances: CONFIG.FRAY.stances,
        missDamage: CONFIG.FRAY.missDamage,
      },
    };
  }

  override async _onFirstRender(context: PartContext, options: unknown): Promise<void> {
    await super._onFirstRender(context, options);
    // The actor sheet is not redrawn when its combatant or the combat changes (Foundry redraws a
    // document's sheet on that document's own updates only), so the turn part listens itself.
    const redraw = () => void this.render();
    for (const hook of ["updateCombat", "updateCombatant", "deleteCombat", "combatStart"]) {
      this.#hooks.push([hook, Hooks.on(hook as never, redraw as never)]);
    }
  }

  override _onClose(options: unknown): void {
    super._onClose(options);
    for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
    this.#hooks = [];
  }

  override async _onRender(context: PartContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    bindSheetInputs(this.element);
    // HP typed in play mode goes through `changeHp`, so Staggered, Dying and the death track follow
    // the rules as for damage from a card; the input has no name, so the form's submit skips it.
    for (const input of this.element.querySelectorAll<HTMLInputElement>("input[data-hp]")) {
      input.addEventListener("change", () => {
        const delta = Number(input.value) - Number(input.dataset.value);
        if (!Number.isInteger(delta) || delta === 0) return;
        void warnIfRefused(() => this.frayActor.changeHp(delta));
      });
    }
  }

  private itemFrom(target: HTMLElement): FrayItem | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? (this.frayActor.items.get(id) as FrayItem | undefined) : undefined;
  }

  static async #onUseAbility(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemFrom(target);
    if (item) await useAbility(item);
  }

  static async #onSustain(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.itemFrom(target);
    // Sustaining holds up effects on its targets, which only the GM may write.
    if (item)
      await requestOfGM(REQUESTS.sustain, { actorUuid: this.frayActor.uuid, itemId: item.id });
  }

  static async #onRestoreAbility(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.update({ system: { used: false } } as Item.UpdateData);
  }

  static async #onEditItem(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.deleteDialog();
  }

  static async #onToggleCondition(
    this: FrayActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-condition]")?.dataset.condition;
    if (id) await this.frayActor.toggleStatusEffect(id);
  }
}
