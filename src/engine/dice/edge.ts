/**
 * Edge: net Advantage minus Disadvantage from named sources.
 *
 * Sources with different names stack; the same name twice counts once (a target Weakened twice is
 * still one Advantage). Source: RULINGS.md (common words, "edge"); `000_c2dc3d650823e22d.txt`
 * §Conditions and Effects ("Conditions with different names stack").
 */
export interface EdgeSource {
  /** A stable name, e.g. `attacker:dazed`, `target:softened`, `manual`. */
  readonly source: string;
  /** Positive for Advantage, negative for Disadvantage. */
  readonly amount: number;
}

/** Net edge of a list of sources; a source name repeated counts once (its first amount). */
export function netEdge(sources: readonly EdgeSource[]): number {
  if (sources.length === 0) return 0;
  if (sources.length === 1) return sources[0]?.amount ?? 0;
  // A scan of the earlier sources rather than a Set: lists hold a handful of sources, and every
  // simulated attack with an edge comes here.
  let edge = 0;
  outer: for (let i = 0; i < sources.length; i++) {
    const s = sources[i] as EdgeSource;
    for (let j = 0; j < i; j++) if ((sources[j] as EdgeSource).source === s.source) continue outer;
    edge += s.amount;
  }
  return edge;
}
