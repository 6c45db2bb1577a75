import "../styles/sheets.scss";
import "../styles/cards.scss";
import { installFoundry } from "../../../shell/setup/install";
import { registerCardKind } from "../../../shell/cards/kind";
import { warnIfRefused } from "../../../shell/applications/refusals";
import { registerItemMacros } from "../../../shell/setup/item-macros";
import { registerOfferKind } from "../../../shell/offers/runtime";
import { registerMovementRules } from "../../../shell/movement/watch";
import { OPPORTUNITY_KIND } from "../play/round/moves";
import { afterMove, beforeMove, OPPORTUNITY_OFFER } from "./gm/moves";
import { sheetRegistrations, type FoundryRuleset } from "../../../shell/ruleset-module";
import { statusEntries } from "../../../shell/setup/status-effects";
import type { ConditionId } from "../rules/constants";
import { conditionStatus } from "../play/round/end-phase";
import { PhasesActor, PHASES_ACTOR_TYPES } from "./documents/actor";
import { PhasesItem } from "./documents/item";
import { PhasesCombat } from "./documents/combat";
import { PhasesCombatant } from "./documents/combatant";
import { DATA_MODELS } from "./data/register";
import { PhasesCombatTracker } from "./applications/combat-tracker";
import { PhasesActorSheet } from "./applications/actor-sheet";
import {
  PhasesActivatableSheet, PhasesAttackSheet, PhasesMovementSheet,
} from "./applications/item-sheets";
import { endPhase, rollOfferedSaves, SAVE_OFFER } from "./gm/end-phase";
import { SAVE_KIND } from "../play/round/end-phase";
import { registerRequest } from "../../../shell/relay/gm-relay";
import { PHASES_ATTACK_KIND } from "./cards/attack-kind";
import { CARD_TEMPLATE } from "./cards/template";
import { attackWith } from "./chat/attack";

/** The token HUD's icon of each condition a power may inflict (Foundry's own icons). */
const CONDITION_ICONS: Readonly<Record<ConditionId, string>> = {
  slowed: "icons/svg/anchor.svg",
  dazed: "icons/svg/stoned.svg",
  exposed: "icons/svg/hazard.svg",
  immobilised: "icons/svg/trap.svg",
};

/** The conditions as status effects, beside Foundry's own (client/config.mjs `statusEffects`). */
export const CONDITION_STATUSES = statusEntries(CONDITION_ICONS, {
  idOf: (id) => conditionStatus(id as ConditionId), names: "FRAY.Phases.Condition",
  hints: "FRAY.Phases.ConditionHint",
});

/**
 * The `phases` ruleset in Foundry (`003_d18720f6cd315cc2.txt`): its data models and sheets
 * (registered in every world), and what `install` sets up when a world plays it: document classes,
 * the stepped round (each round's Initiative phase rolled on the GM's client, seizing, Movement
 * lowest first and Battle highest first), its tracker, its conditions as status effects, its
 * attack card (and attack powers as hotbar macros), moves judged against movement powers with
 * opportunity attacks offered, and the End phase's saves (a player's character's offered to its
 * owners).
 */
export const PHASES_FOUNDRY: FoundryRuleset = {
  id: "phases",
  dataModels: DATA_MODELS,
  sheets: sheetRegistrations("FRAY.Phases.Sheet", [
    ["Actor", PhasesActorSheet, PHASES_ACTOR_TYPES, "Character"],
    ["Item", PhasesAttackSheet, ["phasesAttack"], "Attack"],
    ["Item", PhasesMovementSheet, ["phasesMovement"], "Movement"],
    ["Item", PhasesActivatableSheet, ["phasesActivatable"], "Activatable"],
  ]),
  install,
};

function install(): void {
  const bars = { bar: ["hp"], value: ["atk", "def", "speed"] };
  installFoundry({
    documents: {
      Actor: PhasesActor, Item: PhasesItem, Combat: PhasesCombat, Combatant: PhasesCombatant,
    },
    combatantModels: {},
    tracker: PhasesCombatTracker,
    statusEffects: { add: CONDITION_STATUSES },
    trackableAttributes: Object.fromEntries(PHASES_ACTOR_TYPES.map((type) => [type, bars])),
    templates: [CARD_TEMPLATE],
  });
  PhasesCombat.endPhase = endPhase;
  registerCardKind(PHASES_ATTACK_KIND);
  // Each drag is judged against the mover's movement power; leaving a threatened square offers
  // each threatening enemy an opportunity attack.
  registerMovementRules({ before: beforeMove, after: afterMove });
  registerOfferKind(OPPORTUNITY_KIND, OPPORTUNITY_OFFER);
  // A player's character's End-phase saves are offered to its owners; the GM's client rolls them.
  registerOfferKind(SAVE_KIND, SAVE_OFFER);
  registerRequest("phasesSaves", rollOfferedSaves);
  // An attack power dragged to the hotbar attacks with it, as its Attack button does.
  registerItemMacros({
    types: ["phasesAttack"],
    use: (item) => warnIfRefused(() => attackWith(item.parent as PhasesActor, item)),
  });
}
