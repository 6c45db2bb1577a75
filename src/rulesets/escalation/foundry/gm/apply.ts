import type { FrayActor } from "../documents/actor";
import { cardData } from "../data/accessors";
import { registerRequest, type RelayResult } from "../../../../shell/relay/gm-relay";
import { claimKey } from "../../../../shell/relay/claims";
import { REQUESTS } from "./requests";
import { checkApplyRequest, hpChange, parseApplyRequest, type Sender } from "../chat/relay-check";
import {
  appliedRecord, effectsToApply, recordsOf, sealAttack, sealOf, type ApplyRecord, type AttackSeal,
  type SealedTarget,
} from "../chat/card-seal";
import { planUndo } from "../chat/undo-plan";
import { startLastGaspSaves } from "../chat/death-save";
import type { ApplyMode } from "../chat/card-spec";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { claimStep } from "../../../../shell/gm/claim";
import { openCardRequest, refuse } from "../../../../shell/gm/card-request";

/**
 * The active GM applies (or undoes) an attack card's result on one target. It reads only the
 * card's seal and records (GM-only fields) and the effect durations its author picked, claims the
 * step, changes HP and conditions, and records the step on the card so that nothing applies twice
 * and Undo reverses exactly what was done. Source: `000_c2dc3d650823e22d.txt` §Damage,
 * §Conditions and Effects, §Dying and Death.
 */
export function registerApply(): void {
  registerRequest(REQUESTS.apply, performApply);
}

async function performApply(payload: unknown, sender: Sender): Promise<RelayResult> {
  const card = openCardRequest(payload, parseApplyRequest, "escalationAttack");
  if (!card.ok) return card;
  const { request, message } = card;
  const stored = sealOf(card.seal);
  const sealed = stored?.kind === "attack" ? stored : null;
  const records = recordsOf(card.ledger, request.index);
  const verdict = checkApplyRequest(request, sealed, records, sender);
  if (!verdict.ok) return verdict;
  // A card posted while no GM was online has no seal: only a GM gets here, having read it.
  const seal: AttackSeal = sealed ?? sealAttack(cardData(message.system), message.author?.id ?? "");
  const target = seal.targets[request.index];
  if (!target) return refuse("notOnCard");
  const token = (await fromUuid(target.tokenUuid)) as TokenDocument.Implementation | null;
  const actor = token?.actor as FrayActor | null | undefined;
  if (!token || !actor) return refuse("noTarget");
  const applied = appliedRecord(records);
  if (request.mode === "undo" && applied) {
    const plan = planUndo(applied, undoTargetOf(actor));
    if (!plan.ok) return refuse(plan.reason);
  }
  if (!(await claimStep(message, claimKey(request.index, verdict.op))))
    return refuse("alreadyApplied");
  const step = { op: verdict.op, by: sender.id };
  const record =
    request.mode === "undo" && applied
      ? await undo(actor, applied, seal, step)
      : await apply(
          actor,
          token,
          seal,
          target,
          request.mode as ApplyMode,
          step,
          picked(message, request.index),
        );
  await message.update({
    [`system.ledger.${request.index}`]: [...records, record],
  } as ChatMessage.UpdateData);
  return record.mode === "void" ? refuse(record.reason ?? "failed") : { ok: true };
}

/** The durations the author picked for a target's effects (the only card data the GM reads). */
function picked(
  message: ChatMessage.Implementation,
  index: number,
): { duration: string }[] | undefined {
  return cardData(message.system).targets[index]?.effects;
}

function undoTargetOf(actor: FrayActor) {
  return {
    hp: actor.hp.value,
    hpMax: actor.hp.max,
    isPC: actor.isPC,
    death: actor.isPC ? { ...actor.death } : null,
  };
}

/** Combatant ids for an effect's timing: the bearer's, the attacker's and whose turn it is. */
function placementFor(token: TokenDocument.Implementation, attackerUuid: string, ability: string) {
  const combat = game.combat;
  if (!combat?.started) return { bearer: null, source: null, currentTurn: null, ability };
  const bearer = combat.combatants.find((c) => c.tokenId === token.id)?.id ?? null;
  const source = combat.combatants.find((c) => c.actor?.uuid === attackerUuid)?.id ?? null;
  return { bearer, source, currentTurn: combat.combatant?.id ?? null, ability };
}

async function attackerOf(uuid: string): Promise<FrayActor | null> {
  return ((await fromUuid(uuid as `Actor.${string}`)) as FrayActor | null) ?? null;
}

type Step = { op: number; by: string };
type StepRecord = ApplyRecord;

/**
 * Applies one sealed target: HP, conditions, Last Gasp, the Confused attacker's self-damage. If a
 * write fails part-way, what was already changed is put back and a `void` record says so.
 */
async function apply(
  actor: FrayActor, token: TokenDocument.Implementation, seal: AttackSeal, target: SealedTarget,
  mode: ApplyMode, step: Step, durations: { duration: string }[] | undefined,
): Promise<StepRecord> {
  const before = actor.hp.value;
  const deathBefore = actor.isPC ? { ...actor.death } : null;
  const done: { effects: string[]; self: FrayActor | null } = { effects: [], self: null };
  try {
    await actor.changeHp(hpChange(mode, target.damage), { crit: target.crit });
    const hurts = mode !== "heal";
    if (hurts) {
      const placement = placementFor(token, seal.actorUuid, seal.sustainItemId);
      done.effects = await actor.addTimedEffects(effectsToApply(target, durations), placement);
    }
    const lastGasp = hurts && target.lastGasp && actor.isPC && !actor.death.lastGasp;
    if (lastGasp) await startLastGaspSaves(actor);
    // A Confused attacker hurts itself when the result is applied as damage.
    const attacker = hurts && target.selfDamage > 0 ? await attackerOf(seal.actorUuid) : null;
    if (attacker) {
      await attacker.changeHp(-target.selfDamage);
      done.self = attacker;
    }
    return {
      ...step, mode, hpChange: actor.hp.value - before, deathBefore,
      deathAfter: actor.isPC ? { ...actor.death } : null, addedEffects: done.effects, lastGasp,
      selfDamage: attacker ? target.selfDamage : 0,
    };
  } catch (err) {
    console.error("Fray | applying a card failed; putting back what changed", err);
    await actor.restoreHp(before, deathBefore).catch(() => undefined);
    const left = done.effects.filter((id) => actor.effects.has(id));
    if (left.length)
      await actor.deleteEmbeddedDocuments("ActiveEffect", left).catch(() => undefined);
    return {
      ...step,
      mode: "void",
      reason: t("FRAY.Relay.Reason.failed"),
      hpChange: 0,
      deathBefore,
      deathAfter: deathBefore,
      addedEffects: [],
      lastGasp: false,
      selfDamage: 0,
    };
  }
}

/** Reverses an applied step (its exactness was checked by `planUndo` before the claim). */
async function undo(
  actor: FrayActor,
  applied: ApplyRecord,
  seal: AttackSeal,
  step: Step,
): Promise<StepRecord> {
  const plan = planUndo(applied, undoTargetOf(actor));
  const empty = {
    hpChange: 0,
    deathBefore: null,
    deathAfter: null,
    addedEffects: [],
    lastGasp: false,
    selfDamage: 0,
  };
  if (!plan.ok) return { ...step, ...empty, mode: "void", reason: plan.reason };
  const hpBefore = actor.hp.value;
  await actor.restoreHp(plan.hp, plan.death);
  const ids = applied.addedEffects.filter((id) => actor.effects.has(id));
  if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  if (applied.selfDamage > 0)
    await (await attackerOf(seal.actorUuid))?.changeHp(applied.selfDamage);
  return { ...step, ...empty, mode: "undo", hpChange: plan.hp - hpBefore };
}
