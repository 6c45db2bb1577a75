import { breaks, moraleTriggers, type MoraleTrigger } from "../../rules/morale";
import { MORALE_DICE, MORALE_FACES } from "../../rules/constants";
import { isGMPrompt, takePrompt } from "../../../../shell/cards/prompts";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { moraleOfferHtml, moraleResultHtml } from "../view/card-morale";

/**
 * Morale of NPC groups in Foundry, on GM clients only (the apply request offers, the GM's button
 * rolls): when a group's first member falls, and again when half of it (rounded up) is down, the
 * GM is offered a check (a whisper with a Roll button); the roll is 2d6
 * against the group's Morale, above it the group breaks and its standing members flee (marked
 * defeated and fled). Fearless groups never check. Source: `002_5e27cdf788b28f5f.txt` §Morale;
 * RULINGS.md §shock Morale.
 */
export interface MoraleOffer {
  readonly combatId: string;
  readonly group: string;
  readonly score: number;
  readonly triggers: readonly MoraleTrigger[];
}

function groupOf(actor: ShockActor): { name: string; score: number; fearless: boolean } {
  const block = actor.statblock;
  return { name: block.group, score: block.morale, fearless: block.fearless };
}

function members(combat: ShockCombat, group: string): ShockCombatant[] {
  return combat.shockCombatants.filter((c) =>
    c.actor?.type === "shockNpc" && groupOf(c.actor as unknown as ShockActor).name === group);
}

const isDown = (c: ShockCombatant) =>
  c.isDefeated || (c.actor as unknown as ShockActor | null)?.health !== "up";

/** After `fallen` went down: whispers the GMs a morale offer when a trigger is crossed. */
export async function offerMorale(combat: ShockCombat, fallen: ShockActor): Promise<void> {
  const group = groupOf(fallen);
  const list = members(combat, group.name);
  const downAfter = list.filter(isDown).length;
  const triggers = moraleTriggers(list.length, downAfter - 1, downAfter, group.fearless);
  if (triggers.length) await postOffer(combat, group, triggers);
}

/**
 * The GM calls a check for an NPC's group at any time (RULINGS.md §shock Morale: "the GM may call
 * a check at any time"; a fearless group never checks). @throws Error (localized) for a fearless
 * group or outside a started combat.
 */
export async function callMorale(combat: ShockCombat | null, npc: ShockActor): Promise<void> {
  const group = groupOf(npc);
  if (!combat?.started || !game.user?.isGM) throw new Error(t("FRAY.Shock.Refuse.NotInCombat"));
  if (group.fearless) throw new Error(t("FRAY.Shock.Morale.Fearless", { group: group.name }));
  await postOffer(combat, group, []);
}

async function postOffer(
  combat: ShockCombat, group: { name: string; score: number }, triggers: MoraleTrigger[],
): Promise<void> {
  const offer: MoraleOffer = {
    combatId: combat.id ?? "",
    group: group.name,
    score: group.score,
    triggers,
  };
  const why = triggers.length
    ? triggers
        .map((x) => t(`FRAY.Shock.Log.MoraleTrigger.${x}`))
        .join(t("FRAY.Shock.Morale.ListJoin"))
    : t("FRAY.Shock.Morale.Called");
  const text = t("FRAY.Shock.Morale.Offer", {
    group: group.name,
    triggers: why,
    score: group.score,
  });
  const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
  await ChatMessage.create({
    content: moraleOfferHtml(text, t),
    whisper: gms, speaker: { alias: "Fray" }, flags: { fray: { shockMorale: offer } },
  } as unknown as ChatMessage.CreateData);
}

/** The GM rolls an offered morale check, once (claimed in the message's flags). */
export async function rollMorale(message: ChatMessage.Implementation): Promise<void> {
  const flag = message.getFlag("fray" as never, "shockMorale" as never);
  const offer = flag as unknown as MoraleOffer | undefined;
  // Only a prompt a GM's client posted (a player's look-alike would defeat a whole group).
  if (!game.user?.isGM || !offer || !isGMPrompt(message)) return;
  const combat = game.combats?.get(offer.combatId) as unknown as ShockCombat | undefined;
  if (!(await takePrompt(message, "gm"))) return;
  const roll = await new Roll(`${MORALE_DICE}d${MORALE_FACES}`).evaluate();
  const total = roll.total ?? 0;
  const broken = breaks(total, offer.score);
  if (broken && combat) {
    const fleeing = members(combat, offer.group).filter((c) => !isDown(c))
      .map((c) => ({ _id: c.id, defeated: true, "flags.fray.fled": true }));
    if (fleeing.length)
      await combat.updateEmbeddedDocuments("Combatant", fleeing as Combatant.UpdateData[]);
  }
  const key = broken ? "FRAY.Shock.Morale.Breaks" : "FRAY.Shock.Morale.Holds";
  const line = t(key, { group: offer.group, total, score: offer.score });
  const content = moraleResultHtml(broken, line, t);
  await message.update({
    content,
    rolls: [JSON.stringify(roll)],
  } as unknown as ChatMessage.UpdateData);
}
