import { characterData } from "../../play/data/accessors";
import { rechargeChecks } from "../../rules/rest";
import { resolveSave } from "../../rules/save";
import {
  fullRestChange, powersOf, quickRestChange, rechargeLine, restLine, spendFits,
} from "../../play/survival/rest";
import type { FrayActor } from "../documents/actor";
import { foundryList, foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import type { EventLineInput } from "../../play/views/card-event";
import { recoveryAmount, type RecoveryMode } from "./recovery";

/**
 * Quick Rest and Full Rest on characters, each posting one chat summary of what changed.
 * What each rest changes is `play/survival/rest.ts`'s; this rolls and writes. Source:
 * `000_c2dc3d650823e22d.txt` §Resting and Recharging; `rest.ts`.
 */
async function restoreItems(actor: FrayActor, ids: readonly string[]): Promise<void> {
  if (ids.length)
    await actor.updateEmbeddedDocuments(
      "Item",
      ids.map((_id) => ({ _id, system: { used: false } })) as Item.UpdateData[],
    );
}

const nameOf = (actor: FrayActor, id: string) => actor.items.get(id)?.name ?? id;

/** @throws Error (localized) unless `spend` is a whole number of recoveries the character has. */
function checkSpend(actor: FrayActor, spend: number): void {
  const left = characterData(actor.system).recoveries.value;
  if (!spendFits(spend, left))
    throw new Error(t("FRAY.Rest.TooMany", { name: actor.name, count: spend, left }));
}

/** The powers a rest restored, by name, listed ("" for none). */
const restoredOf = (actor: FrayActor, result: { restored: readonly string[] }): string =>
  result.restored.length ? foundryList(result.restored.map((id) => nameOf(actor, id))) : "";

/** One character's Quick Rest; returns its summary lines and rolls (nothing is posted). */
export async function quickRestLines(
  actor: FrayActor, spend: number, mode: RecoveryMode,
): Promise<{ lines: EventLineInput[]; rolls: Roll[] }> {
  checkSpend(actor, spend);
  const data = characterData(actor.system);
  const rolls: Roll[] = [];
  const heals: number[] = [];
  for (let i = 0; i < spend; i++) {
    const { amount, roll } = await recoveryAmount(actor, mode);
    heals.push(amount);
    if (roll) rolls.push(roll);
  }
  const powers = powersOf(actor.abilityEntries);
  const rechargeDice: Record<string, number[]> = {};
  const lines: EventLineInput[] = [];
  for (const check of rechargeChecks(powers)) {
    const { roll, dice } = await rollPool(check.plan.pool);
    rolls.push(roll);
    rechargeDice[check.id] = dice;
    const save = resolveSave(check.plan, dice);
    lines.push(rechargeLine(nameOf(actor, check.id), { ...save, target: check.plan.target }, t));
  }
  const { result, system } = quickRestChange(data, powers, heals, rechargeDice);
  await actor.update({ system } as Actor.UpdateData);
  await restoreItems(actor, result.restored);
  await actor.syncHealthStatuses();
  lines.unshift(restLine("quick", actor.name, data.hp.value, result, restoredOf(actor, result), t));
  return { lines, rolls };
}

/** One character's Full Rest; returns its summary line. */
export async function fullRestLine(actor: FrayActor): Promise<string> {
  const data = characterData(actor.system);
  const { result, system } = fullRestChange(data, powersOf(actor.abilityEntries));
  await actor.update({ system } as Actor.UpdateData);
  await restoreItems(actor, result.restored);
  await actor.syncHealthStatuses();
  return restLine("full", actor.name, data.hp.value, result, restoredOf(actor, result), t);
}

/**
 * A rest for several characters at once (the GM's party rest), summarised in one chat card.
 * @throws Error (localized) when any character's recoveries to spend are not valid; then nobody
 * rests.
 */
export async function restCharacters(
  actors: readonly FrayActor[],
  kind: "quick" | "full",
  choose: (actor: FrayActor) => number,
  mode: RecoveryMode,
): Promise<void> {
  const spends = new Map(actors.map((a) => [a, kind === "quick" && !a.dead ? choose(a) : 0]));
  for (const [actor, spend] of spends) checkSpend(actor, spend);
  const lines: EventLineInput[] = [];
  const rolls: Roll[] = [];
  for (const actor of actors) {
    // The dead stay dead: rests do not bring them back (a table that plays unconscious-only revives
    // by hand).
    if (actor.dead) {
      lines.push(t("FRAY.Rest.Dead", { name: actor.name }));
      continue;
    }
    if (kind === "full") lines.push(await fullRestLine(actor));
    else {
      const r = await quickRestLines(actor, spends.get(actor) ?? 0, mode);
      lines.push(...r.lines);
      rolls.push(...r.rolls);
    }
  }
  await postEvent(t(kind === "full" ? "FRAY.Rest.FullTitle" : "FRAY.Rest.QuickTitle"), lines, {
    rolls,
    actor: actors.length === 1 ? actors[0] : null,
  });
}
