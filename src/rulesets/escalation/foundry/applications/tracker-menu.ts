import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { toggleEngagementIn } from "../documents/combat-engagement";
import type { FrayCombatant } from "../documents/combatant";
import { rollDeathSave, startLastGaspSaves } from "../chat/death-save";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../../play/requests/names";
import { helpRefusal, type HelpKind } from "../../play/requests/help-check";
import { isSpiritBoon, SPIRIT_BOONS } from "../../rules/fight-in-spirit";
import { canAct } from "../../rules/health";
import { BANDS } from "../../rules/constants";
import { bandIndex } from "../../rules/initiative";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { askForm } from "../../../../shell/applications/dialogs";
import type {
  MenuEntryDeclaration, MenuRow,
} from "../../../../shell/applications/tracker/declaration";
import { combatantOfToken } from "../../../../shell/combat/located";

/**
 * escalation's entries in each combatant's context menu (the shell's tracker puts them after
 * Foundry's): disengage, take a readied action, stabilise, Last Gasp, Fight in Spirit, engagement,
 * the surprise round, and "Delay to <band>" for each slower band (Delay lasts the rest of the
 * encounter). Each refusal is a localized warning and changes nothing. Entries that write what a
 * player may not (the combat, other combatants, an ally) ask the active GM, who re-checks them
 * (`gm/combat-requests.ts`). Source: `000_c2dc3d650823e22d.txt` §Engagement, §Readying an Action,
 * §Delay, §Dying and Death, §Surprise; RULINGS.md (Fight in Spirit).
 */
type Row = MenuRow<FrayCombat>;
const actor = (row: Row) => row.combatant?.actor as FrayActor | null | undefined;
const current = (row: Row) => row.combat.combatant;
// Acting for the combatant whose turn it is (its owner or the GM), on someone else's row.
const helpsNow = (row: Row) =>
  Boolean(current(row)?.isOwner) && current(row) !== row.combatant;
// A character the helper may stabilise or grant a save now (the GM checks again: help-check.ts).
const helpable = (row: Row, kind: HelpKind) => {
  const a = actor(row);
  return Boolean(a?.isPC && !helpRefusal(kind, a) && helpsNow(row));
};
const ask = (name: string, payload: Record<string, unknown>) =>
  requestOfGM(name, payload).then(() => undefined);

/** Fight in Spirit: the fallen PC picks an ally still fighting and a boon. */
async function fightInSpirit({ combat, combatant: giver }: Row): Promise<void> {
  const allies = combat.combatants.contents.filter((c) =>
    c !== giver && (c.actor as FrayActor | null)?.isPC && canAct((c.actor as FrayActor).health));
  // With nobody to give a boon to, say so rather than open an empty choice.
  if (!allies.length) throw new Error(t("FRAY.Dialog.NoAllies"));
  const form = await askForm(
    t("FRAY.Spirit.Title"), "systems/fray/templates/escalation/dialog/fight-in-spirit.hbs",
    {
      allies: allies.map((c) => ({ id: c.id, name: c.name })),
      boons: SPIRIT_BOONS.map((b) => ({ id: b, label: t(`FRAY.Spirit.${b}`) })),
    },
  );
  if (!form || !isSpiritBoon(form.boon)) return;
  await ask(REQUESTS.spirit, {
    combatId: combat.id, combatantId: giver?.id, allyId: String(form.ally),
    boon: form.boon,
  });
}

export const ESCALATION_ENTRIES: readonly MenuEntryDeclaration<FrayCombat>[] = [
  {
    name: "FRAY.Disengage.Name", icon: "fa-person-running",
    shown: ({ combat, combatant }) => Boolean(combat.started && combatant?.isOwner),
    run: ({ combat, id }) => ask(REQUESTS.disengage, { combatId: combat.id, combatantId: id }),
  },
  {
    name: "FRAY.Ready.Take", icon: "fa-bolt",
    shown: (row) => Boolean(row.combat.started && row.combatant?.isOwner && current(row)
      && current(row) !== row.combatant),
    run: ({ combat, id }) => ask(REQUESTS.ready, { combatId: combat.id, combatantId: id }),
  },
  {
    name: "FRAY.DeathSave.Stabilise", icon: "fa-hand-holding-medical",
    shown: (row) => helpable(row, "stabilise"),
    run: ({ combat, id }) => ask(REQUESTS.stabilise, { combatId: combat.id, targetId: id }),
  },
  {
    name: "FRAY.DeathSave.Roll", icon: "fa-dice",
    shown: (row) => Boolean(actor(row)?.isOwner && actor(row)?.isPC
      && (actor(row)?.health === "dying" || actor(row)?.death.lastGasp)),
    run: async (row) => void (await rollDeathSave(actor(row) as FrayActor)),
  },
  {
    name: "FRAY.DeathSave.LastGasp", icon: "fa-lungs",
    shown: (row) => row.isGM && Boolean(actor(row)?.isPC && !actor(row)?.death.lastGasp),
    run: (row) => startLastGaspSaves(actor(row) as FrayActor),
  },
  {
    name: "FRAY.DeathSave.GrantSave", icon: "fa-hands-praying",
    shown: (row) => helpable(row, "grantSave"),
    run: ({ combat, id }) => ask(REQUESTS.grantSave, { combatId: combat.id, targetId: id }),
  },
  {
    name: "FRAY.Spirit.Title", icon: "fa-ghost",
    shown: (row) => Boolean(row.combat.started && actor(row)?.isPC && row.combatant?.isOwner
      && !canAct(actor(row)?.health ?? "healthy")),
    run: fightInSpirit,
  },
  {
    name: "FRAY.Engagement.ToggleTargets", icon: "fa-link",
    shown: ({ isGM }) => isGM && (game.user?.targets.size ?? 0) > 0,
    run: async ({ combat, id }) => {
      const others = [...(game.user?.targets ?? [])].flatMap(
        (token) => combatantOfToken(combat, token.document)?.id ?? [],
      );
      await toggleEngagementIn(combat, id, others);
    },
  },
  {
    name: "FRAY.Surprise.Toggle", icon: "fa-user-secret",
    shown: ({ isGM, combat }) => isGM && !combat.started,
    run: ({ combat, id }) => combat.toggleAmbusher(id).catch(() => {
      throw new Error(t("FRAY.Surprise.TooMany"));
    }),
  },
  // The condition offers only slower bands; a stale menu still gets the GM's clear refusal.
  ...BANDS.map((band): MenuEntryDeclaration<FrayCombat> => ({
    name: "FRAY.Combat.Delay", data: { band: `FRAY.Band.${band}` }, icon: "fa-hourglass-half",
    shown: ({ combatant }) => Boolean(combatant?.isOwner)
      && bandIndex((combatant as FrayCombatant).band) < bandIndex(band),
    run: ({ combat, id }) => ask(REQUESTS.delay, { combatId: combat.id, combatantId: id, band }),
  })),
];
