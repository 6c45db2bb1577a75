import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTOR_UUIDS, AUTHOR, escalationWorld, GM, request, type EscalationWorld } from "../support/escalation-world";
import { GONE } from "../support/foundry-documents";
import { registerGMRequests } from "../../src/rulesets/escalation/foundry/gm/register";
import { REQUESTS } from "../../src/rulesets/escalation/play/requests/names";
import { pairKey } from "../../src/rulesets/escalation/rules/engagement";

/**
 * escalation's GM requests in the cases their fuzz (`escalation-gm-requests-fuzz.test.ts`) found,
 * through the shell's real relay on the real `FrayActor`: a sustain of an ability no longer a
 * Sustain X one, a disengage for a combatant whose actor is gone, a stabilise whose target is
 * deleted under it. Each is refused with a reason the client can show, and changes nothing.
 * Source: `000_c2dc3d650823e22d.txt` §Ability Entries (Sustain), §Disengaging and Popping Off,
 * §Dying and Death.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const HOLD = "pcBrannTal25a87c";
const BRANN = "cbrannbrannbrann";
let w: EscalationWorld;
beforeEach(() => {
  w = escalationWorld({ oriel: -3 });
  registerGMRequests();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("sustaining an ability edited since it was started", () => {
  it("is refused as not sustained (no internal error), and spends nothing", async () => {
    await w.brann.createEmbeddedDocuments("ActiveEffect", [{
      name: "Hold the Line", flags: { fray: { sustain: { itemId: HOLD, target: 11, action: "quick", round: 1 } } },
    }]);
    w.brann.items.get(HOLD).system.sustain = 0;
    const answer = await request(AUTHOR, REQUESTS.sustain, { actorUuid: ACTOR_UUIDS.brann, itemId: HOLD });
    expect(answer).toEqual({ ok: false, reason: "FRAY.Sustain.NotRunning" });
    expect(w.combat.actionsOf(BRANN).quick).toBe(false);
  });
});

describe("sustaining while the GM views another encounter", () => {
  it("pays in the encounter the actor fights in, not the one the GM's client views", async () => {
    await w.brann.createEmbeddedDocuments("ActiveEffect", [{
      name: "Hold the Line", flags: { fray: { sustain: { itemId: HOLD, target: 11, action: "quick", round: 1 } } },
    }]);
    Object.assign(w.brann.items.get(HOLD).system, { sustain: 11, action: "quick" });
    // Another, started encounter without Brann, which the GM's tracker shows (`game.combat`).
    const elsewhere = { id: "elsewhereelsewhe", started: true, round: 1, combatants: Object.assign([], { contents: [] }) };
    (globalThis as any).game.combat = elsewhere;
    (globalThis as any).game.combats.contents = [elsewhere, w.combat];
    const answer = await request(AUTHOR, REQUESTS.sustain, { actorUuid: ACTOR_UUIDS.brann, itemId: HOLD });
    expect(answer).toEqual({ ok: true });
    expect(w.combat.actionsOf(BRANN).quick).toBe(true);
  });
});

describe("disengaging a combatant whose actor is gone", () => {
  it("is refused, not answered ok for nothing done", async () => {
    w.combat.flags = { fray: { engagement: { added: [pairKey(BRANN, "chaghaghaghaghag")], removed: [] } } };
    w.brann.vanish();
    const answer = await request(GM, REQUESTS.disengage, { combatId: w.combat.id, combatantId: BRANN });
    expect(answer).toEqual({ ok: false, reason: "noTarget" });
  });
});

describe("stabilising a Dying ally deleted under the request", () => {
  it("is refused, and the helper keeps its Standard action", async () => {
    // Brann's turn (the first combatant); Oriel is Dying.
    w.oriel.update = async () => {
      w.oriel.vanish();
      throw new Error(`${GONE}: ${w.oriel.uuid}`);
    };
    const answer: any = await request(AUTHOR, REQUESTS.stabilise, { combatId: w.combat.id, targetId: "corielorielorie1" });
    expect(answer.ok).toBe(false);
    expect(w.combat.actionsOf(BRANN).standard).toBe(false);
  });

  it("stabilised, it spends the action once; again, it is refused", async () => {
    expect(await request(AUTHOR, REQUESTS.stabilise, { combatId: w.combat.id, targetId: "corielorielorie1" })).toEqual({ ok: true });
    expect(w.oriel.system.death.stabilized).toBe(true);
    expect(w.combat.actionsOf(BRANN).standard).toBe(true);
    const again: any = await request(AUTHOR, REQUESTS.stabilise, { combatId: w.combat.id, targetId: "corielorielorie1" });
    expect(again).toEqual({ ok: false, reason: "FRAY.DeathSave.NotDying" });
  });
});
