import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTHOR, COMBAT_ID, GM, OTHER, keptOfCombatant, phasesWorld, postCard, registerPhasesRequests,
  request, setKept,
  TOKEN_UUIDS, type PhasesWorld, type Who,
} from "../support/phases-world";
import { ScriptedRoll } from "../support/shock-world";
import { refusalOf, trustedRecords } from "../../src/shell/cards/records";
import { activateItem } from "../../src/rulesets/phases/foundry/chat/activate";
import { afterMove, beforeMove } from "../../src/rulesets/phases/foundry/gm/moves";
import { endPhase } from "../../src/rulesets/phases/foundry/gm/end-phase";
import { sealOf } from "../../src/rulesets/phases/play/cards/card-steps";
import type { PhasesCard } from "../../src/rulesets/phases/play/cards/card-spec";

/**
 * phases' attack card through the shell's real request path on a stand-in world
 * (`test/support/phases-world.ts`): posted by the attacker's owner, sealed by the active GM from
 * the documents (the edge by source, the GM's own dice, the Battle action paid), applied and
 * undone exactly by its author, and every refusal changing nothing. Source:
 * `003_d18720f6cd315cc2.txt` §Battle Actions (Attack), §Advantage / Disadvantage, §End Phase.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

let serial = 0;

/** `who`'s attack with its power `power` on `target`, posted by `poster` after `dice`. */
async function attack(
  w: PhasesWorld, who: Who, power: string, target: Who, dice: number[],
  poster: { id: string } = AUTHOR,
) {
  registerPhasesRequests();
  ScriptedRoll.dice = [...dice];
  const item = w.actors[who].items.find((i: any) => i.name === power);
  const card: PhasesCard = {
    actorUuid: w.actors[who].uuid, itemId: item.id, itemName: item.name,
    tokenUuid: TOKEN_UUIDS[who], targetTokenUuid: TOKEN_UUIDS[target],
    targetName: w.tokens[target].name, combatId: COMBAT_ID, round: w.combat.round, opportunityFor: "",
  };
  const id = `card${String(serial++).padStart(12, "0")}`;
  return postCard(w, id, card, { seenByGM: true, poster });
}

const step = (user: { id: string }, m: any, name: string) =>
  request(user, "card", { messageId: m.id, step: name, args: {} });

describe("a phases attack card, sealed by the active GM", () => {
  it("rolls the pool of its edge, pays the Battle action, and Apply/Undo are exact", async () => {
    const w = phasesWorld();
    w.setTurn("battle", "brakka");
    // Brakka (tier 2, ATK 5) on the bog goblin (tier 1, DEF 11): Advantage 1, 3d6 keeping two.
    const m = await attack(w, "brakka", "Warhammer", "goblin", [2, 5, 4, 6]);
    const seal = sealOf(trustedRecords(m)!)!;
    expect(seal.plan.formula).toBe("3d6kh2");
    expect(seal.plan.sources).toEqual([{ source: "tier", amount: 1 }]);
    expect(seal.roll).toMatchObject({ total: 14, hit: true });
    expect(seal.damage).toEqual({ formula: "1d10 + 2", dice: [6], amount: 8 });
    expect(keptOfCombatant(w.combatants.brakka).battle).toBe(1);
    // The GM's two rolls shown in one message, spoken as the card is seen.
    expect(w.shown).toHaveLength(1);
    expect(w.shown[0].rolls).toHaveLength(2);

    expect(await step(OTHER, m, "apply")).toMatchObject({ ok: false, reason: "notAuthor" });
    expect(await step(AUTHOR, m, "apply")).toEqual({ ok: true });
    expect(w.actors.goblin.system.hp.value).toBe(4);
    expect(await step(AUTHOR, m, "apply")).toMatchObject({ ok: false, reason: "alreadyApplied" });
    expect(await step(AUTHOR, m, "undo")).toEqual({ ok: true });
    expect(w.actors.goblin.system.hp.value).toBe(12);
    expect(await step(AUTHOR, m, "undo")).toMatchObject({ ok: false, reason: "notApplied" });
  });

  it("puts a condition on as its status's effect, with the duration the End phase reads", async () => {
    const w = phasesWorld();
    w.setTurn("battle", "brakka");
    // Shield Bash: 1d6 + 2 and Dazed (save ends) on a hit.
    const m = await attack(w, "brakka", "Shield Bash", "goblin", [6, 6, 1, 3]);
    expect(await step(GM, m, "apply")).toEqual({ ok: true });
    const goblin = w.actors.goblin;
    expect(goblin.system.hp.value).toBe(7);
    const [effect] = goblin.effects.contents;
    expect([...effect.statuses]).toEqual(["phases.dazed"]);
    expect(keptOfCombatant(w.combatants.goblin).conditions)
      .toEqual([{ effect: effect.id, name: "saveEnds", round: 2 }]);
    expect(await step(AUTHOR, m, "undo")).toEqual({ ok: true });
    expect(goblin.effects.size).toBe(0);
    expect(keptOfCombatant(w.combatants.goblin).conditions).toEqual([]);
    expect(goblin.system.hp.value).toBe(12);
  });

  it("names the target's seizure and an Exposed target among the sources", async () => {
    const w = phasesWorld();
    w.setTurn("battle", "brakka");
    setKept(w.combatants.goblin, { seized: 2 });
    await w.actors.goblin.createEmbeddedDocuments("ActiveEffect",
      [{ name: "Exposed", statuses: ["phases.exposed"] }]);
    const m = await attack(w, "brakka", "Warhammer", "goblin", [1, 1, 1, 1]);
    const seal = sealOf(trustedRecords(m)!)!;
    expect(seal.plan.sources.map((s) => s.source)).toEqual(["tier", "target:exposed", "target:seized"]);
    expect(seal.plan.edge).toBe(3);
    expect(seal.plan.formula).toBe("{1d6,1d6,1d10}kh2");
  });

  it("refuses an attack outside the attacker's Battle turn, or once its action is spent", async () => {
    const w = phasesWorld();
    const refused = async (m: any, reason: string) => {
      const records = trustedRecords(m)!;
      expect(refusalOf(records)).toBe(reason);
      expect(sealOf(records)).toBeNull();
    };
    w.setTurn("movement", "brakka");
    await refused(await attack(w, "brakka", "Warhammer", "goblin", [6, 6, 6, 6]), "phsNotBattle");
    w.setTurn("battle", "goblin");
    await refused(await attack(w, "brakka", "Warhammer", "goblin", [6, 6, 6, 6]), "notYourTurn");
    w.setTurn("battle", "brakka");
    // Brakka's hammer cannot reach the orc four squares off.
    await refused(await attack(w, "brakka", "Warhammer", "orc", [6, 6, 6, 6]), "phsOutOfReach");
    // Lysa's owner is another player: the author may not attack with her.
    w.setTurn("battle", "lysa");
    await refused(await attack(w, "lysa", "Thrown Knife", "orc", [6, 6, 6, 6]), "notOwner");
    expect(w.shown).toEqual([]);
    for (const who of ["brakka", "lysa"] as const) {
      expect(keptOfCombatant(w.combatants[who]).battle).toBe(0);
    }
    w.setTurn("battle", "brakka");
    await attack(w, "brakka", "Warhammer", "goblin", [1, 1, 1]);
    await refused(await attack(w, "brakka", "Warhammer", "goblin", [6, 6, 6, 6]), "phsActed");
    expect(keptOfCombatant(w.combatants.brakka).battle).toBe(1);
  });

  it("lets the GM attack off the turn (an opportunity attack) without paying", async () => {
    const w = phasesWorld();
    w.setTurn("movement", "brakka");
    const m = await attack(w, "goblin", "Rusty Spear", "brakka", [6, 6, 6, 6, 3], GM);
    expect(sealOf(trustedRecords(m)!)?.roll.hit).toBe(true);
    expect(keptOfCombatant(w.combatants.goblin).battle).toBe(0);
  });

  it("leaves reach to the GM on a gridless scene", async () => {
    const w = phasesWorld({ gridless: true });
    w.setTurn("battle", "brakka");
    const m = await attack(w, "brakka", "Warhammer", "orc", [6, 6, 6, 6]);
    expect(sealOf(trustedRecords(m)!)?.posted.targetName).toBe("Orc Raider");
  });
});

describe("Battle actions from the sheet, ruled by the active GM", () => {
  const spend = (user: { id: string }, w: PhasesWorld, who: Who, args: object) =>
    request(user, "keptSpend", { combatId: COMBAT_ID, combatantId: w.combatants[who].id, args });

  it("Defend: paid once on its own Battle turn, and attacks on it take Disadvantage", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    w.setTurn("battle", "goblin");
    // The refusal's key and data: the player's client words it in its own user's language.
    expect(await spend(AUTHOR, w, "brakka", { action: "defend" })).toEqual({
      ok: false, reason: "FRAY.Phases.Refuse.NotYourTurn", data: { name: "Brakka Stone" },
    });
    w.setTurn("battle", "brakka");
    expect(await spend(OTHER, w, "brakka", { action: "defend" }))
      .toMatchObject({ ok: false, reason: "notOwner" });
    expect(await spend(AUTHOR, w, "brakka", { action: "defend" })).toEqual({ ok: true });
    expect(keptOfCombatant(w.combatants.brakka)).toMatchObject({ battle: 1, defended: 2 });
    expect(await spend(AUTHOR, w, "brakka", { action: "disengage" }))
      .toMatchObject({ ok: false, reason: "FRAY.Phases.Refuse.Acted" });
    // The goblin's spear on the Defending Brakka (a tier below, too): Disadvantage 2.
    w.setTurn("battle", "goblin");
    const m = await attack(w, "goblin", "Rusty Spear", "brakka", [6, 6, 6, 6], GM);
    const seal = sealOf(trustedRecords(m)!)!;
    expect(seal.plan.sources).toEqual([
      { source: "tier", amount: -1 }, { source: "target:defending", amount: -1 },
    ]);
    expect(seal.plan.formula).toBe("{1d6,1d6,1d10}kl2");
  });

  it("Disengage: the taker's own attacks have Disadvantage through the next round", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    w.setTurn("battle", "brakka");
    expect(await spend(AUTHOR, w, "brakka", { action: "disengage" })).toEqual({ ok: true });
    setKept(w.combatants.brakka, { battle: 0 });
    w.combat.round = 3;
    w.setTurn("battle", "brakka");
    const m = await attack(w, "brakka", "Warhammer", "goblin", [6, 6, 6, 6]);
    const seal = sealOf(trustedRecords(m)!)!;
    expect(seal.plan.sources.map((s) => s.source)).toEqual(["tier", "attacker:disengage"]);
    expect(seal.plan.edge).toBe(0);
  });

  it("Activate Item: the GM pays the action; an item without uses is refused", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    w.setTurn("battle", "brakka");
    const item = w.actors.brakka.statblock.activatables[0];
    expect(await spend(AUTHOR, w, "brakka", { action: "activateItem", itemId: "nothing" }))
      .toMatchObject({ ok: false, reason: "FRAY.Phases.Refuse.NoItem" });
    expect(await spend(AUTHOR, w, "brakka", { action: "activateItem", itemId: item.id }))
      .toEqual({ ok: true });
    expect(keptOfCombatant(w.combatants.brakka).battle).toBe(1);
  });
});

describe("Activate Item from the sheet (the GM's client, for anyone)", () => {
  it("pays the Battle action, spends a use, heals and posts one note with the roll", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    w.setTurn("battle", "brakka");
    const brakka = w.actors.brakka;
    brakka.system.hp.value = 20;
    const draught = brakka.items.find((i: any) => i.name === "Healing Draught");
    ScriptedRoll.dice = [3, 4];
    await activateItem(brakka, draught);
    expect(keptOfCombatant(w.combatants.brakka).battle).toBe(1);
    expect(draught.system.uses.value).toBe(1);
    expect(brakka.system.hp.value).toBe(29);
    expect(w.posted).toHaveLength(1);
    expect(w.posted[0].rolls).toHaveLength(1);
    // Its Battle action is spent: a second use this round is refused and changes nothing.
    await expect(activateItem(brakka, draught)).rejects.toThrow(/Refuse\.Acted/);
    expect([draught.system.uses.value, brakka.system.hp.value]).toEqual([1, 29]);
  });

  it("ends the conditions it ends; refused off its turn, with nothing changed", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    const lysa = w.actors.lysa;
    await lysa.createEmbeddedDocuments("ActiveEffect", [
      { name: "Slowed", statuses: ["phases.slowed"] }, { name: "Dazed", statuses: ["phases.dazed"] },
    ]);
    const pellets = lysa.items.find((i: any) => i.name === "Smoke Pellets");
    w.setTurn("battle", "orc");
    await expect(activateItem(lysa, pellets)).rejects.toThrow(/NotYourTurn/);
    expect([pellets.system.uses.value, lysa.effects.size]).toEqual([2, 2]);
    w.setTurn("battle", "lysa");
    await activateItem(lysa, pellets);
    expect(lysa.conditions).toEqual(["dazed"]);
    expect(pellets.system.uses.value).toBe(1);
    expect(w.posted[0].rolls).toBeUndefined();
  });
});

describe("moves in the Movement phase and the opportunity attacks they provoke", () => {
  /** `who`'s token dragged to `[column, row]` as the movement watch gives it. */
  const moveOf = (w: PhasesWorld, who: Who, to: [number, number], byGM = false) => {
    const token = w.tokens[who];
    const destination = { x: to[0] * 100, y: to[1] * 100 };
    return {
      token, combat: w.combat, combatant: w.combatants[who], origin: { x: token.x, y: token.y },
      destination, path: [destination], difficult: [], byGM,
    } as any;
  };
  const setUp = () => {
    const w = phasesWorld();
    registerPhasesRequests();
    return w;
  };

  it("a walk away from Brakka is kept, and offers her an opportunity attack she may take once", async () => {
    const w = setUp();
    w.setTurn("movement", "goblin");
    // The goblin beside Brakka walks three squares away along the row, leaving her side (Lysa,
    // further down, is never beside it).
    const move = moveOf(w, "goblin", [4, 0]);
    expect(beforeMove(move)).toBe(true);
    await afterMove(move);
    expect(keptOfCombatant(w.combatants.goblin)).toMatchObject({
      movement: 1, movePower: "default:walk", moveSquares: 3, moveAuto: true,
    });
    const prompt = [...w.messages.values()].find((m) => m.flags?.fray?.offer)!;
    expect(prompt.flags.fray.offer.responders.map((r: any) => r.combatantId))
      .toEqual([w.combatants.brakka.id]);
    expect(await request(AUTHOR, "offer", { messageId: prompt.id, responder: w.combatants.brakka.id }))
      .toEqual({ ok: true });
    // Her basic melee attack (the Warhammer) on the goblin, named by the offer: a free attack as
    // it left, though it now stands three squares off (its grant says it reached).
    Object.assign(w.tokens.goblin, { x: 400, y: 0 });
    const hammer = w.actors.brakka.items.find((i: any) => i.name === "Warhammer");
    const card = (item = hammer): PhasesCard => ({
      actorUuid: w.actors.brakka.uuid, itemId: item.id, itemName: item.name,
      tokenUuid: TOKEN_UUIDS.brakka, targetTokenUuid: TOKEN_UUIDS.goblin, targetName: "Bog Goblin",
      combatId: COMBAT_ID, round: 2, opportunityFor: prompt.id,
    });
    ScriptedRoll.dice = [6, 6, 6, 5];
    const m = await postCard(w, "cardopportunity1", card(), { seenByGM: true, poster: AUTHOR });
    expect(sealOf(trustedRecords(m)!)?.roll.hit).toBe(true);
    expect(keptOfCombatant(w.combatants.brakka).battle).toBe(0);
    // The grant is used: a second card on it is refused.
    const again = await postCard(w, "cardopportunity2", card(), { seenByGM: true, poster: AUTHOR });
    expect(refusalOf(trustedRecords(again)!)).toBe("phsNoGrant");
  });

  /** Brakka's opportunity attack, made Slowing by the GM, on the goblin walking away: a hit. */
  async function slowingOpportunity(w: ReturnType<typeof setUp>) {
    // The GM made Hold the Line (Slowed on a hit) Brakka's basic attack.
    const items = w.actors.brakka.items;
    items.find((i: any) => i.name === "Warhammer").system.basic = false;
    const hold = items.find((i: any) => i.name === "Hold the Line");
    hold.system.basic = true;
    w.setTurn("movement", "goblin");
    await afterMove(moveOf(w, "goblin", [4, 0]));
    Object.assign(w.tokens.goblin, { x: 400, y: 0 });
    const prompt = [...w.messages.values()].find((m) => m.flags?.fray?.offer)!;
    expect(prompt.flags.fray.phasesLeaving).toEqual({ [w.combatants.brakka.id]: { i: 0, j: 1 } });
    await request(AUTHOR, "offer", { messageId: prompt.id, responder: w.combatants.brakka.id });
    ScriptedRoll.dice = [6, 6, 6, 3];
    const m = await postCard(w, "cardopportunity5", {
      actorUuid: w.actors.brakka.uuid, itemId: hold.id, itemName: hold.name,
      tokenUuid: TOKEN_UUIDS.brakka, targetTokenUuid: TOKEN_UUIDS.goblin, targetName: "Bog Goblin",
      combatId: COMBAT_ID, round: 2, opportunityFor: prompt.id,
    }, { seenByGM: true, poster: AUTHOR });
    // Foundry's Next Turn, as the tracker's control calls it (its turn events: Foundry tier).
    const nextTurn = vi.spyOn(w.combat, "nextTurn").mockImplementation(async function (this: any) {
      this.turn += 1;
      return this;
    });
    return { m, nextTurn };
  }

  it("an opportunity attack that Slows the mover puts it back where it was leaving and ends its turn; Undo puts it back", async () => {
    const w = setUp();
    const { m, nextTurn } = await slowingOpportunity(w);
    expect(await step(AUTHOR, m, "apply")).toEqual({ ok: true });
    expect(w.actors.goblin.conditions).toEqual(["slowed"]);
    expect([w.tokens.goblin.x, w.tokens.goblin.y]).toEqual([100, 0]);
    expect(nextTurn).toHaveBeenCalledTimes(1);
    expect(w.combat.combatant?.id).not.toBe(w.combatants.goblin.id);
    // Undo: all but the turn's end, which the GM steps back on the tracker if they wish.
    expect(await step(AUTHOR, m, "undo")).toEqual({ ok: true });
    expect(w.actors.goblin.conditions).toEqual([]);
    expect([w.tokens.goblin.x, w.tokens.goblin.y]).toEqual([400, 0]);
    expect(nextTurn).toHaveBeenCalledTimes(1);
  });

  it("a Slowing opportunity attack applied once the mover's turn is over neither moves it nor ends a turn", async () => {
    const w = setUp();
    const { m, nextTurn } = await slowingOpportunity(w);
    w.setTurn("movement", "lysa");
    expect(await step(AUTHOR, m, "apply")).toEqual({ ok: true });
    expect(w.actors.goblin.conditions).toEqual(["slowed"]);
    expect([w.tokens.goblin.x, w.tokens.goblin.y]).toEqual([400, 0]);
    expect(nextTurn).not.toHaveBeenCalled();
  });

  it("an opportunity attack is her basic melee attack, and needs a grant", async () => {
    const w = setUp();
    w.setTurn("movement", "goblin");
    const bash = w.actors.brakka.items.find((i: any) => i.name === "Shield Bash");
    const m = await postCard(w, "cardopportunity3", {
      actorUuid: w.actors.brakka.uuid, itemId: bash.id, itemName: bash.name,
      tokenUuid: TOKEN_UUIDS.brakka, targetTokenUuid: TOKEN_UUIDS.goblin, targetName: "Bog Goblin",
      combatId: COMBAT_ID, round: 2, opportunityFor: "nosuchpromptxxxx",
    }, { seenByGM: true, poster: AUTHOR });
    expect(refusalOf(trustedRecords(m)!)).toBe("phsNotBasic");
    const hammer = w.actors.brakka.items.find((i: any) => i.name === "Warhammer");
    const n = await postCard(w, "cardopportunity4", {
      actorUuid: w.actors.brakka.uuid, itemId: hammer.id, itemName: hammer.name,
      tokenUuid: TOKEN_UUIDS.brakka, targetTokenUuid: TOKEN_UUIDS.goblin, targetName: "Bog Goblin",
      combatId: COMBAT_ID, round: 2, opportunityFor: "nosuchpromptxxxx",
    }, { seenByGM: true, poster: AUTHOR });
    expect(refusalOf(trustedRecords(n)!)).toBe("phsNoGrant");
  });

  it("a player's move its power does not allow is not sent, or is put back; a GM's stands", async () => {
    const w = setUp();
    w.setTurn("movement", "brakka");
    // Brakka (Speed 5) picks Walk on her sheet; eight squares is too far for it.
    expect(await request(AUTHOR, "keptSpend", {
      combatId: COMBAT_ID, combatantId: w.combatants.brakka.id,
      args: { action: "move", power: "default:walk" },
    })).toEqual({ ok: true });
    const far = moveOf(w, "brakka", [0, 8]);
    expect(beforeMove(far)).toBe(false);
    // Sent anyway (a client that skipped its check): the GM puts it back.
    Object.assign(w.tokens.brakka, { x: 0, y: 800 });
    await afterMove({ ...far, origin: { x: 0, y: 0 } });
    expect([w.tokens.brakka.x, w.tokens.brakka.y]).toEqual([0, 0]);
    expect(keptOfCombatant(w.combatants.brakka).moveSquares).toBe(0);
    // Off her turn a player may not move her at all; the GM may.
    w.setTurn("movement", "goblin");
    expect(beforeMove(moveOf(w, "brakka", [0, 1]))).toBe(false);
    expect(beforeMove(moveOf(w, "brakka", [0, 1], true))).toBe(true);
  });
});

describe("the End phase: one card, a player's character's saves its owner's to roll", () => {
  it("an NPC's saves are rolled at once; a character's wait on the card, rolled by the GM's client once", async () => {
    const w = phasesWorld();
    registerPhasesRequests();
    await w.actors.brakka.createEmbeddedDocuments("ActiveEffect",
      [{ name: "Dazed", statuses: ["phases.dazed"] }]);
    await w.actors.goblin.createEmbeddedDocuments("ActiveEffect",
      [{ name: "Slowed", statuses: ["phases.slowed"] }]);
    // The goblin's save: 6 + 6, its Slowed ends; Brakka's waits for her owner.
    ScriptedRoll.dice = [6, 6];
    await endPhase(w.combat, 2);
    expect(w.actors.goblin.conditions).toEqual([]);
    expect(w.actors.brakka.conditions).toEqual(["dazed"]);
    // One card: the goblin's save with its dice, and Brakka's waiting with her button.
    expect(w.posted).toHaveLength(1);
    const card = [...w.messages.values()].find((m) => m.flags?.fray?.offer)!;
    expect(card.flags.fray.offer.responders.map((r: any) => r.combatantId))
      .toEqual([w.combatants.brakka.id]);
    expect(card.flags.fray.endPhase.saves.map((s: any) => s.condition)).toEqual(["dazed"]);
    expect(card.flags.fray.endPhase.lines.map((l: any) => [l.bearer, l.pending])).toEqual([
      [w.combatants.goblin.id, false], [w.combatants.brakka.id, true],
    ]);
    expect(card.rolls).toHaveLength(1);
    const ask = (user: { id: string }) =>
      request(user, "phasesSaves", { messageId: card.id, responder: w.combatants.brakka.id });
    // Not before its part is taken, and never by another player.
    expect(await ask(OTHER)).toMatchObject({ ok: false, reason: "notOwner" });
    expect(await ask(AUTHOR)).toMatchObject({ ok: false, reason: "notApplied" });
    expect(await request(AUTHOR, "offer", { messageId: card.id, responder: w.combatants.brakka.id }))
      .toEqual({ ok: true });
    // 1 + 2: the save fails and Dazed lasts, written into the card where it waited; a second ask
    // rolls nothing.
    ScriptedRoll.dice = [1, 2];
    expect(await ask(AUTHOR)).toEqual({ ok: true });
    expect(w.actors.brakka.conditions).toEqual(["dazed"]);
    expect(w.posted).toHaveLength(1);
    expect(card.rolls).toHaveLength(2);
    const lines = card.flags.fray.endPhase.lines;
    expect(lines.map((l: any) => [l.bearer, l.pending])).toEqual([
      [w.combatants.goblin.id, false], [w.combatants.brakka.id, false],
    ]);
    expect(lines[1].text).toBe("FRAY.Phases.EndPhase.Failed");
    expect(await ask(AUTHOR)).toMatchObject({ ok: false, reason: "used" });
    expect(card.rolls).toHaveLength(2);
  });
});
