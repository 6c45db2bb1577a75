import { BOARD_HALF, BOARD_SIDE, type Context } from "./context";
import type { Square } from "./events";
import type { Fighter } from "./fighter";

/**
 * The battlefield of a headless `phases` fight: a square grid measuring diagonals as one square
 * (Foundry's default, `equidistant`), every token one square. Distances are in squares, the
 * larger of the row and column differences; two tokens are adjacent at distance 1, and each
 * threatens the squares adjacent to it (§Movement Phase Notes). The runner counts on integers;
 * the tests compare with the engine's `space/` (`distance`, `adjacent`, `threatLeft`,
 * `movementCost`, `line`). Source: `003_d18720f6cd315cc2.txt` §Movement Phase Notes.
 */

/** Squares between two squares (engine `distance` on an equidistant square grid). */
export function squares(a: Square, b: Square): number {
  return squaresAt(a.i, a.j, b.i, b.j);
}

/** {@link squares} of two squares given by their rows and columns. */
export function squaresAt(ai: number, aj: number, bi: number, bj: number): number {
  const di = ai > bi ? ai - bi : bi - ai;
  const dj = aj > bj ? aj - bj : bj - aj;
  return di > dj ? di : dj;
}

/** Squares between two fighters. */
export const apart = (a: Fighter, b: Fighter): number => squares(a.at, b.at);

/** Whether a square is difficult terrain: on row `ctx.difficultRow`, columns ≡ 2 (mod 3). */
export function isDifficult(ctx: Context, i: number, j: number): boolean {
  return i === ctx.difficultRow && ((j % 3) + 3) % 3 === 2;
}

/** Whether a fighter still in the fight stands on the square (the mover itself left out). */
export function occupied(ctx: Context, i: number, j: number, mover: Fighter): boolean {
  const at = cellOf(i, j);
  if (at >= 0) {
    const k = ctx.board[at] as number;
    return k !== 0 && ctx.fighters[k - 1] !== mover;
  }
  const fs = ctx.fighters;
  for (let k = 0; k < fs.length; k++) {
    const f = fs[k] as Fighter;
    if (f !== mover && !f.out && f.at.i === i && f.at.j === j) return true;
  }
  return false;
}

/** A square's index on the board's window, or −1 outside it (then the fighters are scanned). */
function cellOf(i: number, j: number): number {
  const r = i + BOARD_HALF;
  const c = j + BOARD_HALF;
  return r >= 0 && r < BOARD_SIDE && c >= 0 && c < BOARD_SIDE ? r * BOARD_SIDE + c : -1;
}

/** Marks `value` (its slot + 1, or 0 for nobody) on the board where `f` stands. */
function mark(ctx: Context, f: Fighter, value: number): void {
  const at = cellOf(f.at.i, f.at.j);
  if (at >= 0) ctx.board[at] = value;
}

/** Moves `f` to a square, on the board too. */
export function place(ctx: Context, f: Fighter, i: number, j: number): void {
  mark(ctx, f, 0);
  f.at.i = i;
  f.at.j = j;
  mark(ctx, f, f.slot + 1);
}

/** Takes a fighter out of the fight off the board. */
export function unplace(ctx: Context, f: Fighter): void {
  mark(ctx, f, 0);
}

/** The difficult squares of the field between columns −`half` and `half`, for the log. */
export function difficultSquares(ctx: Context, half: number): Square[] {
  const out: Square[] = [];
  for (let j = -half; j <= half; j++) {
    if (isDifficult(ctx, ctx.difficultRow, j)) out.push({ i: ctx.difficultRow, j });
  }
  return out;
}

/**
 * The field as the fight begins: the party along row 0, the foes along row `gap`, each token a
 * square apart from the next and both lines centred on column 0; difficult terrain on the row
 * halfway between. Logged with every fighter's square, tier, HP and Speed.
 */
export function layField(ctx: Context, gap: number): void {
  ctx.difficultRow = gap >> 1;
  let party = 0;
  for (const f of ctx.fighters) if (f.party) party++;
  const lines = [party, ctx.fighters.length - party];
  const k = [0, 0];
  ctx.board.fill(0);
  for (const f of ctx.fighters) {
    const side = f.party ? 0 : 1;
    const n = lines[side] as number;
    const at = k[side] as number;
    f.at.i = side === 0 ? 0 : gap;
    f.at.j = 2 * at - (n - 1);
    mark(ctx, f, f.slot + 1);
    k[side] = at + 1;
  }
  if (!ctx.record) return;
  const span = Math.max(...lines) + 2;
  ctx.emit({
    kind: "field", round: 0, grid: "square", diagonals: "equidistant",
    difficult: difficultSquares(ctx, span),
    fighters: ctx.fighters.map((f) => ({
      actor: f.key, side: f.side, tier: f.block.tier, square: { ...f.at }, hp: f.hp,
      hpMax: f.block.hpMax, speed: f.block.speed,
    })),
  });
}
