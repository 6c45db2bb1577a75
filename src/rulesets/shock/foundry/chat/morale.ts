import { postNote } from "../../../../shell/chat/table-note";
import type { MoraleScoreSource, MoraleTrigger } from "../../rules/morale";
import { MORALE_DICE, MORALE_FACES } from "../../rules/constants";
import { isGMPrompt, promptTaken, takePrompt } from "../../../../shell/cards/prompts";
import { askForm } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import {
  flightWrites, groupMembers, scoreMembers, triggersAfterFall, type MoraleCombatant,
} from "../../play/cards/morale-group";
import {
  moraleOfferLine, moraleOutcome, readMoraleOffer, type MoraleOffer,
} from "../../play/cards/morale-check";
import { moraleOfferHtml, moraleResultHtml, moraleScoreText } from "../../play/cards/card-morale";
import {
  groupScoreNow, MORALE_SCORE_MAX, MORALE_SCORE_MIN, parseSetScore, setScoreOf, withSetScore,
} from "../../play/cards/morale-score";

/**
 * Morale of NPC groups in Foundry, on GM clients only (the apply request offers, the GM's button
 * rolls): when a group's first member falls, and again when half of it (rounded up) is down, the
 * GM is offered a check (a whisper with a Roll button); the roll is 2d6 against the group's one
 * Morale score, computed when the GM rolls (`moraleNow`: the score its GM set on it in this combat,
 * by default the highest Morale among its members still in the fight, never that of who just
 * fell); above it the group breaks and its standing members flee (marked defeated and fled).
 * Fearless groups never check. The GM sets a group's score from the prompt or the tracker
 * (`askGroupMorale`), kept in the Combat's flags, which only a GM may write
 * (common/documents/combat.mjs `#canUpdate`: players change only the turn, round and their own
 * combatants). Source: `002_5e27cdf788b28f5f.txt` §Morale; RULINGS.md §shock Morale.
 */
const SCORES = "moraleScores";
const SCORE_DIALOG = "systems/fray/templates/shock/dialog/morale-score.hbs";

function groupOf(actor: ShockActor): { name: string; fearless: boolean } {
  const block = actor.statblock;
  return { name: block.group, fearless: block.fearless };
}

/** The NPCs of `group` in the combat as the morale rules read them (`groupMembers`). */
function members(combat: ShockCombat, group: string): MoraleCombatant[] {
  return groupMembers(combat.shockCombatants.map((c) => {
    const actor = c.actor as ShockActor | null;
    const npc = actor?.type === "shockNpc";
    return {
      id: c.id ?? "", npc, group: npc ? actor.statblock.group : "",
      morale: npc ? actor.statblock.morale : 0, down: c.isDefeated || actor?.health !== "up",
    };
  }), group);
}

/**
 * The group's one Morale score in this combat now, and where it comes from: the score its GM set,
 * else the highest Morale among its members still in the fight; null when neither (nobody left).
 */
export function moraleNow(
  combat: ShockCombat, group: string,
): { score: number; source: MoraleScoreSource } | null {
  return groupScoreNow(scoreMembers(members(combat, group)), combat.getFlag("fray", SCORES), group);
}

/** Reads a message's morale offer, or null when it has none (or it is malformed). */
export function moraleOfferOf(message: ChatMessage.Implementation): MoraleOffer | null {
  return readMoraleOffer(message.getFlag("fray" as never, "shockMorale" as never) as unknown);
}

/** After `fallen` went down: whispers the GMs a morale offer when a trigger is crossed. */
export async function offerMorale(combat: ShockCombat, fallen: ShockActor): Promise<void> {
  const group = groupOf(fallen);
  const triggers = triggersAfterFall(members(combat, group.name), group.fearless);
  if (triggers.length) await postOffer(combat, group.name, triggers);
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
  await postOffer(combat, group.name, []);
}

async function postOffer(
  combat: ShockCombat, group: string, triggers: MoraleTrigger[],
): Promise<void> {
  // No score here: it is the group's when the GM rolls (who stands then, what the GM set by then).
  const offer: MoraleOffer = { combatId: combat.id ?? "", group, triggers };
  const text = moraleOfferLine(group, triggers, t);
  await postNote({
    content: moraleOfferHtml(text, t), gmOnly: true, flags: { fray: { shockMorale: offer } },
  });
}

/**
 * The GM rolls an offered morale check, once (claimed in the message's flags), against the
 * group's score as it is now (`moraleNow`).
 * @throws Error (localized) when the offer's combat is gone or the group has no score (nobody
 *   left in the fight and none set); nothing changes then.
 */
export async function rollMorale(message: ChatMessage.Implementation): Promise<void> {
  const offer = moraleOfferOf(message);
  // Only a prompt a GM's client posted (a player's look-alike would defeat a whole group).
  if (!game.user?.isGM || !offer || !isGMPrompt(message)) return;
  if (promptTaken(message, "gm")) return;
  const combat = game.combats?.get(offer.combatId) as ShockCombat | undefined;
  if (!combat) throw new Error(t("FRAY.Shock.Morale.NoCombat"));
  const morale = moraleNow(combat, offer.group);
  if (!morale) throw new Error(t("FRAY.Shock.Morale.NoneLeft", { group: offer.group }));
  if (!(await takePrompt(message, "gm"))) return;
  const roll = await new Roll(`${MORALE_DICE}d${MORALE_FACES}`).evaluate();
  const total = roll.total ?? 0;
  const { broken, line } = moraleOutcome(offer.group, total, morale, t);
  const flight = broken ? flightWrites(members(combat, offer.group)) : null;
  if (flight) {
    await combat.keep(flight.kept);
    await combat.updateEmbeddedDocuments("Combatant", flight.defeated as Combatant.UpdateData[]);
  }
  const content = moraleResultHtml(broken, line, t);
  await message.update({
    content,
    rolls: [JSON.stringify(roll)],
  } as ChatMessage.UpdateData);
}

/**
 * GM: sets the Morale score of `group` in this combat, or with null clears it back to the
 * default. Only a GM may (Foundry refuses a player's Combat flags anyway).
 * @throws Error (localized) on a player's client; RangeError for a score not from 2 to 12.
 */
export async function setGroupMorale(
  combat: ShockCombat, group: string, score: number | null,
): Promise<void> {
  if (!game.user?.isGM) throw new Error(t("FRAY.Shock.Morale.GMOnly"));
  const next = withSetScore(combat.getFlag("fray", SCORES), group, score);
  await combat.setFlag("fray", SCORES, next);
}

/**
 * GM: asks for a group's Morale score (blank: the default, the highest still in the fight) and
 * sets it. The dialog says the score the group has now and where it comes from.
 * @throws Error (localized) on a player's client or for a score that is not a whole number from 2
 *   to 12; nothing changes then.
 */
export async function askGroupMorale(combat: ShockCombat, group: string): Promise<void> {
  if (!game.user?.isGM) throw new Error(t("FRAY.Shock.Morale.GMOnly"));
  const form = await askForm(t("FRAY.Shock.Morale.SetTitle", { group }), SCORE_DIALOG, {
    value: setScoreOf(combat.getFlag("fray", SCORES), group) ?? "",
    min: MORALE_SCORE_MIN, max: MORALE_SCORE_MAX,
    now: moraleScoreText(moraleNow(combat, group), group, t),
  });
  if (!form) return;
  const score = parseSetScore(form.score);
  if (score === "invalid") throw new Error(t("FRAY.Shock.Morale.BadScore"));
  await setGroupMorale(combat, group, score);
}
