import { rollInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { isGMPrompt, promptTaken } from "../../../../shell/cards/prompts";
import { claimOnDocument } from "../../../../shell/gm/claim";
import { offerOf } from "../../../../shell/offers/offer";
import {
  postOffer, reviseOffer, type OfferKind, type OfferText,
} from "../../../../shell/offers/runtime";
import { requestOfGM, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { PHASES_TIMINGS } from "../../rules/durations";
import { endPhasePlan, type EndPhaseResult } from "../../rules/saves";
import {
  endPhaseConditions, endPhaseLines, offeredSavesOf, SAVE_KIND, type EndPhaseCondition,
  type EndPhaseLine, type KeptDuration,
} from "../../play/round/end-phase";
import {
  cardLinesOf, pendingLines, rolledLines, withRolled, type EndPhaseCardLine,
} from "../../play/round/end-phase-card";
import type { PhasesCombat } from "../documents/combat";

/**
 * The End phase of `round`, on the active GM's client as the round ends (`PhasesCombat`'s round
 * edge, once): of the phases conditions on the combatants' actors (`play/round/end-phase.ts`,
 * each lasting as the GM recorded it in the combatant's kept store), those lasting to this
 * round's end end at once. Each save-ended or sustained one rolls its 2d6 (`rules/saves.ts`: 7 or
 * more ends a save-ended condition or keeps a sustained one): every bearer's but a player's
 * character's the GM's client rolls now. One card lists each save with its dice and what it did,
 * its rolls attached; a player's character's saves wait on it as a prompt (the shell's offer
 * runtime) whose button its owner or the GM presses, and the GM's client rolls them and writes
 * them into the card (`rollOfferedSaves`). The conditions that end are deleted from their actors
 * (and the GM's records of them). A hidden combatant's lines and dice go to the GMs alone, in a
 * note of their own. Each actor is read once, however many of its tokens fight.
 * Source: `003_d18720f6cd315cc2.txt` §End Phase; RULINGS.md §phases End phase, Conditions.
 * @throws what a Roll or a write throws; nothing is deleted before every save is rolled.
 */
export async function endPhase(combat: PhasesCombat, round: number): Promise<void> {
  const { conditions, names, hidden, players } = readBearers(combat, round);
  if (!conditions.length) return;
  const offered = PHASES_TIMINGS.roundEndPlan(conditions, round).saves
    .filter((c) => players.has(c.bearer) && !hidden.has(c.bearer));
  const rolledNow = conditions.filter((c) => !offered.includes(c));
  const settled = await settle(combat, rolledNow, round, hidden);
  const lines = endPhaseLines(settled.result, names, t);
  const shown = lines.filter((l) => !hidden.has(l.bearer));
  await note(round, lines.filter((l) => hidden.has(l.bearer)), settled.secret, true);
  const bearers = [...new Set(offered.map((c) => c.bearer))];
  if (!bearers.length) {
    await note(round, shown, settled.open, false);
    return;
  }
  // One card: the saves rolled now, and those waiting for their owners' press.
  const card = [...rolledLines(shown), ...pendingLines(offered, names, t)];
  await postOffer({
    kind: SAVE_KIND, combatId: combat.id ?? "", round: combat.round, turn: combat.turn ?? 0,
    cause: "endPhase", targetTokenUuid: "", targetName: "",
    responders: bearers.map((id) => ({ combatantId: id, name: names.get(id) ?? "" })),
  }, cardText(round, card), undefined, { endPhase: { round, saves: offered, lines: card } },
  settled.open.rolls);
}

/** The heading of round `round`'s End phase, on its card and notes. */
const heading = (round: number): string =>
  t("FRAY.Phases.EndPhase.Heading", { round: `${round}` });

/** The End phase card's words: its heading, its rule, its lines and each bearer's button. */
function cardText(round: number, lines: readonly EndPhaseCardLine[]): OfferText {
  return {
    title: heading(round),
    line: t("FRAY.Phases.EndPhase.Offer"),
    lines: lines.map((l) => l.text),
    button: (name) => t("FRAY.Phases.EndPhase.Roll", { name }),
  };
}

/** Posts the End phase's lines as a note with their dice (a hidden bearer's to the GMs alone). */
async function note(
  round: number, lines: readonly EndPhaseLine[], dice: ShownRolls, gmOnly: boolean,
): Promise<void> {
  if (!lines.length) return;
  const content = noteHtml("phases", lines.map((l) => l.text), heading(round));
  await postNote({ content, rolls: dice.rolls, gmOnly });
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
 * their actors with the GM's records of them. A hidden bearer's dice go with `secret`, the
 * others' with `open`.
 */
async function settle(
  combat: PhasesCombat, conditions: readonly EndPhaseCondition[], round: number,
  hidden: ReadonlySet<string> = new Set(),
): Promise<{ result: EndPhaseResult<EndPhaseCondition>; open: ShownRolls; secret: ShownRolls }> {
  const open = new ShownRolls();
  const secret = new ShownRolls();
  if (!conditions.length) return { result: { saves: [], ended: [], kept: [] }, open, secret };
  // A hidden bearer's dice are the GM's alone, as its initiative's are.
  const byKey = new Map(conditions.map((c) => [c.key, c]));
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
  return { result, open, secret };
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * GM (`fray.phasesSaves`): rolls the saves an End phase's card offered one bearer, once, after
 * its owner (or a GM) took its part of the offer (`shell/offers/runtime.ts`): the card must be
 * a GM's, its part taken, the sender its owner or a GM; the saves are read from the card's
 * flags as the GM wrote them. The card then shows them, with their dice, where they waited.
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
  const settled = await settle(combat, offered.saves, offered.round);
  // The card's waiting lines of this bearer give way to its saves, with their dice.
  const lines = withRolled(cardLinesOf(message.flags), id,
    endPhaseLines(settled.result, names, t));
  await reviseOffer(message, cardText(offered.round, lines), { "endPhase.lines": lines },
    settled.open.rolls);
  return { ok: true };
}

/** Taking an End phase's offer: its owner's (or a GM's) client asks the GM to roll the saves. */
export const SAVE_OFFER: OfferKind = {
  async take(_offer, responder, messageId) {
    await requestOfGM("phasesSaves", { messageId, responder: responder.combatantId });
  },
};
