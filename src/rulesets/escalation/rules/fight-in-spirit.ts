/**
 * Fight in Spirit: a character permanently out of the fight gives one ally, for one round,
 * Advantage on attacks, Advantage on saves, or Disadvantage to attacks against that ally (one
 * point each). Source: `000_c2dc3d650823e22d.txt` §Fight in Spirit.
 */
export const SPIRIT_BOONS = ["attacks", "saves", "defense"] as const;
export type SpiritBoon = (typeof SPIRIT_BOONS)[number];

export function isSpiritBoon(value: unknown): value is SpiritBoon {
  return typeof value === "string" && (SPIRIT_BOONS as readonly string[]).includes(value);
}

/**
 * Edge on an attack from boons: +1 when the attacker has `attacks`, −1 when the target has
 * `defense`.
 */
export function spiritAttackEdge(
  attackerBoons: readonly SpiritBoon[],
  targetBoons: readonly SpiritBoon[],
): number {
  return (attackerBoons.includes("attacks") ? 1 : 0) - (targetBoons.includes("defense") ? 1 : 0);
}

/** Edge on the bearer's saves: +1 with `saves`. */
export function spiritSaveEdge(boons: readonly SpiritBoon[]): number {
  return boons.includes("saves") ? 1 : 0;
}

/**
 * Why a giver may not Fight in Spirit now, or null: "on their turn" only, and one boon a turn
 * (its boons last a round: any still in force was given this turn). §Fight in Spirit.
 */
export function spiritRefusal(at: {
  readonly giversTurn: boolean;
  readonly givenThisTurn: boolean;
}): "notYourTurn" | "used" | null {
  if (!at.giversTurn) return "notYourTurn";
  return at.givenThisTurn ? "used" : null;
}
