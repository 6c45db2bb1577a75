import type { Localize } from "../../../../engine/i18n";
import { dieText, signedText } from "../../../../engine/view/punct";
import { entryRows, setChoices } from "../../../../engine/view/list-edits";
import {
  ATTACK_KINDS, CONDITION_IDS, DIE_SIZES, DURATIONS, EDGE_SCOPES, EDGE_UNTIL, MISS_DAMAGE,
  MOVE_PATHS, MOVEMENT_KINDS, SQUARES_BASES,
} from "../../rules/constants";
import type { Activatable, AttackPower, MovementPower } from "../../rules/statblock";
import { activatableRow, attackRow, movementRow } from "./sheet-context";
import { ACTIVATABLE_LISTS } from "./list-fields";

/**
 * What the attack power, movement power and activatable item sheets read, pure: the row the actor
 * sheet shows (a movement power's squares for its bearer's Speed, or in the words of its rule
 * when nobody bears it), the choices of the edit mode's selects, an attack power's effects as
 * list rows and an activatable's ended conditions as a set of toggles. Every string through `t`.
 * Source: RULINGS.md §phases Powers, Movement power defaults, Conditions.
 */
const options = (values: readonly string[], prefix: string, t: Localize) =>
  Object.fromEntries(values.map((v) => [v, t(`${prefix}.${v}`)]));

const dice = (t: Localize) => Object.fromEntries(DIE_SIZES.map((d) => [d, dieText(Number(d), t)]));

export function attackSheetContext(power: AttackPower, t: Localize) {
  return {
    view: attackRow(power, t),
    effectRows: entryRows(power.effects).map((e) => ({
      ...e,
      onMissLabel: t("FRAY.Phases.Sheet.EffectOnMissField", { n: e.n }),
    })),
    kinds: options(ATTACK_KINDS, "FRAY.Phases.AttackKind", t),
    misses: options(MISS_DAMAGE, "FRAY.Phases.MissDamage", t),
    conditions: options(CONDITION_IDS, "FRAY.Phases.Condition", t),
    durations: options(DURATIONS, "FRAY.Phases.Duration", t),
    dice: dice(t),
  };
}

/**
 * @param speed its bearer's Speed, or null when no actor bears it: the squares are then said as
 *   the rule counts them ("Speed × 2", "Speed + 2", "1 square").
 */
export function movementSheetContext(power: MovementPower, speed: number | null, t: Localize) {
  const row = movementRow(power, speed ?? 0, t);
  const s = power.squares;
  const rule = s.base === "fixed" ? row.squares
    : t(s.plus === 0 ? "FRAY.Phases.Sheet.SquaresSpeed" : "FRAY.Phases.Sheet.SquaresSpeedPlus",
      { times: s.times, plus: signedText(s.plus, t) });
  return {
    view: { ...row, name: power.name, squares: speed === null ? rule : row.squares },
    kinds: options(MOVEMENT_KINDS, "FRAY.Phases.MovementKind", t),
    bases: options(SQUARES_BASES, "FRAY.Phases.SquaresBase", t),
    paths: options(MOVE_PATHS, "FRAY.Phases.MovePath", t),
    scopes: options(EDGE_SCOPES, "FRAY.Phases.EdgeScope", t),
    untils: options(EDGE_UNTIL, "FRAY.Phases.EdgeUntil", t),
  };
}

export function activatableSheetContext(item: Activatable, t: Localize) {
  return {
    view: activatableRow(item, t),
    endChoices: setChoices(ACTIVATABLE_LISTS.ends, item.ends, "FRAY.Phases.Condition")
      .map((c) => ({ ...c, label: t(c.labelKey) })),
    dice: dice(t),
  };
}
