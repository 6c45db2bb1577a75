import "../styles/cards.scss";
import "../styles/sheets.scss";
import { installFoundry } from "../../../shell/setup/install";
import { registerCardKind } from "../../../shell/cards/kind";
import { warnIfRefused } from "../../../shell/applications/refusals";
import { registerItemMacros } from "../../../shell/setup/item-macros";
import { sheetRegistrations, type FoundryRuleset } from "../../../shell/ruleset-module";
import { statusEntries } from "../../../shell/setup/status-effects";
import { WOUNDS_ACTOR_TYPES } from "../play/actors/unit";
import { WOUNDS_STATUS_IDS } from "../play/actors/states-of";
import { WoundsActor } from "./documents/actor";
import { WoundsItem } from "./documents/item";
import { WoundsCombat } from "./documents/combat";
import { WoundsCombatant } from "./documents/combatant";
import { DATA_MODELS } from "./data/register";
import { WoundsCombatTracker } from "./applications/combat-tracker";
import { WOUNDS_ATTACK_KIND } from "./cards/attack-kind";
import { CARD_TEMPLATE } from "./cards/template";
import { attackWith } from "./chat/attack";
import { registerOfferKind } from "../../../shell/offers/runtime";
import { registerMovementRules } from "../../../shell/movement/watch";
import { judgedMovement } from "../../../shell/movement/judged";
import { CRITICAL_FREE_HIT_KIND, FREE_HIT_KIND } from "../play/round/free-hits";
import {
  afterMove, CRITICAL_FREE_HIT_OFFER, FREE_HIT_OFFER, judgeDrag,
} from "./gm/free-hits";
import { WoundsActorSheet } from "./applications/actor-sheet";
import {
  WoundsFeatSheet, WoundsSpellSheet, WoundsWeaponSheet,
} from "./applications/item-sheets";
import { afterCast, payUpkeep, registerSummonOutside } from "./gm/cast";
import { queued } from "../../../shell/relay/gm-relay";
import { endBattle, registerBattleEnd, startBattle } from "./gm/battle-end";

/** The token HUD's icon of each of wounds' own statuses (Foundry's own icons). */
const STATUS_ICONS: Readonly<Record<(typeof WOUNDS_STATUS_IDS)[number], string>> = {
  snuckUpOn: "icons/svg/eye.svg",
  channeling: "icons/svg/aura.svg",
  disarmed: "icons/svg/sword.svg",
};

/**
 * wounds' own statuses beside Foundry's (whose prone, restrained, frozen and paralysis it reads
 * too: `play/actors/states-of.ts`).
 */
export const WOUNDS_STATUSES = statusEntries(STATUS_ICONS, {
  idOf: (id) => `wounds.${id}`, names: "FRAY.Wounds.Status", hints: "FRAY.Wounds.StatusHint",
});

/**
 * The `wounds` ruleset in Foundry (`001_dbc5fcc02a99a518.txt`): its data models and sheets
 * (registered in every world), and what `install` sets up when a world plays it: document classes,
 * the battle's order by Agility with the fight's starter last, the slots kept by the GM and
 * refilled once at each edge, its tracker and its statuses, its attack card (weapons also
 * as hotbar macros), and free hits offered on moves and natural 1s.
 */
export const WOUNDS_FOUNDRY: FoundryRuleset = {
  id: "wounds",
  dataModels: DATA_MODELS,
  sheets: sheetRegistrations("FRAY.Wounds.Sheet", [
    ["Actor", WoundsActorSheet, WOUNDS_ACTOR_TYPES, "Character"],
    ["Item", WoundsWeaponSheet, ["woundsWeapon"], "Weapon"],
    ["Item", WoundsSpellSheet, ["woundsSpell"], "Spell"],
    ["Item", WoundsFeatSheet, ["woundsFeat"], "Feat"],
  ]),
  install,
};

function install(): void {
  const bars = { bar: ["hp", "mp"], value: ["armor", "movement"] };
  installFoundry({
    documents: {
      Actor: WoundsActor, Item: WoundsItem, Combat: WoundsCombat, Combatant: WoundsCombatant,
    },
    combatantModels: {},
    tracker: WoundsCombatTracker,
    statusEffects: { add: WOUNDS_STATUSES },
    trackableAttributes: Object.fromEntries(WOUNDS_ACTOR_TYPES.map((type) => [type, bars])),
    templates: [CARD_TEMPLATE],
  });
  registerCardKind(WOUNDS_ATTACK_KIND);
  // A drag is paid from the Move Action; leaving or crossing an enemy's melee zone gives it a
  // free hit, as does a natural 1.
  registerMovementRules(judgedMovement({
    judge: judgeDrag, putBack: "FRAY.Wounds.Moves.PutBack", after: afterMove,
  }));
  registerOfferKind(FREE_HIT_KIND, FREE_HIT_OFFER);
  registerOfferKind(CRITICAL_FREE_HIT_KIND, CRITICAL_FREE_HIT_OFFER);
  // Casting, summons and the battle's end: the GM's work the Combat reaches without importing it.
  WoundsCombat.castWork = afterCast;
  WoundsCombat.upkeepWork = payUpkeep;
  // The end in the relay's one queue, so it never interleaves with a request the GM is running;
  // the start runs within the turn events that claimed it.
  WoundsCombat.battle = { start: startBattle, end: (combat) => queued(() => endBattle(combat)) };
  registerBattleEnd();
  registerSummonOutside();
  // A weapon dragged to the hotbar attacks with it, as its Attack button does.
  registerItemMacros({
    types: ["woundsWeapon"],
    use: (item) => warnIfRefused(() => attackWith(item.parent as WoundsActor, item)),
  });
}
