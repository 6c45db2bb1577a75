import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { PARTY_SIDE } from "../documents/sides";
import { REQUESTS } from "../gm/requests";
import { mayActNext, rowBadges, sideHeadings, type TrackerRow } from "../view/tracker-view";

/**
 * The combat tracker for side initiative: a part listing the sides with their initiative (and,
 * before the start, the GM's surprise toggles), a heading before each side's combatants, and on each
 * row what it has left this round, its Total Defense, how long a fallen PC has been down, and "act
 * next" for the owners of a combatant of the acting side still to act. The core v13 tracker does
 * not draw CombatantGroups (templates/sidebar/tabs/combat/tracker.hbs lists combatants only), so
 * the headings are added here.
 */
const CombatTrackerBase = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerClass;

interface TrackerInstance {
  readonly viewed: Combat.Stored | null;
  readonly element: HTMLElement;
  _preparePartContext(
    partId: string, context: Record<string, unknown>, options: unknown,
  ): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}
interface TrackerClass {
  new (...args: never[]): TrackerInstance;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, { template: string; scrollable?: string[] }>;
}

const sideName = (side: string) => t(`FRAY.Shock.Side.${side === PARTY_SIDE ? "party" : "foes"}`);

export class ShockCombatTracker extends CombatTrackerBase {
  static override DEFAULT_OPTIONS = {
    actions: { shockSurprise: ShockCombatTracker.#onSurprise, shockActNext: ShockCombatTracker.#onActNext },
  };

  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    sides: { template: "systems/fray/templates/shock/combat/sides.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  get shockCombat(): ShockCombat | null {
    return this.viewed as unknown as ShockCombat | null;
  }

  override async _preparePartContext(
    partId: string, context: Record<string, unknown>, options: unknown,
  ): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId !== "sides") return base;
    const combat = this.shockCombat;
    const ids = combat ? [...new Set(combat.turns.map((c) => (c as unknown as ShockCombatant).side))] : [];
    return Object.assign(base, {
      canSurprise: Boolean(game.user?.isGM && combat && !combat.started),
      surpriseRound: combat?.inSurpriseRound ?? false,
      sides: ids.map((id) => {
        const group = combat?.groupOf(id);
        return {
          id, name: sideName(id), rolled: Boolean(group), initiative: group?.initiative ?? null,
          surprised: combat?.surprised.includes(id) ?? false,
        };
      }),
    });
  }

  override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
    await super._onRender(context, options);
    const combat = this.shockCombat;
    const list = this.element.querySelector<HTMLElement>(".combat-tracker");
    if (!combat || !list) return;
    const turns = combat.turns as unknown as ShockCombatant[];
    const rows: TrackerRow[] = turns.map((c) => ({
      id: c.id ?? "", side: c.side, budget: c.budget,
      totalDefense: c.data.totalDefense, fellRound: c.data.fellRound,
    }));
    const shown = list.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]");
    const rendered = new Set([...shown].map((li) => li.dataset.combatantId ?? ""));
    for (const heading of sideHeadings(rows, rendered)) {
      const li = list.querySelector(`[data-combatant-id="${heading.beforeId}"]`);
      const header = document.createElement("li");
      header.className = "shock-side-heading";
      const group = combat.groupOf(heading.side);
      const side = sideName(heading.side);
      header.textContent = group
        ? t("FRAY.Shock.Combat.Heading", { side, initiative: group.initiative ?? 0 })
        : side;
      li?.before(header);
    }
    rows.forEach((row, index) => {
      const li = list.querySelector(`[data-combatant-id="${row.id}"]`);
      const combatant = turns[index];
      if (!li || !combatant) return;
      const actNext = mayActNext(rows, index, combat.turn, combat.started);
      li.querySelector(".token-name")?.append(this.#badges(row, combat, combatant, actNext));
    });
  }

  #badges(row: TrackerRow, combat: ShockCombat, combatant: ShockCombatant, actNext: boolean): HTMLElement {
    const box = document.createElement("div");
    box.className = "shock-left";
    const badges = rowBadges(row, combat.round);
    for (const pip of badges.left) {
      const span = document.createElement("span");
      span.className = `shock-pip${pip.left ? "" : " spent"}`;
      span.textContent = t(pip.key);
      box.append(span);
    }
    if (badges.downFor !== null && combatant.isPC) {
      const span = document.createElement("span");
      span.className = "shock-down";
      span.textContent = t("FRAY.Shock.Combat.DownFor", { rounds: badges.downFor });
      box.append(span);
    }
    if (actNext && combatant.isOwner) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "inline-control icon fa-solid fa-forward";
      button.dataset.action = "shockActNext";
      button.dataset.tooltip = t("FRAY.Shock.Combat.ActNext");
      button.setAttribute("aria-label", t("FRAY.Shock.Combat.ActNext"));
      box.append(button);
    }
    return box;
  }

  static async #onSurprise(
    this: ShockCombatTracker, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const combat = this.shockCombat;
    if (!game.user?.isGM || !combat) return;
    await warnIfRefused(() => combat.toggleSurprised(target.dataset.side ?? ""));
  }

  static async #onActNext(
    this: ShockCombatTracker, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.shockCombat;
    if (id && combat) await requestOfGM(REQUESTS.actNext, { combatId: combat.id, combatantId: id });
  }
}
