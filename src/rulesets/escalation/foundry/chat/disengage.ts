import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { engagedWithIn, popOffIn } from "../documents/combat-engagement";
import { planDisengage, resolveDisengage } from "../../rules/disengage";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent, rollPool } from "./dice";
import { timingOf } from "../documents/timed-effects";

/**
 * Whether the one who Grabbed this character is among the foes it disengages from: the Grabbed
 * effect's source when Fray applied it from a card, else (a plain toggle) assumed so.
 */
function grabberAmong(actor: FrayActor, foes: readonly string[]): boolean {
  if (!actor.statuses.has("grabbed")) return false;
  const sources = actor.timedEffects.filter((e) => e.statuses.has("grabbed")).map((e) => timingOf(e)?.source ?? "");
  return sources.length === 0 || sources.some((s) => s === "" || foes.includes(s));
}

/**
 * Disengaging from every engaged foe: a Move action and a 3d6 check against 11 (+1 per extra foe);
 * Grabbed gives 1 Disadvantage when its grabber is among them (Fray cannot tell whether the grabber
 * was hit this round, so the player or GM removes Grabbed first if it was); Stuck cannot. A failure still spends the move
 * action; a success pops the combatant off them. Source: `000_c2dc3d650823e22d.txt` §Disengaging
 * and Popping Off; `disengage.ts`.
 * @throws Error (localized) when not engaged, Stuck, or without a move action; nothing changes.
 */
export async function disengage(combat: FrayCombat, combatantId: string): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor as FrayActor | null | undefined;
  if (!combatant || !actor) return;
  const foes = engagedWithIn(combat, combatantId);
  const planned = planDisengage({ enemies: foes.length, conditions: actor.statuses, fromGrabber: grabberAmong(actor, foes) });
  if ("block" in planned) throw new Error(t(planned.block, { name: actor.name }));
  if (!(await combat.spendAction(combatantId, "move"))) throw new Error(t("FRAY.Use.NoAction", { name: t("FRAY.Disengage.Name"), action: t("FRAY.Action.move") }));
  const { roll, dice } = await rollPool(planned.plan.pool);
  const r = resolveDisengage(planned.plan, dice);
  const names = foes.map((id) => combat.combatants.get(id)?.name ?? "").join(", ");
  if (r.success) await popOffIn(combat, combatantId, foes);
  await postEvent(t("FRAY.Disengage.Name"), [
    t(r.success ? "FRAY.Disengage.Pass" : "FRAY.Disengage.Fail", { name: actor.name, foes: names, natural: r.natural, target: planned.plan.target }),
  ], { rolls: [roll], actor });
}
