import { withDefaults } from "../../../engine/schema/spec";
import { hexGrid } from "../../../engine/space/grid";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { packStatblock } from "./pack-statblocks";

/**
 * What the attack card's pure tests stand on (`card-steps`, `draft`, `field`, `sealing`): Tamsin
 * (a pack pregen) with her melee weapon, the Bandit Thug, a hex grid, and a combatant's kept
 * pools full (5 AP, 2 RP, 2 FP) unless `over` says otherwise.
 */
export const tamsin = packStatblock("pregens", "tamsin-holt");
export const thug = packStatblock("npcs", "bandit-thug");
export const sword = tamsin.weapons.find((w) => w.kind === "melee")!;
export const grid = hexGrid(false, false);
export const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, ...over });
