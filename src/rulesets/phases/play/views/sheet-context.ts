import type { Localize } from "../../../../engine/i18n";
import { resourceBar, type ResourceBar } from "../../../../engine/view/sheet-header";
import { diceText, signedText } from "../../../../engine/view/punct";
import { TIERS } from "../../rules/constants";
import { healthState, type HealthState } from "../../rules/health";
import { initiativeModifier } from "../../rules/initiative";
import { squaresOf } from "../../rules/movement";
import {
  movementPowersOf, statblockFromActor, type Activatable, type ActorDocumentSource,
  type AttackPower, type Damage, type MovementPower, type Statblock,
} from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";
import { seizedIn } from "../round/seize";
import { defending, disengagedIn } from "../round/battle-actions";

/**
 * Everything a phases actor sheet's templates read, built in one pure step from the actor's data
 * and its combat, so the sheet in Foundry and the tests render the same context: the header (tier,
 * calling or role, HP, ATK, DEF, INT, AGI, Speed and the initiative modifier INT + AGI), attack
 * powers (kind, reach or range, targets, damage, what a miss does, the conditions each inflicts
 * and how long they last), the movement powers it may use (the six defaults or its own, with the
 * squares for its Speed, whether leaving a threatened square provokes and the edge each gives),
 * activatable items with their uses, and in a started combat its seizure and the round's movement
 * power and Battle action. Every string goes through `t`. Source: `003_d18720f6cd315cc2.txt`
 * §Initiative Phase, §Movement Phase, §Battle Actions, §End Phase; RULINGS.md §phases Statistics,
 * Powers, Movement power defaults, Conditions.
 */
export interface SheetInput {
  readonly block: Statblock;
  readonly health: HealthState;
  /** A character's calling, or an NPC's role (either may be empty). */
  readonly identity: { readonly calling: string } | { readonly role: string };
  /** Its combatant in a started combat, or null. */
  readonly combat: null | {
    /** What the GM keeps of it (`PhasesCombatant#data`). */
    readonly kept: KeptSource;
    /** The encounter's round (1 or more). */
    readonly round: number;
    /** The phase the round stands in (`initiative`, `movement`, `battle`, `end`), or null. */
    readonly step: string | null;
    /** The current turn is its own (absent: not known, no action offered). */
    readonly ownTurn?: boolean;
    /** Those whose turns come after its own in this step (whom it may Delay after). */
    readonly later?: readonly { readonly id: string; readonly name: string }[];
  };
}

/**
 * The sheet's input from the actor's own data (`actor.toObject()`), never from its class, so in
 * another ruleset's world the sheet still reads it; and its combatant's part, read by the sheet.
 * @throws StatblockError when the data does not fit its model (`statblockFromActor`).
 */
export function sheetInput(source: ActorDocumentSource, combat: SheetInput["combat"]): SheetInput {
  const block = statblockFromActor(source);
  const system = source.system as { calling?: string; role?: string };
  return {
    block, health: healthState(block.hp, block.isPC),
    identity: block.isPC ? { calling: system.calling ?? "" } : { role: system.role ?? "" },
    combat,
  };
}

/** Damage dice as the sheet writes them ("1d10+2", or a flat "3"). */
export const damageText = (d: Damage, t: Localize): string => diceText(d.dice, d.die, d.bonus, t);

/** An inflicted condition, how it lasts and when: "Hit: Dazed — Save ends", "Hit or miss: …". */
export function effectText(e: AttackPower["effects"][number], t: Localize): string {
  return t(e.onMiss ? "FRAY.Phases.Sheet.EffectHitOrMiss" : "FRAY.Phases.Sheet.EffectHit", {
    condition: t(`FRAY.Phases.Condition.${e.condition}`),
    duration: t(`FRAY.Phases.Duration.${e.duration}`),
  });
}

/** An attack power as a row shows it: damage, tags (kind, reach, targets), miss and effects. */
export function attackRow(a: AttackPower, t: Localize) {
  const reach = a.kind === "ranged"
    ? t("FRAY.Phases.Sheet.Range", { range: a.range })
    : a.range > 1 ? t("FRAY.Phases.Sheet.Reach", { range: a.range })
      : t("FRAY.Phases.Sheet.Adjacent");
  const tags = [
    t(`FRAY.Phases.AttackKind.${a.kind}`), reach,
    t(a.targets === 1 ? "FRAY.Phases.Sheet.OneTarget" : "FRAY.Phases.Sheet.Targets",
      { targets: a.targets }),
    ...(a.basic ? [t("FRAY.Phases.Sheet.Basic")] : []),
  ];
  return {
    id: a.id, name: a.name, damage: damageText(a.damage, t), tags,
    miss: t("FRAY.Phases.Sheet.Miss", { miss: t(`FRAY.Phases.MissDamage.${a.miss}`) }),
    effects: a.effects.map((e) => effectText(e, t)),
  };
}

/** A movement power's edge as the sheet says it ("1 Disadvantage on all its attacks, …"). */
function edgeText(edge: MovementPower["edge"], t: Localize): string | null {
  if (edge.amount === 0) return null;
  return t("FRAY.Phases.Sheet.EdgeGiven", {
    amount: Math.abs(edge.amount),
    edge: t(`FRAY.Phases.Edge.${edge.amount > 0 ? "advantage" : "disadvantage"}`),
    scope: t(`FRAY.Phases.EdgeScope.${edge.scope}`),
    until: t(`FRAY.Phases.EdgeUntil.${edge.until}`),
  });
}

/**
 * A movement power as a row shows it, for a mover of `speed` squares: its squares, whether it
 * provokes, its path, the edge it gives and whether it forbids this round's Attack. A default
 * power (no item behind it) is named by its kind and has no item id.
 */
export function movementRow(m: MovementPower, speed: number, t: Localize) {
  const isDefault = m.id.startsWith("default:");
  const squares = squaresOf(m, speed);
  const tags = [
    t(m.provokes ? "FRAY.Phases.Sheet.Provokes" : "FRAY.Phases.Sheet.NoProvoke"),
    ...(m.path === "free" ? [] : [t(`FRAY.Phases.MovePath.${m.path}`)]),
    ...(m.forbidsAttack ? [t("FRAY.Phases.Sheet.NoAttack")] : []),
  ];
  return {
    id: isDefault ? null : m.id,
    /** The power's id as a pick names it (a default's `default:<kind>`). */
    power: m.id,
    name: isDefault ? t(`FRAY.Phases.MovementKind.${m.kind}`) : m.name,
    kind: t(`FRAY.Phases.MovementKind.${m.kind}`),
    squares: t(squares === 1 ? "FRAY.Phases.Sheet.Square" : "FRAY.Phases.Sheet.Squares",
      { squares }),
    provokes: m.provokes, tags, edge: edgeText(m.edge, t),
  };
}

/** An activatable item as a row shows it: its uses (or at will), healing and what it ends. */
export function activatableRow(a: Activatable, t: Localize) {
  const heals = a.heal.dice > 0 || a.heal.bonus > 0;
  const tags = [
    a.uses.max === 0 ? t("FRAY.Phases.Sheet.AtWill")
      : t("FRAY.Phases.Sheet.Uses", { value: a.uses.value, max: a.uses.max }),
    ...(heals ? [t("FRAY.Phases.Sheet.Heals", { heal: damageText(a.heal, t) })] : []),
    ...a.ends.map((c) => t("FRAY.Phases.Sheet.Ends", {
      condition: t(`FRAY.Phases.Condition.${c}`),
    })),
  ];
  return { id: a.id, name: a.name, tags, spent: a.uses.max > 0 && a.uses.value === 0 };
}

/**
 * What the sheet shows of its combatant in a started combat: the round and phase, its seizure
 * of this round, and the round's movement power and Battle action, used or not (the words the
 * tracker uses), Defend and Disengage on its own Battle turn while its action is unused, and
 * whether it is Defending or Disengaged. Null out of combat.
 */
export function roundView(input: SheetInput, t: Localize) {
  const c = input.combat;
  if (!c) return null;
  const phase = c.step ? t(`FRAY.Phases.Step.${c.step}`) : "";
  const slots = (["movement", "battle"] as const).map((id) => {
    const used = c.kept[id] > 0;
    const name = t(`FRAY.Phases.Tracker.${id}Slot`);
    return {
      id, name, used,
      state: t(used ? "FRAY.Phases.Sheet.Used" : "FRAY.Phases.Sheet.Available"),
      label: t(used ? "FRAY.Phases.Tracker.SlotUsed" : "FRAY.Phases.Tracker.SlotLeft",
        { action: name }),
    };
  });
  // Its Battle actions besides Attack (each power's card) and Activate Item (each item's row),
  // offered on its own Battle turn while the action is unused (the GM rules each again).
  const acting = c.step === "battle" && c.ownTurn === true && c.kept.battle === 0
    && input.health === "up";
  const actions = acting
    ? (["defend", "disengage"] as const).map((id) => ({
      id, label: t(`FRAY.Phases.BattleAction.${id}`), hint: t(`FRAY.Phases.Sheet.Hint.${id}`),
    }))
    : [];
  // Delay, once a round, after one whose Battle turn is still to come.
  const delays = acting && c.kept.delayed !== c.round
    ? (c.later ?? []).map((x) => ({
      id: x.id, label: t("FRAY.Phases.Sheet.DelayAfter", { name: x.name }),
    }))
    : [];
  const marks = [
    ...(defending(c.kept) ? [t("FRAY.Phases.Sheet.Defending")] : []),
    ...(disengagedIn(c.kept, c.round) ? [t("FRAY.Phases.Sheet.Disengaged")] : []),
  ];
  return {
    heading: phase ? t("FRAY.Phases.Tracker.Heading", { round: c.round, phase })
      : t("FRAY.Phases.Sheet.RoundOnly", { round: c.round }),
    seized: seizedIn(c.kept, c.round) ? t("FRAY.Phases.Tracker.Seized") : null,
    rolled: c.kept.rolled === c.round,
    slots, actions, marks, delays,
    // Its movement power is picked on its own Movement turn, before it is used.
    movePick: c.step === "movement" && c.ownTurn === true && c.kept.movement === 0
      && input.health === "up",
    movePower: c.kept.movement > 0 && c.kept.movePower ? c.kept.movePower : null,
  };
}

/** The header's statline: each statistic's short name, full name and value. */
function statline(block: Statblock, t: Localize) {
  const stat = (key: string, value: string | number, name = `FRAY.Phases.StatName.${key}`) =>
    ({ key, label: t(`FRAY.Phases.Stat.${key}`), name: t(name), value: String(value) });
  return [
    stat("atk", signedText(block.atk, t)),
    stat("def", block.def),
    stat("int", signedText(block.int, t)),
    stat("agi", signedText(block.agi, t)),
    stat("speed", block.speed),
    {
      key: "initiative", label: t("FRAY.Phases.Sheet.Initiative"),
      name: t("FRAY.Phases.Sheet.InitiativeName"),
      value: signedText(initiativeModifier(block), t),
    },
  ];
}

/** The sheet's whole context (see the module comment). */
export function sheetContext(input: SheetInput, t: Localize) {
  const { block } = input;
  const id = input.identity;
  const who = "role" in id ? id.role || t("FRAY.Phases.Sheet.Npc")
    : id.calling || t("FRAY.Phases.Sheet.Adventurer");
  const hp: ResourceBar = resourceBar({
    key: "hp", value: block.hp, max: block.hpMax, low: block.hpMax / 4, high: block.hpMax / 2,
    min: 0, name: "system.hp.value", maxName: "system.hp.max",
    label: t("FRAY.Phases.Stat.hp"), entryLabel: t("FRAY.Phases.Sheet.HPEntry"),
    maxLabel: t("FRAY.Phases.Sheet.HPMax"),
  }, t);
  return {
    isPC: block.isPC,
    subtitle: t("FRAY.Phases.Sheet.Subtitle", { who, tier: block.tier }),
    stats: statline(block, t),
    hp,
    health: input.health === "up" ? null : t(`FRAY.Phases.Health.${input.health}`),
    inCombat: input.combat !== null,
    round: roundView(input, t),
    attacks: block.attacks.map((a) => attackRow(a, t)),
    movements: movementPowersOf(block).map((m) => movementRow(m, block.speed, t)),
    ownMovements: block.movements.length > 0,
    activatables: block.activatables.map((a) => activatableRow(a, t)),
    tiers: Object.fromEntries(TIERS.map((n) => [n, t("FRAY.Phases.Sheet.TierN", { tier: n })])),
  };
}
