import { rollInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { isGMPrompt, promptTaken } from "../../../../shell/cards/prompts";
import { claimOnDocument } from "../../../../shell/gm/claim";
import { offerOf } from "../../../../shell/offers/offer";
import { postOffer, type OfferKind } from "../../../../shell/offers/runtime";
import { requestOfGM, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { PHASES_TIMINGS } from "../../rules/durations";
import { endPhasePlan } from "../../rules/saves";
import {
  endPhaseConditions, endPhaseLines, offeredSavesOf, SAVE_KIND, type EndPhaseCondition,
  type EndPhaseLine, type KeptDuration,
} from "../../play/round/end-phase";
import type { PhasesCombat } from "../documents/combat";

/**
 * The End phase of `round`, on the active GM's client as the round ends (`PhasesCombat`'s round
 * edge, once): of the phases conditions on the combatants' actors (`play/round/end-phase.ts`,
 * each lasting as the GM recorded it in the combatant's kept store), those lasting to this
 * round's end end at once. Each save-ended or sustained one rolls its 2d6 (`rules/saves.ts`: 7 or
 * more ends a save-ended condition or keeps a sustained one): a player's character's are offered
 * to its owners in one prompt (the shell's offer runtime; its owner or the GM presses its button
 * and the GM's client rolls them, `rollOfferedSaves`), every other bearer's the GM's client rolls
 * now. The conditions that end are deleted from their actors (and the GM's records of them), and
 * a note lists each save with its dice and what it did, its rolls attached; a hidden combatant's
 * lines and dice go to the GMs alone. Each actor is read once, however many of its tokens fight.
 * Source: `003_d18720f6cd315cc2.txt` §End Phase; RULINGS.md §phases End phase, Conditions.
 * @throws what a Roll or a write throws; nothing is deleted before every save is rolled.
 */
export async function endPhase(combat: PhasesCombat, round: number): Promise<void> {
  const { conditions, names, hidden, players } = readBearers(combat, round);
  if (!conditions.length) return;
  const offered = PHASES_TIMINGS.roundEndPlan(conditions, round).saves
    .filter((c) => players.has(c.bearer) && !hidden.has(c.bearer));
  await settle(combat, conditions.filter((c) => !offered.includes(c)), round, names, hidden);
  const bearers = [...new Set(offered.map((c) => c.bearer))];
  if (!bearers.length) return;
  await postOffer({
    kind: SAVE_KIND, combatId: combat.id ?? "", round: combat.round, turn: combat.turn ?? 0,
    cause: "endPhase", targetTokenUuid: "", targetName: "",
    responders: bearers.map((id) => ({ combatantId: id, name: names.get(id) ?? "" })),
  }, {
    title: t("FRAY.Phases.EndPhase.Heading", { round: `${round}` }),
    line: t("FRAY.Phases.EndPhase.Offer"),
    button: (name) => t("FRAY.Phases.EndPhase.Roll", { name }),
  }, undefined, { endPhase: { round, saves: offered } });
}

/** The combatants' conditions, each actor once, with who bears them. */
function readBearers(combat: PhasesCombat, round: number) {
  // A linked actor may fight as several tokens: the GM's records of each, read by the first.
  const bearers = new Map<string, { actor: Actor.Implementation; id: string;
    records: KeptDuration[] }>();
  const names = new Map<string, string>();
  const hidden = new Set<string>();
  const players = new Set<string>();
  for (const c of combat.phasesCombatants) {
    const actor = c.actor;
    if (!actor || !c.id) continue;
    names.set(c.id, c.name ?? actor.name ?? "");
    if (c.hidden) hidden.add(c.id);
    if (actor.hasPlayerOwner) players.add(c.id);
    const known = bearers.get(actor.uuid);
    if (known) known.records.push(...c.data.conditions);
    else bearers.set(actor.uuid, { actor, id: c.id, records: [...c.data.conditions] });
  }
  const conditions: EndPhaseCondition[] = [];
  for (const [uuid, { actor, id, records }] of bearers) {
    const effects = actor.effects.contents
      .map((e) => ({ id: e.id ?? "", statuses: [...e.statuses] }));
    conditions.push(...endPhaseConditions(id, uuid, effects, round, records));
  }
  return { conditions, names, hidden, players };
}

/**
 * Rolls the saves of `conditions` and ends what ends (the End phase of `round`): deleted from
 * their actors with the GM's records of them, and one note (a hidden bearer's in a GM's own).
 */
async function settle(
  combat: PhasesCombat, conditions: readonly EndPhaseCondition[], round: number,
  names: ReadonlyMap<string, string>, hidden: ReadonlySet<string>,
): Promise<void> {
  if (!conditions.length) return;
  // A hidden bearer's dice are the GM's alone, as its initiative's are.
  const byKey = new Map(conditions.map((c) => [c.key, c]));
  const open = new ShownRolls();
  const secret = new ShownRolls();
  const into = (label: string | undefined) =>
    (hidden.has(byKey.get(label ?? "")?.bearer ?? "") ? secret : open);
  const result = await rollInFoundry(endPhasePlan(conditions, round), into);
  const ending = new Map<string, string[]>();
  for (const c of result.ended) {
    ending.set(c.actorId, [...(ending.get(c.actorId) ?? []), c.effectId]);
  }
  for (const [uuid, ids] of ending) {
    const actor = fromUuidSync(uuid as never) as Actor.Implementation | null;
    // An effect gone since (healed, removed by hand) is not deleted twice.
    const present = ids.filter((id) => actor?.effects.has(id));
    if (present.length) await actor?.deleteEmbeddedDocuments("ActiveEffect", present);
  }
  // The GM's records of the conditions that ended go with them (by actor: an unlinked token's
  // effects keep their base actor's ids).
  const gone = new Set(result.ended.map((c) => c.key));
  const pruned = Object.fromEntries(combat.phasesCombatants.flatMap((c) => {
    const kept = c.data.conditions;
    const left = kept.filter((k) => !gone.has(`${c.actor?.uuid ?? ""}.${k.effect}`));
    return c.id && left.length < kept.length ? [[c.id, { conditions: left }]] : [];
  }));
  if (Object.keys(pruned).length) await combat.keep(pruned);
  const heading = t("FRAY.Phases.EndPhase.Heading", { round: `${round}` });
  const lines = endPhaseLines(result, names, t);
  const note = async (shown: readonly EndPhaseLine[], dice: ShownRolls, gmOnly: boolean) => {
    if (!shown.length) return;
    const content = noteHtml("phases", shown.map((l) => l.text), heading);
    await postNote({ content, rolls: dice.rolls, gmOnly });
  };
  await note(lines.filter((l) => !hidden.has(l.bearer)), open, false);
  await note(lines.filter((l) => hidden.has(l.bearer)), secret, true);
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * GM (`fray.phasesSaves`): rolls the saves an End phase's prompt offered one bearer, once, after
 * its owner (or a GM) took its part of the offer (`shell/offers/runtime.ts`): the prompt must be
 * a GM's, its part taken, the sender its owner or a GM; the saves are read from the prompt's
 * flags as the GM wrote them.
 */
export async function rollOfferedSaves(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = typeof payload === "object" && payload !== null ? payload as Record<string, unknown> : {};
  const message = game.messages?.get(text(p.messageId));
  const offer = message && isGMPrompt(message) ? offerOf(message.flags) : null;
  const id = text(p.responder);
  const offered = message ? offeredSavesOf(message.flags, id) : null;
  if (!message || offer?.kind !== SAVE_KIND || !offered) return { ok: false, reason: "badMessage" };
  const combat = game.combats?.get(offer.combatId) as PhasesCombat | undefined;
  const c = combat?.combatants.get(id);
  const user = game.users?.get(sender.id);
  if (!combat || !c) return { ok: false, reason: "notInCombat" };
  if (!sender.isGM && !(user && c.actor?.testUserPermission(user, "OWNER"))) {
    return { ok: false, reason: "notOwner" };
  }
  if (!promptTaken(message, id)) return { ok: false, reason: "notApplied" };
  if (!(await claimOnDocument(message, "flags.fray.claims", `saves-${id}`))) {
    return { ok: false, reason: "used" };
  }
  const names = new Map([[id, c.name ?? ""]]);
  await settle(combat, offered.saves, offered.round, names, new Set());
  return { ok: true };
}

/** Taking an End phase's offer: its owner's (or a GM's) client asks the GM to roll the saves. */
export const SAVE_OFFER: OfferKind = {
  async take(_offer, responder, messageId) {
    await requestOfGM("phasesSaves", { messageId, responder: responder.combatantId });
  },
};
