import type { Modifier } from "../../../engine/dice/check";
import type { Localize } from "../../../engine/i18n";
import { formatLine, type LineFormats } from "../../../engine/runner/format";
import type { Aim } from "../rules/constants";
import { WARD_KEYS } from "../rules/upkeep";
import { aimEffectTerms } from "../rules/wounds";
import type { Paid, Square, WoundsEvent } from "./events";

/**
 * Turns a `wounds` event into the line a chat log would read, through `FRAY.Wounds.Log` strings
 * (`src/rulesets/wounds/lang/runner.json`). `t` is `game.i18n.format` in Foundry and
 * `localizerFor` in Node; the engine's `textLog` prints a whole log through these lines.
 */
const L = "FRAY.Wounds.Log";
const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);
const sq = (s: Square, t: Localize): string => t(`${L}.Square`, { i: s.i, j: s.j });
const paid = (p: readonly Paid[], t: Localize): string =>
  (p.length ? p.map((x) => t(`${L}.Paid.${x}`)).join(" + ") : t(`${L}.Paid.none`));
const terms = (ms: readonly Modifier[]): string =>
  ms.map((m) => `${signed(m.value)} ${m.source}`).join(" ");
/** A wound's effect in words (`rules/wounds.ts` `aimEffectTerms`). */
const effect = (aim: Aim, t: Localize): string => aimEffectTerms(aim).map((x) =>
  (x.key === "disrupting"
    ? t(`${L}.WoundEffect.disrupting`, { now: signed(x.now), after: signed(x.after) })
    : t(`${L}.WoundEffect.${x.key}`, { value: signed(x.value) }))).join(", ")
  || t(`${L}.WoundEffect.none`);

/** Each kind's line (`engine/runner/format.ts`). */
export const WOUNDS_LINES: LineFormats<WoundsEvent> = {
  field: (e, t) => t(`${L}.Field`, {
    fighters: e.fighters.map((f) => t(`${L}.FieldUnit`, {
      ...f, side: t(`${L}.Side.${f.side}`), square: sq(f.square, t),
      accuracy: signed(f.accuracy), agility: signed(f.agility), strength: signed(f.strength),
    })).join("; "),
  }),
  opening: (e, t) => t(`${L}.Opening`, { actor: e.actor }),
  initiative: (e, t) => t(`${L}.Initiative`, {
    entries: e.entries.map((x) => t(`${L}.InitiativeEntry`, {
      actor: x.actor, agility: signed(x.agility), starter: x.initiator ? t(`${L}.Starter`) : "",
      rollOffs: x.rollOffs.length ? t(`${L}.RollOffs`, { dice: x.rollOffs.join(", ") }) : "",
    })).join("; "),
    order: e.order.join(", "),
  }),
  round: (e, t) => t(`${L}.Round`, { round: e.round }),
  slots: (e, t) => t(`${L}.Slots`, {
    slots: e.slots.map((s) => t(`${L}.${s.sick ? "SlotsEntrySick" : "SlotsEntry"}`, {
      actor: s.actor, slots: s.slots, agility: signed(s.agility),
    }))
      .join(", "),
  }),
  turn: (e, t) => t(`${L}.Turn`, { ...e, side: t(`${L}.Side.${e.side}`) }),
  purchase: (e, t) => t(`${L}.Purchase.${e.purchase}`, { actor: e.actor, left: e.bonusLeft }),
  improve: (e, t) => t(`${L}.Improve`, {
    actor: e.actor, spell: e.spell, amount: e.amount, left: e.bonusLeft,
  }),
  disengage: (e, t) => t(`${L}.Disengage`, { actor: e.actor, paid: paid(e.paid, t) }),
  move: (e, t) => t(`${L}.Move`, {
    actor: e.actor, mode: t(`${L}.Mode.${e.mode}`), spaces: e.spaces, allowance: e.allowance,
    paid: paid([e.paid], t), path: e.path.map((s) => sq(s, t)).join(" → "),
    disengaged: e.disengaged ? t(`${L}.Disengaged`) : "",
    stopped: e.stopped ? t(`${L}.Stopped`) : "",
  }),
  attack: (e, t) => {
    const common = {
      id: e.id, attacker: e.attacker, target: e.target, weapon: e.weapon,
      way: t(`${L}.Way.${e.way}`), aim: t(`${L}.Aim.${e.aim}`),
    };
    if (e.way === "tragedyFreeHit") return t(`${L}.TragedyHit`, common);
    return t(`${L}.Attack`, {
      ...common, distance: e.distance, paid: paid(e.paid, t), dice: e.dice.join(", "),
      modifiers: terms(e.modifiers), total: e.total, defense: e.defense,
      defenseSources: e.defenseSources.map((s) => `${s.source} ${s.value}`).join(", "),
      defenseState: e.flatFootedBy.length ? t(`${L}.FlatFootedBy`, {
        causes: e.flatFootedBy.map((c) => t(`${L}.Cause.${c}`)).join(", "),
      }) : t(`${L}.DefenseState.${e.defenseState}`),
      result: t(e.hit ? `${L}.Hit` : `${L}.Miss`),
      chain: e.chain ? t(`${L}.Chain`, {
        kind: t(`${L}.ChainKind.${e.chain.kind}`),
        links: e.chain.faces
          .map((f, k) => t(`${L}.ChainLink`, { faces: f, roll: e.chain!.rolls[k] ?? 0 }))
          .join(", "),
        result: t(`${L}.ChainResult.${e.chain.result}`),
      }) : "",
    });
  },
  damage: (e, t) => t(`${L}.Damage`, {
    attack: e.attack ?? "", target: e.target, amount: e.amount, dice: e.dice.join(", "),
    sneak: e.sneak.length ? t(`${L}.Sneak`, { dice: e.sneak.join(", ") }) : "",
    terms: terms(e.terms), raw: e.raw, armor: e.armor, net: e.net, multiplier: e.multiplier,
    dealt: e.dealt,
    fatal: e.fatalRoll !== null ? t(`${L}.Fatal`, { roll: e.fatalRoll, bonus: e.fatalBonus }) : "",
    hpBefore: e.hpBefore, hpAfter: e.hpAfter,
  }),
  wound: (e, t) =>
    t(`${L}.Wound`, {
      attack: e.attack, target: e.target, aim: t(`${L}.Aim.${e.aim}`), effect: effect(e.aim, t),
    }),
  freeHit: (e, t) => t(`${L}.FreeHit`, {
    actor: e.actor, target: e.target, trigger: t(`${L}.Trigger.${e.trigger}`),
    slotsLeft: e.slotsLeft, result: t(e.taken ? `${L}.Taken` : `${L}.NotTaken`),
    // A tragedy's free hit needs no slot; any other taken spends one.
    slotsAfter: e.taken && e.trigger !== "tragedy" ? e.slotsLeft - 1 : e.slotsLeft,
  }),
  cast: (e, t) => t(`${L}.Cast`, { ...e, paid: paid(e.paid, t) }),
  keepUp: (e, t) => t(`${L}.KeepUp`, {
    actor: e.actor, spell: e.spell,
    ward: WARD_KEYS.filter((k) => e.ward[k] > 0)
      .map((k) => t(`${L}.Ward.${k}`, { amount: e.ward[k] })).join(", "),
    flatFooted: t(`${L}.KeepUpChannel.${e.flatFooted ? "flatFooted" : "dodges"}`),
  }),
  upkeep: (e, t) => t(`${L}.Upkeep.${e.ended ? "ended" : "paid"}`, {
    actor: e.actor, spell: e.spell, mpBefore: e.mpBefore, mpAfter: e.mpAfter,
  }),
  summon: (e, t) => t(`${L}.Summon`, {
    actor: e.actor, unit: e.unit, square: sq(e.square, t), hp: e.hp, summons: e.summons,
    summonSlots: e.summonSlots, order: e.order.join(", "),
  }),
  condition: (e, t) =>
    t(`${L}.Lying.${e.condition}`, { actor: e.target, weapon: e.weapon ?? "" }),
  recover: (e, t) => t(`${L}.Recover.${e.condition}`, {
    actor: e.actor, paid: paid([e.paid], t), weapon: e.weapon ?? "",
    when: e.offTurn ? t(`${L}.Recover.nextTurn`, e.owed) : t(`${L}.Recover.thisTurn`),
  }),
  channel: (e, t) => t(e.cast ? `${L}.Channel.cast` : `${L}.Channel.going`, {
    actor: e.actor, spell: e.spell, paid: paid(e.paid, t), castPaid: e.castPaid,
    castTime: e.castTime, mpBefore: e.mpBefore, mpAfter: e.mpAfter,
    flatFooted: t(e.flatFooted ? `${L}.Channel.flatFooted` : `${L}.Channel.dodges`),
  }),
  heal: (e, t) => t(`${L}.Heal`, {
    source: e.source, target: e.target, amount: e.amount, hpBefore: e.hpBefore,
    hpAfter: e.hpAfter, hpMax: e.hpMax,
    removed: e.removed ? t(`${L}.HealRemoves`, { wound: e.removed }) : "",
    back: e.back ? t(`${L}.HealBack`, { square: sq(e.square, t) }) : "",
  }),
  delay: (e, t) => t(e.after === null ? `${L}.DelayToEnd` : `${L}.Delay`, {
    actor: e.actor, after: e.after ?? "", order: e.order.join(", "),
  }),
  state: (e, t) => t(`${L}.State.${e.state}`, { actor: e.actor }),
  thrall: (e, t) => t(`${L}.Thrall.${e.reason}`, {
    actor: e.actor, unit: e.unit, cost: e.cost, mpBefore: e.mpBefore, mpAfter: e.mpAfter,
  }),
  refill: (e, t) => t(`${L}.Refill`, e),
  end: (e, t) => (e.winner === "draw" ? t(`${L}.Draw`, { round: e.round })
    : t(`${L}.End`, { round: e.round, winner: t(`${L}.Side.${e.winner}`) })),
};

/** The line of one event. */
export function formatWoundsEvent(e: WoundsEvent, t: Localize): string {
  return formatLine(WOUNDS_LINES, e, t);
}
