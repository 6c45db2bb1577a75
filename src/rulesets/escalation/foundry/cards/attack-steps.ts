import type { Delta } from "../../../../engine/deltas/delta";
import type { FrayActor } from "../documents/actor";
import { cardData } from "../../play/data/accessors";
import { refuse, type CardStep, type StepContext } from "../../../../shell/cards/kind";
import type { Recorder } from "../../../../shell/cards/recorder";
import { undoStep } from "../../../../shell/cards/requests";
import { actorOfToken } from "../../../../shell/documents/at-uuid";
import { hpChange } from "../../play/cards/hp-change";
import {
  appliedRecord, effectsToApply, recordsOf, type ApplyRecord, type AttackSeal,
  type SealedTarget,
} from "../../play/cards/card-seal";
import { startLastGaspSaves } from "../chat/death-save";
import type { ApplyMode } from "../../play/cards/card-spec";
import {
  applyStepClaim, attackSealOf, durationRefusal, parseApplyArgs, parseDurationArgs,
  parseUndoArgs, pickedDurations, stepKey,
  undoReason, type ApplyArgs, type DurationArgs, type UndoArgs,
} from "../../play/requests/attack-steps";
import { combatantOfToken } from "../../../../shell/combat/located";

/**
 * The steps on an escalation attack card (`escalationAttack`), run by the shell's card runtime on
 * the active GM's client: Apply (as rolled, or the GM's Half, Double or Heal), Undo, and the
 * author's choice of how long each effect lasts until it is applied. They read the card's seal and
 * ledger (the GM's records, which no player can write) and the documents; every change Undo may
 * reverse is recorded with the runtime's recorder. What each step accepts and allows is
 * `play/requests/attack-steps.ts`'s. Source: `000_c2dc3d650823e22d.txt` §Damage,
 * §Conditions and Effects, §Dying and Death; RULINGS.md (durations are chosen when applied).
 */
function attackSeal(context: StepContext<unknown>): AttackSeal | null {
  return attackSealOf(context.records.seal);
}

export const APPLY_STEP: CardStep<ApplyArgs> = {
  parse: parseApplyArgs,
  check: ({ request, records, sender }) =>
    applyStepClaim(request.index, request.mode, records, sender),
  async run(context, recorder) {
    const { request, records, sender, message } = context;
    const seal = attackSeal(context);
    const target = seal?.targets[request.index];
    const token = target ? (await fromUuid(target.tokenUuid)) as TokenDocument.Implementation | null
      : null;
    const actor = token?.actor as FrayActor | null | undefined;
    if (!seal || !target || !token || !actor) return refuse("noTarget");
    const history = recordsOf(records.ledger, request.index);
    const op = history.length;
    const posted = cardData(message.system).targets[request.index]?.effects ?? [];
    const durations = pickedDurations(posted, records.ledger, request.index, target);
    const record = await apply(
      { actor, token, seal, target, mode: request.mode, by: sender.id, op, durations }, recorder,
    );
    return {
      ok: true,
      ledger: { [String(request.index)]: [...history, record] },
      recordAs: stepKey(request.index, op),
    };
  },
};

interface ApplyInput {
  readonly actor: FrayActor;
  readonly token: TokenDocument.Implementation;
  readonly seal: AttackSeal;
  readonly target: SealedTarget;
  readonly mode: ApplyMode;
  readonly by: string;
  readonly op: number;
  readonly durations: readonly { duration: string }[];
}

/** Watches an actor's HP as a change later hits stay on top of (an NPC's never below 0). */
function watchHp(recorder: Recorder, actor: FrayActor): void {
  const max = { uuid: actor.uuid, path: "system.hp.max" };
  recorder.watch(actor, ["system.hp.value"], {
    add: { "system.hp.value": actor.isPC ? { max } : { min: 0, max } },
  });
  // A character's death track must be as the step left it: a death save since cannot be undone.
  if (actor.isPC) recorder.watch(actor, ["system.death"], { exact: true });
  // Its health markers follow HP: put back in line when a failed step's changes are put back.
  recorder.afterPutBack(() => actor.syncHealthStatuses());
}

/** Applies one sealed target: HP, conditions, Last Gasp, the Confused attacker's self-damage. */
async function apply(input: ApplyInput, recorder: Recorder): Promise<ApplyRecord> {
  const { actor, token, seal, target, mode } = input;
  const before = actor.hp.value;
  watchHp(recorder, actor);
  await actor.changeHp(hpChange(mode, target.damage), { crit: target.crit });
  const hurts = mode !== "heal";
  let effects: string[] = [];
  if (hurts) {
    effects = await actor.addTimedEffects(
      effectsToApply(target, input.durations), placementFor(token, seal),
    );
    for (const id of effects) {
      const effect = actor.effects.get(id);
      if (effect) recorder.created(effect);
    }
  }
  const lastGasp = hurts && target.lastGasp && actor.isPC && !actor.death.lastGasp;
  if (lastGasp) await startLastGaspSaves(actor);
  // A Confused attacker hurts itself when the result is applied as damage.
  const attacker = hurts && target.selfDamage > 0 ? await attackerOf(seal.actorUuid) : null;
  if (attacker) {
    // An attacker hitting itself is already watched as the target: a second watch of the same
    // HP would record its self-damage twice, and Undo would give it back twice.
    if (attacker.uuid !== actor.uuid) watchHp(recorder, attacker);
    await attacker.changeHp(-target.selfDamage);
  }
  return {
    op: input.op, by: input.by, mode, hpChange: actor.hp.value - before,
    addedEffects: effects, lastGasp, selfDamage: attacker ? target.selfDamage : 0,
  };
}

/**
 * Combatant ids for an effect's timing: the bearer's, the attacker's and whose turn it is, in the
 * encounter the attack was rolled in (the seal's; not whichever encounter the GM is viewing).
 */
function placementFor(token: TokenDocument.Implementation, seal: AttackSeal) {
  const ability = seal.sustainItemId;
  const combat = seal.combatId ? game.combats?.get(seal.combatId) : undefined;
  if (!combat?.started) return { bearer: null, source: null, currentTurn: null, ability };
  const bearer = combatantOfToken(combat, token)?.id ?? null;
  const source = combat.combatants.find((c) => c.actor?.uuid === seal.actorUuid)?.id ?? null;
  return { bearer, source, currentTurn: combat.combatant?.id ?? null, ability };
}

async function attackerOf(uuid: string): Promise<FrayActor | null> {
  return ((await fromUuid(uuid as `Actor.${string}`)) as FrayActor | null) ?? null;
}

export const UNDO_STEP: CardStep<UndoArgs> = {
  parse: parseUndoArgs,
  check: ({ request, records, sender }) =>
    applyStepClaim(request.index, "undo", records, sender),
  async run(context, recorder) {
    const { request, records, sender } = context;
    const history = recordsOf(records.ledger, request.index);
    const applied = appliedRecord(history);
    const seal = attackSeal(context);
    if (!applied || !seal) return refuse("notApplied");
    const target = seal.targets[request.index];
    const actor = target ? actorOfToken(target.tokenUuid) as FrayActor | null : null;
    const before = actor?.hp.value ?? 0;
    const key = stepKey(request.index, applied.op);
    // Health markers follow HP: those of every actor the undo changes back (its target's token may
    // be gone), and again if it fails and is put back.
    const changed = changedActors(records.steps[key]?.deltas ?? []);
    for (const a of changed) recorder.afterPutBack(() => a.syncHealthStatuses());
    const refused = await undoStep(context, key, undoReason, recorder);
    if (refused) return refused;
    for (const a of changed) await a.syncHealthStatuses();
    const record: ApplyRecord = {
      op: history.length, by: sender.id, mode: "undo", hpChange: (actor?.hp.value ?? 0) - before,
      addedEffects: [], lastGasp: false, selfDamage: 0,
    };
    return { ok: true, ledger: { [String(request.index)]: [...history, record] } };
  },
};

/** The actors whose HP or death track a step's deltas changed, as they are now. */
function changedActors(deltas: readonly Delta[]): FrayActor[] {
  const uuids = new Set(deltas.flatMap((d) => (d.kind === "add" || d.kind === "set" ? [d.uuid] : [])));
  return [...uuids].flatMap((uuid) => {
    const doc = fromUuidSync(uuid as `Actor.${string}`) as FrayActor | null;
    return doc && typeof doc.syncHealthStatuses === "function" ? [doc] : [];
  });
}

let picks = 0;

/**
 * The author (or the GM) picks how long an effect lasts, until its target is applied: the GM
 * records the choice in the card's ledger (`picked`), since nobody but the GM writes the card.
 */
export const DURATION_STEP: CardStep<DurationArgs> = {
  parse: parseDurationArgs,
  check(context) {
    const { request, records, sender } = context;
    const refused = durationRefusal(request, attackSeal(context), records.ledger, sender);
    if (refused) return refuse(refused);
    // Picking again is allowed: each pick is its own claim (a GM's two tabs share the query's).
    return { ok: true, claim: `d${request.index}-${request.effect}-${Date.now()}-${picks++}` };
  },
  async run(context) {
    const { request } = context;
    return { ok: true, ledger: { [`picked.${request.index}.${request.effect}`]: request.value } };
  },
};

