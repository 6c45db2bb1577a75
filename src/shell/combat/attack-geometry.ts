import { footprintDistance, type Footprint } from "../../engine/space/footprint";
import { fromBehind } from "../../engine/space/flanking";
import { placementOf, tokenPlace } from "./positions";

/** Where an attack stands on its scene's grid. */
export interface AttackGeometry {
  /** Spaces between the attacker's and the target's footprints; null gridless. */
  readonly gap: number | null;
  /** The attacker is behind the target: an ally stands on the target's other side. */
  readonly flanking: boolean;
}

/**
 * The attack's geometry from its two tokens on their scene's grid (`positions.ts`): the distance
 * between their footprints (engine `footprintDistance`) and whether the attacker is behind the
 * target (engine `fromBehind`), its allies being the other tokens of its disposition on the scene
 * that `standsBy` accepts (a ruleset's "standing": up, of its own actor types). Gridless: no gap
 * and no flanking.
 */
export function attackGeometry(
  attacker: TokenDocument.Implementation, target: TokenDocument.Implementation,
  standsBy: (token: TokenDocument.Implementation) => boolean,
): AttackGeometry {
  const placement = placementOf(attacker.parent);
  const footprint = (t: TokenDocument.Implementation) =>
    placement?.footprint(tokenPlace(t)) ?? null;
  const from = footprint(attacker);
  const to = footprint(target);
  if (!placement || !from || !to) return { gap: null, flanking: false };
  const tokens = (attacker.parent?.tokens?.contents ?? []) as TokenDocument.Implementation[];
  const allies = tokens.flatMap((t): Footprint[] => {
    if (t === attacker || t === target || t.disposition !== attacker.disposition) return [];
    const fp = standsBy(t) ? footprint(t) : null;
    return fp ? [fp] : [];
  });
  return {
    gap: footprintDistance(placement.grid, from, to),
    flanking: fromBehind(placement.grid, to, from, { allies }) === true,
  };
}
