import type { Json } from "../../engine/deltas/delta";
import { planInverse, type Write } from "../../engine/deltas/inverse";
import { claimOnDocument, releaseDocumentClaim } from "../gm/claim";
import { registerRequest, type RelayResult, type Sender } from "../relay/gm-relay";
import {
  afterRecords, cardKindOf, refuse, type CardKind, type CardRecords, type CardStep, type Refusal,
  type StepContext,
} from "./kind";
import { located, makeWrites, putBack, Recorder, worldNow } from "./recorder";
import { refusalOf, trustedRecords } from "./records";
import { sealedRecords } from "./takeover";
import { parseNoArgs } from "../../engine/requests/author-steps";

/**
 * The one GM request every card step goes through (`fray.card`, payload `{messageId, step,
 * args}`). On the active GM's client it finds the card, seals it if no GM had, refuses a card
 * sealed as refused, lets the card's kind parse and check the step, claims the step once, runs it
 * on the card's records as they are once claimed with a recorder watching what it changes, and
 * writes in one update what the step added to the card's ledger and the deltas it recorded
 * (`system.steps[key]`). A step that throws part-way is undone from what it had recorded, and
 * refused.
 */
export const CARD_REQUEST = "card";

/** Where a card's steps are claimed (a GM-only record once the card is the GM's). */
const CLAIMS = "system.claims";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function registerCardRequests(): void {
  registerRequest(CARD_REQUEST, runCardRequest);
}

async function runCardRequest(payload: unknown, sender: Sender): Promise<RelayResult> {
  if (!isObject(payload) || typeof payload.messageId !== "string"
    || typeof payload.step !== "string") return refuse("badRequest");
  const message = game.messages?.get(payload.messageId);
  const kind = cardKindOf(message?.type);
  if (!message || !kind) return refuse("badMessage");
  const step = Object.hasOwn(kind.steps, payload.step) ? kind.steps[payload.step] : undefined;
  const request = step?.parse(payload.args ?? {});
  if (!step || request === null || request === undefined) return refuse("badRequest");
  const records = await sealedRecords(message, kind);
  if (!records) return refuse("unsealed");
  if (refusalOf(records) !== null) return refuse("sealRefused");
  const context: StepContext<unknown> = { message, records, request, sender };
  const verdict = step.check(context);
  if (!verdict.ok) return verdict;
  // Claimed in the card itself, which only GMs write once it is theirs: a step is taken once
  // whichever GM's client runs it (two tabs, or two GMs while the active one changes).
  const claim = verdict.claim;
  if (!(await claimOnDocument(message, CLAIMS, claim))) return refuse("alreadyApplied");
  // What check read may be older than the card: another GM tab's step may have landed since. Once
  // the claim's write has returned this client's copy holds every write applied before it
  // (relay/claims.ts), so the step runs on the card's records as they are now, with the claim its
  // check gave (a step whose claim names the state it was decided on compares it: shock's
  // reaction window claims its `seq`).
  const fresh: StepContext<unknown> = {
    ...context, records: trustedRecords(message) ?? records, claim,
  };
  const recorder = new Recorder();
  let outcome;
  try {
    outcome = await step.run(fresh, recorder);
  } catch (err) {
    console.error(`Fray | the card step ${payload.step} failed; putting back what changed`, err);
    outcome = refuse(err instanceof Error && err.message ? err.message : "failed");
  }
  // A refused step changed nothing (what it had changed is put back): it may be asked again.
  if (!outcome.ok) {
    await putBack(recorder);
    await releaseDocumentClaim(message, CLAIMS, claim);
    return outcome;
  }
  const changes: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(outcome.ledger ?? {}))
    changes[path ? `system.ledger.${path}` : "system.ledger"] = value;
  if (outcome.recordAs) {
    changes[`system.steps.${outcome.recordAs}`] = {
      step: payload.step, by: sender.id, deltas: recorder.deltas(),
    };
  }
  try {
    if (Object.keys(changes).length) await message.update(changes as ChatMessage.UpdateData);
  } catch (err) {
    // Unrecorded, the step could not be undone, and once its claim went stale it would be taken
    // again: put back what it changed, as for a step that failed (the card may be gone).
    console.error(`Fray | recording the card step ${payload.step} failed; putting it back`, err);
    await putBack(recorder);
    await releaseDocumentClaim(message, CLAIMS, claim).catch(() => undefined);
    return refuse("failed");
  }
  await afterRecords(kind, message);
  await outcome.afterwards?.().catch((err: unknown) =>
    console.error(`Fray | what follows the card step ${payload.step} failed`, err));
  return { ok: true };
}

/**
 * Undoes a recorded step of a card exactly (a kind's undo step calls this from its `run`): the
 * step's deltas are planned against the world now, and refused with the reason when a later
 * change makes the undo inexact (`changedSince`, `gone`, `outOfBounds`; a kind may name the
 * reason for the field that blocked it). The step's record is marked undone, by whom.
 * @param reasonFor turns the planner's refusal into the kind's reason key.
 * @param recorder the undo step's recorder: its writes and the mark are watched, so an undo that
 *   fails after them (the mark or the kind's ledger not written) is put back whole, and may be
 *   asked again without giving anything back twice. Documents the undo creates again are not.
 */
export async function undoStep(
  context: StepContext<unknown>,
  key: string,
  reasonFor: (reason: string, path: string) => string = (reason) => reason,
  recorder?: Recorder,
): Promise<Refusal | null> {
  const record = context.records.steps[key];
  if (!record || record.undone) return refuse("notApplied");
  const plan = planInverse(record.deltas, worldNow());
  if (!plan.ok) return refuse(reasonFor(plan.reason, plan.at.path));
  if (recorder) watchWrites(recorder, plan.writes, context.message, key);
  await makeWrites(plan.writes);
  const by: Json = { by: context.sender.id };
  await context.message.update({
    [`system.steps.${key}.undone`]: by,
  } as ChatMessage.UpdateData);
  return null;
}

/** Watches what an undo plan writes, and the undone mark of the step it undoes. */
function watchWrites(
  recorder: Recorder, writes: readonly Write[], message: ChatMessage.Implementation, key: string,
): void {
  const at = (uuid: string) =>
    fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as foundry.abstract.Document.Any | null;
  for (const write of writes) {
    if (write.kind === "update") {
      // A field recorded on a Combatant before its combat kept it is written where it is now.
      const where = located(write);
      const doc = at(where.uuid);
      if (doc) recorder.watch(doc, [where.path], { exact: true });
    } else if (write.kind === "delete") {
      const doc = at(write.uuid);
      if (doc) recorder.deleting(doc);
    }
  }
  recorder.watch(message, [`system.steps.${key}.undone`], { exact: true });
}

/**
 * A step's check from a refusal of the card's records and the sender: the refusal, or the claim
 * `claim` (the step happens once).
 */
export const claimUnlessRefused = (
  claim: string, refusal: (records: CardRecords, sender: Sender) => string | null,
): CardStep["check"] => ({ records, sender }) => {
  const why = refusal(records, sender);
  return why ? refuse(why) : { ok: true, claim };
};

/**
 * The Undo of a card's Apply as a card step: checked by the ruleset's `refusal` from the card's
 * records (its author or a GM, once, after Apply: `engine/requests/author-steps.ts`), claimed
 * once, then the exact inverse of what Apply recorded (`undoStep`), the planner's refusal worded
 * by `reasonFor`; the ledger's `undone` set.
 */
export function undoApplyStep(
  refusal: (records: CardRecords, sender: Sender) => string | null,
  reasonFor: (reason: string, path: string) => string,
): CardStep<object> {
  const step: CardStep<object> = {
    parse: parseNoArgs,
    check: claimUnlessRefused("undo", refusal),
    async run(context, recorder) {
      const refused = await undoStep(context, "apply", reasonFor, recorder);
      return refused ?? { ok: true, ledger: { undone: true } };
    },
  };
  return step;
}

export type { CardKind };
