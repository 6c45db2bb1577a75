import { refuse, type CardRecords, type CardStep } from "../../../../shell/cards/kind";
import { claimUnlessRefused, undoApplyStep } from "../../../../shell/cards/requests";
import type { Recorder } from "../../../../shell/cards/recorder";
import { playOnCard } from "../../../../shell/cards/window-play";
import { tokenAt } from "../../../../shell/documents/at-uuid";
import { senderOwns } from "../../../../shell/relay/combatant-requests";
import type { Sender } from "../../../../shell/relay/gm-relay";
import { hitsOf, strikerAfterHit } from "../../play/cards/apply-plan";
import {
  eventOf, interceptorOf, parseReact, reactClaim, reactRefusal, swapRefusal, type ApWindowState,
  type ReactRequest,
} from "../../play/cards/react";
import {
  applyRefusal, interceptMove, ledgerOf, parseNoArgs, sealOf, swapMoves, undoReason,
  undoRefusal, type RuleMove,
} from "../../play/cards/card-steps";
import type { ActionPointsActor } from "../documents/actor";
import { fieldOf, readCard, type CardReading } from "./reading";
import { shiftToken } from "../../../../shell/movement/rule-move";
import { cardWindow } from "./window-effects";

/**
 * The steps of an action-points attack card, each checked from what the GM keeps on the card and
 * from the documents, claimed once, and run on the active GM's client (the shell's card runtime,
 * `shell/cards/requests.ts`): a reaction or "take the hit" on the window (`react`), applying its
 * hits (`apply`: damage, and FP to each striker) and undoing that exactly (`undo`).
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Actions/Turn Cheat Sheet (FP); RULINGS.md
 * §action-points Hit points.
 */
/** The card's documents as its seal names them (never as its author may have edited it). */
export const readSealed = (records: CardRecords): CardReading | null => {
  const seal = sealOf(records);
  return seal ? readCard(seal.posted) : null;
};

/**
 * The actor a window key stands for: its combatant's, the card's attacker or target, else the
 * token the seal recorded for it (its combatant or the encounter gone since).
 */
export function actorOfKey(
  reading: CardReading, key: string, tokens: Readonly<Record<string, string>> = {},
): ActionPointsActor | null {
  if (key === "attacker") return reading.attacker;
  if (key === "target") return reading.target;
  const c = reading.combat?.apCombatants.find((x) => x.id === key);
  const token = tokens[key] ? tokenAt(tokens[key]) : null;
  return (c?.actor ?? token?.actor ?? null) as ActionPointsActor | null;
}

/** Whether the sender acts for a window key: a GM (for anyone absent), or an owner of its actor. */
const acts = (reading: CardReading | null, key: string, sender: Sender): boolean =>
  sender.isGM || senderOwns(sender, reading ? actorOfKey(reading, key) : null);

export const REACT_STEP: CardStep<ReactRequest> = {
  parse: parseReact,
  check({ records, request, sender }) {
    const state = ledgerOf(records).window ?? null;
    const reading = readSealed(records);
    const why = reactRefusal(state, request, acts(reading, request.by, sender));
    return why || !state ? refuse(why ?? "notOnCard") : { ok: true, claim: reactClaim(state) };
  },
  async run(context, recorder) {
    const again = REACT_STEP.check(context);
    if (!again.ok) return again;
    if (again.claim !== context.claim) return refuse("stale");
    const state = ledgerOf(context.records).window as ApWindowState;
    // Its attacker or target gone: no answer is paid for, so none is played.
    const reading = readSealed(context.records);
    if (!reading) return refuse("noTarget");
    const played = await playOnCard(cardWindow(reading.combat), state,
      [eventOf(context.request, state)], context.message, recorder);
    if (!played.ok) return refuse(`apWindow.${played.reason}`);
    // Its Agility check won: the interceptor takes the attack, where it stands in (§Intercept).
    const took = (played.state as ApWindowState).frames[0]?.facts?.takenBy === context.request.by;
    const seal = sealOf(context.records);
    const move = context.request.answer === "intercept" && took && seal
      ? interceptMove(fieldOf(reading), seal.posted.itemId, context.request.by) : null;
    if (move) await shiftBy(move, recorder);
    return { ok: true, ledger: { "==window": played.state } };
  },
};

/**
 * A won Intercept's interceptor swaps places with the ally it covered (§Intercept: optionally), at
 * its owner's or the GM's word, once and before Apply: both tokens moved as rule moves, recorded.
 */
export const SWAP_STEP: CardStep<object> = {
  parse: parseNoArgs,
  check({ records, sender }) {
    const state = ledgerOf(records).window ?? null;
    const who = interceptorOf(state);
    const may = who ? acts(readSealed(records), who, sender) : false;
    const why = swapRefusal(state, ledgerOf(records), may);
    return why ? refuse(why) : { ok: true, claim: "swap" };
  },
  async run(context, recorder) {
    const again = SWAP_STEP.check(context);
    if (!again.ok) return again;
    const reading = readSealed(context.records);
    const who = interceptorOf(ledgerOf(context.records).window ?? null);
    const moves = reading ? swapMoves(fieldOf(reading), who) : null;
    if (!moves?.every((m) => tokenAt(m.uuid))) return refuse("apNoGrid");
    for (const move of moves) await shiftBy(move, recorder);
    return { ok: true, ledger: { swapped: true } };
  },
};

/** A token moved by a rule's move (`play/cards/card-steps.ts`), recorded with the step. */
export async function shiftBy(move: RuleMove, recorder: Recorder): Promise<void> {
  const token = tokenAt(move.uuid);
  if (token) await shiftToken(token, move.from, move.to, recorder);
}

export const APPLY_STEP: CardStep<object> = {
  parse: parseNoArgs,
  check: claimUnlessRefused("apply",
    (records, sender) => applyRefusal(sealOf(records), ledgerOf(records), sender)),
  async run({ records }, recorder) {
    const state = ledgerOf(records).window as ApWindowState;
    const reading = readSealed(records);
    if (!reading) return refuse("noTarget");
    const combat = reading.combat;
    const tokens = sealOf(records)?.tokens ?? {};
    const combatant = (key: string) => combat?.apCombatants.find((c) => c.id === key);
    for (const hit of hitsOf(state)) {
      const on = actorOfKey(reading, hit.on, tokens);
      if (!on) return refuse("noTarget");
      recorder.watch(on, ["system.hp.value"]);
      const { before, after } = await on.changeHp(-hit.damage);
      const striker = combatant(hit.by);
      const foe = combatant(hit.on)?.side !== striker?.side;
      const gained = striker && strikerAfterHit(hit, striker.data.fp, { before, after, foe });
      // Its FP, kept by the GM in a started combat (owed back only in its round).
      if (combat && gained) await combat.keepRecorded({ [hit.by]: gained }, recorder);
    }
    return { ok: true, ledger: { applied: true }, recordAs: "apply" };
  },
};

export const UNDO_STEP = undoApplyStep(
  (records, sender) => undoRefusal(sealOf(records), ledgerOf(records), sender), undoReason,
);
