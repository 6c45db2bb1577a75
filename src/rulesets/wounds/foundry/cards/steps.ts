import { refuse, type CardStep, type StepOutcome } from "../../../../shell/cards/kind";
import { claimUnlessRefused, undoApplyStep } from "../../../../shell/cards/requests";
import type { Recorder } from "../../../../shell/cards/recorder";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { defeatedStatus } from "../../../../shell/setup/status-effects";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { FATAL_DIE } from "../../rules/constants";
import {
  applyPlan, applyRefusal, ledgerOf, linkRefusal, parseNoArgs, recordedOutcome, sealOf,
  undoReason, undoRefusal,
} from "../../play/cards/card-steps";
import { outcomeOf } from "../../play/cards/outcome";
import { aimText } from "../../play/cards/card-view";
import { nextDealt, woundEffectData, woundsOf } from "../../play/actors/wound-effects";
import type { WoundsActor } from "../documents/actor";
import { readCard } from "./reading";
import { offerFumbleFreeHit } from "../gm/free-hits";

/**
 * The chain's next link: its author (or a GM) presses, the active GM rolls it (d4, d6, …), once
 * a link (one claim each); a settled natural 1 then offers its target a free hit
 * (`gm/free-hits.ts`). Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals.
 */
export const LINK_STEP: CardStep<object> = {
  parse: parseNoArgs,
  check({ records, sender }) {
    const why = linkRefusal(sealOf(records), ledgerOf(records), sender);
    return why ? refuse(why) : { ok: true, claim: `link${ledgerOf(records).links?.length ?? 0}` };
  },
  async run({ records, message }) {
    const seal = sealOf(records);
    const ledger = ledgerOf(records);
    const faces = recordedOutcome(seal, ledger)?.nextLink;
    if (!seal || faces == null) return refuse("wndNoLink");
    // The weapon as the GM read it, escaped: a roll's flavor is HTML (chat-message.hbs).
    const item = foundry.utils.escapeHTML(seal.hit.weapon.name);
    const flavor = t("FRAY.Wounds.Card.LinkFlavor", { die: `d${faces}`, item });
    const die = await ShownRolls.die(faces, flavor, message);
    const links = [...(ledger.links ?? []), die];
    const settled = outcomeOf(seal, links, null);
    const reading = readCard(seal.posted);
    const { combat, attackerCombatant: from, targetCombatant: to } = reading ?? {};
    // A settled natural 1 offers its target the free hit it gives, once recorded.
    const afterwards = settled.nextLink === null && settled.freeHit !== "none" && combat && from
      && to ? () => offerFumbleFreeHit(combat, from, to, settled.freeHit) : undefined;
    return { ok: true, ledger: { links }, ...(afterwards ? { afterwards } : {}) };
  },
};

/** Puts the defeated status on `actor`, recorded (Undo takes it off). */
async function defeat(actor: WoundsActor, recorder: Recorder): Promise<void> {
  if (actor.statuses.has(defeatedStatus())) return;
  recorder.watchEmbedded(actor, "ActiveEffect", "effects");
  await actor.toggleStatusEffect(defeatedStatus(), { active: true, overlay: true });
}

/**
 * Apply: the target's HP, its wound as an ActiveEffect (`play/actors/wound-effects.ts`), a
 * decisive blow's defeat, a fatal blow's death, all recorded for Undo; a fatal aim's d4 rolled
 * here when due. Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Wound, Hit points.
 */
export const APPLY_STEP: CardStep<object> = {
  parse: parseNoArgs,
  check: claimUnlessRefused("apply",
    (records, sender) => applyRefusal(sealOf(records), ledgerOf(records), sender)),
  async run({ records, message }, recorder): Promise<StepOutcome | ReturnType<typeof refuse>> {
    const seal = sealOf(records);
    const ledger = ledgerOf(records);
    const reading = seal ? readCard(seal.posted) : null;
    let outcome = recordedOutcome(seal, ledger);
    if (!seal || !reading || !outcome) return refuse("noTarget");
    let fatal = ledger.fatal ?? null;
    if (outcome.fatalDue) {
      fatal = await ShownRolls.die(FATAL_DIE, t("FRAY.Wounds.Card.FatalFlavor"), message);
      outcome = outcomeOf(seal, ledger.links ?? [], fatal);
    }
    const { target, attacker, combat } = reading;
    const hp = target.statblock.hp;
    const plan = applyPlan(seal, outcome, hp);
    recorder.watch(target, ["system.hp.value"]);
    if (plan.targetHp.after !== hp) {
      await target.update({ "system.hp.value": plan.targetHp.after } as Actor.UpdateData);
    }
    if (plan.wound) {
      recorder.watchEmbedded(target, "ActiveEffect", "effects");
      const { name } = aimText(plan.wound, t);
      const flag = {
        aim: plan.wound, combat: combat?.id ?? "", round: combat?.round ?? 0,
        dealt: nextDealt(woundsOf(target.effects.contents, null)),
      };
      await target.createEmbeddedDocuments("ActiveEffect", [
        woundEffectData(t("FRAY.Wounds.Card.WoundName", { aim: name }), flag),
      ] as ActiveEffect.CreateData[]);
    }
    if (plan.defeatTarget) await defeat(target, recorder);
    if (plan.attackerDies) {
      recorder.watch(attacker, ["system.hp.value"]);
      await attacker.update({ "system.hp.value": 0 } as Actor.UpdateData);
      await defeat(attacker, recorder);
    }
    return { ok: true, ledger: { applied: true, fatal }, recordAs: "apply" };
  },
};

export const UNDO_STEP = undoApplyStep(
  (records, sender) => undoRefusal(sealOf(records), ledgerOf(records), sender), undoReason,
);
