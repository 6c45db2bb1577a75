import { combatantData } from "../data/accessors";
import type { FrayCombat } from "../documents/combat";
import { actionPips, bandHeadings, lifeMark } from "./tracker-view";
import { frayEntries, type ContextMenuEntry } from "./tracker-menu";
import { engagementOf } from "../documents/combat-engagement";
import { engagedWith } from "../../rules/engagement";
import type { FrayActor } from "../documents/actor";
import { flee } from "../chat/party-actions";
import { askConfirm } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { requestDelay, requestShift } from "./combat-order";
import { BANDS, TRACKED_ACTIONS, type TrackedAction } from "../../rules/constants";
import { bandIndex } from "../../rules/initiative";

/**
 * The combat tracker for band initiative: an escalation die part (with +/- for the GM), band
 * headings between groups, each combatant's used actions, and up/down buttons to reorder a band's
 * PCs (or enemies) among themselves.
 */
const CombatTrackerBase = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerClass;

interface TrackerInstance {
  readonly viewed: Combat.Stored | null;
  readonly element: HTMLElement;
  render(options?: boolean | { parts?: string[] }): Promise<unknown>;
  _preparePartContext(partId: string, context: Record<string, unknown>, options: unknown): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
  _getEntryContextOptions(): ContextMenuEntry[];
}
interface TrackerClass {
  new (...args: never[]): TrackerInstance;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, { template: string; scrollable?: string[] }>;
}

export class FrayCombatTracker extends CombatTrackerBase {
  static override DEFAULT_OPTIONS = {
    actions: {
      frayEscalation: FrayCombatTracker.#onEscalation,
      frayShift: FrayCombatTracker.#onShift,
      frayToggleAction: FrayCombatTracker.#onToggleAction,
      frayAmbush: FrayCombatTracker.#onAmbush,
      frayFlee: FrayCombatTracker.#onFlee,
    },
  };

  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    escalation: { template: "systems/fray/templates/escalation/combat/escalation.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  get frayCombat(): FrayCombat | null {
    return this.viewed as FrayCombat | null;
  }

  override async _preparePartContext(partId: string, context: Record<string, unknown>, options: unknown): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId === "escalation") {
      const combat = this.frayCombat;
      Object.assign(base, {
        active: Boolean(combat?.started),
        escalation: combat?.escalationDie ?? 0,
        ambush: Boolean(combat?.getFlag("fray", "ambush")),
        surprise: combat?.inSurpriseRound ?? false,
        isGM: game.user?.isGM ?? false,
      });
    }
    return base;
  }

  override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
    await super._onRender(context, options);
    const combat = this.frayCombat;
    if (!combat) return;
    const pairs = engagementOf(combat);
    const rows = combat.turns.map((c) => ({ id: c.id ?? "", band: combatantData(c.system).band, actions: combatantData(c.system).actions }));
    const list = this.element.querySelector<HTMLElement>(".combat-tracker");
    if (!list) return;
    // Headings go between the rows actually rendered: combatants hidden from this user are not.
    const shown = list.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]");
    const rendered = new Set([...shown].map((li) => li.dataset.combatantId ?? ""));
    for (const heading of bandHeadings(rows, rendered)) {
      const li = list.querySelector(`[data-combatant-id="${heading.beforeId}"]`);
      const header = document.createElement("li");
      header.className = "fray-band-heading";
      header.textContent = game.i18n!.localize(`FRAY.Band.${heading.band}`);
      li?.before(header);
    }
    for (const row of rows) {
      const li = list.querySelector(`[data-combatant-id="${row.id}"]`);
      const combatant = combat.combatants.get(row.id);
      if (!li || !combatant) continue;
      const box = document.createElement("div");
      box.className = "fray-actions";
      box.title = game.i18n!.localize("FRAY.Combat.ActionsUsed");
      // The GM can flip a pip to override what was spent; others only see them.
      const isGM = game.user?.isGM ?? false;
      for (const pip of actionPips(row)) {
        const el = document.createElement(isGM ? "button" : "span");
        el.className = `fray-pip${pip.used ? " used" : ""}`;
        el.dataset.tooltip = game.i18n!.localize(pip.labelKey);
        el.textContent = game.i18n!.localize(pip.labelKey).charAt(0);
        if (el instanceof HTMLButtonElement) {
          el.type = "button";
          el.dataset.action = "frayToggleAction";
          el.dataset.pip = pip.action;
        }
        box.append(el);
      }
      if (combatant.isOwner) {
        for (const [direction, icon, key] of [[-1, "fa-caret-up", "FRAY.Combat.MoveUp"], [1, "fa-caret-down", "FRAY.Combat.MoveDown"]] as const) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = `inline-control icon fa-solid ${icon}`;
          button.dataset.action = "frayShift";
          button.dataset.direction = String(direction);
          button.dataset.tooltip = game.i18n!.localize(key);
          box.append(button);
        }
      }
      li.querySelector(".token-name")?.append(box);
      this.#decorate(combat, combatant, li, pairs);
    }
  }

  /** Life mark (Dying n/4, Stabilised, Last Gasp, dead), ambusher mark and who it is engaged with. */
  #decorate(combat: FrayCombat, combatant: Combatant.Implementation, li: Element, pairs: ReadonlySet<string>): void {
    const name = li.querySelector(".token-name");
    const actor = combatant.actor as FrayActor | null;
    const mark = actor ? lifeMark(actor.health, actor.death, actor.isPC) : null;
    if (mark) {
      const span = document.createElement("span");
      span.className = `fray-life ${mark.kind}`;
      span.textContent = t(`FRAY.Life.${mark.kind}`, { failures: mark.failures });
      const label = name?.querySelector("strong, .name");
      if (label) label.after(span);
      else name?.prepend(span);
    }
    if (combat.ambushers.includes(combatant.id ?? "")) {
      const span = document.createElement("span");
      span.className = "fray-life ambusher";
      span.textContent = t("FRAY.Surprise.Marker");
      name?.append(span);
    }
    const engaged = engagedWith(pairs, combatant.id ?? "");
    if (engaged.length) {
      const line = document.createElement("span");
      line.className = "fray-engaged";
      line.textContent = t("FRAY.Engagement.With", { names: engaged.map((id) => combat.combatants.get(id)?.name ?? "?").join(", ") });
      name?.append(line);
    }
  }


  /** Adds "Delay to <band>" for each slower band (Delay lasts the rest of the encounter) and Fray's entries. */
  override _getEntryContextOptions(): ContextMenuEntry[] {
    const entries = [...super._getEntryContextOptions(), ...frayEntries(() => this.frayCombat)];
    const combatantOf = (li: HTMLElement) => this.frayCombat?.combatants.get(li.dataset.combatantId ?? "");
    for (const band of BANDS) {
      entries.push({
        name: game.i18n!.format("FRAY.Combat.Delay", { band: game.i18n!.localize(`FRAY.Band.${band}`) }),
        icon: '<i class="fa-solid fa-hourglass-half"></i>',
        condition: (li) => {
          const c = combatantOf(li);
          return Boolean(c?.isOwner) && bandIndex(combatantData(c?.system).band) < bandIndex(band);
        },
        callback: (li) => {
          // The condition above offers only slower bands; a stale menu still gets a clear refusal.
          const combat = this.frayCombat;
          if (combat) void requestDelay(combat, li.dataset.combatantId ?? "", band);
        },
      });
    }
    return entries;
  }

  static async #onEscalation(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!game.user?.isGM) return;
    await this.frayCombat?.adjustEscalation(Number(target.dataset.delta ?? 0));
  }

  /** The world option from RULINGS.md: after a PC ambush the die starts at 1 in round 1. */
  static async #onAmbush(this: FrayCombatTracker): Promise<void> {
    const combat = this.frayCombat;
    if (!game.user?.isGM || !combat) return;
    await combat.setFlag("fray", "ambush", !combat.getFlag("fray", "ambush"));
  }

  /** The party flees: a Campaign Loss in chat, and the encounter ends. */
  static async #onFlee(this: FrayCombatTracker): Promise<void> {
    const combat = this.frayCombat;
    if (!game.user?.isGM || !combat) return;
    if (await askConfirm(t("FRAY.Flee.Title"), t("FRAY.Flee.Confirm"))) await flee(combat);
  }

  static async #onToggleAction(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!game.user?.isGM) return;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? this.frayCombat?.combatants.get(id) : undefined;
    const pip = target.dataset.pip as TrackedAction | undefined;
    if (!combatant || !pip || !(TRACKED_ACTIONS as readonly string[]).includes(pip)) return;
    const actions = combatantData(combatant.system).actions;
    await combatant.update({ system: { actions: { ...actions, [pip]: !actions[pip] } } } as Combatant.UpdateData);
  }

  static async #onShift(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.frayCombat;
    if (id && combat) await requestShift(combat, id, target.dataset.direction === "-1" ? -1 : 1);
  }
}
