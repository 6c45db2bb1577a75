import { combatantData, weaponData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayItem } from "../documents/item";
import { timingOf } from "../documents/timed-effects";
import {
  abilityEntriesOf, healthOf, isPlayerCharacter, timedEffectsOf,
} from "../documents/actor-data";
import { FRAY_CONFIG } from "../setup/fray-config";
import { frayStatusEffects } from "../setup/status-effects";
import { useAbility } from "../chat/use-ability";
import { sustainedItems } from "../chat/sustain";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { ActorSheetBase, bindSheetInputs, enrich, type SheetOptions } from "./sheet-base";
import type { SheetActor } from "../view/actor-view";
import type { SheetContextInput } from "../view/sheet-context";

type PartContext = Record<string, unknown>;
type CombatInput = Pick<SheetContextInput<unknown>, "combat"> & {
  turn: Pick<SheetContextInput<unknown>["turn"], "combat" | "combatant">;
};

/**
 * What the character and NPC sheets share: play and edit modes, ability rows with Use buttons,
 * the turn's state in combat, condition toggles, HP with relative entry, item editing. Each
 * subclass declares its PARTS and one `_prepare…Context` per part; the context comes from the
 * pure builders in `../view/`, which the browser tests call the same way.
 *
 * It reads the actor through `documents/actor-data.ts` and escalation's own config, never through
 * `FrayActor` or `CONFIG.FRAY`: in a world playing another ruleset, where escalation's `install()`
 * did not run, it still shows an escalation actor (read-only, without combat). In combat it
 * redraws its `combatParts` when what `combatState()` returns changes (the shell's combat
 * refresh).
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

  /**
   * What the sheet shows of its actor's combat: the started combat's escalation die and round,
   * its combatant's actions and whether it is its turn; none in a world playing another ruleset
   * (its combat is not escalation's).
   */
  protected combatInput(): CombatInput {
    const combat = this.rulesetActive ? (game.combat as FrayCombat | null) : null;
    const started = combat?.started ? combat : null;
    const actor = this.document;
    const combatant = started?.combatants.contents.find((c) => c.actor === actor) ?? null;
    return {
      combat: started ? { escalationDie: started.escalationDie } : null,
      turn: {
        combat: started ? { round: started.round, escalationDie: started.escalationDie } : null,
        combatant: combatant && {
          actions: combatantData(combatant.system).actions,
          isTurn: started?.combatant?.id === combatant.id,
        },
      },
    };
  }

  override combatState(): unknown {
    return this.combatInput();
  }

  /** The actor as the pure view builders take it, descriptions enriched for play mode. */
  protected async sheetActor<S>(system: S): Promise<SheetActor<S>> {
    const actor = this.frayActor;
    const owner = actor.isOwner;
    const items = actor.items.contents as FrayItem[];
    const abilities = await Promise.all(
      abilityEntriesOf(actor).map(async (a) => ({
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
      isPC: isPlayerCharacter(actor),
      system,
      health: healthOf(actor),
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
    const effects = timedEffectsOf(actor).flatMap((e) => {
      const timing = timingOf(e);
      return timing ? [{ name: e.name, timing }] : [];
    });
    const { combat, turn } = this.combatInput();
    // The world's status effects are escalation's conditions while it plays escalation (install);
    // elsewhere the sheet lists escalation's own.
    const statuses = this.rulesetActive ? CONFIG.statusEffects : frayStatusEffects();
    return {
      actor: await this.sheetActor(system),
      combat,
      turn: { ...turn, effects },
      statusEffects: statuses.map((s) => ({ id: s.id, name: s.name, img: s.img })),
      biographyHTML: await enrich(biography, actor, actor.isOwner),
      labels: {
        bands: FRAY_CONFIG.bands,
        stances: FRAY_CONFIG.stances,
        missDamage: FRAY_CONFIG.missDamage,
      },
    };
  }

  // Listeners go on the parts a render replaced: a combat refresh renders some parts only, and a
  // part kept from an earlier render already has its listeners.
  override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
    super._attachPartListeners(partId, element, options);
    bindSheetInputs(element);
    // HP typed in play mode goes through `changeHp`, so Staggered, Dying and the death track follow
    // the rules as for damage from a card; the input has no name, so the form's submit skips it.
    for (const input of element.querySelectorAll<HTMLInputElement>("input[data-hp]")) {
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
