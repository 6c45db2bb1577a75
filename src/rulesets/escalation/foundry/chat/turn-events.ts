import { effectsEndingWithSource, endOfTurnPlan, type TimedEffect } from "../../rules/durations";
import { FRESH_DEATH_TRACK } from "../../rules/death-save";
import { planSave, resolveSave } from "../../rules/save";
import type { FrayActor } from "../documents/actor";
import { characterData } from "../../play/data/accessors";
import type { FrayCombat } from "../documents/combat";
import { toTimedEffect } from "../../play/actors/timed-effects";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import { rollDeathSave } from "./death-save";
import { makesDeathSaves } from "../../play/survival/death-save";
import { expireUnsustained } from "./sustain";
import { endSpiritBoons, spiritBoons } from "./party-actions";
import { spiritSaveEdge } from "../../rules/fight-in-spirit";
import type { EventLineInput } from "../../play/views/card-event";
import { expiredLine, ongoingLine, turnSaveLine } from "../../play/views/turn-lines";

/**
 * What happens at the start and end of a turn in a Fray combat, run by the active GM from the
 * Combat's lifecycle methods. Start: a Dying character's death save. End: ongoing damage, then one
 * save per save-ends effect, then every effect that lasted "until the end of <this combatant>'s
 * next turn" expires — once per turn, even if the GM steps back and forward again.
 * Source: `000_c2dc3d650823e22d.txt` §Actions, §Dying and Death; `durations.ts`.
 */
interface Located {
  readonly effect: TimedEffect;
  readonly actor: FrayActor;
}

/** Every timed effect on every combatant, by effect id. */
function timedEffectsIn(combat: FrayCombat): Map<string, Located> {
  const out = new Map<string, Located>();
  for (const c of combat.combatants) {
    const actor = c.actor as FrayActor | null;
    if (!actor || !c.id) continue;
    for (const ae of actor.timedEffects) {
      const effect = toTimedEffect(ae, c.id);
      if (effect) out.set(effect.key, { effect, actor });
    }
  }
  return out;
}

/**
 * Start of a turn: the combatant's Fight in Spirit boons end; a Dying or Last Gasp character saves.
 */
export async function onTurnStart(
  combat: FrayCombat,
  combatant: Combatant.Implementation,
): Promise<void> {
  if (combatant.id) await endSpiritBoons(combat, combatant.id);
  const actor = combatant.actor as FrayActor | null;
  if (actor?.isPC && characterData(actor.system).death.upNextTurn)
    await actor.update({ system: { death: { upNextTurn: false } } } as Actor.UpdateData);
  if (actor && makesDeathSaves(actor)) await rollDeathSave(actor);
}

/**
 * End of a turn (skipped turns only expire effects): ongoing damage, one save per save-ends effect,
 * expiry and arming of effects waiting for this combatant, unsustained abilities ending; one chat
 * card lists it. Called once per turn: `FrayCombat` claims the turn in its turn ledger first, so a
 * turn already processed (the GM stepped back and forward) never gets here.
 * @param turn the turn's own round (the encounter's round has moved on when the last turn of a
 *   round ends) and whether the tracker jumped over it.
 */
export async function onTurnEnd(
  combat: FrayCombat,
  combatant: Combatant.Implementation,
  turn: { round: number; skipped: boolean },
): Promise<void> {
  const id = combatant.id;
  if (!id) return;
  const { skipped } = turn;
  const located = timedEffectsIn(combat);
  const plan = endOfTurnPlan(
    [...located.values()].map((l) => l.effect),
    id,
  );
  const lines: EventLineInput[] = [];
  const rolls: Roll[] = [];
  const actor = combatant.actor as FrayActor | null;
  const ended = new Set<string>();
  if (actor && !skipped) {
    for (const e of plan.ongoing) {
      await actor.changeHp(-e.amount);
      lines.push(ongoingLine(actor.name, e.amount, e.damageType, t));
    }
    for (const e of plan.saves) {
      const save = planSave(actor.statuses, e.saveTarget, 0, spiritSaveEdge(spiritBoons(actor)));
      const { roll, dice } = await rollPool(save.pool);
      rolls.push(roll);
      const r = resolveSave(save, dice);
      lines.push(turnSaveLine(actor.name, e.condition, { ...r, target: e.saveTarget }, t));
      if (r.success) ended.add(e.key);
    }
  }
  for (const e of plan.expire) {
    ended.add(e.key);
    const bearer = located.get(e.key)?.actor;
    if (bearer) lines.push(expiredLine(bearer.name, e.condition, t));
  }
  await deleteEffects(located, ended);
  for (const e of plan.arm) {
    if (ended.has(e.key)) continue;
    const bearer = located.get(e.key)?.actor;
    await bearer?.effects
      .get(e.key)
      ?.update({ "flags.fray.timing.armed": true } as ActiveEffect.UpdateData);
  }
  // Sustained this turn means sustained in the turn's own round, not the one the tracker is in now.
  if (actor && !skipped) lines.push(...(await expireUnsustained(actor, turn.round)));
  if (lines.length)
    await postEvent(t("FRAY.Turn.EndTitle", { name: combatant.name ?? "" }), lines, {
      rolls,
      actor,
    });
}

async function deleteEffects(
  located: Map<string, Located>,
  keys: ReadonlySet<string>,
): Promise<void> {
  const byActor = new Map<FrayActor, string[]>();
  for (const key of keys) {
    const l = located.get(key);
    if (l) byActor.set(l.actor, [...(byActor.get(l.actor) ?? []), key]);
  }
  for (const [actor, ids] of byActor) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
}

/**
 * A combatant is out of the fight (an NPC at 0 HP or marked defeated, a dead PC): the effects that
 * last "until the end of its next turn" end now, since that turn will never come; one chat card
 * lists them. Does nothing when none are left, so calling it again after they ended is harmless.
 * Source: RULINGS.md §escalation Instances; `effectsEndingWithSource`.
 */
export async function onSourceDown(
  combat: FrayCombat,
  source: Combatant.Implementation,
): Promise<void> {
  if (!source.id) return;
  const located = timedEffectsIn(combat);
  const ending = effectsEndingWithSource(
    [...located.values()].map((l) => l.effect),
    source.id,
  );
  if (!ending.length) return;
  await deleteEffects(located, new Set(ending.map((e) => e.key)));
  const lines = ending.flatMap((e) => {
    const bearer = located.get(e.key)?.actor;
    return bearer ? [expiredLine(bearer.name, e.condition, t)] : [];
  });
  const title = t("FRAY.Turn.SourceDownTitle", { name: source.name ?? "" });
  await postEvent(title, lines, { actor: source.actor });
}

/** The encounter is over: every timed effect ends and death saves start afresh next time. */
export async function onCombatEnd(combat: FrayCombat): Promise<void> {
  const located = timedEffectsIn(combat);
  await deleteEffects(located, new Set(located.keys()));
  for (const c of combat.combatants) {
    const actor = c.actor as FrayActor | null;
    if (actor?.isPC && !actor.dead)
      await actor.update({
        system: {
          death: { ...FRESH_DEATH_TRACK, lastGasp: actor.death.lastGasp, upNextTurn: false },
        },
      } as Actor.UpdateData);
  }
}
