import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CIDS, COMBAT_ID, economyOf, GM, postCard, request, setEconomy, shockWorld, TOKEN_UUIDS,
  type ShockWorld,
} from "../support/shock-world";
import { REFUSED } from "../support/foundry-documents";
import type { StandInMessage } from "../support/escalation-world";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { trustedRecords } from "../../src/shell/cards/records";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { SHOCK_CARD_SPEC, type ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { sealOf } from "../../src/rulesets/shock/play/cards/card-seal";
import { weaponOfItem } from "../../src/rulesets/shock/foundry/data/accessors";
import { planAttack } from "../../src/rulesets/shock/rules/attack";
import { withDefaults } from "../../src/engine/schema/spec";

/**
 * A card sealed on demand (posted while no GM was online, sealed by the first request on it) whose
 * seal record cannot be written: the server refuses it, or the card was deleted under the seal.
 * What the kind's seal wrote meanwhile (shock's: the reaction window's opening marks a declared
 * screener with the attacker it screened this round, and the target notices, ending its
 * Unsuspecting mark) is put back by the card runtime (`shell/cards/takeover.ts`), so the card is
 * unsealed and the documents are as before; a later request then seals it afresh, once. On the
 * shock world stand-in (`test/support/shock-world.ts`). Source: `002_5e27cdf788b28f5f.txt`
 * §Screen an Ally (one attacker screened per round), §Execution Attacks (an attack is noticed).
 */

const UNSUSPECTING = "shockUnsuspecting";

/** The brute's plain attack on Wenna, its total as its options give it. */
function bruteOnWenna(w: ShockWorld): ShockCard {
  const brute = w.actors.brute;
  const item = brute.items.contents[0];
  const plan = planAttack({
    attacker: brute.statblock, weapon: weaponOfItem(item), ac: 0, charge: false, snap: false,
    dualWield: false, swarmOthers: 0, inMelee: true, situations: [],
  });
  return withDefaults(SHOCK_CARD_SPEC, {
    actorUuid: brute.uuid, weaponId: item.id, weaponName: item.name,
    tokenUuid: TOKEN_UUIDS.wenna, targetName: "Wenna", combatId: COMBAT_ID, round: w.combat.round,
    inMelee: true, formula: "1d20", natural: 12, total: 12 + plan.check.modifier,
  }) as ShockCard;
}

/** Makes the card's next write of a seal (not the takeover's, which clears it) fail once. */
function refuseSealRecord(m: StandInMessage, how: "refused" | "deleted"): void {
  const update = m.update.bind(m);
  let armed = true;
  m.update = async (changes: Record<string, unknown>) => {
    const sealing = changes["system.==seal"] !== null && "system.==seal" in changes;
    if (armed && sealing) {
      armed = false;
      if (how === "refused") throw new Error(REFUSED);
      m.vanish();
    }
    return update(changes);
  };
}

let w: ShockWorld;
beforeEach(async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  w = shockWorld();
  // Corvin declared he screens Wenna this round; Wenna is Unsuspecting (the GM marked her).
  setEconomy(w.combatants.corvin, { screening: CIDS.wenna, screenedAttackers: [] });
  const [effect] = await w.actors.wenna.createEmbeddedDocuments("ActiveEffect", [
    { name: "Unsuspecting", statuses: [UNSUSPECTING] }]);
  // The server's stamp: the GM wrote it (documents/unsuspecting.ts honours only that).
  effect._stats = { lastModifiedBy: GM.id };
  registerGMRequests();
  registerCardKind(SHOCK_ATTACK_KIND);
  registerSealing();
  registerCardRequests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const economies = () => Object.fromEntries(
  Object.entries(w.combatants).map(([who, c]) => [who, economyOf(c)]));

describe("a seal on demand whose record cannot be written", () => {
  it("puts back what the seal wrote when the server refuses the record; a retry seals once", async () => {
    const m = await postCard(w, "cardrefused00001", bruteOnWenna(w), { seenByGM: false, poster: GM });
    const before = economies();
    refuseSealRecord(m, "refused");
    const answer = await request(GM, "card", { messageId: m.id, step: "apply", args: {} });
    expect((answer as { ok: boolean }).ok).toBe(false);
    expect(trustedRecords(m)).toBeNull();
    expect(economies()).toEqual(before);
    expect(w.actors.wenna.statuses.has(UNSUSPECTING)).toBe(true);

    // The next request seals it afresh: the opening's mark and the notice, once.
    await request(GM, "card", { messageId: m.id, step: "react", args: { choice: "none" } });
    const seal = sealOf(m.system.seal);
    expect(seal?.screen?.screeners.map((s) => s.name)).toEqual([w.combatants.corvin.name]);
    expect(economyOf(w.combatants.corvin).screenedAttackers).toEqual([CIDS.brute]);
    expect(w.actors.wenna.statuses.has(UNSUSPECTING)).toBe(false);
  });

  it("puts back what the seal wrote when the card was deleted under it", async () => {
    const m = await postCard(w, "carddeleted00001", bruteOnWenna(w), { seenByGM: false, poster: GM });
    const before = economies();
    refuseSealRecord(m, "deleted");
    const answer = await request(GM, "card", { messageId: m.id, step: "apply", args: {} });
    expect((answer as { ok: boolean }).ok).toBe(false);
    expect(m.deleted).toBe(true);
    expect(economies()).toEqual(before);
    expect(w.actors.wenna.statuses.has(UNSUSPECTING)).toBe(true);
  });
});
