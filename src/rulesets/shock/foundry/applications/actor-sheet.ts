import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { oneTargetedToken } from "../../../../shell/applications/targets";
import type { SheetDeclaration } from "../../../../shell/applications/declared-sheet";
import type { SheetPart } from "../../../../shell/applications/document-sheet-base";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { attackWith } from "../chat/attack";
import { turnRefusal } from "../../play/round/sides";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { screenCapacity } from "../../rules/maneuvers";
import { REQUESTS } from "../../play/requests/names";
import { isHeld } from "../../play/cards/grapple";
import { provokes } from "../../play/cards/opportunity";
import { statblockOf } from "../documents/actor-data";
import { healthOfActor, hpOf } from "../../play/round/actor-health";
import { SHEET_ACTIONS, type SheetAction } from "../../play/views/sheet-view";
import {
  actionMarks, payRefusal, swarmTargetRefusal, wardRefusal, type Sided,
} from "../../play/views/sheet-pay";
import {
  ACTOR_PARTS, actorShared, sheetRound, sheetStatuses, type ActorSheetInput,
} from "../../play/views/sheet-context";
import type { NpcIdentity } from "../../play/views/sheet-header";
import type { AppliedEffect } from "../../../../engine/view/statuses";
import { actorSheet, TEMPLATES, type ShockActorSheetView as Sheet } from "./sheet-base";
import { enrichedItems } from "../../../../shell/applications/enrich";
import { combatantOfToken } from "../../../../shell/combat/located";

/** An actor sheet's parts: its own header, then the stats, weapons, round and biography. */
export function actorParts(header: string): Record<string, SheetPart> {
  return {
    header: { template: `${TEMPLATES}/actor/${header}.hbs` },
    stats: { template: `${TEMPLATES}/actor/stats.hbs` },
    weapons: { template: `${TEMPLATES}/actor/weapons.hbs` },
    actions: { template: `${TEMPLATES}/actor/actions.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  };
}

/*
 * What the character and NPC sheets share, declared to the shell's actor sheet (dnd5e-style:
 * actions, parts, context): HP with relative entry, weapon rows with their one-line summary,
 * Attack, ready/stow, the round's state and actions in combat, first aid. The whole context comes
 * from the pure `actorSheetContext`, which the browser tests render too. Item rows, expandable
 * rows, modes and read-only viewing are the shell's; buttons are disabled for users who do not
 * own the actor (DocumentSheetV2 `_toggleDisabled`, client/applications/api/document-sheet.mjs).
 *
 * The context reads the actor through `documents/actor-data.ts`, never through `ShockActor`: in a
 * world playing another ruleset, where shock's `install()` did not run, it still shows a shock
 * actor (read-only, without combat). In combat it redraws the weapons and the round when what
 * the combat state says changes (the shell's combat refresh): a spent Main shows at once.
 */

const combatOf = (sheet: Sheet) => sheet.startedCombat as ShockCombat | null;
const combatantOf = (sheet: Sheet) => sheet.combatant as ShockCombatant | null;

/** The combatant's round as the pure context reads it, with names for the combatant ids. */
function roundInput(sheet: Sheet): ActorSheetInput["combat"] {
  const combat = combatOf(sheet);
  const c = combatantOf(sheet);
  if (!combat || !c) return null;
  const now = { budget: c.budget, turn: combat.turnStateOf(c), round: combat.round };
  return sheetRound(c.data, now, (id) => combat.combatants.get(id)?.name ?? "");
}

/** The actor's status effects as the sheet shows them, and whether it is knocked out. */
function statuses(sheet: Sheet): Pick<ActorSheetInput, "statuses" | "knockedOut"> {
  const actor = sheet.document;
  const effects = (actor as unknown as { appliedEffects: AppliedEffect[] }).appliedEffects;
  return sheetStatuses(effects, healthOfActor(actor), actor.statuses);
}

/** What the pure context builders take (`play/views/sheet-context.ts`), built once per render. */
async function contextInput(sheet: Sheet, npc: NpcIdentity | null): Promise<ActorSheetInput> {
  const actor = sheet.document;
  const system = actor.system as { className?: string; level?: number };
  return {
    block: statblockOf(actor), hp: hpOf(actor), health: healthOfActor(actor), npc,
    className: system.className ?? "", level: system.level ?? 1,
    items: await enrichedItems(actor.items.contents, actor.isOwner), expanded: sheet.expanded,
    isGM: game.user?.isGM ?? false, combat: roundInput(sheet), ...statuses(sheet),
  };
}

/** The combatant of the user's one targeted token, if it targets exactly one in the combat. */
function targetedIn(combat: ShockCombat): ShockCombatant | undefined {
  const token = oneTargetedToken();
  return token ? combatantOfToken<ShockCombatant>(combat, token.document) : undefined;
}

/** A combatant's id and side, for the screen's and the swarm's choices. */
const sided = (c: ShockCombatant) => ({ id: c.id ?? "", side: c.side });

/**
 * The combatant an action of `c` names: the user's one targeted token in the combat, as
 * `refusal` allows it (a screen's ward: an ally, `wardRefusal`; a Swarm Attack's foe: of another
 * side, `swarmTargetRefusal`; the striker's card later claims the allies who swarmed it).
 * @returns its id. @throws Error (localized) when refused.
 */
function chosenOf(
  combat: ShockCombat, c: ShockCombatant,
  refusal: (self: Sided, other: Sided | undefined) => string | null,
): string {
  const other = targetedIn(combat);
  const why = refusal(sided(c), other && sided(other));
  if (why) throw new Error(t(why));
  return other?.id ?? "";
}

/**
 * Pays `id` from the combatant's round budget, refusing with a localized Error when the rules
 * do not allow it now (checked here for a prompt answer, and again by the active GM from what it
 * keeps: `ShockCombat#spend`); then tells the table and, for a provoking action, asks the GM to
 * offer Attacks of Opportunity.
 */
async function pay(sheet: Sheet, combat: ShockCombat, c: ShockCombatant, id: SheetAction) {
  const actor = sheet.document;
  const grappled = isHeld(c.hold);
  const refused = payRefusal(id, { up: actor.health === "up", defeated: c.isDefeated, grappled });
  if (refused) throw new Error(t(refused, { name: actor.name }));
  // Breaking free writes the grapplers' combatants: the GM does it (gm/grapple.ts).
  if (id === "breakFree") {
    await requestOfGM(REQUESTS.breakFree, { combatId: combat.id, combatantId: c.id });
    return;
  }
  const outOfTurn = turnRefusal(id, combat.turnStateOf(c));
  if (outOfTurn) throw new Error(t(outOfTurn));
  const extra = actionMarks(id, {
    ward: () => chosenOf(combat, c,
      (self, ward) => wardRefusal(screenCapacity(actor.statblock), self, ward)),
    foe: () => chosenOf(combat, c, swarmTargetRefusal),
  });
  if (!(await combat.spend(c, id, extra))) throw new Error(t(`FRAY.Shock.Refuse.Spent.${id}`));
  // The text's table marks some actions as provoking Attacks of Opportunity (§Combat Actions).
  const key = `FRAY.Shock.Sheet.Took${provokes(id) ? "Provoking" : ""}`;
  ui.notifications?.info(t(key, { name: actor.name, action: t(`FRAY.Shock.Action.${id}`) }));
  // The GM offers adjacent foes armed for melee their free attack (§Combat Actions).
  if (provokes(id)) {
    await requestOfGM(REQUESTS.offerOpportunity, { combatId: combat.id, combatantId: c.id });
  }
}

const ACTIONS: SheetDeclaration<Sheet>["actions"] = {
  attack: async (sheet, _event, target) => {
    const item = sheet.itemFrom(target) as Item.Implementation | undefined;
    if (item) await warnIfRefused(() => attackWith(sheet.document, item));
  },
  /**
   * Pays an action from the combatant's round budget, kept on the combat: a player's pay is a GM
   * request the active GM re-checks (`ShockCombat#spend`). Total Defense here is taken on one's
   * own initiative; against an attack the card offers it before damage.
   */
  takeAction: async (sheet, _event, target) => {
    const id = target.dataset.shockAction as SheetAction | undefined;
    if (!id || !(SHEET_ACTIONS as readonly string[]).includes(id)) return;
    await warnIfRefused(async () => {
      const combat = combatOf(sheet);
      const c = combatantOf(sheet);
      if (!combat || !c) throw new Error(t("FRAY.Shock.Refuse.NotInCombat"));
      await pay(sheet, combat, c, id);
    });
  },
  /** First aid on the one targeted ally, through the GM (it writes the ally's actor). */
  firstAid: async (sheet) => {
    const token = oneTargetedToken();
    if (!token) {
      ui.notifications?.warn(t("FRAY.Shock.Refuse.OneTarget"));
      return;
    }
    await requestOfGM(REQUESTS.firstAid, {
      helperUuid: sheet.document.uuid, tokenUuid: token.document.uuid,
    });
  },
  /**
   * Readies or stows a weapon. In a started combat this is the Ready or Stow an Item action (a
   * Main, §Ready or Stow an Item), paid first; outside combat it is free.
   */
  toggleReadied: async (sheet, _event, target) => {
    const item = sheet.itemFrom(target) as Item.Implementation | undefined;
    if (!item) return;
    await warnIfRefused(async () => {
      const combat = combatOf(sheet);
      const c = combatantOf(sheet);
      if (combat && c) await pay(sheet, combat, c, "readyItem");
      const readied = (item.system as unknown as { readied: boolean }).readied;
      await item.update({ system: { readied: !readied } } as Item.UpdateData);
    });
  },
};

/**
 * A shock actor sheet: `declaration` (its name, parts, own actions) with what both actor sheets
 * share; `npcIdentity` gives an NPC's statblock identity (none for a character).
 */
export function shockActorSheet(
  declaration: Omit<SheetDeclaration<Sheet>, "context" | "partContext" | "combat"> & {
    npcIdentity?(sheet: Sheet): NpcIdentity;
  },
) {
  const { npcIdentity, ...own } = declaration;
  return actorSheet({
    position: { width: 640, height: 760 },
    ...own,
    actions: { ...ACTIONS, ...own.actions },
    // The builders' input is kept in the context (`input`), where each part's preparer reads it.
    context: async (sheet) => {
      const input = await contextInput(sheet, npcIdentity?.(sheet) ?? null);
      return { ...actorShared(input), input };
    },
    partContext: Object.fromEntries(Object.entries(ACTOR_PARTS).map(([id, prepare]) => [
      id, (_sheet: Sheet, context: Record<string, unknown>) =>
        prepare(context.input as ActorSheetInput, t),
    ])),
    // The weapon rows (what blocks an Attack) and the round show the combatant's state.
    combat: {
      state: (sheet) => ({ round: roundInput(sheet), statuses: statuses(sheet).statuses }),
      parts: ["weapons", "actions"],
    },
  });
}
