import { SeededRoller } from "../../../engine/dice/roller";
import type { Statblock } from "../rules/statblock";
import { BARROW_FOES, DEFAULT_SHOCK_FOES, MIRE_FOES } from "../encounter/defaults";
import { runShockEncounter, type ShockEncounterOptions } from "../encounter/simulate";
import { block, packBlocks } from "./fixtures";

/** The runner's test fights: the pregens against each default line-up. */
export const party = (): Statblock[] => packBlocks().pregens;
export const FIGHTS: Record<string, () => Statblock[]> = {
  bandits: () => DEFAULT_SHOCK_FOES.map(block),
  barrow: () => BARROW_FOES.map(block),
  mire: () => MIRE_FOES.map(block),
};

export function fight(
  name: keyof typeof FIGHTS,
  seed: number,
  extra: Partial<ShockEncounterOptions> = {},
) {
  return runShockEncounter({
    party: party(),
    foes: FIGHTS[name]!(),
    roller: new SeededRoller(seed),
    ...extra,
  });
}
