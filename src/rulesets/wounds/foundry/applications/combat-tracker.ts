import { entryBase, rulesetTracker } from "../../../../shell/applications/tracker/app";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { isWoundsActor } from "../../play/actors/unit";
import { WOUNDS_ROWS, type WoundsEntry, type WoundsInput } from "../../play/views/tracker-rows";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/** A row's entry: its kept slots, what they refill to, its wounds and marks. */
function entryOf(combat: WoundsCombat, c: WoundsCombatant): WoundsEntry {
  const actor = c.actor as WoundsActor | null;
  const unit = actor && isWoundsActor(actor) ? actor.unit : null;
  return {
    ...entryBase(c), kept: c.data, name: c.name ?? "",
    counts: unit
      ? { bonus: unit.derived.bonusActions, freeHit: unit.derived.freeHitSlots } : null,
    initiator: combat.initiators.includes(c.id ?? ""),
    sick: combat.isSick(c),
    wounds: unit?.wounds.length ?? 0,
  };
}

/**
 * The combat tracker of wounds (the shell's tracker, `shell/applications/tracker/`): each row
 * shows the actions the combatant has left this turn (Attack, Move, two Bonus) and its Free Hit
 * Slots left this round, its wounds and marks (`play/views/tracker-rows.ts`); before the start
 * the GM marks who started the fight on its row. Foundry's own controls place everyone by Agility
 * (`WoundsCombat#rollInitiative`).
 */
export const WoundsCombatTracker = rulesetTracker<WoundsCombat, WoundsEntry, WoundsInput>({
  name: "WoundsCombatTracker",
  classes: ["fray-wounds-tracker"],
  positionGrids: ["square"],
  rows: WOUNDS_ROWS,
  read: (combat, base) => ({
    ...base, entries: (combat.turns as WoundsCombatant[]).map((c) => entryOf(combat, c)),
  }),
  actions: {
    woundsInitiator: {
      gm: true, row: true,
      run: ({ combat, combatantId }) => warnIfRefused(() => combat.toggleInitiator(combatantId)),
    },
  },
});
