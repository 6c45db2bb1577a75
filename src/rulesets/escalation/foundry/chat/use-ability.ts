import { abilityData, characterData } from "../../play/data/accessors";
import { combatFor } from "../../../../shell/combat/located";
import { postActorCard } from "../../../../shell/chat/actor-card";
import { putBack, Recorder } from "../../../../shell/cards/recorder";
import { useBlock } from "../../rules/statblock";
import { coupDeGraceBlock } from "../../rules/special-actions";
import { abilityProvokes } from "../../rules/opportunity";
import type { Action } from "../../rules/constants";
import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import type { FrayCombat } from "../documents/combat";
import { engagedWithIn } from "../documents/combat-engagement";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { CardTarget } from "../../play/cards/card-spec";
import {
  abilityCardOf, attackCardOf, healTargetsOf, targetRefusal, useCost, type HealTarget,
} from "../../play/cards/ability-use";
import { renderCard } from "./render-card";
import { rollAgainst, type RolledAttack } from "./attack-roll";
import { confusedCheck, startSustain } from "./use-extras";
import { actRefusal } from "../../play/actors/may-act";
import { askGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../../play/requests/names";
import { postEvent } from "./dice";
import { askConfirm } from "../../../../shell/applications/dialogs";
import { eventLinesView, type EventLineInput } from "../../play/views/card-event";

/**
 * Using an ability: checks that it may be used (the user may act, `may-act.ts`; frequency,
 * Escalation X+, Hampered, Power, an action left, targets), pays for it in one update (action, Power, expended) before any die is
 * rolled, rolls one attack per target with Foundry's Roll (all attacks first when the ability says
 * so), and posts one chat card. Nothing is applied here: the card's buttons do that. A provoking
 * use while engaged offers opportunity attacks; a Helpless engaged lone target may take a Coup de
 * Grace. Source: `000_c2dc3d650823e22d.txt` §Attacks, §Ability Entries, §Actions, §Coup de
 * Grace, §Dying and Death, §Last Gasp Saves.
 * @returns the created message, or null when the use was refused (a localized warning is shown).
 */
export interface UseOptions {
  /** Targets other than the user's targeted tokens (an opportunity attack's mover). */
  readonly targets?: readonly TargetToken[];
  /** Pay with this action instead of the ability's (an opportunity attack is Free). */
  readonly action?: Action;
}

export type TargetToken = {
  document: { uuid: string };
  name: string;
  actor: Actor.Implementation | null;
};

export async function useAbility(
  item: FrayItem,
  options: UseOptions = {},
): Promise<ChatMessage.Implementation | null> {
  const actor = item.parent as FrayActor | null;
  const ability = abilityData(item.system);
  const action = options.action ?? ability.action;
  const warn = (key: string, data: Record<string, string | number> = {}) => {
    ui.notifications?.warn(t(key, { name: item.name, ...data }));
    return null;
  };
  if (!actor) return warn("FRAY.Use.NoActor");
  // Dying characters and those making Last Gasp saves roll death saves instead of acting; one back
  // up acts from its next turn; the defeated and the dead do nothing (`mayAct`).
  const cannot = actRefusal(actor);
  if (cannot) return warn(cannot, { actor: actor.name });
  // The encounter the actor fights in, not the one this client views (shell/combat/located.ts).
  const combat = combatFor(actor) as FrayCombat | null;
  const started = Boolean(combat?.started);
  const escalationDie = started ? combat!.escalationDie : 0;
  const power = actor.isPC ? characterData(actor.system).power.value : undefined;
  const enemyBasic = actor.enemyBasicId === item.id;
  const block = useBlock(ability, { escalationDie, conditions: actor.statuses, power, enemyBasic });
  if (block)
    return warn(block, {
      min: ability.escalationMin,
      cost: ability.powerCost,
      resource: actor.isPC ? characterData(actor.system).power.label || t("FRAY.Sheet.Power") : "",
    });
  const combatant = started ? combat!.combatantOf(actor) : undefined;
  // An Interrupt is taken outside one's own turn (§Actions).
  if (combatant && action === "interrupt" && combat!.combatant?.id === combatant.id)
    return warn("FRAY.Use.InterruptOwnTurn");
  if (combatant && !(await combat!.canPay(combatant.id ?? "", action)))
    return warn("FRAY.Use.NoAction", { action: t(`FRAY.Action.${action}`) });
  const attacks = ability.defense !== "none";
  const targets: TargetToken[] = attacks ? [...(options.targets ?? game.user?.targets ?? [])] : [];
  const badTargets = targetRefusal(ability, targets.length);
  if (badTargets) return warn(badTargets.key, badTargets.data);
  const coupDeGrace =
    attacks && action === "standard" && combatant
      ? await askCoupDeGrace(combat!, combatant, actor, targets)
      : false;

  // Pay before rolling; if any part fails, what was already paid is given back.
  const refund = await pay(actor, item, ability, {
    combat,
    combatantId: combatant?.id ?? null,
    action,
    coupDeGrace,
    power,
  });
  if (!refund) return warn("FRAY.Use.PayFailed");
  if (ability.sustain > 0)
    await startSustain(actor, item.id ?? "", item.name, ability, started ? combat!.round : 0);

  const confused = await confusedCheck(actor, ability);
  let message: ChatMessage.Implementation | null = null;
  try {
    message = attacks
      ? await postAttackCard(actor, item, targets, {
          escalationDie,
          coupDeGrace,
          rollAllFirst: ability.rollAllFirst,
          attackerCombatantId: combatant?.id ?? null,
        })
      : await postAbilityCard(actor, item, confused);
  } catch (err) {
    console.error("Fray | the card could not be posted", err);
  }
  // A use whose card cannot be posted gives back what it paid.
  if (!message) {
    await refund();
    return warn("FRAY.Use.CardFailed");
  }
  if (attacks && confused.lines.length)
    await postEvent(item.name, confused.lines, { rolls: confused.rolls, actor });
  // The GM posts the offer (players cannot edit it); see gm/opportunity.ts.
  if (
    combatant
    && started
    && abilityProvokes(ability)
    && engagedWithIn(combat!, combatant.id ?? "").length
  ) {
    await askGM(REQUESTS.offerOpportunity, { combatId: combat!.id, combatantId: combatant.id });
  }
  return message;
}

/**
 * Pays for a use: the action (all three for a Coup de Grace), then the Encounter/Daily/Recharge
 * mark and the Power cost, watched by the shell's recorder (shell/cards/recorder.ts) so that a
 * failed write, or a card that cannot be posted, puts back whatever was written and gives back
 * the action (a player's through the GM's receipt, shell/combat/kept-spend.ts).
 * @returns the refund, or null (with nothing changed) when a write failed or no slot was left.
 */
async function pay(
  actor: FrayActor,
  item: FrayItem,
  ability: ReturnType<typeof abilityData>,
  at: {
    combat: FrayCombat | null;
    combatantId: string | null;
    action: Action;
    coupDeGrace: boolean;
    power: number | undefined;
  },
): Promise<(() => Promise<void>) | null> {
  const { combat, combatantId } = at;
  const cost = useCost(ability, actor.isPC, at.power);
  const recorder = new Recorder();
  let giveBack = async () => {};
  const refund = async () => {
    await putBack(recorder);
    await giveBack().catch(() => undefined);
  };
  try {
    if (combat && combatantId) {
      const before = { ...combat.actionsOf(combatantId) };
      // A player's spend is the GM's write, re-checked there (shell/combat/kept-spend.ts).
      const spent = at.coupDeGrace ? await combat.spendCoupDeGrace(combatantId)
        : await combat.spendAction(combatantId, at.action);
      if (!spent) return null;
      giveBack = () => combat.giveBack(combatantId, { actions: before });
    }
    recorder.watch(item, ["system.used"]);
    recorder.watch(actor, ["system.power.value"]);
    if (cost.markUsed) await item.update({ system: { used: true } } as Item.UpdateData);
    if (cost.power !== null)
      await actor.update({ system: { power: { value: cost.power } } } as Actor.UpdateData);
    return refund;
  } catch (err) {
    console.error("Fray | paying for an ability failed; undoing", err);
    await refund();
    return null;
  }
}

/**
 * Posts the card of an ability without attacks (ChatMessage subtype `ability`): its description,
 * Confused's notes, and heal buttons for a healing ability's targets.
 */
async function postAbilityCard(
  actor: FrayActor, item: FrayItem, confused: { lines: EventLineInput[]; rolls: Roll[] },
): Promise<ChatMessage.Implementation | null> {
  const ability = abilityData(item.system);
  const heal = ability.heal === "none" ? [] : healTargets(actor);
  const content = await foundry.applications.handlebars.renderTemplate(
    "systems/fray/templates/escalation/chat/ability-card.hbs",
    {
      name: item.name,
      img: item.img,
      ability,
      description: ability.description,
      heal,
      notes: eventLinesView(confused.lines),
    },
  );
  const system = abilityCardOf(actor, { id: item.id ?? "", name: item.name }, ability, heal);
  return postActorCard(actor, { type: "escalationAbility", content, system, rolls: confused.rolls });
}

/** Who a healing ability heals (`healTargetsOf`), from the user's targeted tokens. */
function healTargets(actor: FrayActor): HealTarget[] {
  const targeted = [...(game.user?.targets ?? [])].map((token) => ({
    uuid: token.document.uuid, name: token.name, actorType: token.actor?.type ?? null,
  }));
  return healTargetsOf(targeted, { uuid: actor.uuid, name: actor.name, isPC: actor.isPC });
}

/** Rolls every target's attack (all before any damage when asked) and posts the attack card. */
async function postAttackCard(
  actor: FrayActor,
  item: FrayItem,
  targets: readonly TargetToken[],
  opts: {
    escalationDie: number;
    coupDeGrace: boolean;
    rollAllFirst: boolean;
    attackerCombatantId: string | null;
  },
): Promise<ChatMessage.Implementation | null> {
  const setup = {
    actor,
    ability: abilityData(item.system),
    escalationDie: opts.escalationDie,
    coupDeGrace: opts.coupDeGrace,
    attackerCombatantId: opts.attackerCombatantId,
  };
  const rolls: Roll[] = [];
  const results: CardTarget[] = [];
  let formula = "";
  const finish = async (rolled: RolledAttack | null) => {
    if (!rolled) return;
    const { target, rolls: made } = await rolled.damage();
    results.push(target);
    rolls.push(...made);
    formula ||= rolled.formula;
  };
  if (opts.rollAllFirst) {
    const rolled = [];
    for (const token of targets) rolled.push(await rollAgainst(setup, token));
    for (const r of rolled) await finish(r);
  } else {
    for (const token of targets) await finish(await rollAgainst(setup, token));
  }
  const combat = combatFor(actor);
  const card = attackCardOf({
    user: actor, item: { id: item.id ?? "", name: item.name }, ability: setup.ability,
    escalationDie: opts.escalationDie, formula, targets: results,
    combat: combat ? { id: combat.id ?? "", round: combat.round } : null,
  });
  const content = await renderCard(card, { isGM: false, userId: "" });
  return postActorCard(actor, { type: "escalationAttack", content, system: card, rolls });
}

/**
 * When the one target is Helpless and engaged with the attacker, who still has all three turn
 * actions, asks whether to make it a Coup de Grace.
 */
async function askCoupDeGrace(
  combat: FrayCombat,
  combatant: Combatant.Implementation,
  actor: FrayActor,
  targets: readonly TargetToken[],
): Promise<boolean> {
  const target = targets[0];
  const targetCombatant = target?.actor ? combat.combatantOf(target.actor) : undefined;
  const blocked = coupDeGraceBlock({
    targetConditions: target?.actor?.statuses ?? [],
    engaged: Boolean(
      targetCombatant?.id && engagedWithIn(combat, combatant.id ?? "").includes(targetCombatant.id),
    ),
    targets: targets.length,
    actions: combat.actionsOf(combatant.id ?? ""),
  });
  if (blocked) return false;
  return askConfirm(
    t("FRAY.CoupDeGrace.Title"),
    t("FRAY.CoupDeGrace.Ask", { name: actor.name, target: target?.name ?? "" }),
  );
}
