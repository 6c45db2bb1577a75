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
import { MORTAL_STATUS } from "../documents/actor";
import { KNOCKED_OUT_STATUS } from "../documents/health";
import { healthOfActor, hpOf, statblockOf } from "../documents/actor-data";
import { SHEET_ACTIONS, type SheetAction } from "../view/sheet-view";
import { actorSheetContext, type ActorSheetInput } from "../view/sheet-context";
import type { NpcIdentity } from "../view/sheet-header";
import type { StatusShown } from "../view/sheet-round";
import {
  ActorSheetBase, bindSheetInputs, enriched, TEMPLATES, type SheetOptions, type SheetPart,
} from "./sheet-base";

type PartContext = Record<string, unknown>;
const MOVING: ReadonlySet<string> = new Set(["run", "screen"]);
// Shown by the sheet's health condition already (actor.ts MORTAL_STATUS, Foundry's "dead").
const HEALTH_STATUSES: ReadonlySet<string> = new Set([MORTAL_STATUS, "dead"]);

/** An actor sheet's parts: its own header, then the stats, weapons, round and biography. */
export function actorParts(header: string): Record<string, SheetPart> {
  return {
    header: {
      template: `${TEMPLATES}/actor/${header}.hbs`,
      templates: [`${TEMPLATES}/actor/hp.hbs`],
    },
    stats: { template: `${TEMPLATES}/actor/stats.hbs` },
    weapons: { template: `${TEMPLATES}/actor/weapons.hbs` },
    actions: { template: `${TEMPLATES}/actor/actions.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  };
}

/**
 * What the character and NPC sheets share (dnd5e-style: `DEFAULT_OPTIONS.actions`, `PARTS`):
 * play and edit modes (the shell's `withSheetModes`), HP with relative entry, weapon rows with
 * their one-line summary, Attack, ready/stow, edit and delete, the round's state and actions in
 * combat, first aid. The whole context comes from the pure `actorSheetContext`, which the browser
 * tests render too. Buttons are disabled for users who do not own the actor (DocumentSheetV2
 * `_toggleDisabled`, client/applications/api/document-sheet.mjs).
 *
 * The context reads the actor through `documents/actor-data.ts`, never through `ShockActor`: in a
 * world playing another ruleset, where shock's `install()` did not run, it still shows a shock
 * actor (read-only, without combat). In combat it redraws the weapons and the round when what
 * `combatState()` returns changes (the shell's combat refresh): a spent Main shows at once.
 */
export class ShockActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "shock", "sheet", "actor"],
    form: { submitOnChange: true },
    window: { resizable: true },
    position: { width: 640, height: 760 },
    actions: {
      attack: ShockActorSheet.#onAttack,
      takeAction: ShockActorSheet.#onTakeAction,
      firstAid: ShockActorSheet.#onFirstAid,
      editItem: ShockActorSheet.#onEditItem,
      deleteItem: ShockActorSheet.#onDeleteItem,
      toggleDetails: ShockActorSheet.#onToggleDetails,
      toggleReadied: ShockActorSheet.#onToggleReadied,
    },
  };

  /** Weapon rows the user expanded; kept across re-renders of this open sheet. */
  #expanded = new Set<string>();

  /** The NPC's identity for the statblock (null on a character sheet). */
  protected npcIdentity(): NpcIdentity | null {
    return null;
  }

  override async _prepareContext(options: unknown): Promise<PartContext> {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const system = actor.system as {
      biography?: string;
      className?: string;
      level?: number;
    };
    const items = new Map<string, { img: string; description: string }>();
    for (const item of actor.items.contents) {
      const description = (item.system as { description?: string }).description ?? "";
      items.set(item.id ?? "", {
        img: item.img ?? "",
        description: await enriched(description, item),
      });
    }
    const built = actorSheetContext({
      block: statblockOf(actor), hp: hpOf(actor), health: healthOfActor(actor),
      npc: this.npcIdentity(),
      className: system.className ?? "", level: system.level ?? 1, items,
      biography: await enriched(system.biography ?? "", actor), expanded: this.#expanded,
      isGM: game.user?.isGM ?? false, combat: this.#roundInput(), statuses: this.#statuses(),
      knockedOut: this.#knockedOut,
    }, t);
    return Object.assign(context, { actor, system: actor.system }, built);
  }

  // The weapon rows (what blocks an Attack) and the round show the combatant's state.
  override get combatParts(): readonly string[] {
    return ["weapons", "actions"];
  }

  override combatState(): unknown {
    return { round: this.#roundInput(), statuses: this.#statuses() };
  }

  // Bound per rendered part: a part a combat refresh kept already has its listeners.
  override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
    super._attachPartListeners(partId, element, options);
    bindSheetInputs(element);
  }

  override async _onRender(context: PartContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    // DocumentSheetV2 disables every form control for a user who may only look (`_toggleDisabled`,
    // client/applications/api/document-sheet.mjs); reading a weapon's description changes nothing.
    const toggles = this.element.querySelectorAll<HTMLButtonElement>("[data-action=toggleDetails]");
    for (const toggle of toggles) toggle.disabled = false;
  }

  /** The actor's combatant in the started combat (none in a world playing another ruleset). */
  protected get combatant() {
    const combat = game.combat as ShockCombat | null;
    if (!this.rulesetActive || !combat?.started) return undefined;
    return combat.combatantOf(this.document as Actor.Implementation);
  }

  /** The combatant's round as the pure context reads it, with names for the combatant ids. */
  #roundInput(): ActorSheetInput["combat"] {
    const combat = game.combat as ShockCombat | null;
    const c = this.combatant;
    if (!combat || !c) return null;
    const d = c.data;
    const name = (id: string) => (id ? combat.combatants.get(id)?.name ?? "" : "");
    return {
      budget: c.budget,
      turn: combat.turnStateOf(c),
      round: combat.round,
      totalDefense: d.totalDefense,
      charging: d.charging,
      shieldUsed: d.shieldUsed,
      screening: name(d.screening),
      grappling: name(d.grappling),
      grappledBy: d.grappledBy.map(name),
      fellRound: d.fellRound,
    };
  }

  /** Down and unconscious: knocked out by a non-lethal execution (shown as the fall itself). */
  get #knockedOut(): boolean {
    return healthOfActor(this.document) !== "up" && this.document.statuses.has(KNOCKED_OUT_STATUS);
  }

  /** Active effects other than the health markers: Foundry's name and remaining duration. */
  #statuses(): StatusShown[] {
    type Effect = {
      name: string;
      statuses: Set<string>;
      duration: { type?: string; label?: string };
    };
    const effects = (this.document as { appliedEffects: Effect[] }).appliedEffects;
    const shownAsFall = this.#knockedOut ? KNOCKED_OUT_STATUS : null;
    return effects
      .filter((e) => ![...e.statuses].some((s) => HEALTH_STATUSES.has(s) || s === shownAsFall))
      .map((e) => {
        const timed = e.duration.type !== undefined && e.duration.type !== "none";
        return { name: e.name, duration: timed ? e.duration.label ?? "" : "" };
      });
  }

  private itemFrom(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.document.items.get(id) : undefined;
  }

  static async #onAttack(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const item = this.itemFrom(target) as Item.Implementation | undefined;
    if (item) await warnIfRefused(() => attackWith(this.document, item));
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
      const combat = game.combat as ShockCombat | null;
      const c = this.combatant;
      if (!combat || !c) throw new Error(t("FRAY.Shock.Refuse.NotInCombat"));
      await this.#pay(combat, c, id);
    });
  }

  /**
   * Pays `id` from the combatant's round budget, refusing with a localized Error when the rules
   * do not allow it now; then tells the table and, for a provoking action, asks the GM to offer
   * Attacks of Opportunity.
   */
  async #pay(combat: ShockCombat, c: ShockCombatant, id: SheetAction): Promise<void> {
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
    if (MOVING.has(id) && isHeld(c.hold)) {
      throw new Error(t("FRAY.Shock.Refuse.Held", { name: this.document.name }));
    }
    const outOfTurn = turnRefusal(id, combat.turnStateOf(c));
    if (outOfTurn) throw new Error(t(outOfTurn));
    const extra = id === "totalDefense" ? { totalDefense: true }
      : id === "screen" ? { screening: this.#wardOf(combat, c) }
        : id === "swarmAttack" ? { swarming: this.#swarmTargetOf(combat, c) } : {};
    if (!(await combat.spend(c, id, extra))) throw new Error(t(`FRAY.Shock.Refuse.Spent.${id}`));
    // The text's table marks some actions as provoking Attacks of Opportunity (§Combat Actions).
    const key = `FRAY.Shock.Sheet.Took${provokes(id) ? "Provoking" : ""}`;
    ui.notifications?.info(
      t(key, { name: this.document.name, action: t(`FRAY.Shock.Action.${id}`) }),
    );
    // The GM offers adjacent foes armed for melee their free attack (§Combat Actions).
    if (provokes(id)) {
      await requestOfGM(REQUESTS.offerOpportunity, { combatId: combat.id, combatantId: c.id });
    }
  }

  /**
   * The ward of a screen: the user's one targeted token, an ally in the same combat. A screener
   * needs level 1 in a combat skill (§Screen an Ally). @throws Error (localized) otherwise.
   */
  #wardOf(combat: ShockCombat, screener: ShockCombatant): string {
    if (screenCapacity(this.document.statblock) < 1)
      throw new Error(t("FRAY.Shock.Refuse.NoScreen"));
    const ward = this.#targetedIn(combat);
    if (!ward || ward === screener || ward.side !== screener.side) {
      throw new Error(t("FRAY.Shock.Refuse.NoWard"));
    }
    return ward.id ?? "";
  }

  /**
   * The foe a Swarm Attack is made on: the user's one targeted token, a combatant of another side.
   * The striker's card later claims the allies who swarmed it this round. @throws Error
   * (localized).
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
    await requestOfGM(REQUESTS.firstAid, {
      helperUuid: this.document.uuid, tokenUuid: token.document.uuid,
    });
  }

  static async #onEditItem(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    await this.itemFrom(target)?.deleteDialog();
  }

  /** Expands or folds a weapon row's tags and description (remembered while the sheet is open). */
  static async #onToggleDetails(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (!id) return;
    if (!this.#expanded.delete(id)) this.#expanded.add(id);
    await this.render();
  }

  /**
   * Readies or stows a weapon. In a started combat this is the Ready or Stow an Item action (a
   * Main, §Ready or Stow an Item), paid first; outside combat it is free.
   */
  static async #onToggleReadied(
    this: ShockActorSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const item = this.itemFrom(target);
    if (!item) return;
    await warnIfRefused(async () => {
      const combat = game.combat as ShockCombat | null;
      const c = this.combatant;
      if (combat && c) await this.#pay(combat, c, "readyItem");
      const readied = (item.system as unknown as { readied: boolean }).readied;
      await item.update({ system: { readied: !readied } } as Item.UpdateData);
    });
  }
}
