import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTOR_UUIDS, AUTHOR, escalationWorld, request, type EscalationWorld } from "../support/escalation-world";
import { registerGMRequests } from "../../src/rulesets/escalation/foundry/gm/register";
import { REQUESTS } from "../../src/rulesets/escalation/foundry/gm/requests";

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
    expect(w.combat.combatants.get(BRANN).system.actions.quick).toBe(false);
  });
});
