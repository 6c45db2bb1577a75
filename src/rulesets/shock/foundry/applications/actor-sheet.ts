import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { attackWith } from "../chat/attack";
import { turnRefusal } from "../documents/sides";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { screenCapacity } from "../../rules/maneuvers";
import { REQUESTS } from "../gm/requests";
import { isHeld } from "../chat/grapple";
import { provokes } from "../chat/opportunity";
import {
  actionButtons, attributeRows, budgetLeft, skillRows, weaponRows, SHEET_ACTIONS, type SheetAction,
} from "../view/sheet-view";
import { ActorSheetBase, TEMPLATES, type SheetOptions, type SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;
const MOVING: ReadonlySet<string> = new Set(["run", "screen"]);

/** An actor sheet's parts: its own header, then the stats, weapons, actions and biography. */
export function actorParts(header: string): Record<string, SheetPart> {
  return {
    header: { template: `${TEMPLATES}/actor/${header}.hbs` },
    stats: { template: `${TEMPLATES}/actor/stats.hbs` },
    weapons: { template: `${TEMPLATES}/actor/weapons.hbs` },
    actions: { template: `${TEMPLATES}/actor/actions.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  };
}

/**
 * What the character and NPC sheets share (dnd5e-style: `DEFAULT_OPTIONS.actions`, `PARTS`, one
 * `_prepare…Context` per part): weapon rows with their one-line summary and an Attack button, the
 * combat actions paid from the round's budget, first aid, item editing. Buttons are disabled for
 * users who do not own the actor (DocumentSheetV2, client/applications/api/document-sheet.mjs).
 */
export class ShockActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "shock", "sheet", "actor"],
    form: { submitOnChange: true },
    window: { resizable: true },
    position: { width: 620, height: 720 },
    actions: {
      attack: ShockActorSheet.#onAttack,
      takeAction: ShockActorSheet.#onTakeAction,
      firstAid: ShockActorSheet.#onFirstAid,
      editItem: ShockActorSheet.#onEditItem,
      deleteItem: ShockActorSheet.#onDeleteItem,
    },
  };

  /** One context builder per part of `actorParts`; the header's is each sheet's own. */
  protected partContexts(): Record<string, () => PartContext> {
    return {
      header: () => this._prepareHeaderContext(),
      stats: () => this._prepareStatsContext(),
      weapons: () => this._prepareWeaponsContext(),
      actions: () => this._prepareActionsContext(),
      biography: () => ({}),
    };
  }

  protected _prepareHeaderContext(): PartContext {
    return {};
  }

  override async _preparePartContext(
    partId: string, context: PartContext, options: unknown,
  ): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    const build = this.partContexts()[partId];
    if (!build) return base;
    return Object.assign(base, { actor: this.document, system: this.document.system }, build());
  }

  protected get combatant() {
    const combat = game.combat as unknown as ShockCombat | null;
    return combat?.started ? combat.combatantOf(this.document as unknown as Actor.Implementation) : undefined;
  }

  protected _prepareStatsContext(): PartContext {
    const block = this.document.statblock;
    return { attributes: attributeRows(block), skills: skillRows(block), health: this.document.health };
  }

  protected _prepareWeaponsContext(): PartContext {
    const images = new Map(this.document.items.contents.map((i) => [i.id ?? "", i.img ?? ""]));
    return { weapons: weaponRows(this.document.statblock, t, images) };
  }

  protected _prepareActionsContext(): PartContext {
    const c = this.combatant;
    return {
      inCombat: Boolean(c),
      left: c ? budgetLeft({ ...c.budget, totalDefense: c.data.totalDefense }) : [],
      actions: actionButtons(c ? c.budget : null),
    };
  }

  private itemFrom(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.document.items.get(id) : undefined;
  }

  static async #onAttack(this: ShockActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFrom(target);
    if (item) await warnIfRefused(() => attackWith(this.document, item as unknown as Item.Implementation));
  }

  /**
   * Pays an action from the combatant's round budget (its owner's write). Total Defense here is
   * taken on one's own initiative; against an attack the card offers it before damage.
   */
  static async #onTakeAction(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const id = target.dataset.shockAction as SheetAction | undefined;
    if (!id || !(SHEET_ACTIONS as readonly string[]).includes(id)) return;
    await warnIfRefused(async () => {
      const combat = game.combat as unknown as ShockCombat | null;
      const c = this.combatant;
      if (!combat || !c) throw new Error(t("FRAY.Shock.Refuse.NotInCombat"));
      // Mortally Injured, stabilised, defeated or fled: no actions (RULINGS.md §shock).
      if (this.document.health !== "up" || c.isDefeated) {
        throw new Error(t("FRAY.Shock.Refuse.CannotAct", { name: this.document.name }));
      }
      // Breaking free writes the grapplers' combatants: the GM does it (gm/grapple.ts).
      if (id === "breakFree") {
        await requestOfGM(REQUESTS.breakFree, { combatId: combat.id, combatantId: c.id });
        return;
      }
      // Neither grappler nor grappled may move (§Grappling).
      if (MOVING.has(id) && isHeld(c.hold)) throw new Error(t("FRAY.Shock.Refuse.Held", { name: this.document.name }));
      const outOfTurn = turnRefusal(id, combat.turnStateOf(c));
      if (outOfTurn) throw new Error(t(outOfTurn));
      const extra = id === "totalDefense" ? { totalDefense: true }
        : id === "screen" ? { screening: this.#wardOf(combat, c) }
          : id === "swarmAttack" ? { swarming: this.#swarmTargetOf(combat, c) } : {};
      if (!(await combat.spend(c, id, extra))) throw new Error(t(`FRAY.Shock.Refuse.Spent.${id}`));
      // The text's table marks some actions as provoking Attacks of Opportunity (§Combat Actions).
      const key = `FRAY.Shock.Sheet.Took${provokes(id) ? "Provoking" : ""}`;
      ui.notifications?.info(t(key, { name: this.document.name, action: t(`FRAY.Shock.Action.${id}`) }));
      // The GM offers adjacent foes armed for melee their free attack (§Combat Actions).
      if (provokes(id)) await requestOfGM(REQUESTS.offerOpportunity, { combatId: combat.id, combatantId: c.id });
    });
  }

  /**
   * The ward of a screen: the user's one targeted token, an ally in the same combat. A screener
   * needs level 1 in a combat skill (§Screen an Ally). @throws Error (localized) otherwise.
   */
  #wardOf(combat: ShockCombat, screener: ShockCombatant): string {
    if (screenCapacity(this.document.statblock) < 1) throw new Error(t("FRAY.Shock.Refuse.NoScreen"));
    const ward = this.#targetedIn(combat);
    if (!ward || ward === screener || ward.side !== screener.side) {
      throw new Error(t("FRAY.Shock.Refuse.NoWard"));
    }
    return ward.id ?? "";
  }

  /**
   * The foe a Swarm Attack is made on: the user's one targeted token, a combatant of another side.
   * The striker's card later claims the allies who swarmed it this round. @throws Error (localized).
   */
  #swarmTargetOf(combat: ShockCombat, assistant: ShockCombatant): string {
    const foe = this.#targetedIn(combat);
    if (!foe || foe.side === assistant.side) throw new Error(t("FRAY.Shock.Refuse.NoSwarmTarget"));
    return foe.id ?? "";
  }

  /** The combatant of the user's one targeted token, if it targets exactly one in the combat. */
  #targetedIn(combat: ShockCombat): ShockCombatant | undefined {
    const targets = [...(game.user?.targets ?? [])];
    if (targets.length !== 1) return undefined;
    return combat.shockCombatants.find((x) => x.tokenId === targets[0]?.id);
  }

  /** First aid on the one targeted ally, through the GM (it writes the ally's actor). */
  static async #onFirstAid(this: ShockActorSheet): Promise<void> {
    const targets = [...(game.user?.targets ?? [])];
    const token = targets[0];
    if (targets.length !== 1 || !token) {
      ui.notifications?.warn(t("FRAY.Shock.Refuse.OneTarget"));
      return;
    }
    await requestOfGM(REQUESTS.firstAid, { helperUuid: this.document.uuid, tokenUuid: token.document.uuid });
  }

  static async #onEditItem(this: ShockActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.deleteDialog();
  }
}
