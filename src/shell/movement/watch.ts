import { claimOnce } from "../gm/claim";
import { combatOfToken } from "../combat/located";
import { isRecordedUndo, noteHistory, seenHistory, type RecordedWaypoint } from "./history";

/**
 * The one movement watch every ruleset's position rules hang on (v13's movement hooks,
 * client/documents/token.mjs): `preMoveToken` on the moving client before the move is sent
 * (returning false cancels it and the token stays), and `moveToken` on every client after it,
 * with where it started, the waypoints it passed and how it was made (`method`). Only a creature's
 * move in a started encounter is judged: not an undo (Ctrl+Z) or a place set in the token's
 * configuration (no one moved: `method` "undo", "config"), not a move Fray's GM makes for a rule
 * (a carried or thrown foe; its update options carry `FORCED_MOVE`), not a change of elevation or
 * size alone. The encounter is the one the token fights in, whichever one a client views, linked to
 * a scene or not. After a move the active GM runs the ruleset's rules once per movement, whichever
 * of its clients gets there first.
 *
 * The moving client describes its move and the server checks none of it, so after a move the GM
 * takes those exemptions only from a GM (the hook's `user`, stamped by the server), or, for a
 * player's undo, when the token's recorded history agrees (`history.ts`); Token Config's position
 * fields are the GM's alone (templates/scene/token/identity.hbs), so a player's "config" move is
 * judged.
 */
export const FORCED_MOVE = "frayForced";

export interface Place {
  readonly x?: number;
  readonly y?: number;
  readonly width?: number;
  readonly height?: number;
  /**
   * The terrain of the segment that ends here, as v13 regionalizes a passed path
   * (client/documents/token.mjs `createTerrainMovementPath`; client/data/terrain-data.mjs
   * `TerrainData`: `difficulty`, the movement cost multiplier), or null/absent for none.
   */
  readonly terrain?: { readonly difficulty?: number | null } | null;
}

interface MovementData {
  readonly id?: string;
  readonly origin?: Place;
  readonly destination?: Place;
  readonly passed?: { readonly waypoints?: readonly Place[] };
  readonly method?: string;
}

/** A judged move: the token, its encounter and combatant, and where it went. */
export interface Move {
  readonly token: TokenDocument.Implementation;
  readonly combat: Combat.Implementation;
  readonly combatant: Combatant.Implementation;
  readonly origin: Place;
  readonly destination: Place;
  /** The places it passed, in order (the destination alone when v13 gives none). */
  readonly path: readonly Place[];
  /**
   * The places of `path` entered through difficult terrain (a region's "Modify Movement Cost"
   * behaviour with a difficulty above 1), for a ruleset that counts it.
   */
  readonly difficult: readonly Place[];
  /** A GM made it (the server's stamp after the move; the moving client's user before it). */
  readonly byGM: boolean;
}

export interface MovementRules {
  /** On the moving client, before the move is sent: false cancels it (say why to the user). */
  before?(move: Move): boolean;
  /** On the active GM after the move, once. */
  after?(move: Move): Promise<void>;
}

/**
 * Whether a movement is one a creature made and changed its place on the way: its destination or
 * a waypoint it passed is elsewhere than where it started. A drag out and back to the starting
 * space is a move: v13 makes it with the waypoints passed, its destination the last of them
 * whatever the origin, and in combat records them in the token's movement history, so the
 * update is made and `moveToken` fires (client/documents/token.mjs `#preUpdateMovement`); it is
 * paid and provokes as its path says. Pure.
 * @param exemptionsTrusted whether its undo, config or rule's-move marks are believed (a GM's
 *   move, a player's verified undo, or the moving client judging itself before it moves)
 */
export function judgedMove(
  movement: MovementData,
  options?: Record<string, unknown>,
  exemptionsTrusted = true,
): boolean {
  const exempt = options?.[FORCED_MOVE] || movement.method === "undo"
    || movement.method === "config";
  if (exempt && exemptionsTrusted) return false;
  const from = movement.origin;
  const to = movement.destination;
  const elsewhere = (p: Place | undefined) => Boolean(p && from && (p.x !== from.x || p.y !== from.y));
  return Boolean(from && to && (elsewhere(to) || (movement.passed?.waypoints ?? []).some(elsewhere)));
}

function moveOf(
  token: TokenDocument.Implementation, movement: MovementData, byGM: boolean,
): Move | null {
  const found = combatOfToken(token);
  if (!found || !movement.origin || !movement.destination) return null;
  const waypoints = movement.passed?.waypoints ?? [];
  return {
    token, combat: found.combat, combatant: found.combatant, origin: movement.origin,
    destination: movement.destination, path: waypoints.length ? waypoints : [movement.destination],
    difficult: waypoints.filter((w) => (w.terrain?.difficulty ?? 1) > 1),
    byGM,
  };
}

// fvtt-types' movement hook types differ from what v13 passes (client/documents/_types.mjs).
type Hook = (
  doc: TokenDocument.Implementation, m: MovementData, options?: Record<string, unknown>,
  user?: { readonly isGM?: boolean },
) => unknown;
type UpdateHook = (
  doc: TokenDocument.Implementation, changed: object, options?: Record<string, unknown>,
) => unknown;
interface On {
  (name: "updateToken", fn: UpdateHook): number;
  (name: string, fn: Hook): number;
}

interface Recorded {
  readonly x: number;
  readonly y: number;
  readonly _source: { readonly _movementHistory?: readonly RecordedWaypoint[] };
}

/**
 * Whether the GM believes a finished move's exemptions: made by a GM, or a player's undo that
 * the token's recorded history bears out. Notes the history for the next move either way.
 */
function trustedMove(doc: Recorded, movement: MovementData, user?: { isGM?: boolean }): boolean {
  const before = seenHistory(doc);
  noteHistory(doc);
  if (user?.isGM) return true;
  const after = doc._source._movementHistory ?? [];
  return movement.method === "undo" && isRecordedUndo(before, after, doc);
}

/** Keeps, on each GM client, the history each token recorded, for `trustedMove`. */
function watchHistories(on: On): void {
  const noteAll = () => {
    for (const scene of game.scenes ?? []) for (const t of scene.tokens) noteHistory(t);
  };
  Hooks.once("ready", () => {
    if (game.user?.isGM) noteAll();
  });
  on("createToken", (doc) => {
    if (game.user?.isGM) noteHistory(doc);
  });
  // A history cleared or set without a move (a new turn, a reset); a move notes its own.
  on("updateToken", (doc, changed, options) => {
    const moving = (options?._movement as Record<string, unknown> | undefined)?.[doc.id ?? ""];
    if (game.user?.isGM && !moving && "_movementHistory" in changed) noteHistory(doc);
  });
}

/** Registers a ruleset's movement rules (during `init`). */
export function registerMovementRules(rules: MovementRules): void {
  const on = Hooks.on.bind(Hooks) as unknown as On;
  on("preMoveToken", (doc, movement, options) => {
    if (!rules.before || !judgedMove(movement, options)) return;
    const move = moveOf(doc, movement, game.user?.isGM === true);
    if (move && !rules.before(move)) return false;
  });
  watchHistories(on);
  on("moveToken", (doc, movement, options, user) => {
    if (!game.user?.isGM) return;
    const trusted = trustedMove(doc, movement, user);
    const after = rules.after;
    if (!after || !game.user.isActiveGM || !judgedMove(movement, options, trusted)) return;
    const move = moveOf(doc, movement, user?.isGM === true);
    if (!move) return;
    void (async () => {
      if (movement.id && !(await claimOnce(`move.${movement.id}`))) return;
      await after(move);
    })().catch((err: unknown) => console.error("Fray | judging a move failed", err));
  });
}
