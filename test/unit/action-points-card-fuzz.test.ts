import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  ACTORS, apWorld, AUTHOR, CIDS, COMBAT_ID, deleteMessage, ownerOf, postCard, request,
  keptOfCombatant, requestTwice, setKept, TOKEN_UUIDS, USERS, type ApWorld, type Who,
} from "../support/action-points-world";
import { ScriptedRoll } from "../support/shock-world";
import { playerEdit, type StandInMessage } from "../support/escalation-world";
import { changed, expectResult } from "./shock-fuzz-checks";
import { snap } from "./action-points-requests-checks";
import { distance } from "../../src/engine/space/measure";
import { gridFromFoundry } from "../../src/engine/space/grid";
import {
  actorOfKey, AP_KEYS, capsOf, expectBounds as expectPools, offersOf, ownerUser, pickCard, rightful, snapshot,
  vanish, type Caps,
} from "./action-points-fuzz-checks";
import {
  actArb, cardFor, cardId, setupArb, type Act, type Req, type Setup,
} from "./action-points-fuzz-arbitraries";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardDeletion } from "../../src/shell/cards/deleted";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { refusalOf, trustedRecords } from "../../src/shell/cards/records";
import { offerOnce, registerOffers } from "../../src/shell/offers/runtime";
import { AP_ATTACK_KIND } from "../../src/rulesets/action-points/foundry/cards/attack-kind";
import {
  ledgerOf, maneuverSealOf, sealOf,
} from "../../src/rulesets/action-points/play/cards/card-steps";
import { REACTION_KIND } from "../../src/rulesets/action-points/play/round/reaction-attacks";
import { AP_CARD_SPEC, type ApCard } from "../../src/rulesets/action-points/play/cards/card-spec";
import { interceptorOf, type ApWindowState } from "../../src/rulesets/action-points/play/cards/react";
import { hitsOf } from "../../src/rulesets/action-points/play/cards/apply-plan";
import type { ApSeal } from "../../src/rulesets/action-points/play/cards/seal";
import { hitFp } from "../../src/rulesets/action-points/rules/pools";
import { FP_KILL } from "../../src/rulesets/action-points/rules/constants";
import { REACTION_RP, type ApReaction } from "../../src/rulesets/action-points/rules/reaction-window";
import { withDefaults } from "../../src/engine/schema/spec";
import { loggedErrors } from "../support/logged-errors";

/**
 * action-points' attack card (`actionPointsAttack`) under fuzzed requests through the shell's real
 * request path (the relay's stamped sender, claims and queue; the card runtime's seal, takeover
 * and recorder) on the real `ActionPointsActor`, `ActionPointsCombat` and `ActionPointsCombatant`:
 * random cards (attacks with weapons and spells by anyone on anyone, forged items, tokens, combats
 * and rounds, cards out of the combat or of another scene, stale rounds, declared edges, reaction
 * attacks on a real or forged grant, maneuvers), random pools, marks, places and turns, on square,
 * hex (Foundry's four layouts) or gridless scenes with tokens linked or not, then
 * random sequences of reactions (every answer the window offers, passes, anyone named, by owners,
 * other players, the GM and a stranger), swaps, Apply and Undo; garbage payloads; the poster's
 * edits before the GM sealed the card; repeats; one query delivered to two GM tabs; the
 * server refusing a post or a record; HP changed from a sheet; the round or turn moving on; and
 * actors, tokens, cards or the combat deleted between requests or between two writes of one.
 * After every request: the answer is a result naming a lang key; a refusal changes no document;
 * an `ok` is the sender's to ask (the answering party's owner, the interceptor's, the card's
 * author, or a GM) and answers what the window offered; a card is sealed only as posted by one who
 * may post it, in its combat's round; applied at most once, undone at most once and only after
 * it was applied, and the undo puts back exactly what the apply changed; HP, AP, RP and FP stay
 * in bounds; an unlinked token's world actor never changes (its synthetic actor takes the hits).
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions, §Intercept, §Reaction
 * Attacks, §Special Actions; RULINGS.md §action-points.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */


const errors = loggedErrors();

const reached: Record<string, number> = {};
const count = (k: string) => (reached[k] = (reached[k] ?? 0) + 1);


/** What the card runtime keeps per card, to check once-only steps. */
interface Track {
  applied: boolean; undone: boolean; swapped: boolean; sealChecked: boolean;
  /** The card's content as the GM read it when it was posted (seen at once), else null. */
  posted: ApCard | null;
  pre: Map<string, string> | null; post: Map<string, string> | null;
}

/**
 * A card sealed (not refused) was the poster's to post (the attacker's owner or a GM), named the
 * encounter its attacker fights in, in the round it was then, and (a reaction attack) a grant.
 */
function checkSeal(
  w: ApWorld, m: StandInMessage, track: Track, round: number, when: string, grants: Set<string>,
): void {
  const records = trustedRecords(m);
  if (!records || track.sealChecked) return;
  const attack = sealOf(records);
  const maneuver = maneuverSealOf(records);
  if (!attack && !maneuver) return;
  track.sealChecked = true;
  count(attack ? "sealedAttack" : "sealedManeuver");
  const content = track.posted ?? (m.system as ApCard);
  const poster = USERS.find((u) => u.id === (attack?.poster ?? maneuver?.poster))!;
  const attacker = w.world.get(content.tokenUuid)?.actor;
  // (An attacker deleted under the request that sealed it is not asked.)
  if (attacker) expect(poster.isGM || attacker.testUserPermission(poster), `sealed for a non-owner (${when})`).toBe(true);
  const fights = !w.combat.deleted && w.combat.combatants.contents
    .some((c: any) => c.tokenId === w.world.get(content.tokenUuid)?.id);
  if (fights) {
    expect(content.combatId, `sealed out of its combat (${when})`).toBe(COMBAT_ID);
    expect(content.round, `sealed in another round (${when})`).toBe(round);
  }
  if (!attack || !content.reactionFor) return;
  count("sealedReaction");
  // A reaction attack stands on a grant: a GM's offer this attacker took, one card per grant.
  const offer = w.messages.get(content.reactionFor);
  const by = w.combat.combatants.contents.find((c: any) => c.tokenId === w.world.get(content.tokenUuid)?.id)?.id;
  expect(offer?.author?.isGM && offer.flags?.fray?.offer?.kind === REACTION_KIND, `no grant (${when})`).toBe(true);
  if (by) expect(offer!.flags.fray.taken?.[by], `a grant not taken (${when})`).toBe(true);
  const grant = `${content.reactionFor}/${content.tokenUuid}`;
  expect(grants.has(grant), `two cards on one grant (${when})`).toBe(false);
  grants.add(grant);
}

/**
 * What Apply should leave, from the card's window as the GM keeps it: each hit (the attack's on
 * whoever took it, a Riposte's on the attacker) takes its damage off its target's HP (down to
 * 0), and gives its striker +2 FP (+3 on a Critical) and +1 for felling a foe standing before it
 * (§Actions/Turn Cheat Sheet). By actor and by combatant id.
 */
function applyOutcome(w: ApWorld, m: StandInMessage, seal: ApSeal | null):
  { hp: Map<Who, number>; fp: Map<string, number> } | null {
  const records = trustedRecords(m);
  const state = records ? ledgerOf(records).window ?? null : null;
  if (!state || !seal) return null;
  const hp = new Map<Who, number>();
  const fp = new Map<string, number>();
  const combatant = (id: string) => (w.combat.deleted ? null : w.combat.combatants.get(id) ?? null);
  for (const hit of hitsOf(state as ApWindowState)) {
    const who = ACTORS.find((k) => w.actors[k] === actorOfKey(w, seal, m, hit.on));
    if (!who) return null;
    const was = hp.get(who) ?? w.actors[who].system.hp.value;
    const now = Math.max(0, was - hit.damage);
    hp.set(who, now);
    const striker = combatant(hit.by);
    if (!striker) continue;
    const felled = was > 0 && now === 0 && combatant(hit.on)?.side !== striker.side;
    fp.set(hit.by, (fp.get(hit.by) ?? keptOfCombatant(striker).fp) + hitFp(hit.level) + (felled ? FP_KILL : 0));
  }
  return { hp, fp };
}

/**
 * A seal writes only what its card does (`changed`: the keys it changed): an attack pays its
 * attacker's AP (a reaction attack 1 RP, a won Feint's mark) and a cast may post an offer of
 * reaction attacks; a maneuver also writes its target's kept marks, knocks it prone (its
 * statuses) or pushes its token one space (§Special Actions).
 */
function expectSealTouches(
  w: ApWorld, card: ApCard, changed: string[], before: Map<string, string>, when: string,
): void {
  const who = (uuid: string) => ACTORS.find((k) => TOKEN_UUIDS[k] === uuid);
  const [a, b] = [who(card.tokenUuid), who(card.targetTokenUuid)];
  const allowed = new Set(["offers", ...(a ? [CIDS[a]] : [])]);
  if (card.maneuver && b) for (const k of [CIDS[b], `${b}.statuses`, `${b}.token`]) allowed.add(k);
  expect(changed.filter((k) => !allowed.has(k)), `a seal wrote beyond its card (${when})`).toEqual([]);
  if (b && changed.includes(`${b}.token`)) {
    const [x0, y0] = JSON.parse(before.get(`${b}.token`)!);
    const [x1, y1] = JSON.parse(snapshot(w).get(`${b}.token`)!);
    const { offsetOf, type } = w.scene.grid;
    const spaces = distance(gridFromFoundry(type), offsetOf({ x: x0, y: y0 }), offsetOf({ x: x1, y: y1 }));
    expect(spaces, `a push back of more than one space (${when})`).toBe(1);
    count(w.scene.grid.isHexagonal ? "pushedBackHex" : "pushedBack");
  }
  if (a && changed.includes(CIDS[a]) && !card.maneuver) {
    const [was, now] = [JSON.parse(before.get(CIDS[a])!), JSON.parse(snapshot(w).get(CIDS[a])!)];
    expect(now.ap <= was.ap && now.rp <= was.rp && now.fp === was.fp, `an attack's seal paid oddly (${when})`).toBe(true);
  }
}

async function play(setup: Setup, acts: Act[]) {
  const hp = Object.fromEntries(ACTORS.flatMap((who, i) => (setup.hp[i]! >= 0 ? [[who, setup.hp[i]!]] : [])));
  const places = setup.places
    ? Object.fromEntries(ACTORS.map((who, i) => [who, [setup.places![i]! % 4, Math.floor(setup.places![i]! / 4)]]))
    : undefined;
  const w = apWorld({
    hp, places, gridless: setup.gridless, unlinked: setup.unlinked,
    ...(setup.hex && !setup.gridless ? { grid: setup.hex } : {}),
  });
  const worldActors = new Map([...snap(w)].filter(([k]) => k.endsWith(".world")));
  const expectBounds = (world: ApWorld, caps: Caps, when: string) => {
    expectPools(world, caps, when);
    // An unlinked token's world actor never changes: its synthetic actor fights.
    const now = snap(world);
    for (const [k, v] of worldActors) if (now.has(k)) expect(now.get(k), `${k} changed (${when})`).toBe(v);
  };
  w.combat.round = setup.round;
  const attackerIndex = ACTORS.indexOf(setup.card.attacker);
  w.combat.turn = setup.turn ?? attackerIndex;
  ACTORS.forEach((who, i) => setKept(w.combatants[who], setup.kept[i]!));
  if (setup.grapple && setup.grapple[0] !== setup.grapple[1]) {
    const [a, b] = [ACTORS[setup.grapple[0]]!, ACTORS[setup.grapple[1]]!];
    setKept(w.combatants[a], { grappling: CIDS[b] });
    setKept(w.combatants[b], { grappledBy: [CIDS[a]] });
  }
  if (setup.feinting !== undefined) {
    setKept(w.combatants[setup.card.attacker], { feinting: CIDS[ACTORS[setup.feinting]!] });
  }
  for (const who of setup.prone) await w.actors[who].toggleStatusEffect("prone", { active: true });
  registerCardKind(AP_ATTACK_KIND);
  registerOffers();
  registerSealing();
  registerCardDeletion();
  registerCardRequests();
  ScriptedRoll.dice = [...setup.dice];
  ScriptedRoll.seed = setup.diceSeed;
  const caps: Caps = capsOf(w);
  const cards: StandInMessage[] = [];
  const tracks = new Map<string, Track>();
  /** The grants reaction attacks were sealed on (offer id / attacker token). */
  const grants = new Set<string>();
  const newTrack = (posted: ApCard | null): Track =>
    ({ applied: false, undone: false, swapped: false, sealChecked: false, posted, pre: null, post: null });
  const first = cardFor(w, setup.card);
  cards.push(await postCard(w, cardId(0), first.card, {
    seenByGM: setup.seenByGM, poster: first.poster,
    // The poster's edits reach the server before the GM's seal runs.
    before: async (m) => {
      for (const e of setup.early) {
        await playerEdit(m, first.poster, {
          "system.targetTokenUuid": TOKEN_UUIDS[e.target], "system.round": e.round, "system.combatId": e.combatId,
          ...(e.item ? { "system.itemId": e.item } : {}),
          "system.seal": { forged: true }, "system.ledger": { applied: false, window: null },
        }, AP_CARD_SPEC);
      }
    },
  }));
  tracks.set(cardId(0), newTrack(setup.seenByGM ? structuredClone(first.card) : null));
  checkSeal(w, cards[0]!, tracks.get(cardId(0))!, setup.round, "the post", grants);
  count(`seal:${cards[0]!.system.seal?.reason ?? (cards[0]!.system.seal ? "ok" : "none")}`);
  expectBounds(w, caps, "the post");
  let last: Req | null = null;
  const queue = [...acts];
  for (const [n, act] of queue.entries()) {
    if (act.kind === "interceptFlow") {
      // A card posted (seen by the GM), an Intercept answered on it if offered, then the swap.
      const card = cards.length;
      // (On its attacker's turn.)
      queue.splice(n + 1, 0, { kind: "turn", to: ACTORS.indexOf(act.gen.attacker) },
        { kind: "post", gen: act.gen, seenByGM: true }, { kind: "step", user: 4, card: -card - 1, step: "react", args: { by: "@intercept" }, dice: [act.roll] },
        { kind: "step", user: act.user, card: -card - 1, step: "swap", args: {} });
      continue;
    }
    const when = `act ${n} ${JSON.stringify(act)}`;
    errors.length = 0;
    if (act.kind === "turn") {
      w.combat.turn = act.to;
      continue;
    }
    if (act.kind === "round") {
      // The round moves on (its edges are the combat's own, tested elsewhere): only the number.
      w.combat.round += 1;
      continue;
    }
    if (act.kind === "edit") {
      const m = cards[0]!;
      const sealed = trustedRecords(m) !== null;
      const before = snapshot(w);
      // 1: its poster (who authored it until the GM took it over); 2: another player.
      const editor = act.by === 1
        ? USERS.find((u) => u.id === (m.system.poster || m.author?.id)) ?? AUTHOR : USERS[act.by]!;
      if (editor.isGM) continue;
      const wrote = await playerEdit(m, editor, act.changes, AP_CARD_SPEC);
      // A card the GM took over is the GM's to write: no player edit reaches it.
      if (sealed) expect(wrote, `an edit of a sealed card (${when})`).toBe(false);
      if (wrote) count("edited");
      expect(changed(before, snapshot(w)), when).toEqual([]);
      continue;
    }
    if (act.kind === "hurt") {
      const a = w.actors[act.who];
      if (!a.deleted) await a.changeHp(Math.min(act.hp, a.system.hp.max) - a.system.hp.value);
      expectBounds(w, caps, when);
      continue;
    }
    if (act.kind === "delete") {
      const m = cards[act.card % cards.length];
      if (act.victim === "card" && m && !m.deleted) await deleteMessage(m);
      else if (act.victim !== "card") vanish(w, cards, act.victim, act.card);
      expectBounds(w, caps, when);
      continue;
    }
    if (act.kind === "post") {
      const made = cardFor(w, act.gen);
      const id = cardId(cards.length);
      const before = snapshot(w);
      cards.push(await postCard(w, id, made.card, { seenByGM: act.seenByGM, poster: made.poster }));
      // A card its GM refused (or has not sealed yet) changed nothing.
      const records = trustedRecords(cards.at(-1)!);
      if (!records || refusalOf(records) !== null) expect(changed(before, snapshot(w)), when).toEqual([]);
      else expectSealTouches(w, made.card, changed(before, snapshot(w)), before, when);
      tracks.set(id, newTrack(act.seenByGM ? structuredClone(made.card) : null));
      checkSeal(w, cards.at(-1)!, tracks.get(id)!, w.combat.round, when, grants);
      expectBounds(w, caps, when);
      continue;
    }
    if (act.kind === "provoke") {
      if (w.combat.deleted) continue;
      const mover = w.combat.combatants.get(CIDS[ACTORS[act.mover]!]);
      const enemies = w.combat.combatants.contents.filter((c: any) => c.side !== mover?.side);
      if (!mover || !enemies.length) continue;
      // The movement watch's offer to every enemy (the GM's client), then one responder takes it.
      await offerOnce(w.combat, mover, enemies.map((c: any) => c.id), REACTION_KIND, "move", {
        title: "t", line: "l", button: (name) => name,
      });
      const offer = [...w.messages.values()].filter((m) => !m.deleted && m.flags?.fray?.offer).at(-1);
      const responder = enemies[act.take % enemies.length];
      if (!offer || !responder) continue;
      const sender = act.by === 4 ? ownerUser(responder.actor) : USERS[act.by]!;
      const answer = await request(sender, "offer", { messageId: offer.id, responder: responder.id });
      expectResult(answer, false, when, AP_KEYS);
      if ((answer as any).ok) {
        count("offerTaken");
        expect(sender.isGM || responder.actor?.testUserPermission(sender), `a grant taken by a non-owner (${when})`).toBe(true);
        // The responder's owner posts its reaction attack on the grant, against the mover.
        const who = ACTORS.find((k) => CIDS[k] === responder.id)!;
        const target = ACTORS.find((k) => CIDS[k] === mover.id)!;
        const a = w.actors[who];
        const item = a.items.contents.find((i: any) => i.system.kind === "melee" && i.system.readied) ?? a.items.contents[0];
        const card = withDefaults(AP_CARD_SPEC, {
          actorUuid: a.uuid, itemId: item.id, itemName: item.name, tokenUuid: TOKEN_UUIDS[who],
          targetTokenUuid: TOKEN_UUIDS[target], targetName: target, combatId: COMBAT_ID,
          round: w.combat.round, reactionFor: offer.id,
        }) as ApCard;
        const id = cardId(cards.length);
        cards.push(await postCard(w, id, card, { seenByGM: true, poster: ownerOf(who) }));
        tracks.set(id, newTrack(structuredClone(card)));
        checkSeal(w, cards.at(-1)!, tracks.get(id)!, w.combat.round, when, grants);
      }
      expectBounds(w, caps, when);
      continue;
    }
    const req: Req | null = act.kind === "repeat" ? last : act.kind === "garbage" ? null : act;
    if (act.kind === "garbage") {
      const before = snapshot(w);
      const answer = await request(USERS[act.user % 4]!, "card", act.payload);
      expectResult(answer, false, when, AP_KEYS);
      if ((answer as any).ok) continue;
      // (A garbage payload naming a card may seal it: the seal's own writes.)
      const m = w.messages.get(String((act.payload as any)?.messageId));
      if (!m) expect(changed(before, snapshot(w)), when).toEqual([]);
      continue;
    }
    if (!req) continue;
    last = req;
    // (A negative card: the card at -card - 1.)
    const m = req.card < 0 ? cards[-req.card - 1]! : pickCard(cards, req.card);
    let args = req.args as any;
    const offers = offersOf(m);
    const picked = /^@(offer|pass)(\d)$/.exec(String(args?.by));
    if (args?.by === "@intercept" && offers.some((o) => o.answer === "intercept")) count("interceptOffered");
    if (args?.by === "@intercept") {
      const o = offers.find((x) => x.answer === "intercept") ?? offers[0];
      args = o ? { by: o.by, answer: o.answer } : { by: "target", answer: null };
    } else if (picked) {
      const o = offers[Number(picked[2]) % Math.max(1, offers.length)];
      args = o ? { by: o.by, answer: picked[1] === "pass" ? null : o.answer } : { by: "target", answer: null };
    }
    const sender = req.user < 4 ? USERS[req.user]! : rightful(w, m, req.step, args);
    if (req.dice) ScriptedRoll.dice.unshift(...req.dice);
    const payload = { messageId: m.id, step: req.step, args };
    // Sealed: the GM's records (a poster's forged `seal` on its own card is no seal).
    const wasSealed = trustedRecords(m) !== null;
    const track = tracks.get(m.id)!;
    const before = snapshot(w);
    const sealBefore = wasSealed ? sealOf(trustedRecords(m)!) : null;
    const interceptor = wasSealed ? interceptorOf(ledgerOf(trustedRecords(m)!).window ?? null) : null;
    const answerer = req.step === "react" ? actorOfKey(w, sealBefore, m, String(args?.by ?? "")) : null;
    const swapper = interceptor ? actorOfKey(w, sealBefore, m, interceptor) : null;
    const round = w.combat.round;
    const expected = req.step === "apply" && wasSealed ? applyOutcome(w, m, sealBefore) : null;
    let answer: unknown;
    let faulted = false;
    if (act.kind === "twoTabs") {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const [a, b] = requestTwice(sender, "card", payload, 15_000);
      const firstDone = await Promise.race([a.then((r) => ({ r, i: 0 })), b.then((r) => ({ r, i: 1 }))]);
      vi.advanceTimersByTime(17_000);
      vi.useRealTimers();
      expect(await (firstDone.i === 0 ? b : a), `the other tab (${when})`).toEqual({ ok: false, reason: "timeout" });
      answer = firstDone.r;
      count("twoTabs");
    } else if (act.kind === "trap") {
      w.world.arm(act.after, () => vanish(w, [m], act.victim, 0));
      answer = await request(sender, "card", payload);
      faulted = w.world.sprung;
      w.world.trap = null;
      w.world.sprung = false;
    } else if (act.kind === "postFails") {
      // The server refuses the GM's next post (a roll message, an offer) once.
      w.failNextPost = true;
      answer = await request(sender, "card", payload);
      faulted = !w.failNextPost;
      w.failNextPost = false;
    } else if (act.kind === "recordFails") {
      // The server refuses the GM's next write of the card's ledger or step records once.
      m.failNext = /^system\.(ledger|steps)/;
      answer = await request(sender, "card", payload);
      faulted = m.failNext === null;
      m.failNext = null;
    } else {
      answer = await request(sender, "card", payload);
    }
    if (faulted) count("faulted");
    expectResult(answer, faulted, when, AP_KEYS);
    expectBounds(w, caps, when);
    checkSeal(w, m, track, round, when, grants);
    const after = snapshot(w);
    const diff = changed(before, after);
    const ok = (answer as { ok: boolean }).ok;
    const sealedNow = trustedRecords(m) !== null;
    if (!wasSealed && sealedNow) count(m.system.seal?.reason ? `refusedSeal:${m.system.seal.reason}` : "sealedOnDemand");
    if (!ok) {
      count(`refused:${(answer as any).reason}`);
      if (req.step === "swap") count(`swapRefused:${(answer as any).reason}:${interceptor ? "won" : "none"}`);
      // "failed" says a step broke: only a document deleted under it, or a refused write, may.
      if (!faulted) expect((answer as any).reason, `a step failed (${when}): ${errors.flat().join(" ")}`).not.toBe("failed");
      // A refused step changes nothing (a seal on demand that landed wrote what its seal does;
      // what belonged to a document deleted under the request may be left).
      const orphan = (k: string) => faulted && (k === "combat"
        || (!w.combat.deleted && w.combat.combatants.contents.some((c: any) => c.id === k && !c.actor)));
      // (A seal refused on demand wrote nothing but the card's records either.)
      if (wasSealed || !sealedNow || refusalOf(trustedRecords(m)!) !== null) {
        expect(diff.filter((k) => !orphan(k)), `a refusal changes nothing (${when})`).toEqual([]);
      }
      continue;
    }
    const records = trustedRecords(m);
    const seal = sealBefore ?? (records ? sealOf(records) : null);
    expect(seal, `a step on a card with no attack seal (${when})`).not.toBeNull();
    count(`ok:${req.step}`);
    switch (req.step) {
      case "react": {
        count(`ok:react:${args.answer ?? "pass"}`);
        if (!sender.isGM) {
          const asked = wasSealed ? answerer : actorOfKey(w, seal, m, String(args.by));
          if (asked || !faulted)
            expect(asked?.testUserPermission(sender), `only the party's owner answers (${when})`).toBe(true);
        }
        // What it answered was offered then.
        if (wasSealed) {
          const offered = offers.some((o) => o.by === args.by && (args.answer === null || args.answer === undefined
            || o.answer === args.answer));
          expect(offered, `an answer not offered (${when}): ${JSON.stringify(offers)}`).toBe(true);
          // A reaction costs RP (and may earn FP): no HP or AP changes before Apply.
          expect(diff.filter((k) => k.endsWith(".system")), `a reaction hurt someone (${when})`).toEqual([]);
          for (const k of diff.filter((x) => Object.values(CIDS).includes(x)))
            expect(JSON.parse(after.get(k)!).ap, `a reaction spent AP (${when})`).toBe(JSON.parse(before.get(k)!).ap);
          // Its RP cost paid by the one who answered, and 1 RP back to a reaction's Critical (a
          // Riposte's lands when its counterattack closes, on a later answer); +1 FP when a
          // successful reaction takes its once-a-round mark (§Reactions, §Critical Results,
          // §Actions/Turn Cheat Sheet).
          // (A card whose attacker or target is gone, or an answer by a party whose actor is,
          // plays unpaid: `readCard` finds no documents, and Apply would refuse it.)
          const live = [seal!.posted.tokenUuid, seal!.posted.targetTokenUuid].every((u) => w.world.get(u)?.actor)
            && (!args.answer || actorOfKey(w, seal, m, String(args.by)));
          if (!live) count("reactOnDeadCard");
          if (!faulted && live && !w.combat.deleted) {
            for (const k of Object.values(CIDS).filter((x) => before.has(x) && after.has(x))) {
              const [was, now] = [JSON.parse(before.get(k)!), JSON.parse(after.get(k)!)];
              const cost = k === args.by && args.answer ? REACTION_RP[args.answer as ApReaction] : 0;
              expect([was.rp - cost, was.rp - cost + 1], `${k}'s RP after a reaction (${when})`).toContain(now.rp);
              expect(now.fp - was.fp, `${k}'s FP after a reaction (${when})`).toBe(!was.reactionFp && now.reactionFp ? 1 : 0);
            }
          }
        }
        break;
      }
      case "swap": {
        expect(wasSealed && interceptor, `a swap with no won Intercept (${when})`).toBeTruthy();
        if (!sender.isGM) expect(swapper?.testUserPermission(sender), `only the interceptor's owner swaps (${when})`).toBe(true);
        expect(track.swapped || track.applied, `swapped twice, or after Apply (${when})`).toBe(false);
        track.swapped = true;
        // Only the interceptor's token and the covered ally's move: they change places.
        const moved = diff.filter((k) => k.endsWith(".token")).sort();
        expect(diff.filter((k) => !k.endsWith(".token")), `a swap changed more than places (${when})`).toEqual([]);
        if (moved.length === 2) {
          // They trade spaces (a hex grid's shift may land a pixel off the other's place).
          const space = (at: string) => w.scene.grid.offsetOf(Object.fromEntries(["x", "y"].map((k, n) => [k, JSON.parse(at)[n]])));
          const [a, b] = (moved as [string, string]).map((k) => [space(before.get(k)!), space(after.get(k)!)]) as [unknown[], unknown[]];
          expect([a[1], b[1]], `not a swap (${when})`).toEqual([b[0], a[0]]);
        }
        break;
      }
      case "apply":
        expect(sender.isGM || sender.id === seal!.poster, `only the author applies (${when})`).toBe(true);
        expect(track.applied, `applied twice (${when})`).toBe(false);
        track.applied = true;
        if (wasSealed) {
          track.pre = new Map(diff.map((k) => [k, before.get(k)!]));
          track.post = new Map(diff.map((k) => [k, after.get(k)!]));
          if (diff.some((k) => k.endsWith(".system"))) count("applyHurt");
          if (diff.some((k) => k.endsWith(".system") && w.actors[k.split(".")[0] as Who] !== w.worldActors[k.split(".")[0] as Who]))
            count("applyHurtUnlinked");
          // Apply deals damage and gives FP: HP only fall, FP only rise, AP and RP stay.
          for (const k of diff.filter((x) => x.endsWith(".system"))) {
            expect(JSON.parse(after.get(k)!).hp.value, `Apply healed (${when})`)
              .toBeLessThan(JSON.parse(before.get(k)!).hp.value);
          }
          for (const k of diff.filter((x) => Object.values(CIDS).includes(x))) {
            const [was, now] = [JSON.parse(before.get(k)!), JSON.parse(after.get(k)!)];
            expect([now.ap, now.rp], `Apply spent AP or RP (${when})`).toEqual([was.ap, was.rp]);
            expect(now.fp, `Apply took FP (${when})`).toBeGreaterThan(was.fp);
          }
          expect(diff.filter((k) => k.endsWith(".token") || k.endsWith(".statuses")), `Apply moved someone (${when})`).toEqual([]);
          // Exactly the window's hits: each one's damage on whoever took it, its FP to its striker.
          if (expected && !faulted) {
            for (const [who, hp] of expected.hp)
              expect(w.actors[who].system.hp.value, `${who}'s HP after Apply (${when})`).toBe(hp);
            for (const [id, fp] of expected.fp)
              expect(JSON.parse(after.get(id)!).fp, `${id}'s FP after Apply (${when})`).toBe(fp);
            count("applyExact");
          }
        }
        break;
      case "undo": {
        expect(sender.isGM || sender.id === seal!.poster, `only the author undoes (${when})`).toBe(true);
        expect(track.applied && !track.undone, `undone twice, or before an apply (${when})`).toBe(true);
        track.undone = true;
        // What the apply changed, untouched since, is exactly as it was before it.
        const intact = [...(track.post ?? new Map()).entries()].every(([k, v]) => before.get(k) === v);
        if (track.pre && intact) {
          for (const [k, v] of track.pre)
            if (after.has(k)) expect(after.get(k), `undo restores ${k} (${when})`).toBe(v);
          count("exactUndo");
        }
        break;
      }
      default:
        expect.fail(`an unknown step answered ok (${when})`);
    }
  }
}

describe("action-points' attack card under fuzzed requests", () => {
  it("every answer is a result; refusals change nothing; oks are the sender's, once, in bounds", async () => {
    await fc.assert(fc.asyncProperty(setupArb, fc.array(actArb, { minLength: 3, maxLength: 20, size: "max" }), play),
      // FUZZ_RUNS and FUZZ_SEED explore further (e.g. FUZZ_RUNS=3000 FUZZ_SEED=7).
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20261127) });
    // FUZZ_LOG=1 shows what the runs reached.
    if (process.env.FUZZ_LOG) console.log(JSON.stringify(reached));
    if (process.env.FUZZ_RUNS) return;
    // The runs did more than refuse: every kind of step was taken. Floors below what seeds 1-6
    // and the pinned seed all reach at 400 runs (not tuned to one seed); a swap needs a won
    // Intercept, which one seed in three reaches only once.
    const floors: Record<string, number> = {
      "ok:apply": 15, applyExact: 15, "ok:undo": 3, exactUndo: 3, applyHurt: 4, "ok:react:dodge": 10,
      "ok:react:intercept": 8, "ok:react:pass": 4, "ok:swap": 1, sealedAttack: 100,
      sealedManeuver: 15, sealedOnDemand: 10, sealedReaction: 30, offerTaken: 40, faulted: 10,
      twoTabs: 120, edited: 3, applyHurtUnlinked: 1,
    };
    for (const [k, floor] of Object.entries(floors))
      expect(reached[k] ?? 0, `${k} in ${JSON.stringify(reached)}`).toBeGreaterThanOrEqual(floor);
  }, 600_000);
});
