/**
 * Each side's fighters still in a headless fight, listed again only after someone fell (the
 * tactics ask for a side at every step of every turn, and a fighter leaves the fight only by
 * falling); and the fight's attack ids. Neutral: any runner whose fighters stand on the party's
 * side or the foes' and count their falls in the context.
 */
export type FightSide = "party" | "foes";

/** The lists as last made, and the fall count they were made at. */
export interface UpLists<F> {
  readonly fallen: number;
  readonly party: F[];
  readonly foes: F[];
}

/** What the lists read of a fight's context. */
export interface UpContext<F> {
  readonly fighters: readonly F[];
  /** Falls so far (a runner counts each). */
  readonly fallen: number;
  up: UpLists<F> | null;
}

/**
 * The fighters of `side` still in the fight (not `out`), in listed order. The list is the
 * context's until the next fall: read it, never change or keep it.
 */
export function upOf<F extends { readonly out: boolean; readonly side: FightSide }>(
  ctx: UpContext<F>, side: FightSide,
): readonly F[] {
  let up = ctx.up;
  if (!up || up.fallen !== ctx.fallen) {
    const party: F[] = [];
    const foes: F[] = [];
    for (const f of ctx.fighters) if (!f.out) (f.side === "party" ? party : foes).push(f);
    ctx.up = up = { fallen: ctx.fallen, party, foes };
  }
  return side === "party" ? up.party : up.foes;
}

/** The other side's fighters still in the fight (see {@link upOf}). */
export const foesUp = <F extends { readonly out: boolean; readonly side: FightSide }>(
  ctx: UpContext<F>, side: FightSide,
): readonly F[] => upOf(ctx, side === "party" ? "foes" : "party");

/**
 * A new attack id, unique in the fight. Ids only name attacks in the log: an unrecorded fight
 * counts them all the same but builds no text ("").
 */
export function nextId(ctx: { seq: number; readonly record: boolean }): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
