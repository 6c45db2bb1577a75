import { isKeptId } from "../combat/kept-record";
import { defeatedStatus } from "../setup/status-effects";

/**
 * Marks the GM keeps on tokens, where their owners cannot write them: on the token's Scene, in
 * `flags.fray.tokenMarks.<tokenId>`. A token's own flags are its actor's owners' to write
 * (common/documents/token.mjs `#canUpdate`), while a Scene inherits the base update permission,
 * "OWNER" (common/abstract/document.mjs `metadata.permissions`), and a Scene is owned by GMs alone
 * unless the GM gives it away. What a mark holds is the ruleset's (wounds: a summon's summoner and
 * whether it is a thrall); a ruleset reads it through its own parser, never trusting its shape.
 * A mark is stored with its scene's id (`{ scene, mark }`): a duplicated scene copies its flags
 * and keeps its tokens' ids (common/abstract/document.mjs `clone`), and its copies are no marks.
 * A deleted token's mark is deleted by the active GM (`registerTokenMarks`).
 */

const ROOT = "flags.fray.tokenMarks";


/** A scene as the marks read and write it. */
export interface MarkedScene {
  readonly id: string | null;
  readonly flags?: unknown;
  readonly tokens: { get(id: string): unknown };
  update(changes: object): Promise<unknown>;
}

/** A token's mark as stored (untrusted shape), with where it stands. */
export interface TokenMark {
  readonly scene: MarkedScene;
  readonly tokenId: string;
  readonly mark: unknown;
}

function stored(scene: MarkedScene): Record<string, unknown> {
  const marks = (scene.flags as { fray?: { tokenMarks?: unknown } } | undefined)
    ?.fray?.tokenMarks;
  return marks && typeof marks === "object" && !Array.isArray(marks)
    ? marks as Record<string, unknown> : {};
}

/** The marks of a scene's tokens still on it, written on this scene. */
export function marksOn(scene: MarkedScene): TokenMark[] {
  return Object.entries(stored(scene)).flatMap(([tokenId, held]) => {
    const { scene: at, mark } = (held ?? {}) as { scene?: unknown; mark?: unknown };
    const here = at === scene.id && isKeptId(tokenId) && scene.tokens.get(tokenId);
    return here ? [{ scene, tokenId, mark }] : [];
  });
}

/** Every scene's token marks (scenes as `game.scenes` holds them). */
export function allMarks(scenes: Iterable<MarkedScene> = sceneList()): TokenMark[] {
  return [...scenes].flatMap(marksOn);
}

/**
 * Every scene's marks whose token's actor stands: it has an actor (an unlinked token's synthetic
 * one), not marked defeated (`defeatedStatus`), and `up` by its ruleset's reading (HP above 0).
 */
export function standingMarks(up: (actor: Actor.Implementation) => boolean): TokenMark[] {
  return allMarks().filter((m) => {
    const actor = (m.scene.tokens.get(m.tokenId) as TokenDocument.Implementation | undefined)
      ?.actor;
    return Boolean(actor && up(actor) && !actor.statuses.has(defeatedStatus()));
  });
}

function sceneList(): MarkedScene[] {
  return (game.scenes?.contents ?? []) as unknown as MarkedScene[];
}

/**
 * GM: writes a token's mark whole (an object of plain JSON), or deletes it (`null`).
 * @throws Error on a player's client, or for a bad token id.
 */
export async function markToken(scene: MarkedScene, tokenId: string, mark: object | null):
  Promise<void> {
  if (!game.user?.isGM) throw new Error("Fray | only a GM's client marks tokens");
  if (!isKeptId(tokenId)) throw new Error(`Fray | not a token id: ${tokenId}`);
  const changes = mark === null ? { [`${ROOT}.-=${tokenId}`]: null }
    : { [`${ROOT}.${tokenId}`]: { scene: scene.id, mark: structuredClone(mark) } };
  await scene.update(changes);
}

/** Registers the active GM's deletion of a deleted token's mark (from the shell's install). */
export function registerTokenMarks(): void {
  Hooks.on("deleteToken", (token: TokenDocument.Implementation) => {
    const scene = token.parent as unknown as MarkedScene | null;
    if (!game.user?.isActiveGM || !scene || !token.id) return;
    if (!Object.hasOwn(stored(scene), token.id)) return;
    void markToken(scene, token.id, null).catch((err: unknown) =>
      console.error("Fray | deleting a token's mark failed", err));
  });
}
