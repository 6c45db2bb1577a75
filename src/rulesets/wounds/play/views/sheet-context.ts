import type { Localize } from "../../../../engine/i18n";
import { resourceBar, type ResourceBar } from "../../../../engine/view/sheet-header";
import { derive, type Derived } from "../../rules/derived";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import { NO_WARD, type Ward } from "../../rules/upkeep";
import type { EffectLike } from "../actors/wound-effects";
import { wardNow } from "../round/upkeep";
import { walkAllowance } from "../round/walk";
import { unitView, type UnitView } from "../actors/unit";
import { featRow, spellRow, statline, weaponRow, woundRows } from "./rows";
import { turnView, type TurnInput } from "./turn-view";
import { upkeepView } from "./upkeep-view";

/**
 * Everything a wounds actor sheet's templates read, built in one pure step from the actor's data,
 * its wound effects and its combat, so the sheet in Foundry and the tests render the same context:
 * the header (level, HP and MP, an NPC's thrall cost), the statline (Accuracy, Agility, Strength,
 * Armor, Movement, and what they make: defense 10 + Agility, Free Hit Slots, Bonus Actions a turn,
 * the melee zone), each value as wounds leave it with the unwounded one beside it when they
 * change it; the wounds (aim, effect, round dealt); in a started combat the turn (`turn-view.ts`);
 * weapons with their damage formulas, spells, feats. Every string through `t`.
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Free Hits, §Bonus Actions,
 * §Melee Zone, §Spell Casting, §Feats, §Thralling;
 * RULINGS.md §wounds Hit points, Aim, Wounds stack.
 */
export interface SheetInput {
  /** Its statblock, wounds (as of `combat`'s round), derived values and health. */
  readonly unit: UnitView;
  /** Its feat items' names by id (the statblock keeps only what the rules read). */
  readonly featNames: Readonly<Record<string, string>>;
  /** The started combat it fights in (id and round), or null. */
  readonly combat: null | { readonly id: string; readonly round: number };
  /** Its combatant's turn in that combat, or null when it has none there. */
  readonly turn: TurnInput | null;
  /** What the spell it keeps up there adds now (`play/round/upkeep.ts` `wardNow`). */
  readonly ward: Ward;
}

/** An actor's data as `toObject()` gives it, with its effects. */
export type SheetSource = ActorDocumentSource & { readonly effects?: readonly EffectLike[] };

/**
 * The sheet's input from the actor's own data (`actor.toObject()`), never from its class, so in
 * another ruleset's world the sheet still reads it; wounds as of `combat`'s round.
 * @throws StatblockError when the data does not fit its model (`statblockFromActor`).
 */
export function sheetInput(
  source: SheetSource, combat: SheetInput["combat"], turn: TurnInput | null,
): SheetInput {
  const block = statblockFromActor(source);
  const featNames = Object.fromEntries((source.items ?? [])
    .filter((i) => i.type === "woundsFeat").map((i) => [i._id, i.name]));
  const ward = turn ? wardNow(turn.facts.kept, block.spells) : NO_WARD;
  return {
    unit: unitView(block, source.effects ?? [], combat?.id ?? null, combat?.round ?? 0, ward),
    featNames, combat, turn, ward,
  };
}

/** A pool of the header (HP, MP) as the shell's resource bar. */
function pool(key: "hp" | "mp", value: number, max: number, t: Localize): ResourceBar {
  const word = key === "hp" ? "HP" : "MP";
  return resourceBar({
    key, value, max, low: max / 4, high: max / 2, min: 0,
    name: `system.${key}.value`, maxName: `system.${key}.max`,
    label: t(`FRAY.Wounds.Sheet.${word}`), entryLabel: t(`FRAY.Wounds.Sheet.${word}Entry`),
    maxLabel: t(`FRAY.Wounds.Sheet.${word}Max`),
  }, t);
}

function subtitle(block: Statblock, t: Localize): string {
  const level = t("FRAY.Wounds.Sheet.Level", { level: block.level });
  return block.isPC ? level
    : t("FRAY.Wounds.Sheet.NpcSubtitle", { level, cost: block.thrallCost });
}

/**
 * On its turn, the movement its drags spent once its Move Action went to moving ("Movement spent:
 * 2 of 6"; a space crawled while prone spends 3), or null.
 */
function walkText(turn: TurnInput | null, derived: Derived, block: Statblock, t: Localize) {
  const facts = turn?.facts;
  if (!facts?.kept.walking || !facts.ownTurn) return null;
  const allowance = walkAllowance({ ...facts, derived, feats: block.feats });
  return t("FRAY.Wounds.Sheet.Walked", { walked: facts.kept.walked, allowance });
}

/** The sheet's whole context (see the module comment). */
export function sheetContext(input: SheetInput, t: Localize) {
  const { block, wounds, derived, health } = input.unit;
  const round = input.combat?.round ?? 0;
  // The ward of a spell kept up counts in both: the unwounded values show what wounds change.
  const unwounded = derive(block, [], round, input.ward);
  const wielder = { strength: derived.strength, feats: block.feats };
  return {
    isPC: block.isPC,
    subtitle: subtitle(block, t),
    health: health === "up" ? null : t(`FRAY.Wounds.Health.${health}`),
    hp: pool("hp", block.hp, block.hpMax, t),
    mp: pool("mp", block.mp, block.mpMax, t),
    hasMp: block.mpMax > 0,
    stats: statline(derived, unwounded, t),
    wounded: wounds.length > 0,
    wounds: woundRows(wounds, input.combat?.id ?? null, round, t),
    inCombat: input.combat !== null,
    turn: input.turn ? turnView(input.turn, t) : null,
    upkeep: upkeepView(input.turn, block, t),
    walk: walkText(input.turn, derived, block, t),
    weapons: block.weapons.map((w) => weaponRow(w, wielder, t)),
    spells: block.spells.map((s) => spellRow(s, t)),
    feats: block.feats.map((f) => featRow(f, input.featNames[f.id] ?? "", t)),
  };
}
