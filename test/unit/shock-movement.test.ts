import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { UNARMED, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { foesLeftBehind, type OpportunityCandidate } from "../../src/rulesets/shock/play/cards/opportunity";
import {
  buttonShown, offerOf, offeredThisTurn, takeRefusal, type Offer,
} from "../../src/shell/offers/offer";
import { carryPlan, holdsAgree, squaresBetween, type Hold } from "../../src/rulesets/shock/play/cards/grapple";
import { footprintAt } from "../../src/rulesets/shock/play/requests/movement";
import { judgedMove } from "../../src/shell/movement/watch";
import { carryOutcome, carryRefusal, parseCarryRequest } from "../../src/rulesets/shock/play/requests/carry";
import { typeRefusal, turnRefusal } from "../../src/rulesets/shock/play/round/sides";
import { noticingWhenSideActs, unsuspectingHolds } from "../../src/rulesets/shock/play/round/unsuspecting";

/**
 * The pure rules of shock's moves in Foundry: leaving reach (`002_5e27cdf788b28f5f.txt` §Run,
 * §Disengage; RULINGS.md §shock Attacks of Opportunity), moving a grappled foe (§Grappling) and the
 * Unsuspecting mark (§Execution Attacks). Squares are 100 px.
 */
const S = 100;
const sword: Weapon = { ...UNARMED, id: "sword", name: "Sword", unarmed: false, skill: "stab", dice: 1, die: 8 };
const sq = (col: number, row: number) => ({ x: col * S, y: row * S, width: 1, height: 1 });
function who(id: string, side: string, at: ReturnType<typeof sq> | null, over: Partial<OpportunityCandidate> = {}): OpportunityCandidate {
  return { id, side, at, able: true, weapons: [sword], held: false, ...over };
}

describe("leaving a foe's reach (§Run: leaving a melee combatant's range provokes)", () => {
  // The mover starts at (5,5); a swordsman stands at (6,5), next to it.
  const mover = who("me", "party", sq(5, 5));
  const foe = who("foe", "foes", sq(6, 5));

  it("a move that ends out of reach provokes the foe it left", () => {
    expect(foesLeftBehind(mover, [sq(3, 5)], FRESH_BUDGET, [mover, foe], S)).toEqual(["foe"]);
  });

  it("a move around the foe, never leaving the squares next to it, does not", () => {
    expect(foesLeftBehind(mover, [sq(5, 4), sq(6, 4), sq(7, 4)], FRESH_BUDGET, [mover, foe], S)).toEqual([]);
  });

  it("a move that leaves and comes back still left the reach on the way", () => {
    expect(foesLeftBehind(mover, [sq(3, 5), sq(5, 6)], FRESH_BUDGET, [mover, foe], S)).toEqual(["foe"]);
  });

  it("a foe that was not next to the start is not left behind, even when passed", () => {
    const far = who("far", "foes", sq(9, 5));
    expect(foesLeftBehind(mover, [sq(8, 6), sq(12, 6)], FRESH_BUDGET, [mover, far], S)).toEqual([]);
  });

  it("only foes, armed for melee, able and not grappling; not after a Disengage; not gridless", () => {
    const ally = who("ally", "party", sq(4, 5));
    const unarmed = who("fist", "foes", sq(5, 6), { weapons: [UNARMED] });
    const down = who("down", "foes", sq(4, 4), { able: false });
    const holding = who("holder", "foes", sq(6, 6), { held: true });
    const all = [mover, foe, ally, unarmed, down, holding];
    expect(foesLeftBehind(mover, [sq(1, 1)], FRESH_BUDGET, all, S)).toEqual(["foe"]);
    expect(foesLeftBehind(mover, [sq(1, 1)], { ...FRESH_BUDGET, disengaged: true }, all, S)).toEqual([]);
    expect(foesLeftBehind(mover, [sq(1, 1)], FRESH_BUDGET, all, null)).toEqual([]);
    expect(foesLeftBehind(mover, [], FRESH_BUDGET, all, S)).toEqual([]);
  });

  it("a large foe's footprint counts as its reach", () => {
    const ogre = who("ogre", "foes", { x: 6 * S, y: 5 * S, width: 2, height: 2 });
    expect(foesLeftBehind(mover, [sq(5, 7)], FRESH_BUDGET, [mover, ogre], S)).toEqual([]);
    expect(foesLeftBehind(mover, [sq(4, 7)], FRESH_BUDGET, [mover, ogre], S)).toEqual(["ogre"]);
  });

  it("a move's footprints: the waypoint's place, the token's size where the waypoint has none", () => {
    expect(footprintAt({ x: 300 }, sq(1, 1))).toEqual({ x: 300, y: 100, width: 1, height: 1 });
    expect(footprintAt({ x: 0, y: 0, width: 2, height: 2 }, sq(1, 1))).toEqual({ x: 0, y: 0, width: 2, height: 2 });
  });

  it("judges a creature's change of place, not an undo, a configured place or a rule's move", () => {
    const moved = { origin: { x: 0, y: 0 }, destination: { x: 100, y: 0 } };
    expect(judgedMove({ ...moved, method: "dragging" }, {})).toBe(true);
    expect(judgedMove({ ...moved, method: "keyboard" }, undefined)).toBe(true);
    expect(judgedMove({ ...moved, method: "api" }, {})).toBe(true);
    expect(judgedMove({ ...moved, method: "undo" }, {})).toBe(false);
    expect(judgedMove({ ...moved, method: "config" }, {})).toBe(false);
    expect(judgedMove({ ...moved, method: "api" }, { frayForced: true })).toBe(false);
    expect(judgedMove({ origin: { x: 0, y: 0 }, destination: { x: 0, y: 0 }, method: "dragging" }, {})).toBe(false);
  });

  it("judges a drag out and back to where it started: its path changed its place on the way", () => {
    const home = { x: 0, y: 0 };
    const loop = { origin: home, destination: home, passed: { waypoints: [{ x: 100, y: 0 }, { x: 200, y: 0 }, home] } };
    expect(judgedMove({ ...loop, method: "dragging" }, {})).toBe(true);
    expect(judgedMove({ ...loop, method: "undo" }, {})).toBe(false);
    // A change of size or elevation alone passes no other place.
    expect(judgedMove({ origin: home, destination: home, passed: { waypoints: [home] }, method: "api" }, {})).toBe(false);
  });
});

describe("one offer per foe per turn (the shell's offers)", () => {
  const offer = (over: Partial<Offer>): Offer => ({
    kind: "shockOpportunity", combatId: "c", round: 2, turn: 1, cause: "action", targetTokenUuid: "T.me",
    targetName: "Me", responders: [{ combatantId: "foe", name: "Foe" }], ...over,
  });

  it("a Run's offer and the drag that carries it out are one provocation", () => {
    const at = { round: 2, turn: 1, targetTokenUuid: "T.me" };
    expect([...offeredThisTurn([offer({})], at)]).toEqual(["foe"]);
    expect([...offeredThisTurn([offer({ turn: 0 })], at)]).toEqual([]);
    expect([...offeredThisTurn([offer({ round: 1 })], at)]).toEqual([]);
    expect([...offeredThisTurn([offer({ targetTokenUuid: "T.other" })], at)]).toEqual([]);
  });

  it("reads an offer, and refuses malformed ones", () => {
    const flags = (o: object) => ({ fray: { offer: o } });
    expect(offerOf(flags(offer({ cause: "move" })))?.cause).toBe("move");
    expect(offerOf(flags({ ...offer({}), turn: undefined }))).toBeNull();
    expect(offerOf(flags({ ...offer({}), turn: "1" }))).toBeNull();
    expect(offerOf(flags({ ...offer({}), responders: [{ combatantId: 3 }] }))).toBeNull();
    expect(offerOf({ fray: { shockOpportunity: offer({}) } })).toBeNull();
  });

  it("a responder takes its part once, in the offer's round, when the sender acts for it", () => {
    const now = { taken: false, owns: true, round: 2 };
    expect(takeRefusal(offer({}), "foe", now)).toBeNull();
    expect(takeRefusal(offer({}), "stranger", now)).toBe("notOnCard");
    expect(takeRefusal(offer({}), "foe", { ...now, taken: true })).toBe("used");
    expect(takeRefusal(offer({}), "foe", { ...now, round: 3 })).toBe("used");
    expect(takeRefusal(offer({}), "foe", { ...now, round: null })).toBe("used");
    expect(takeRefusal(offer({}), "foe", { ...now, owns: false })).toBe("notOwner");
    expect(buttonShown({ offered: true, isGM: false, ownsResponder: true, taken: false })).toBe(true);
    expect(buttonShown({ offered: true, isGM: true, ownsResponder: false, taken: false })).toBe(true);
    expect(buttonShown({ offered: true, isGM: false, ownsResponder: false, taken: false })).toBe(false);
    expect(buttonShown({ offered: true, isGM: true, ownsResponder: true, taken: true })).toBe(false);
  });
});

describe("moving a grappled foe (§Grappling)", () => {
  it("counts squares as the grid does, a diagonal as one", () => {
    expect(squaresBetween({ x: 0, y: 0 }, { x: 200, y: 100 }, S)).toBe(2);
    expect(squaresBetween({ x: 0, y: 0 }, { x: 0, y: 0 }, S)).toBe(0);
  });

  it("carry: the grappler goes up to 10 ft (2 squares) and the foe keeps its place beside it", () => {
    const plan = carryPlan("carry", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 300, y: 400 }, S);
    expect(plan).toEqual({ grappler: { x: 300, y: 400 }, defender: { x: 400, y: 400 } });
    expect(carryPlan("carry", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 200, y: 500 }, S)).toBeNull();
    expect(carryPlan("carry", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 510, y: 490 }, S)).toBeNull();
  });

  it("a dragged place off the grid snaps to whole squares", () => {
    const plan = carryPlan("carry", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 640, y: 500 }, S);
    expect(plan).toEqual({ grappler: { x: 600, y: 500 }, defender: { x: 700, y: 500 } });
  });

  it("throw: the grappler stays; the foe lands 5 ft (1 square) away in the drag's direction", () => {
    const plan = carryPlan("throw", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 900, y: 300 }, S);
    expect(plan).toEqual({ grappler: { x: 500, y: 500 }, defender: { x: 700, y: 400 } });
    expect(carryPlan("throw", { x: 500, y: 500 }, { x: 600, y: 500 }, { x: 500, y: 500 }, S)).toBeNull();
  });

  it("a hold counts only when both marks agree", () => {
    const hold = (grappling: string, grappledBy: string[]): Hold => ({ grappling, grappledBy });
    const holds = new Map([["g", hold("d", [])], ["d", hold("", ["g"])], ["x", hold("d", [])]]);
    expect(holdsAgree(holds, "g", "d")).toBe(true);
    expect(holdsAgree(holds, "x", "d")).toBe(false);
    expect(holdsAgree(holds, "d", "g")).toBe(false);
  });

  it("is a Main action: only in its side's turn (or held), never in the others' free round", () => {
    const turn = { actingSide: "foes", side: "party", holding: false, surprised: false };
    expect(typeRefusal("main", turn)).toBe("FRAY.Shock.Refuse.NotYourSide");
    expect(typeRefusal("main", { ...turn, actingSide: "party" })).toBeNull();
    expect(typeRefusal("main", { ...turn, holding: true })).toBeNull();
    expect(typeRefusal("main", { ...turn, actingSide: "party", surprised: true })).toBe("FRAY.Shock.Refuse.Surprised");
    // The table's actions keep their answers.
    expect(turnRefusal("totalDefense", turn)).toBeNull();
    expect(turnRefusal("meleeAttack", turn)).toBe("FRAY.Shock.Refuse.NotYourSide");
  });

  it("reads a carry request field by field; anything else is malformed", () => {
    const good = { combatId: "c", combatantId: "g", mode: "carry", x: 300, y: 400 };
    expect(parseCarryRequest(good)).toEqual({ combatId: "c", combatantId: "g", mode: "carry", to: { x: 300, y: 400 } });
    expect(parseCarryRequest({ ...good, mode: "fling" })).toBeNull();
    expect(parseCarryRequest({ ...good, x: "300" })).toBeNull();
    expect(parseCarryRequest({ ...good, y: Number.NaN })).toBeNull();
    expect(parseCarryRequest({ ...good, combatId: 3 })).toBeNull();
    expect(parseCarryRequest(null)).toBeNull();
  });

  it("who may carry or throw: up, holding its foe, not held, within reach, on its side's turn; refused in that order", () => {
    const turn = { actingSide: "party", side: "party", holding: false, surprised: false };
    const ok = { able: true, holding: true, held: false, reaches: true, turn };
    expect(carryRefusal("carry", ok)).toBeNull();
    expect(carryRefusal("throw", { ...ok, reaches: false })).toBe("FRAY.Shock.Carry.TooFar.throw");
    expect(carryRefusal("carry", { ...ok, turn: { ...turn, actingSide: "foes" } }))
      .toBe(turnRefusal("moveGrappled", { ...turn, actingSide: "foes" }));
    const keys = ["FRAY.Shock.Refuse.CannotAct", "FRAY.Shock.Carry.NotHolding", "FRAY.Shock.Refuse.Held", "FRAY.Shock.Carry.TooFar.carry"];
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (able, holding, held, reaches) => {
      const failed = [!able, !holding, held, !reaches];
      const first = failed.indexOf(true);
      expect(carryRefusal("carry", { able, holding, held, reaches, turn })).toBe(first < 0 ? null : keys[first]);
    }));
  });

  it("a carry's check: won, a carry moves both and keeps the hold, a throw moves, fells and frees the foe; lost, the foe breaks free", () => {
    expect(carryOutcome("carry", true)).toEqual({ line: "FRAY.Shock.Carry.Won.carry", moves: "both", released: false, prone: false });
    expect(carryOutcome("throw", true)).toEqual({ line: "FRAY.Shock.Carry.Won.throw", moves: "defender", released: true, prone: true });
    for (const mode of ["carry", "throw"] as const) {
      expect(carryOutcome(mode, false)).toEqual({ line: "FRAY.Shock.Carry.Lost", moves: "none", released: true, prone: false });
    }
  });
});

describe("the Unsuspecting mark (§Execution Attacks)", () => {
  const isGM = (id: string) => id === "gm";
  const effect = (over: object = {}) => ({ statuses: ["shockUnsuspecting"], disabled: false, lastModifiedBy: "gm", ...over });

  it("holds on an enabled effect with the status that a GM wrote", () => {
    expect(unsuspectingHolds([effect()], isGM)).toBe(true);
    expect(unsuspectingHolds([effect({ lastModifiedBy: "player" })], isGM)).toBe(false);
    expect(unsuspectingHolds([effect({ lastModifiedBy: null })], isGM)).toBe(false);
    expect(unsuspectingHolds([effect({ disabled: true })], isGM)).toBe(false);
    expect(unsuspectingHolds([effect({ statuses: ["prone"] })], isGM)).toBe(false);
    expect(unsuspectingHolds([], isGM)).toBe(false);
  });

  it("ends for every marked member of a side when that side acts", () => {
    const members = [
      { id: "a", side: "foes", marked: true }, { id: "b", side: "foes", marked: false },
      { id: "c", side: "party", marked: true },
    ];
    expect(noticingWhenSideActs("foes", members)).toEqual(["a"]);
    expect(noticingWhenSideActs("party", members)).toEqual(["c"]);
    expect(noticingWhenSideActs("others", members)).toEqual([]);
  });
});
