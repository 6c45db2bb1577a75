import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { toggleEngagementIn } from "../documents/combat-engagement";
import { rollDeathSave, startLastGaspSaves } from "../chat/death-save";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { requestReadied } from "./combat-order";
import { isSpiritBoon, SPIRIT_BOONS } from "../../rules/fight-in-spirit";
import { canAct } from "../../rules/health";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { askForm } from "../../../../shell/applications/dialogs";
import { warnIfRefused } from "../../../../shell/applications/refusals";

/**
 * The combat tracker's Fray entries in each combatant's context menu: disengage, take a readied
 * action, stabilise, Last Gasp, Fight in Spirit, engagement and the surprise round. Each refusal is
 * a localized warning and changes nothing. Entries that write what a player may not (the combat,
 * other combatants, an ally) ask the active GM, who re-checks them (`gm/combat-requests.ts`).
 */
export interface ContextMenuEntry {
  name: string;
  icon?: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => void;
}

export function frayEntries(combatOf: () => FrayCombat | null): ContextMenuEntry[] {
  const combatant = (li: HTMLElement) => combatOf()?.combatants.get(li.dataset.combatantId ?? "");
  const actor = (li: HTMLElement) => combatant(li)?.actor as FrayActor | null | undefined;
  const isGM = () => game.user?.isGM ?? false;
  const current = () => combatOf()?.combatant;
  // Acting for the combatant whose turn it is: its owner or the GM.
  const actsNow = () => Boolean(current()?.isOwner);
  const icon = (name: string) => `<i class="fa-solid ${name}"></i>`;
  const ask = (name: string, payload: Record<string, unknown>) =>
    requestOfGM(name, payload).then(() => undefined);
  const run = (fn: (combat: FrayCombat, li: HTMLElement) => Promise<void>) => (li: HTMLElement) => {
    const combat = combatOf();
    if (combat) void warnIfRefused(() => fn(combat, li));
  };
  return [
    {
      name: t("FRAY.Disengage.Name"),
      icon: icon("fa-person-running"),
      condition: (li) => Boolean(combatOf()?.started && combatant(li)?.isOwner),
      callback: run((combat, li) =>
        ask(REQUESTS.disengage, { combatId: combat.id, combatantId: li.dataset.combatantId }),
      ),
    },
    {
      name: t("FRAY.Ready.Take"),
      icon: icon("fa-bolt"),
      condition: (li) =>
        Boolean(
          combatOf()?.started && combatant(li)?.isOwner && current() && current() !== combatant(li),
        ),
      callback: run((combat, li) => requestReadied(combat, li.dataset.combatantId ?? "")),
    },
    {
      name: t("FRAY.DeathSave.Stabilise"),
      icon: icon("fa-hand-holding-medical"),
      condition: (li) =>
        Boolean(
          actor(li)?.isPC
          && actor(li)?.health === "dying"
          && !actor(li)?.death.stabilized
          && actsNow()
          && current() !== combatant(li),
        ),
      callback: run((combat, li) =>
        ask(REQUESTS.stabilise, { combatId: combat.id, targetId: li.dataset.combatantId }),
      ),
    },
    {
      name: t("FRAY.DeathSave.Roll"),
      icon: icon("fa-dice"),
      condition: (li) =>
        Boolean(
          actor(li)?.isOwner
          && actor(li)?.isPC
          && (actor(li)?.health === "dying" || actor(li)?.death.lastGasp),
        ),
      callback: run(async (_combat, li) => void (await rollDeathSave(actor(li) as FrayActor))),
    },
    {
      name: t("FRAY.DeathSave.LastGasp"),
      icon: icon("fa-lungs"),
      condition: (li) => isGM() && Boolean(actor(li)?.isPC && !actor(li)?.death.lastGasp),
      callback: run((_combat, li) => startLastGaspSaves(actor(li) as FrayActor)),
    },
    {
      name: t("FRAY.DeathSave.GrantSave"),
      icon: icon("fa-hands-praying"),
      condition: (li) =>
        Boolean(actor(li)?.death.lastGasp && actsNow() && current() !== combatant(li)),
      callback: run((combat, li) =>
        ask(REQUESTS.grantSave, { combatId: combat.id, targetId: li.dataset.combatantId }),
      ),
    },
    {
      name: t("FRAY.Spirit.Title"),
      icon: icon("fa-ghost"),
      condition: (li) =>
        Boolean(
          combatOf()?.started
          && actor(li)?.isPC
          && combatant(li)?.isOwner
          && !canAct(actor(li)?.health ?? "healthy"),
        ),
      callback: run(async (combat, li) => {
        const giver = combatant(li);
        const allies = combat.combatants.contents.filter(
          (c) =>
            c !== giver
            && (c.actor as FrayActor | null)?.isPC
            && canAct((c.actor as FrayActor).health),
        );
        // With nobody to give a boon to, say so rather than open an empty choice.
        if (!allies.length) throw new Error(t("FRAY.Dialog.NoAllies"));
        const form = await askForm(
          t("FRAY.Spirit.Title"),
          "systems/fray/templates/escalation/dialog/fight-in-spirit.hbs",
          {
            allies: allies.map((c) => ({ id: c.id, name: c.name })),
            boons: SPIRIT_BOONS.map((b) => ({ id: b, label: t(`FRAY.Spirit.${b}`) })),
          },
        );
        if (!form || !isSpiritBoon(form.boon)) return;
        await ask(REQUESTS.spirit, {
          combatId: combat.id,
          combatantId: giver?.id,
          allyId: String(form.ally),
          boon: form.boon,
        });
      }),
    },
    {
      name: t("FRAY.Engagement.ToggleTargets"),
      icon: icon("fa-link"),
      condition: () => isGM() && (game.user?.targets.size ?? 0) > 0,
      callback: run(async (combat, li) => {
        const others = [...(game.user?.targets ?? [])].flatMap(
          (token) => combat.combatants.find((c) => c.tokenId === token.id)?.id ?? [],
        );
        await toggleEngagementIn(combat, li.dataset.combatantId ?? "", others);
      }),
    },
    {
      name: t("FRAY.Surprise.Toggle"),
      icon: icon("fa-user-secret"),
      condition: () => isGM() && !combatOf()?.started,
      callback: run((combat, li) =>
        combat.toggleAmbusher(li.dataset.combatantId ?? "").catch(() => {
          throw new Error(t("FRAY.Surprise.TooMany"));
        }),
      ),
    },
  ];
}
