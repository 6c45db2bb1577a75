import { describe, expect, it } from "vitest";
import { WOUNDS_CHAIN } from "../../../engine/dice/chain";
import { WOUND_THRESHOLD } from "../rules/constants";
import { freeHitSlots } from "../rules/free-hits";
import { summonSlots } from "../rules/summons";
import type { AttackEvent, WoundsEvent } from "../encounter/events";
import { derivedOf, distance, heldWeapon, type Fighter } from "../encounter/fighter";
import { allowanceOf } from "../encounter/movement";
import { delayedOrder } from "../rules/initiative";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * Invariants checked after every event of many seeded fights of each line-up: HP within 0 and
 * the maximum, MP never below 0; nobody out of the fight acts; the order set once (Agility
 * highest first, roll-offs only among the tied, the starter last), each unit taking at most one
 * turn a round, in that order; slots never negative, free hit slots used never above Agility + 1
 * (after wounds) and a free hit taken only with a slot left (a tragedy's needs none); every attack
 * recomputed (d20 + modifiers by source against the defense's terms, naturals, the chain's dice
 * and its multiplier), every damage from its dice and terms (armor, × multiplier, the fatal
 * bonus, HP before and after), a wound exactly when 6+ were dealt; every move a walk of single
 * squares within its allowance onto free squares; summons within the summoner's slots; a unit
 * lying prone or disarmed only as the fight begins, hit on 5 + Agility while prone, moving a
 * third, never striking with the weapon it lost, and recovering once with one action (off its
 * turn from its next turn's, which then starts without it); a delay only before the unit's turn,
 * once a round, after a unit still to act, its turn then in the round's order after the delays;
 * a channeled cast paid on the caster's turns with AA and MA, its MP once as it begins, the caster
 * flat-footed meanwhile unless Battle Caster; a heal's HP capped at the maximum, 6 or more taking
 * off the newest wound, a down PC (and only one) back when healed above 0; as the battle ends,
 * the winners' refill, then each summon up kept exactly when its summoner (in the fight) paid its
 * thrall cost, else gone; a spell kept up cast with the Move Action on the caster's turn, one at
 * a time, its caster channeling and warded (its armor in every damage), its upkeep paid as each
 * later turn starts or the spell ends.
 * Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds.
 */
function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const sum = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0);

function checkAttack(e: AttackEvent): void {
  if (e.way === "tragedyFreeHit") {
    ok(e.hit && e.dice.length === 0, `${e.id}: a tragedy's free hit rolls nothing and hits`);
    return;
  }
  const [d20] = e.dice;
  ok(e.dice.length === 1 && d20 === e.natural, `${e.id}: one d20`);
  ok(e.total === e.natural + sum(e.modifiers.map((m) => m.value)), `${e.id}: total`);
  ok(e.defense === sum(e.defenseSources.map((m) => m.value)), `${e.id}: defense`);
  const hit = e.natural === 20 || (e.natural !== 1 && e.total >= e.defense);
  ok(e.hit === hit, `${e.id}: hit`);
  ok((e.chain !== null) === (e.natural === 20 || e.natural === 1), `${e.id}: chain on a natural`);
  if (e.chain) {
    e.chain.faces.forEach((f, k) => ok(f === WOUNDS_CHAIN.start + WOUNDS_CHAIN.step * k, "faces"));
    const reached = e.chain.rolls.filter((r, k) => r === e.chain!.faces[k]).length;
    ok(e.chain.rolls.slice(0, -1).every((r, k) => r === e.chain!.faces[k]), "chain on tops");
    const names = e.chain.kind === "critical"
      ? ["critical", "superCritical", "decisive"] : ["fumble", "tragedy", "fatalBlow"];
    ok(e.chain.result === names[Math.min(reached, 2)], `${e.id}: chain result`);
  }
  const flat = e.defenseState === "flatFooted";
  ok(!flat || e.defense === 5, `${e.id}: flat-footed is hit on 5`);
}

function checker() {
  let fs: readonly Fighter[] = [];
  const byKey = (k: string) => fs.find((f) => f.key === k) as Fighter;
  const out = new Set<string>();
  let order: string[] = [];
  let round = 0;
  let turnsThisRound: string[] = [];
  const disengaged = new Set<string>();
  const attacks = new Map<string, AttackEvent>();
  const prone = new Set<string>();
  const disarmed = new Set<string>();
  let acting = "";
  /** Casters channeling a spell, and whether they are flat-footed meanwhile. */
  const channeling = new Map<string, boolean>();
  /** Spells kept up, by caster: the spell's name and upkeep; the last cast, for its keep-up. */
  const keeping = new Map<string, { spell: string; upkeep: number }>();
  let lastCast: { actor: string; spell: string; paid: string } | null = null;
  /** Whether the turn under way has done anything but pay an upkeep yet. */
  let turnStarted = false;
  /** Each unit's wounds by id, oldest first, from the wound and heal events. */
  const woundIds = new Map<string, string[]>();
  const downs = new Set<string>();
  let thralled = false;
  let delays: { id: string; after: string | null }[] = [];
  const roundOrder = () => delayedOrder(order, delays);
  const acts = (k: string, what: string) => ok(!out.has(k), `${k} is out but ${what}`);
  // Damage bought by improving a spell, by actor until its next attack; then by that attack.
  const improved = new Map<string, number>();
  const spellImproved = new Map<string, number>();

  return (e: WoundsEvent, fighters: readonly Fighter[]) => {
    fs = fighters;
    for (const f of fighters) {
      ok(f.hp >= 0 && f.hp <= f.block.hpMax, `${f.key}: HP ${f.hp}`);
      ok(f.mp >= 0, `${f.key}: MP ${f.mp}`);
      ok(f.attackLeft >= 0 && f.moveLeft >= 0 && f.bonusUsed <= 2, `${f.key}: turn slots`);
      const slots = freeHitSlots(derivedOf(f, Math.max(round, 1)).agility);
      ok(f.freeUsed >= 0 && f.freeUsed <= Math.max(slots, f.block.agility + 1),
        `${f.key}: free hits used ${f.freeUsed}`);
      if (f.summons > 0) ok(f.summons <= summonSlots(f.block.level, f.block.feats), "summons");
      const shared = fighters.some((g) => g !== f && !g.out && g.at.i === f.at.i
        && g.at.j === f.at.j);
      ok(f.out || !shared, `${f.key} shares its square`);
    }
    if (e.kind !== "turn" && e.kind !== "upkeep") turnStarted = false;
    for (const f of fighters) {
      // A unit keeping a spell up channels (flat-footed unless Battle Caster) and has its ward.
      if (f.upkept && e.kind !== "keepUp") {
        ok(f.states.flatFooted.includes("channeling"), `${f.key}: channels while keeping a spell up`);
        ok(keeping.get(f.key)?.spell === f.upkept.name, `${f.key}: keeps ${f.upkept.name} up`);
      }
    }
    switch (e.kind) {
      case "cast":
        lastCast = { actor: e.actor, spell: e.spell, paid: e.paid.join() };
        break;
      case "keepUp": {
        acts(e.actor, "keeps a spell up");
        ok(e.actor === acting, `${e.actor} keeps a spell up off its turn`);
        ok(lastCast?.actor === e.actor && lastCast.spell === e.spell && lastCast.paid === "move",
          `${e.actor}: ${e.spell} cast with its Move Action first`);
        ok(!keeping.has(e.actor), `${e.actor}: one spell kept up at a time`);
        const caster = byKey(e.actor);
        ok(e.flatFooted === !caster.block.feats.some((f) => f.feat === "battleCaster"),
          `${e.actor}: flat-footed while channeling unless Battle Caster`);
        ok(derivedOf(caster, round).armor === caster.block.armor + e.ward.armor, "the ward counts");
        keeping.set(e.actor, { spell: e.spell, upkeep: caster.upkept?.upkeep ?? -1 });
        break;
      }
      case "upkeep": {
        ok(e.actor === acting && turnStarted, `${e.actor}: the upkeep is paid as its turn starts`);
        const kept = keeping.get(e.actor);
        ok(kept?.spell === e.spell, `${e.actor}: pays for the spell it keeps up`);
        const upkeep = kept?.upkeep ?? 0;
        ok(e.ended ? e.mpBefore < upkeep && e.mpAfter === e.mpBefore
          : e.mpAfter === e.mpBefore - upkeep, `${e.actor}: upkeep ${upkeep} paid or the spell ends`);
        if (e.ended) {
          keeping.delete(e.actor);
          ok(byKey(e.actor).upkept === null, `${e.actor}: the spell is gone`);
        }
        break;
      }
      case "initiative": {
        order = e.order;
        const rank = (k: string) => e.entries.find((x) => x.actor === k)!;
        for (let k = 1; k < order.length; k++) {
          const a = rank(order[k - 1]!);
          const b = rank(order[k]!);
          ok(a.initiator === b.initiator ? a.agility >= b.agility : b.initiator, "order");
          if (a.initiator === b.initiator && a.agility === b.agility) {
            ok(a.rollOffs.length > 0 && b.rollOffs.length > 0, "ties rolled off");
          }
        }
        for (const x of e.entries) {
          const tied = e.entries.some((y) => y !== x && y.agility === x.agility
            && y.initiator === x.initiator);
          ok(tied === x.rollOffs.length > 0, `${x.actor}: roll-offs only when tied`);
        }
        break;
      }
      case "summon": {
        ok(e.order.filter((k) => k !== e.unit).join() === order.join(), "the order is kept");
        const at = e.order.indexOf(e.unit);
        const agility = (k: string) => byKey(k).block.agility;
        ok(e.order.slice(0, at).every((k) => agility(k) >= agility(e.unit)), "joins after");
        order = e.order;
        break;
      }
      case "round":
        round = e.round;
        turnsThisRound = [];
        delays = [];
        break;
      case "channel": {
        acts(e.actor, "channels");
        ok(e.actor === acting, `${e.actor} channels off its turn`);
        const first = !channeling.has(e.actor);
        ok(e.paid.length >= 1 && e.paid.every((p) => p === "attack" || p === "move"), "AA, MA");
        ok(e.castPaid <= e.castTime && e.cast === (e.castPaid === e.castTime), "cast time");
        ok(first ? e.castPaid === e.paid.length && e.mpAfter < e.mpBefore
          : e.mpAfter === e.mpBefore, `${e.actor}: MP paid once, as the cast begins`);
        ok(e.castTime > 2, "channeled: more than one turn's two actions");
        const caster = byKey(e.actor);
        ok(e.flatFooted === (!e.cast && !caster.block.feats.some((f) => f.feat === "battleCaster")),
          `${e.actor}: flat-footed while channeling unless Battle Caster`);
        if (e.cast) channeling.delete(e.actor);
        else channeling.set(e.actor, e.flatFooted);
        break;
      }
      case "heal": {
        ok(e.hpAfter === Math.min(e.hpMax, e.hpBefore + e.amount), `${e.target}: healed HP`);
        ok(e.hpMax === byKey(e.target).block.hpMax && byKey(e.target).hp === e.hpAfter, "hp");
        const ws = woundIds.get(e.target) ?? [];
        const newest = e.amount >= 6 && ws.length > 0 ? ws[ws.length - 1]! : null;
        ok(e.removed === newest, `${e.target}: 6 or more removes the newest wound`);
        if (newest !== null) ws.pop();
        ok(byKey(e.target).wounds.map((w) => w.id).join() === ws.join(), "wounds left");
        ok(!out.has(e.target) || downs.has(e.target), `${e.target} healed though not down`);
        ok(e.back === (downs.has(e.target) && e.hpAfter > 0), `${e.target}: back from down`);
        if (e.back) {
          out.delete(e.target);
          downs.delete(e.target);
          ok(!byKey(e.target).out, "back in the fight");
        }
        break;
      }
      case "thrall": {
        const unit = byKey(e.unit);
        ok(unit.summoner === e.actor && !out.has(e.unit), `${e.unit}: a summon of ${e.actor} up`);
        ok(e.cost === unit.block.thrallCost, `${e.unit}: its thrall cost`);
        ok(e.kept === (e.reason === "paid"), "kept exactly when paid");
        ok(e.mpAfter === (e.kept ? e.mpBefore - e.cost : e.mpBefore), `${e.actor}: MP`);
        ok((e.reason === "summonerOut") === out.has(e.actor), `${e.actor}: out of the fight`);
        ok(e.reason !== "noMp" || e.mpBefore < e.cost, `${e.actor}: short of MP`);
        ok(e.kept === !unit.out, `${e.unit}: vanishes unless kept`);
        thralled = true;
        break;
      }
      case "refill":
        ok(!thralled, "the winners' refill comes before the thralls");
        break;
      case "wound":
        woundIds.set(e.target, [...(woundIds.get(e.target) ?? []), e.id]);
        break;
      case "delay":
        acts(e.actor, "delays");
        ok(!turnsThisRound.includes(e.actor), `${e.actor} delays after its turn`);
        ok(delays.every((d) => d.id !== e.actor), `${e.actor} delays twice in round ${round}`);
        ok(e.after === null || (!turnsThisRound.includes(e.after) && !out.has(e.after)),
          `${e.actor} waits for ${e.after}, who has acted or is out`);
        delays.push({ id: e.actor, after: e.after });
        ok(e.order.join() === roundOrder().join(), `${e.actor}: the round's order after it`);
        break;
      case "turn": {
        acts(e.actor, "takes a turn");
        ok(!turnsThisRound.includes(e.actor), `${e.actor} acts twice in round ${round}`);
        const last = turnsThisRound[turnsThisRound.length - 1];
        const at = (k: string) => fs.findIndex((f) => f.key === k);
        ok(at(e.actor) >= 0, "a known unit");
        const now = roundOrder();
        if (last) ok(now.indexOf(last) < now.indexOf(e.actor), `${e.actor} out of order`);
        ok(e.bonus <= 2 && e.bonus >= 0, "bonus actions");
        ok(e.attack >= 0 && e.attack <= 1 && e.move >= 0 && e.move <= 1, "attack, move");
        acting = e.actor;
        turnStarted = true;
        turnsThisRound.push(e.actor);
        disengaged.clear();
        break;
      }
      case "disengage":
        acts(e.actor, "disengages");
        ok(e.paid.join() === "bonus,bonus" || e.paid.join() === "attack", "disengage's price");
        disengaged.add(e.actor);
        break;
      case "purchase":
        ok(e.bonusLeft >= 0, "bonus left");
        break;
      case "improve":
        acts(e.actor, "improves a spell");
        improved.set(e.actor, (improved.get(e.actor) ?? 0) + e.amount);
        ok(e.bonusLeft >= 0 && e.amount > 0, "an improvement's Bonus Action and damage");
        ok(byKey(e.actor).block.spells.some((sp) => sp.name === e.spell && sp.improvement === e.amount),
          "the spell's own improvement");
        break;
      case "condition":
        ok(e.round === 0 && e.source === "setup" && e.added, "lying only as the fight begins");
        (e.condition === "prone" ? prone : disarmed).add(e.target);
        ok(byKey(e.target).states[e.condition], `${e.target} is ${e.condition}`);
        break;
      case "recover": {
        const lying = e.condition === "prone" ? prone : disarmed;
        ok(lying.delete(e.actor), `${e.actor} recovers from ${e.condition} it was not in`);
        ok(!byKey(e.actor).states[e.condition], `${e.actor} still ${e.condition}`);
        ok(e.offTurn === (e.actor !== acting), `${e.actor}: off its turn exactly when offTurn`);
        ok(e.condition === "prone" || !e.offTurn, "an item is taken back on the turn");
        break;
      }
      case "attack":
        acts(e.attacker, "attacks");
        checkAttack(e);
        ok((e.defenseState === "prone") === (prone.has(e.target) && e.defenseState !== "flatFooted"),
          `${e.id}: met prone exactly when lying prone (and not flat-footed)`);
        if (channeling.get(e.target) === true) {
          ok(e.defenseState === "flatFooted", `${e.id}: ${e.target} channels, flat-footed`);
        }
        if (e.defenseState === "prone") {
          ok(e.defense === 5 + derivedOf(byKey(e.target), round).agility, `${e.id}: 5 + Agility`);
        }
        ok(!disarmed.has(e.attacker) || e.weapon !== heldWeapon(byKey(e.attacker))?.name,
          `${e.id}: ${e.attacker} strikes with the weapon it lost`);
        attacks.set(e.id, e);
        // An improvement is spent on the spell attack that follows it, and on nothing else.
        ok(e.way === "spell" || !improved.has(e.attacker), `${e.id}: improved, then not a spell`);
        if (e.way === "spell") spellImproved.set(e.id, improved.get(e.attacker) ?? 0);
        improved.delete(e.attacker);
        break;
      case "damage": {
        const a = attacks.get(e.attack ?? "");
        ok(a !== undefined && a.hit, `${e.attack}: damage of a hit`);
        const termSum = sum(e.terms.map((m) => m.value));
        ok(e.raw === Math.max(0, termSum), "raw");
        const dice = e.terms.find((m) => m.source === "weapon:dice")?.value ?? 0;
        ok(dice === sum(e.dice), "dice term");
        ok((e.terms.find((m) => m.source === "sneak")?.value ?? 0) === sum(e.sneak), "sneak");
        ok((e.terms.find((m) => m.source === "spell:improvement")?.value ?? 0)
          === (e.reason === "hit" ? spellImproved.get(e.attack ?? "") ?? 0 : 0), "improvement");
        const target = byKey(e.target);
        ok(e.armor === target.block.armor + (target.upkept?.ward.armor ?? 0), "armor, with a ward");
        ok(e.net === Math.max(0, e.raw - e.armor), "net");
        const mult = e.reason === "tragedyFreeHit" ? 2 : a!.chain?.kind === "critical"
          ? (a!.chain.result === "critical" ? 2 : 4) : 1;
        ok(e.multiplier === mult && e.dealt === e.net * mult, "multiplier");
        ok(e.amount === e.dealt + e.fatalBonus, "amount");
        ok(e.fatalBonus === (e.fatalRoll === 4 ? 16 : 0), "fatal bonus");
        ok(e.fatalRoll === null || (a!.aim === "fatal" && e.dealt >= WOUND_THRESHOLD), "fatal d4");
        ok(e.hpAfter === Math.max(0, e.hpBefore - e.amount), "HP");
        break;
      }
      case "freeHit":
        acts(e.actor, "takes a free hit");
        ok(!e.taken || e.slotsLeft > 0 || e.trigger === "tragedy", "a free hit needs a slot");
        ok(!disengaged.has(e.target) || e.trigger === "natural1" || e.trigger === "tragedy",
          `${e.target} disengaged, yet its move gave a free hit`);
        ok(e.slotsLeft <= Math.max(0, byKey(e.actor).block.agility + 1), "slots ≤ Agility + 1");
        break;
      case "move": {
        // A mover felled by a free hit on its way is logged as stopped, after its fall.
        ok(e.stopped === out.has(e.actor), `${e.actor}: stopped exactly when it fell`);
        ok(e.spaces === e.path.length - 1 && e.spaces <= e.allowance, "move length");
        ok(e.disengaged === disengaged.has(e.actor), `${e.actor}: disengaged as paid`);
        if (prone.has(e.actor)) {
          ok(e.allowance === allowanceOf(byKey(e.actor), round, e.mode), "a third while prone");
        }
        for (let k = 1; k < e.path.length; k++) {
          ok(distance(e.path[k - 1]!, e.path[k]!) === 1, "one square a step");
        }
        break;
      }
      case "state":
        ok(!out.has(e.actor), `${e.actor} falls twice`);
        out.add(e.actor);
        if (e.state === "down") downs.add(e.actor);
        ok(byKey(e.actor).out, "out");
        break;
      default:
        break;
    }
  };
}

describe("the wounds runner's invariants", { timeout: 60_000 }, () => {
  it("hold after every event of 150 seeded fights of each line-up", () => {
    const kinds = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 150; seed++) {
        const check = checker();
        const f = fight(name, seed, (e, fighters) => {
          kinds.add(e.kind === "attack" ? `attack:${e.way}` : e.kind);
          check(e, fighters);
        });
        expect(["party", "foes", "draw"]).toContain(f.winner);
      }
    }
    // Every kind of event and way of attacking happened somewhere.
    expect([...kinds].sort()).toEqual([
      "attack:attack", "attack:extraAttack", "attack:freeHit", "attack:opening", "attack:spell",
      "attack:tragedyFreeHit", "cast", "channel", "condition", "damage", "delay", "disengage",
      "end", "field", "freeHit", "heal", "improve", "initiative", "keepUp", "move", "opening", "purchase", "recover", "refill", "round", "slots", "state",
      "summon", "thrall", "turn", "upkeep", "wound",
    ]);
  });
});
