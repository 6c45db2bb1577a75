import { applyUpdate } from "./stand-ins";

/**
 * Stand-ins for Foundry's world documents, for tests that run a ruleset's real Foundry classes and
 * GM flows in Node: a registry of documents by uuid (what `fromUuid`/`fromUuidSync` find), an
 * Actor base class (`globalThis.Actor`, so a ruleset's Actor subclass loads and runs as it is),
 * embedded ActiveEffects, tokens (linked, or unlinked with their synthetic actor) and a write
 * trap that deletes a document between two writes, as another client (the GM deleting a token
 * or an actor) may while a request runs. Updates merge as Foundry's client merges them
 * (`stand-ins.ts`); a write to a deleted document throws, as Foundry's server refuses it
 * (dist/database/backend/server-backend.mjs answers an update of a missing document with an
 * error). Data only: permissions are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** What the stand-ins' failures say (tests tell them from Fray's own failures). */
export const FAULT = "stand-in:";
/** What a write to a deleted document throws. */
export const GONE = `${FAULT} the document does not exist`;
/** What a write the server refused throws. */
export const REFUSED = `${FAULT} the server refused the write`;

/** A deletion armed to happen just before the `at`th write from now. */
export interface WriteTrap {
  at: number;
  readonly fire: () => void;
}

/** The world's documents by uuid, and every write made to them. */
export class World {
  readonly docs = new Map<string, any>();
  writes = 0;
  trap: WriteTrap | null = null;
  /** Whether the trap went off (reset by the test). */
  sprung = false;

  add<T extends { uuid: string }>(doc: T): T {
    this.docs.set(doc.uuid, doc);
    return doc;
  }

  get(uuid: unknown): any {
    return typeof uuid === "string" ? this.docs.get(uuid) ?? null : null;
  }

  /** Called before every write: springs the trap, refuses a write to a deleted document. */
  touch(doc: { deleted?: boolean; uuid: string }): void {
    this.writes++;
    const trap = this.trap;
    if (trap && this.writes >= trap.at) {
      this.trap = null;
      this.sprung = true;
      trap.fire();
    }
    if (doc.deleted) throw new Error(`${GONE}: ${doc.uuid}`);
  }

  /** Arms a deletion before the `after`th write from now (1: the next write). */
  arm(after: number, fire: () => void): void {
    this.trap = { at: this.writes + Math.max(1, after), fire };
    this.sprung = false;
  }

  forget(uuid: string): void {
    for (const key of [...this.docs.keys()])
      if (key === uuid || key.startsWith(`${uuid}.`)) this.docs.delete(key);
  }
}

/** An embedded collection as Foundry's: a Map by id whose iteration yields the documents. */
export class Collection<T = any> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
  override [Symbol.iterator](): any {
    return this.values();
  }
  find(fn: (d: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  filter(fn: (d: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  some(fn: (d: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  map<U>(fn: (d: T) => U): U[] {
    return this.contents.map(fn);
  }
}

let serial = 0;
/** A fresh 16-character id. */
export const newId = (prefix = "x"): string =>
  `${prefix}${(serial++).toString(36).padStart(16 - prefix.length, "0")}`;

/** An ActiveEffect: statuses, flags; written and deleted through its actor's world. */
export class StandInEffect {
  readonly documentName = "ActiveEffect";
  readonly id: string;
  readonly uuid: string;
  name: string;
  img: string;
  statuses: Set<string>;
  flags: Record<string, any>;
  disabled = false;
  deleted = false;

  constructor(readonly parent: StandInActor, data: Record<string, any>) {
    this.id = typeof data._id === "string" ? data._id : newId("effect");
    this.uuid = `${parent.uuid}.ActiveEffect.${this.id}`;
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "");
    this.statuses = new Set(data.statuses ?? []);
    this.flags = structuredClone(data.flags ?? {});
  }

  get _source(): Record<string, unknown> {
    return this.toObject();
  }

  toObject(): Record<string, any> {
    return structuredClone({
      _id: this.id, name: this.name, img: this.img, statuses: [...this.statuses],
      flags: this.flags, disabled: this.disabled,
    });
  }

  async update(changes: Record<string, unknown>): Promise<this> {
    this.parent.world.touch(this);
    applyUpdate(this as any, changes);
    return this;
  }

  async delete(): Promise<this> {
    await this.parent.deleteEmbeddedDocuments("ActiveEffect", [this.id]);
    return this;
  }
}

export interface ActorInit {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: Record<string, any>;
  /** Users who own it (GMs own everything). */
  readonly owners: readonly string[];
  readonly items?: readonly Record<string, any>[];
  /** A synthetic actor's uuid (under its token); a world actor's is `Actor.<id>`. */
  readonly uuid?: string;
}

/**
 * Foundry's Actor as a ruleset's Actor subclass uses it: stored data (`_source`), `update`,
 * embedded effects, `statuses` from its enabled effects, `toggleStatusEffect` as v13's
 * (client/documents/actor.mjs: single-status effects of that status, forced on or off), ownership.
 */
export class StandInActor {
  readonly documentName = "Actor";
  id!: string;
  uuid!: string;
  name!: string;
  type!: string;
  system!: Record<string, any>;
  flags: Record<string, any> = {};
  owners!: readonly string[];
  items!: Collection;
  effects = new Collection<StandInEffect>();
  token: any = null;
  deleted = false;
  world!: World;

  get _source(): Record<string, unknown> {
    return structuredClone({ system: this.system, flags: this.flags });
  }

  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const e of this.effects.values()) if (!e.disabled) for (const s of e.statuses) out.add(s);
    return out;
  }

  testUserPermission(user: { id?: string | null; isGM?: boolean }): boolean {
    return Boolean(user?.isGM) || this.owners.includes(String(user?.id));
  }

  get isOwner(): boolean {
    return this.testUserPermission((globalThis as any).game?.user ?? {});
  }

  get hasPlayerOwner(): boolean {
    return this.owners.length > 0;
  }

  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  async update(changes: Record<string, unknown>): Promise<this> {
    this.world.touch(this);
    applyUpdate(this as any, changes);
    return this;
  }

  async createEmbeddedDocuments(_name: string, data: Record<string, any>[]): Promise<StandInEffect[]> {
    this.world.touch(this);
    return data.map((d) => {
      const effect = new StandInEffect(this, d);
      this.effects.set(effect.id, effect);
      return this.world.add(effect);
    });
  }

  async deleteEmbeddedDocuments(_name: string, ids: readonly string[]): Promise<StandInEffect[]> {
    this.world.touch(this);
    return ids.flatMap((id) => {
      const effect = this.effects.get(id);
      if (!effect) return [];
      this.effects.delete(id);
      this.world.forget(effect.uuid);
      effect.deleted = true;
      return [effect];
    });
  }

  async updateEmbeddedDocuments(_name: string, updates: Record<string, any>[]): Promise<unknown[]> {
    this.world.touch(this);
    return updates.flatMap(({ _id, ...changes }) => {
      const effect = this.effects.get(String(_id));
      if (!effect) return [];
      applyUpdate(effect as any, changes);
      return [effect];
    });
  }

  async toggleStatusEffect(id: string, { active }: { active?: boolean; overlay?: boolean } = {}) {
    const existing = this.effects.contents
      .filter((e) => e.statuses.size === 1 && e.statuses.has(id)).map((e) => e.id);
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (active === false) return undefined;
    const [made] = await this.createEmbeddedDocuments("ActiveEffect", [{ name: id, statuses: [id] }]);
    return made;
  }

  /** Deletes the actor (and, for a synthetic actor, nothing else: its token stays). */
  async delete(): Promise<this> {
    this.world.touch(this);
    this.vanish();
    return this;
  }

  vanish(): void {
    this.deleted = true;
    for (const e of this.effects.values()) e.deleted = true;
    this.world.forget(this.uuid);
  }
}

/**
 * Builds an actor of `cls` (the Actor base, or a ruleset's subclass of it, whose constructor
 * takes no arguments of its own) in a world.
 */
export function makeActor<T>(cls: new () => T, world: World, init: ActorInit): T {
  const actor = new cls() as StandInActor;
  Object.assign(actor, {
    id: init.id, uuid: init.uuid ?? `Actor.${init.id}`, name: init.name, type: init.type,
    system: structuredClone(init.system), owners: init.owners, world,
  });
  actor.items = new Collection((init.items ?? []).map((i) => {
    const item = { ...structuredClone(i), parent: actor };
    return [String(i.id), item];
  }));
  return world.add(actor) as T;
}

/** A token on scene `s`: linked to a world actor, or with its own synthetic actor. */
export class StandInToken {
  readonly documentName = "Token";
  readonly uuid: string;
  deleted = false;
  x = 0;
  y = 0;
  width = 1;
  height = 1;

  constructor(
    readonly world: World,
    readonly id: string,
    readonly name: string,
    readonly base: StandInActor,
    readonly actorLink: boolean,
    readonly parent: { id: string; grid?: unknown } = { id: "s" },
  ) {
    this.uuid = `Scene.${parent.id}.Token.${id}`;
    world.add(this);
  }

  /** The linked actor (gone when it is deleted), or the synthetic one (gone with the token). */
  get actor(): StandInActor | null {
    return this.base.deleted ? null : this.base;
  }

  /** Its stored place and size (what a recorder watches). */
  get _source(): Record<string, unknown> {
    return { x: this.x, y: this.y, width: this.width, height: this.height };
  }

  /** Its updates with their options, in order (a put-back's place, say). */
  readonly updates: { changes: Record<string, unknown>; options: Record<string, unknown> }[] = [];

  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}):
    Promise<this> {
    this.world.touch(this);
    applyUpdate(this as any, changes);
    this.updates.push({ changes: structuredClone(changes), options });
    return this;
  }

  async delete(): Promise<this> {
    this.world.touch(this);
    this.vanish();
    return this;
  }

  vanish(): void {
    this.deleted = true;
    this.world.forget(this.uuid);
    if (!this.actorLink) this.base.vanish();
  }
}

/** Installs the Actor base so a ruleset's Actor class can load (before importing it). */
(globalThis as any).Actor ??= StandInActor;

/** Foundry v13's grid types (common/constants.mjs `GRID_TYPES`). */
export const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 } as const;

const odd = (n: number) => ((n % 2) + 2) % 2 === 1;

/**
 * A scene's grid as a ruleset's position rules read it, `size` pixels a space: its `type`
 * (`GRID_TYPES`), and for a hex grid `columns` and `even` (HEXODDQ/HEXEVENQ are column-wise,
 * flat-topped; HEXEVENR/HEXEVENQ push the even rows or columns half a hex), `sizeX` and `sizeY`
 * (a hex is 2/√3 of `size` across its points); a space's centre and top-left corner in pixels
 * (`getCenterPoint`, `getTopLeftPoint` of common/grid/square.mjs and hexagonal.mjs, whose values
 * the Foundry tier checks these against: test/foundry/stand-in-grid.test.ts), and `offsetOf`,
 * the space whose top-left corner a token of one space stands on (what a 1×1 token's
 * `_positionToGridOffset` answers, common/documents/token.mjs). A gridless scene measures like a
 * square one here (nothing reads its spaces).
 */
export function sceneGrid(size: number, type: number): any {
  const hex = type >= GRID_TYPES.HEXODDR;
  const columns = type === GRID_TYPES.HEXODDQ || type === GRID_TYPES.HEXEVENQ;
  const even = type === GRID_TYPES.HEXEVENR || type === GRID_TYPES.HEXEVENQ;
  const long = (size * 2) / Math.sqrt(3);
  const [sizeX, sizeY] = !hex ? [size, size] : columns ? [long, size] : [size, long];
  // Whether a row (row-wise) or column (column-wise) is the one pushed half a hex.
  const pushed = (n: number) => odd(n) !== even;
  const getCenterPoint = ({ i, j }: { i: number; j: number }) => {
    if (!hex) return { x: (j + 0.5) * size, y: (i + 0.5) * size };
    if (columns) return { x: sizeX * (0.75 * j + 0.5), y: size * (i + (pushed(j) ? 0.5 : 0)) };
    return { x: size * (j + (pushed(i) ? 0.5 : 0)), y: sizeY * (0.75 * i + 0.5) };
  };
  const getTopLeftPoint = (at: { i: number; j: number }) => {
    const c = getCenterPoint(at);
    return { x: c.x - sizeX / 2, y: c.y - sizeY / 2 };
  };
  const offsetOf = ({ x, y }: { x: number; y: number }) => {
    const [cx, cy] = [x + sizeX / 2, y + sizeY / 2];
    if (!hex) return { i: Math.round((cy - size / 2) / size), j: Math.round((cx - size / 2) / size) };
    if (columns) {
      const j = Math.round((cx / sizeX - 0.5) / 0.75);
      return { i: Math.round(cy / size - (pushed(j) ? 0.5 : 0)), j };
    }
    const i = Math.round((cy / sizeY - 0.5) / 0.75);
    return { i, j: Math.round(cx / size - (pushed(i) ? 0.5 : 0)) };
  };
  return {
    type, size, sizeX, sizeY, columns, even, isHexagonal: hex, isSquare: type === GRID_TYPES.SQUARE,
    isGridless: type === GRID_TYPES.GRIDLESS, getCenterPoint, getTopLeftPoint, offsetOf,
  };
}

/**
 * A scene with a grid of `size` pixels a space (`sceneGrid`): square, gridless (`true`) or a
 * `GRID_TYPES` value; and its tokens.
 */
export function gridScene(size: number, grid: boolean | number = false): any {
  const type = grid === true ? GRID_TYPES.GRIDLESS : grid === false ? GRID_TYPES.SQUARE : grid;
  return { id: "s", uuid: "Scene.s", tokens: new Collection(), grid: sceneGrid(size, type) };
}

/**
 * Stands a token of one space (Foundry's default shape, RECTANGLE_1) on its scene's grid
 * (`token.parent.grid`, from `sceneGrid`; square without one) at space `[column, row]`, with what
 * the movement rules read of it: its top-left
 * space at a position (common/documents/token.mjs `_positionToGridOffset`) and the v13 movement
 * API a rule's move uses (client/documents/token.mjs `move`).
 */
export function placeOnGrid(
  token: any, world: World, size: number, at: readonly [number, number], disposition: number,
): void {
  const grid = token.parent?.grid?.offsetOf ? token.parent.grid : sceneGrid(size, GRID_TYPES.SQUARE);
  const { x, y } = grid.getTopLeftPoint({ i: at[1], j: at[0] });
  // A token's place is whole pixels (common/documents/token.mjs: `x`, `y` are integer fields,
  // rounded as they are cleaned), and its space is read from the rounded place.
  Object.assign(token, {
    x: Math.round(x), y: Math.round(y), shape: 4, disposition,
    _positionToGridOffset: (p: { x?: number; y?: number } = {}) =>
      grid.offsetOf({ x: Math.round(p.x ?? token.x), y: Math.round(p.y ?? token.y) }),
    async move(to: { x: number; y: number }) {
      world.touch(token);
      Object.assign(token, { x: Math.round(to.x), y: Math.round(to.y) });
      return true;
    },
  });
}
