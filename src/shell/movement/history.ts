/**
 * What the GM's client knew of each token's recorded movement before its latest move, so that a
 * player's "undo" can be told from a move that only calls itself one. v13 builds a move's whole
 * description (`method`, origin, path, even `_movementHistory` under `isUndo`) on the moving
 * client and the server checks none of it (client/documents/token.mjs `#preUpdateMovement`; no
 * check in dist/database), so a player could send `method: "undo"` to walk past a foe unjudged.
 * An honest undo (`TokenDocument#revertRecordedMovement`) cuts the recorded history before one
 * movement and puts the token where that movement started; the GM accepts it when the history it
 * saw before the update agrees.
 */

/** One recorded waypoint, as `_movementHistory` keeps it (only what the check reads). */
export interface RecordedWaypoint {
  readonly x?: number;
  readonly y?: number;
  readonly movementId?: string;
}

type History = readonly RecordedWaypoint[];

const same = (a: RecordedWaypoint | undefined, b: RecordedWaypoint | undefined): boolean =>
  Boolean(a && b && a.x === b.x && a.y === b.y && a.movementId === b.movementId);

/**
 * Whether going from the recorded history `before` to `after`, the token now at `at`, is the
 * undo of one recorded movement: `after` is a shorter prefix of `before` that stops where a
 * movement starts, and the token stands where `revertRecordedMovement` puts it (the waypoint
 * before that movement, or the first one when the first movement is undone). Pure.
 * @param before the history the GM saw before the update (null when it saw none: not verified)
 */
export function isRecordedUndo(
  before: History | null,
  after: History,
  at: { readonly x: number; readonly y: number },
): boolean {
  if (!before || after.length >= before.length) return false;
  if (!after.every((w, i) => same(w, before[i]))) return false;
  const cut = after.length;
  const starts = before[cut]?.movementId !== before[cut - 1]?.movementId || cut === 0;
  const back = before[Math.max(cut - 1, 0)];
  return starts && back?.x === at.x && back?.y === at.y;
}

interface Tracked {
  readonly _source: { readonly _movementHistory?: History };
}

const seen = new WeakMap<object, History>();

/** The history the GM last saw for `token` (null before it saw any). */
export function seenHistory(token: object): History | null {
  return seen.get(token) ?? null;
}

/**
 * Notes what `token` records now, as a copy: v13 refills the same `_movementHistory` array on an
 * update (common/data/fields.mjs `ArrayField#_updateCommit` keeps the array's reference).
 */
export function noteHistory(token: Tracked): void {
  const history = token._source._movementHistory ?? [];
  seen.set(token, history.map(({ x, y, movementId }) => ({ x, y, movementId })));
}
