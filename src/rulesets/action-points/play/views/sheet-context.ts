import type { Localize } from "../../../../engine/i18n";
import { levelThresholds } from "../../../../engine/dice/roll-under";
import { resourceBar, type ResourceBar } from "../../../../engine/view/sheet-header";
import { diceText, signedText } from "../../../../engine/view/punct";
import { SIZES, SKILLS } from "../../rules/constants";
import { SHOVE_EFFECTS } from "../../rules/special-actions";
import { isReadied, readyRuling } from "../round/ready";
import {
  reachWith, sizeReach, statblockFromActor, type ActorDocumentSource, type Spell, type Statblock,
  type Weapon,
} from "../../rules/statblock";
import { healthOfActor, hpOf, type HealthState } from "../actors/health";
import { pointsOf, type KeptSource } from "../data/kept-spec";
import { costOf, spendRuling, type SpendAction } from "../round/spend-rule";
import { flowRuling } from "../round/flow-rule";
import { MANEUVERS } from "../cards/maneuver";

/**
 * Everything an action-points actor sheet's templates read, built in one pure step from what the
 * sheet knows (the actor's statblock and data, its combat), so the sheet in Foundry and the
 * browser tests render the same context: skills as percentages with each success level's highest
 * roll, the three pools (large in a started combat, with the round's marks), weapons with their
 * Flow actions and FP costs, spells, and the actions of the turn with their AP costs and what
 * blocks each now ("Needs 2 AP", "Once a round: used"), checked by the GM's own rule
 * (`spendRuling`). Source: `004_2cc57162401858c9.txt` §Action Economy, §Special Actions, §Reach;
 * RULINGS.md §action-points Checks, Skills.
 */
export interface SheetInput {
  readonly block: Statblock;
  readonly hp: { readonly value: number; readonly max: number };
  readonly health: HealthState;
  /** A PC's calling and level, or an NPC's role. */
  readonly identity:
    | { readonly calling: string; readonly level: number }
    | { readonly role: string };
  /** Its combatant in a started combat (and whether it lies prone), or null. */
  readonly combat: null | {
    readonly kept: KeptSource; readonly ownTurn: boolean; readonly prone?: boolean;
    /** It acts last in the order this round. */
    readonly last?: boolean;
  };
}

/**
 * The sheet's input from the actor's own data (`actor.toObject()`), never from its class, so in
 * another ruleset's world the sheet still reads it; and its combatant's part, read by the sheet.
 * @throws StatblockError when the data does not fit its model (`statblockFromActor`).
 */
export function sheetInput(source: ActorDocumentSource, combat: SheetInput["combat"]): SheetInput {
  const system = source.system as { calling?: string; level?: number; role?: string };
  return {
    block: statblockFromActor(source), hp: hpOf(source), health: healthOfActor(source),
    identity: source.type === "actionPointsCharacter"
      ? { calling: system.calling ?? "", level: system.level ?? 1 } : { role: system.role ?? "" },
    combat,
  };
}

export interface PoolView {
  readonly id: "ap" | "rp" | "fp";
  readonly word: string;
  readonly name: string;
  readonly value: number;
  readonly max: number;
  /** Read aloud: "Action Points: 3 of 5", as the tracker's pips read. */
  readonly label: string;
}

export interface ActionView {
  readonly id: SpendAction;
  readonly label: string;
  readonly cost: string;
  /** Why it cannot be taken now, or null. */
  readonly blocked: string | null;
}

/** The turn's actions the sheet takes (each a spend the GM checks; no roll); Stand Up if prone. */
export const SHEET_ACTIONS: readonly SpendAction[] = [
  "standUp", "move", "step", "draw", "flowState", "totalDefense",
];

const POOLS = ["ap", "rp", "fp"] as const;

/** The pools: the kept values in combat, else what it starts a combat with. */
export function poolViews(input: SheetInput, t: Localize): PoolView[] {
  const { pools } = input.block;
  const kept = input.combat?.kept;
  return POOLS.map((id) => {
    const value = kept ? kept[id] : pools[id];
    const max = id === "fp" ? Math.max(pools.fp, value) : pools[id];
    const name = t(`FRAY.ActionPoints.Pool.${id}Name`);
    return {
      id, word: t(`FRAY.ActionPoints.Pool.${id}`), name, value, max,
      label: t("FRAY.Tracker.Pool", { action: name, value, max }),
    };
  });
}

/** The marks of the round a combatant bears (Total Defense, Flow State, grappled…), localized. */
export function roundMarks(kept: KeptSource, t: Localize): string[] {
  const marks: string[] = [];
  if (kept.totalDefense) marks.push(t("FRAY.ActionPoints.Mark.totalDefense"));
  if (kept.flowState) marks.push(t("FRAY.ActionPoints.Mark.flowState"));
  if (kept.surprised) marks.push(t("FRAY.ActionPoints.Mark.surprised"));
  if (kept.grappling || kept.grappledBy.length) marks.push(t("FRAY.ActionPoints.Mark.grappled"));
  return marks;
}

/** What blocks an action now (a short phrase), from the GM's rule; null when it may be taken. */
function blockOf(action: SpendAction, input: SheetInput, t: Localize): string | null {
  const c = input.combat;
  if (!c) return null;
  const ruling = spendRuling({ action }, {
    kept: c.kept, pools: input.block.pools, ownTurn: c.ownTurn, up: input.health === "up",
    spellAp: null, prone: c.prone ?? false,
  }, pointsOf(c.kept));
  if (ruling.ok) return null;
  return shortBlock(ruling.key, t, { ap: costOf(action).ap });
}

/** A refusal as the sheet says it beside its button (a short phrase). */
function shortBlock(key: string, t: Localize, data: Record<string, number> = {}): string {
  const keys: Readonly<Record<string, string>> = {
    "FRAY.ActionPoints.Refuse.NotEnoughAP": "FRAY.ActionPoints.Sheet.Needs",
    "FRAY.ActionPoints.Refuse.OnceARound": "FRAY.ActionPoints.Sheet.UsedThisRound",
    "FRAY.ActionPoints.Refuse.MoveCap": "FRAY.ActionPoints.Sheet.MoveSpent",
    "FRAY.ActionPoints.Refuse.Down": "FRAY.ActionPoints.Sheet.Down",
    notYourTurn: "FRAY.ActionPoints.Sheet.NotYourTurn",
    "FRAY.ActionPoints.Refuse.TurnOver": "FRAY.ActionPoints.Sheet.TurnOver",
    "FRAY.ActionPoints.Refuse.FireOnAnother": "FRAY.ActionPoints.Sheet.FireOnAnother",
    "FRAY.ActionPoints.Refuse.ReadyLast": "FRAY.ActionPoints.Sheet.ActsLast",
  };
  return t(keys[key] ?? "FRAY.ActionPoints.Sheet.NotNow", data);
}

/** The special actions that are checks, each with its cost and what blocks it now. */
export function maneuverViews(input: SheetInput, t: Localize) {
  const c = input.combat;
  if (!c) return [];
  const grappled = c.kept.grappledBy.length > 0;
  return MANEUVERS.filter((m) => (m === "breakFree") === grappled).map((id) => {
    const ap = id === "breakFree" ? 0 : costOf(id).ap;
    return {
      id, label: t(`FRAY.ActionPoints.Maneuver.${id}`),
      cost: t("FRAY.ActionPoints.Sheet.Cost", { ap }),
      blocked: id === "breakFree" ? (c.kept.breakFree ? t("FRAY.ActionPoints.Sheet.UsedThisRound")
        : null) : blockOf(id, input, t),
    };
  });
}

export function actionViews(input: SheetInput, t: Localize): ActionView[] {
  const prone = input.combat?.prone ?? false;
  return SHEET_ACTIONS.filter((id) => id !== "standUp" || prone).map((id) => ({
    id, label: t(`FRAY.ActionPoints.Action.${id}`),
    cost: t("FRAY.ActionPoints.Sheet.Cost", { ap: costOf(id).ap }),
    blocked: blockOf(id, input, t),
  }));
}

/**
 * The Ready action in a started combat: waiting, what it waits for and its Act Now button (on
 * another's turn); else its Ready button. What blocks either is the GM's own rule
 * (`round/ready.ts`).
 */
export function readyView(input: SheetInput, t: Localize) {
  const c = input.combat;
  if (!c) return null;
  const readied = isReadied(c.kept);
  const request = readied ? { ready: "fire" as const }
    : { ready: "declare" as const, trigger: "-", action: "-" };
  const ruling = readyRuling(request, {
    kept: c.kept, ownTurn: c.ownTurn, someoneActing: true, up: input.health === "up",
    last: c.last ?? false,
  });
  const blocked = ruling.ok ? null : shortBlock(ruling.key, t);
  return {
    readied, blocked,
    label: t(readied ? "FRAY.ActionPoints.Ready.Fire" : "FRAY.ActionPoints.Action.ready"),
    text: readied ? t("FRAY.ActionPoints.Ready.Waiting", {
      trigger: c.kept.readyTrigger, action: c.kept.readyAction,
    }) : null,
  };
}

/** A skill's success levels as the highest roll of each: "Critical ≤ 6, Major ≤ 12, …". */
function skillRow(id: (typeof SKILLS)[number], value: number, t: Localize) {
  const th = levelThresholds(value);
  const levels = (["critical", "major", "hard", "normal"] as const)
    .map((l) => t("FRAY.ActionPoints.Sheet.Level", {
      level: t(`FRAY.ActionPoints.Level.${l}`), roll: th[l],
    }));
  return {
    id, label: t(`FRAY.ActionPoints.Skill.${id}`), value,
    text: t("FRAY.ActionPoints.Sheet.Percent", { value }), levels,
  };
}

const damageText = (d: Weapon["damage"], t: Localize): string =>
  diceText(d.dice, d.die, d.bonus, t);

/** A weapon as a row shows it: damage, tags (reach with its wielder's size), Flow actions. */
export function weaponRow(w: Weapon, block: Pick<Statblock, "size">, t: Localize) {
  const reach = w.kind === "melee"
    ? t("FRAY.ActionPoints.Sheet.Reach", { reach: reachWith(block, w) })
    : t("FRAY.ActionPoints.Sheet.Range", { range: w.range });
  const tags = [
    t(`FRAY.ActionPoints.Category.${w.category}`), reach,
    ...(w.finesse ? [t("FRAY.ActionPoints.Sheet.Finesse")] : []),
    ...(w.offHand ? [t("FRAY.ActionPoints.Sheet.OffHand")] : []),
    ...(w.readied ? [] : [t("FRAY.ActionPoints.Sheet.Sheathed")]),
  ];
  const flow = w.flowActions.map((f) => ({
    ...f, cost: t("FRAY.ActionPoints.Sheet.FpCost", { fp: f.fp }),
  }));
  return { id: w.id, name: w.name, damage: damageText(w.damage, t), tags, flow };
}

/** A spell as a row shows it: damage and tags (AP, reach, targets). */
export function spellRow(s: Spell, t: Localize) {
  const tags = [
    t("FRAY.ActionPoints.Sheet.Cost", { ap: s.ap }),
    t(`FRAY.ActionPoints.AttackKind.${s.kind}`),
    ...(s.kind === "ranged" ? [t("FRAY.ActionPoints.Sheet.Range", { range: s.range })] : []),
    t(s.singleTarget ? "FRAY.ActionPoints.Sheet.SingleTarget" : "FRAY.ActionPoints.Sheet.Area"),
  ];
  return { id: s.id, name: s.name, damage: damageText(s.damage, t), tags };
}

/**
 * In a started combat each Flow action can be bought from the sheet: what blocks it now (the FP,
 * a weapon not in hand, down), as the GM's `flowRuling` checks it.
 */
function withFlowUse(
  row: ReturnType<typeof weaponRow>, input: SheetInput, t: Localize,
) {
  const c = input.combat;
  const weapon = input.block.weapons.find((w) => w.id === row.id);
  const flow = row.flow.map((f, index) => {
    if (!c || !weapon) return { ...f, index, usable: false, blocked: null };
    const ruling = flowRuling({ itemId: row.id, index }, {
      block: input.block, up: input.health === "up",
    }, pointsOf(c.kept));
    const blocked = ruling.ok ? null : t(ruling.key === "FRAY.ActionPoints.Refuse.NotEnoughFP"
      ? "FRAY.ActionPoints.Sheet.NeedsFp" : "FRAY.ActionPoints.Sheet.NotNow", { fp: f.fp });
    return { ...f, index, usable: true, blocked };
  });
  return { ...row, flow };
}

/** The choices of a Shove's dialog, localized. */
export const shoveChoices = (t: Localize): Record<string, string> =>
  Object.fromEntries(SHOVE_EFFECTS.map((e) => [e, t(`FRAY.ActionPoints.Shove.${e}`)]));

/** The sheet's whole context (see the module comment). */
export function sheetContext(input: SheetInput, t: Localize) {
  const { block } = input;
  const id = input.identity;
  const subtitle = "role" in id
    ? t("FRAY.ActionPoints.Sheet.NpcSubtitle", {
      role: id.role || t("FRAY.ActionPoints.Sheet.Npc"),
      size: t(`FRAY.ActionPoints.Size.${block.size}`),
    })
    : t("FRAY.ActionPoints.Sheet.PcSubtitle", {
      calling: id.calling || t("FRAY.ActionPoints.Sheet.Adventurer"), level: id.level,
    });
  const stat = (key: string, value: string | number) =>
    ({ label: t(`FRAY.ActionPoints.Sheet.Stat.${key}`), value: String(value) });
  const hp: ResourceBar = resourceBar({
    key: "hp", value: input.hp.value, max: input.hp.max, low: input.hp.max / 4,
    high: input.hp.max / 2, min: 0, name: "system.hp.value", maxName: "system.hp.max",
    label: t("FRAY.ActionPoints.Sheet.HP"), entryLabel: t("FRAY.ActionPoints.Sheet.HPEntry"),
    maxLabel: t("FRAY.ActionPoints.Sheet.HPMax"),
  }, t);
  return {
    subtitle,
    stats: [
      stat("Size", t(`FRAY.ActionPoints.Size.${block.size}`)),
      stat("Move", t("FRAY.ActionPoints.Sheet.Hexes", { hexes: block.moveHexes })),
      stat("Reach", sizeReach(block.size)),
      stat("Initiative", signedText(block.agilityModifier, t)),
      stat("Shield", t(`FRAY.ActionPoints.Sheet.${block.shield ? "Yes" : "No"}`)),
    ],
    hp,
    health: input.health === "up" ? null : t(`FRAY.ActionPoints.Health.${input.health}`),
    skills: SKILLS.map((s) => skillRow(s, block.skills[s], t)),
    inCombat: input.combat !== null,
    pools: poolViews(input, t),
    marks: input.combat ? roundMarks(input.combat.kept, t) : [],
    weapons: block.weapons.map((w) => withFlowUse(weaponRow(w, block, t), input, t)),
    spells: block.spells.map((s) => spellRow(s, t)),
    actions: input.combat ? actionViews(input, t) : [],
    maneuvers: maneuverViews(input, t),
    ready: readyView(input, t),
    sizes: Object.fromEntries(SIZES.map((s) => [s, t(`FRAY.ActionPoints.Size.${s}`)])),
  };
}
