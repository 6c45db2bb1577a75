import { keptPath } from "../../../../shell/combat/kept-record";
import type { WindowEffect } from "../../../../engine/resolution/window/definition";
import type { Recorder } from "../../../../shell/cards/recorder";
import {
  openOnCard as openWindow, playOnCard as playWindow, type CardWindow,
  type NextEvent as ShellNextEvent,
} from "../../../../shell/cards/window-play";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { openingContext, strikersOffered } from "../../play/requests/opening";
import { standingSettlement } from "../../play/requests/resettle";
import {
  SHOCK_WINDOW, type ShockWindowContext, type ShockWindowFacts, type ShockWindowSettlement,
} from "../../rules/reaction-window";
import type {
  Gone, ShockLedger, Snapper, ShockResult, ShockSeal,
} from "../../play/cards/card-seal";
import {
  factsNow, missingParty, partiesOf, partyOf, storedWindow, TARGET_KEY, withAcs,
  type ShockWindowState,
} from "../../play/cards/card-window";
import {
  cancelledResult, mayTotalDefend, windowAcs, type AttackFacts, type TargetState,
} from "../../play/cards/resolve";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { goneOf, readCard, targetState, type CardReading } from "./reading";
import {
  EFFECT_FIELDS, effectMarks, effectSpends, effectTakers, marksApart, spendAble,
} from "../../play/requests/window-effects";
import { settle } from "./resolution";
import { declaredScreeners, heldScreenOffers } from "./screen";
import { heldAttackOffers, snapOffers } from "./snap";

/**
 * Shock's reaction window played on the active GM's client (`rules/reaction-window.ts`, on the
 * shell's `cards/window-play.ts`): opened when a card is sealed, on what the documents say
 * then (who screens, holds, may take Total Defense or snap), and advanced one request at a time
 * from the state the card keeps in its GM-only ledger. Every AC is read from the documents when a
 * request is played (never stored on the card); each die the window asks for is one Foundry Roll
 * of `{count}d{faces}` through the shell's roll plans (`shell/dice/run-in-foundry.ts`), in the
 * order the runner would ask for them, shown as the card is seen; what the answers spend and mark
 * is written to the combatants; and once the window settles the result is rolled (`settle`).
 * Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Screen an Ally, §Hold An Action, §Make a
 * Snap Attack; RULINGS.md §shock.
 */

/** A party's reading: the card's attacker and combat, with that combatant as the target. */
const asTarget = (reading: CardReading, c: ShockCombatant): CardReading =>
  ({ ...reading, target: c.actor as ShockActor, combatant: c });

/** What the seal keeps of an opening besides the window: who its offers name. */
export interface Opening {
  readonly context: ShockWindowContext;
  readonly holders: readonly ShockCombatant[];
  readonly snappers: readonly Snapper[];
}

/**
 * The window's context for an attack, from the documents now (`reading` on the ward), as
 * `play/requests/opening.ts` composes it: nothing to answer outside a started combat or without
 * the attacker's combatant (`attackerId` "").
 */
export function openingOf(reading: CardReading, facts: AttackFacts, attackerId: string): Opening {
  const ward = reading.combatant;
  const { attacker, natural, total } = facts;
  const attack = { attackerId, attacker, natural, total };
  if (!reading.combat?.started || !ward?.id || !attackerId)
    return { context: openingContext(attack, null, TARGET_KEY), holders: [], snappers: [] };
  const screeners = declaredScreeners(reading, attackerId);
  const holders = heldScreenOffers(reading, attackerId);
  const party = (c: ShockCombatant) =>
    ({ id: c.id ?? "", block: (c.actor as ShockActor).statblock });
  const defenders = [ward, ...screeners, ...holders]
    .filter((c) => mayTotalDefend(facts, targetState(asTarget(reading, c))));
  // The ward's side and each screener's, each target itself included: whoever the attack ends on
  // may snap at its attacker too (§Make a Snap Attack; the window offers it, `targetSnaps`).
  const offered = strikersOffered([ward, ...screeners].map((c) => ({
    snaps: snapOffers(asTarget(reading, c), attackerId),
    held: heldAttackOffers(asTarget(reading, c), attackerId),
  })));
  const context = openingContext(attack, {
    ward: ward.id, screeners: screeners.map(party),
    holders: holders.map((c) => ({ ...party(c), moves: c.budget.moves })),
    defenders: defenders.map((c) => c.id ?? ""),
    snappers: offered.snappers, heldAttackers: offered.heldAttackers,
  }, TARGET_KEY);
  return { context, holders, snappers: offered.strikers };
}

/**
 * Each party's AC now, as the window reads it: a charge's −2 and a Total Defense taken before
 * this window counted, one taken in it not (the window adds it). Parties that are gone are left
 * out (the window then fails the step that needs them).
 */
export function acsNow(
  reading: CardReading, context: ShockWindowContext, taken: readonly string[] = [],
): Record<string, number> {
  const states = partiesOf(context).flatMap((key): [string, TargetState][] => {
    const c = reading.combat?.shockCombatants.find((x) => x.id === key);
    const party = key === TARGET_KEY ? reading : c ? asTarget(reading, c) : null;
    return party?.target ? [[key, targetState(party)]] : [];
  });
  return windowAcs(states, taken);
}

type ShockCardWindow = CardWindow<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

/**
 * Shock's window as the shell plays it on a card (`shell/cards/window-play.ts`): each die one
 * Foundry Roll named after the combatant who rolls it, what the answers spend and mark written
 * (`applyEffects`), the dice shown under `flavor`.
 */
function cardWindow(
  reading: CardReading, attacker: string, flavor: ShockCardWindow["flavor"],
): ShockCardWindow {
  const names = new Map<string, string>(
    (reading.combat?.shockCombatants ?? []).map((c) => [c.id ?? "", c.name ?? ""]),
  );
  return {
    definition: SHOCK_WINDOW, flavor, rollerName: (by) => names.get(by),
    apply: (effects, recorder) => applyEffects(reading.combat, effects, attacker, recorder),
  };
}

/**
 * Writes what a window's effects ask (`play/requests/window-effects.ts`): each answer's cost
 * through `combat.spend` (with the marks its taker gets), and the marks of the opening (the
 * declared screeners' attackers this round). The documents decide whether the answer can still be
 * paid for now; the dice a held screen rolled are then not shown. All of it is the combat's kept
 * store (shell/combat/kept.ts). With a step's (or the seal's) `recorder`, each written
 * combatant's kept fields are watched first, so a step or seal refused or failed after this (the
 * damage roll, the card's record) is put back whole (shell/cards/recorder.ts `putBack`), and Undo
 * is exact; what is recorded is owed back only in this round.
 * @throws Error (a localized refusal) when a combatant can no longer pay.
 */
async function applyEffects(
  combat: ShockCombat | null, effects: readonly WindowEffect[], attacker: string,
  recorder?: Recorder,
): Promise<void> {
  if (!combat?.started) return;
  const combatant = (id: string) => combat.shockCombatants.find((c) => c.id === id);
  if (recorder) {
    const guard = { uuid: combat.uuid ?? "", path: "round", equals: combat.round };
    for (const id of effectTakers(effects)) {
      if (!combatant(id)) continue;
      recorder.watch(combat, EFFECT_FIELDS.map((f) => keptPath(id, f)), { guard });
    }
  }
  const marks = effectMarks(effects, attacker, (id) => combatant(id)?.data.screenedAttackers ?? []);
  const spends = effectSpends(effects);
  for (const spend of spends) {
    const c = combatant(spend.by);
    // Standing, and a held answer's action still held, with what it costs left.
    const up = (c?.actor as ShockActor | null)?.health === "up";
    const able = c && spendAble(spend, { up, holding: c.data.holding });
    if (!c || !able || !(await combat.spend(c, spend.action, marks.get(spend.by) ?? {})))
      throw new Error(t(`FRAY.Shock.Refuse.Spent.${spend.answer}`));
  }
  const rest = marksApart(marks, spends);
  if (Object.keys(rest).length) await combat.keep(rest);
}

/**
 * A settled attack's result: nothing when a Snap Attack felled the attacker, else rolled (or the
 * one a card of an earlier release had rolled, `rolled`).
 */
async function resultOf(
  seal: ShockSeal, settlement: ShockWindowSettlement, card: ChatMessage.Implementation,
  rolled?: ShockResult,
): Promise<ShockResult> {
  if (settlement.cancelled) return cancelledResult();
  if (rolled) return rolled;
  const reading = readCard({ ...seal, tokenUuid: partyOf(seal, settlement.target).tokenUuid });
  if (!reading) throw new Error(t("FRAY.Relay.Reason.noTarget"));
  return settle(reading, seal, card, settlement);
}

/**
 * What a played window writes to the card's ledger: its state as stored, and the result once it
 * settled (rolled now).
 */
export async function ledgerOfPlay(
  seal: ShockSeal, state: ShockWindowState, card: ChatMessage.Implementation,
  rolled?: ShockResult,
): Promise<Pick<ShockLedger, "window" | "result">> {
  const window = storedWindow(state);
  if (!state.settlement) return { window };
  return { window, result: await resultOf(seal, state.settlement, card, rolled) };
}

/**
 * The result of a window a Snap Attack settled as cancelled (the attacker down), once that snap's
 * card was undone and the attacker stands again: settled as if no snap had felled it, on the
 * window's final target with its AC read now (a Total Defense taken in it counted), and rolled
 * (or the one rolled before, `rolled`): `play/requests/resettle.ts` settles it.
 * @returns null when the card's documents are gone or the target's AC cannot be read.
 */
export async function resettleStanding(
  seal: ShockSeal, state: ShockWindowState, card: ChatMessage.Implementation,
  rolled?: ShockResult,
): Promise<ShockResult | null> {
  const frame = state.frames[0];
  const reading = goneOf(seal) ? null : readCard(seal);
  if (!frame?.facts || !reading) return null;
  const ac = acsNow(reading, frame.context, frame.facts.totalDefense);
  const settlement = standingSettlement(frame, ac);
  if (!settlement) return null;
  return resultOf(seal, settlement, card, rolled);
}

/**
 * Opens a card's window when it is sealed: the declared screens' dice rolled (shown as the card is
 * seen) and their marks written, watched by the seal's `recorder` (a seal whose record cannot be
 * written is put back: shell/cards/takeover.ts).
 * @returns the state, with the ACs it was opened with.
 */
export async function openOnCard(
  card: ChatMessage.Implementation, reading: CardReading, opening: Opening, recorder?: Recorder,
): Promise<ShockWindowState> {
  const context = { ...opening.context, ac: acsNow(reading, opening.context) };
  const flavor = t("FRAY.Shock.Roll.Screen", { name: reading.target.name });
  const win = cardWindow(reading, opening.context.attacker, flavor);
  const played = await openWindow(win, context, card, recorder);
  if (!played.ok) throw new Error(`shock window: ${played.reason}`);
  return played.state;
}

/** A played window's ledger changes, or why not (`gone`: what it needs was deleted). */
export type Played =
  | { readonly ok: true; readonly ledger: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string; readonly gone?: Gone };

const goneRefusal = (gone: Gone): Played => ({ ok: false, reason: `shockGone.${gone}`, gone });

/** How a card's window is played: a result rolled before (`ledgerOfPlay`), a step's recorder. */
export interface PlayOptions {
  readonly rolled?: ShockResult;
  /** The card step's recorder, watching what the answers write (`applyEffects`). */
  readonly recorder?: Recorder;
}

/** The next event to play on a state (`played` so far), or null to stop. */
export type NextEvent = ShellNextEvent<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

/**
 * Plays events on a card's stored window (the GM's side of one request): the ACs read now, the
 * dice rolled with Foundry's Roll and shown as the card is seen, the effects written, the result
 * rolled once it settles.
 * @returns the ledger changes (paths under `system.ledger`), or the window's refusal, or what
 *   the card needs that is gone (the attacker, its weapon, the target, the combat, by
 *   `goneOf`; a party whose AC the window needs, named in a localized reason).
 * @throws Error when a combatant can no longer pay (its dice are not shown; what was written
 *   before is put back by the step's recorder), or when the result cannot be rolled.
 */
export async function playOnCard(
  card: ChatMessage.Implementation, seal: ShockSeal, stored: ShockWindowState, next: NextEvent,
  { rolled, recorder }: PlayOptions = {},
): Promise<Played> {
  const gone = goneOf(seal);
  const reading = gone ? null : readCard(seal);
  if (!reading) return goneRefusal(gone ?? "target");
  const context = stored.frames[0]?.context;
  if (!context) return { ok: false, reason: "badState" };
  const ac = acsNow(reading, context, factsNow(stored)?.totalDefense);
  const name = (id = "") => reading.combat?.shockCombatants.find((c) => c.id === id)?.name ?? "";
  let partyGone = false;
  // A party whose AC the event needs left the combat: refused by name (`missingParty`).
  const refusal: ShockCardWindow["refusal"] = (state, event) => {
    const missing = missingParty(state, event, ac);
    if (missing === null) return null;
    partyGone = true;
    return t("FRAY.Shock.Refuse.PartyGone", { name: partyOf(seal, missing).name });
  };
  const flavor = (by?: string) => t("FRAY.Shock.Roll.Screen", { name: name(by) });
  const win = { ...cardWindow(reading, context.attacker, flavor), refusal };
  const played = await playWindow(win, withAcs(stored, ac), next, card, recorder);
  if (!played.ok) return partyGone ? { ...played, gone: "party" } : played;
  // The window is replaced whole: an update merges an object into an ObjectField's stored one,
  // and a `==` key replaces it (common/data/fields.mjs ObjectField#_updateDiff, which merges with
  // performDeletions; common/utils/helpers.mjs mergeObject, `_mergeInsert`).
  const { window, ...rest } = await ledgerOfPlay(seal, played.state, card, rolled);
  return { ok: true, ledger: { "==window": window, ...rest } };
}
