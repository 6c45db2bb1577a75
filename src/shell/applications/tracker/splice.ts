import type { TrackerInserts } from "../../../engine/view/tracker/row-model";

/**
 * Puts a ruleset's rendered tracker additions (`tracker-rows.ts` `trackerInserts`) into Foundry
 * v13's tracker list (templates/sidebar/tabs/combat/tracker.hbs: `ol.combat-tracker` >
 * `li.combatant[data-combatant-id]` > `.token-name` > `strong.name` + `.combatant-controls` >
 * `.token-effects`). Plain DOM and no closure over anything, so the browser test runs this very
 * function on Foundry's own template.
 * A heading goes before its group's first row; each row gets its reorder controls among
 * Foundry's (before the effect icons), its state block under its name, and `aria-current` when it
 * is the combatant acting now (Foundry marks that only by the `active` class's colours). Calling
 * it again on the same list replaces what it put in before (a render of other parts leaves the
 * list in place).
 */
export function spliceTracker(list: Element, inserts: TrackerInserts): void {
  const earlier = list.querySelectorAll(".fray-group-heading, .fray-turn-state, .fray-reorder");
  earlier.forEach((el) => el.remove());
  const rowOf = (id: string) =>
    [...list.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")].find(
      (li) => li.dataset.combatantId === id,
    );
  for (const heading of inserts.headings) {
    rowOf(heading.beforeId)?.insertAdjacentHTML("beforebegin", heading.html);
  }
  for (const row of inserts.rows) {
    const li = rowOf(row.id);
    if (!li) continue;
    if (row.active) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
    if (row.reorder !== null) {
      const controls = li.querySelector(".combatant-controls");
      const effects = controls?.querySelector(".token-effects");
      if (effects) effects.insertAdjacentHTML("beforebegin", row.reorder);
      else controls?.insertAdjacentHTML("beforeend", row.reorder);
    }
    li.querySelector(".token-name")?.insertAdjacentHTML("beforeend", row.state);
  }
}
