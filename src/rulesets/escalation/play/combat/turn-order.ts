import { compareBands, type BandEntry } from "../../rules/initiative";
import type { Band } from "../../rules/constants";
import type { KeptSource } from "../../rules/models";

/**
 * A combatant's place in the turn order from what the GM keeps on its combat (`KEPT_SPEC`, in the
 * Combat's `flags.fray.kept`: shell/combat/kept.ts), never from its own `system` or `initiative`,
 * which its player may write (Foundry v13 common/documents/combatant.mjs): the kept band, or while
 * the GM has written none (`""`, before the active GM saw it join) the band its documents give
 * (`byDocuments`: its actor's), and the kept order inside its band's PC (or enemy) group.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative Bands.
 * @param kept its kept record (every field filled), or null outside a combat that keeps one
 */
export function bandEntry(
  id: string, kept: Pick<KeptSource, "band" | "order"> | null, byDocuments: Band, isPC: boolean,
): BandEntry {
  return { id, band: kept?.band || byDocuments, isPC, order: kept?.order ?? 0 };
}

/** A combatant as the turn order reads it: its id, kept record, documents' band and side. */
export interface OrderedCombatant {
  readonly id: string;
  readonly kept: Pick<KeptSource, "band" | "order"> | null;
  readonly byDocuments: Band;
  readonly isPC: boolean;
}

/** The ids in turn order (`compareBands` over each `bandEntry`); the input is not changed. */
export function turnOrder(combatants: readonly OrderedCombatant[]): string[] {
  return combatants.map((c) => bandEntry(c.id, c.kept, c.byDocuments, c.isPC))
    .sort(compareBands).map((e) => e.id);
}
