import { weaponData } from "../../play/data/accessors";
import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import type { FrayItem } from "../documents/item";
import { NO_ACTIONS_USED } from "../../rules/actions";
import { timingOf } from "../../play/actors/timed-effects";
import {
  abilityEntriesOf, healthOf, isPlayerCharacter, timedEffectsOf,
} from "../../play/actors/actor-data";
import { FRAY_CONFIG } from "../../play/views/labels";
import { frayStatusEffects } from "../../play/views/status-effects";
import { useAbility } from "../chat/use-ability";
import { sustainedItems } from "../chat/sustain";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../../play/requests/names";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import type { SheetDeclaration } from "../../../../shell/applications/declared-sheet";
import { actorSheet, type EscalationActorSheet as Sheet } from "./sheet-base";
import { enrichedItems } from "../../../../shell/applications/enrich";
import type { SheetActor } from "../../play/views/actor-view";
import { PART_CONTEXT, type SheetContextInput } from "../../play/views/sheet-context";
import type { Localize } from "../../../../engine/i18n";
import { foundryLocalize as t } from "../../../../shell/setup/localize";

type CombatInput = Pick<SheetContextInput<unknown>, "combat"> & {
  turn: Pick<SheetContextInput<unknown>["turn"], "combat" | "combatant">;
};

/**
 * What the character and NPC sheets share, declared to the shell's actor sheet: ability rows with
 * Use, Sustain and Restore, the turn's state in combat, HP typed in play going through the rules,
 * and the context the pure builders of `../view/` take (the browser tests call them the same
 * way). Item rows, condition toggles, modes and read-only viewing are the shell's.
 *
 * It reads the actor through `play/actors/actor-data.ts` and escalation's own config, never through
 * `FrayActor` or `CONFIG.FRAY`: in a world playing another ruleset, where escalation's `install()`
 * did not run, it still shows an escalation actor (read-only, without combat).
 */

/**
 * What the sheet shows of its actor's combat: the started combat's escalation die and round, its
 * combatant's actions and whether it is its turn; none in a world playing another ruleset.
 */
export function combatInput(sheet: Sheet): CombatInput {
  const started = sheet.startedCombat as FrayCombat | null;
  const combatant = sheet.combatant as FrayCombatant | null;
  return {
    combat: started ? { escalationDie: started.escalationDie } : null,
    turn: {
      combat: started ? { round: started.round, escalationDie: started.escalationDie } : null,
      combatant: combatant && {
        // As the GM keeps them on the combat (shell/combat/kept.ts), not the Combatant's own.
        actions: started ? started.actionsOf(combatant.id ?? "") : NO_ACTIONS_USED,
        isTurn: started?.combatant?.id === combatant.id,
      },
    },
  };
}

/** The actor as the pure view builders take it, descriptions enriched for play mode. */
async function sheetActor<S>(sheet: Sheet, system: S): Promise<SheetActor<S>> {
  const actor = sheet.document;
  const items = actor.items.contents as FrayItem[];
  const shown = await enrichedItems(items, actor.isOwner);
  const description = (id: string | null) => shown.get(id ?? "")?.description ?? "";
  const abilities = abilityEntriesOf(actor).map((a) => ({ ...a, description: description(a.id) }));
  const weapons = items.filter((i) => i.type === "escalationWeapon").map((i) => ({
    id: i.id ?? "", name: i.name, img: i.img ?? "", system: weaponData(i.system),
    description: description(i.id),
  }));
  return {
    name: actor.name, img: actor.img ?? "", isPC: isPlayerCharacter(actor), system,
    health: healthOf(actor), statuses: actor.statuses, abilities, weapons,
    sustaining: sustainedItems(actor),
  };
}

/**
 * What the shared context builders (`play/views/sheet-context.ts`) take besides the actor: the combat,
 * the turn's state and the status effects to toggle.
 */
export async function contextInput<S>(sheet: Sheet, system: S): Promise<SheetContextInput<S>> {
  const actor = sheet.document;
  const effects = timedEffectsOf(actor).flatMap((e) => {
    const timing = timingOf(e);
    return timing ? [{ name: e.name, timing }] : [];
  });
  const { combat, turn } = combatInput(sheet);
  // The world's status effects are escalation's conditions while it plays escalation (install);
  // elsewhere the sheet lists escalation's own.
  const statuses = sheet.rulesetActive ? CONFIG.statusEffects : frayStatusEffects();
  return {
    actor: await sheetActor(sheet, system),
    combat,
    turn: { ...turn, effects },
    statusEffects: statuses.map((s) => ({ id: s.id, name: s.name, img: s.img })),
    labels: { bands: FRAY_CONFIG.bands, stances: FRAY_CONFIG.stances,
      missDamage: FRAY_CONFIG.missDamage },
  };
}

const itemOf = (sheet: Sheet, target: HTMLElement) =>
  sheet.itemFrom(target) as FrayItem | undefined;

/** The actions both actor sheets offer on their ability rows. */
const ROW_ACTIONS: SheetDeclaration<Sheet>["actions"] = {
  useAbility: async (sheet, _event, target) => {
    const item = itemOf(sheet, target);
    if (item) await useAbility(item);
  },
  // Sustaining holds up effects on its targets, which only the GM may write.
  sustainAbility: async (sheet, _event, target) => {
    const item = itemOf(sheet, target);
    if (!item) return;
    await requestOfGM(REQUESTS.sustain, { actorUuid: sheet.document.uuid, itemId: item.id });
  },
  restoreAbility: async (sheet, _event, target) => {
    await itemOf(sheet, target)?.update({ system: { used: false } } as Item.UpdateData);
  },
};

/**
 * HP typed in play mode goes through `changeHp`, so Staggered, Dying and the death track follow
 * the rules as for damage from a card; the input has no name, so the form's submit skips it. The
 * shell has already turned "-7" or "+5" into the new value.
 */
function attachHp(sheet: Sheet, _partId: string, element: HTMLElement): void {
  for (const input of element.querySelectorAll<HTMLInputElement>("input[data-hp]")) {
    input.addEventListener("change", () => {
      const delta = Number(input.value) - Number(input.dataset.value);
      if (!Number.isInteger(delta) || delta === 0) return;
      void warnIfRefused(() => sheet.document.changeHp(delta));
    });
  }
}

/** A part preparer of `play/views/sheet-context.ts`: what one part reads, from the builders' input. */
type PartOf<S> = (input: SheetContextInput<S>, t: Localize) => Record<string, unknown>;

/** What an escalation actor sheet declares beyond the shell's declaration. */
interface EscalationActorDeclaration<S> extends Omit<SheetDeclaration<Sheet>, "partContext"> {
  /** The parts that show the combat (`combatInput`). */
  readonly combatParts: readonly string[];
  /** The actor's data, typed (`data/accessors.ts`). */
  system(sheet: Sheet): S;
  /** What every part reads (`characterContext`, `npcContext`). */
  shared: PartOf<S>;
  /** The parts that read more, beyond the turn and conditions both sheets have. */
  readonly partContext?: Readonly<Record<string, PartOf<S>>>;
}

/**
 * An escalation actor sheet: `declaration` (its parts, context, own actions and lists) with what
 * both actor sheets share. The builders' input is built once per render and kept in the context
 * (`input`), where each part's preparer reads it.
 */
export function escalationActorSheet<S>(declaration: EscalationActorDeclaration<S>) {
  const { system, shared, combatParts, ...own } = declaration;
  const parts: Record<string, PartOf<S>> = {
    turn: PART_CONTEXT.turn as PartOf<S>, conditions: PART_CONTEXT.conditions as PartOf<S>,
    ...declaration.partContext,
  };
  return actorSheet({
    ...own,
    context: async (sheet) => {
      const input = await contextInput(sheet, system(sheet));
      return { ...shared(input, t), input };
    },
    partContext: Object.fromEntries(Object.entries(parts).map(([id, prepare]) => [
      id, (_sheet: Sheet, context: Record<string, unknown>) =>
        prepare(context.input as SheetContextInput<S>, t),
    ])),
    actions: { ...ROW_ACTIONS, ...declaration.actions },
    combat: { state: combatInput, parts: combatParts },
    attachPart: attachHp,
  });
}
