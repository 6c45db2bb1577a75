import { CONDITION_IDS, type ConditionId } from "../../rules/conditions";

/**
 * escalation's status effects (`CONFIG.statusEffects` while it plays, and the sheets' toggles in
 * any world): exactly the rules text's conditions (static ids, core icons), plus the health
 * markers Staggered, Dying and Dead. The attack code reads `actor.statuses`, so toggling one on a
 * token changes the next roll.
 */
const ICONS: Readonly<Record<ConditionId, string>> = {
  confused: "icons/svg/daze.svg",
  dazed: "icons/svg/stoned.svg",
  enervated: "icons/svg/degen.svg",
  flying: "icons/svg/wingfoot.svg",
  grabbed: "icons/svg/net.svg",
  hampered: "icons/svg/padlock.svg",
  helpless: "icons/svg/paralysis.svg",
  invisible: "icons/svg/invisible.svg",
  ongoing: "icons/svg/fire.svg",
  shaken: "icons/svg/terror.svg",
  softened: "icons/svg/acid.svg",
  stuck: "icons/svg/anchor.svg",
  stunned: "icons/svg/lightning.svg",
  vulnerable: "icons/svg/hazard.svg",
  weakened: "icons/svg/downgrade.svg",
};

export interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
}

export function frayStatusEffects(): StatusEffectEntry[] {
  return [
    ...CONDITION_IDS.map((id) => ({ id, name: `FRAY.Condition.${id}`, img: ICONS[id] })),
    { id: "staggered", name: "FRAY.Condition.staggered", img: "icons/svg/blood.svg" },
    { id: "dying", name: "FRAY.Condition.dying", img: "icons/svg/unconscious.svg" },
    { id: "dead", name: "FRAY.Condition.dead", img: "icons/svg/skull.svg" },
  ];
}
