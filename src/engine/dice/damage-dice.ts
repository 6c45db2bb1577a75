/**
 * Damage as most rulesets' weapons and powers state it: `dice`d`die` + `bonus` (2d6 + 3). A type,
 * not an interface: cards and reaction windows store it as JSON, which an interface would not
 * promise to be.
 */
export type DamageDice = {
  readonly dice: number;
  readonly die: number;
  readonly bonus: number;
};
