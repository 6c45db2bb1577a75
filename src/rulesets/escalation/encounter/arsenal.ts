import type { DamageType } from "../rules/constants";
import { damageDice, type DamageDice } from "../rules/damage";
import type { AbilitySource } from "../rules/models";
import { abilityDamage, type AbilityEntry, type Statblock } from "../rules/statblock";
import { movementOf } from "./movement";

/**
 * What the headless runner reads off an attack ability on every choice and every roll, worked out
 * once per ability entry (which belongs to exactly one statblock) and kept on the fighter, so that
 * a turn looks nothing up by ability.
 */
export interface AttackOption {
  readonly entry: AbilityEntry;
  /**
   * Its data as if unused: the runner's `expended` list, not the stored `used` flag, says what is
   * spent.
   */
  readonly fresh: AbilitySource;
  /** A melee attack, and one that provokes (`movementOf`). */
  readonly melee: boolean;
  readonly provokes: boolean;
  /** The damage types it deals (a basic attack takes the equipped weapon's). */
  readonly types: readonly DamageType[];
  /** Its concrete damage dice for its owner. */
  readonly dice: DamageDice;
}

/**
 * The attacks the runner may choose for a statblock: those taken on its own turn by priority, then
 * (PCs) the Basic Melee and Basic Ranged Attacks.
 */
export interface Arsenal {
  readonly powers: readonly AttackOption[];
  readonly melee: AttackOption | null;
  readonly ranged: AttackOption | null;
}

const options = new WeakMap<AbilityEntry, AttackOption>();

/** The option of any ability entry of `block` (an opportunity attack's basic attack, say). */
export function attackOf(block: Statblock, entry: AbilityEntry): AttackOption {
  let option = options.get(entry);
  if (!option) {
    const a = entry.system;
    const types: DamageType[] = a.hit.damageTypes.length
      ? [...a.hit.damageTypes]
      : a.basic !== "none"
        ? [block.basicDamageType[a.basic]]
        : ["weapon"];
    const { melee, provokes } = movementOf(a);
    // A basic attack is made in its own stance (the runner switches first): that stance's die.
    const die = a.basic === "none" ? block.stanceDie : block.stanceDice[a.basic];
    const dice = damageDice(abilityDamage(a, die), block);
    option = { entry, fresh: { ...a, used: false }, melee, provokes, types, dice };
    options.set(entry, option);
  }
  return option;
}

const arsenals = new WeakMap<Statblock, Arsenal>();

/** A statblock's arsenal, built once (each fighter keeps it). */
export function arsenalOf(block: Statblock): Arsenal {
  let arsenal = arsenals.get(block);
  if (!arsenal) {
    const attacks = block.abilities.filter(
      (a) => a.system.defense !== "none" && a.system.action !== "interrupt",
    );
    const basic = (kind: "melee" | "ranged") => {
      const entry = block.isPC ? attacks.find((a) => a.system.basic === kind) : undefined;
      return entry ? attackOf(block, entry) : null;
    };
    const powers = attacks
      .filter((a) => !block.isPC || a.system.basic === "none")
      .map((a) => attackOf(block, a));
    arsenal = { powers, melee: basic("melee"), ranged: basic("ranged") };
    arsenals.set(block, arsenal);
  }
  return arsenal;
}
