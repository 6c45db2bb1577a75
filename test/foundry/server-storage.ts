/**
 * Where the Foundry tier's server keeps its documents: one in-memory key-value store per primary
 * Document, standing in for the LevelDB database Foundry's server opens for it.
 *
 * Foundry's server documents (dist/database/backend/server-document.mjs) read and write through
 * `LevelDatabase` (backend/level-database.mjs, a ClassicLevel) and its `SublevelDatabase`s
 * (backend/sublevel-database.mjs, one per collection: `actors`, `actors.items`, …). A Foundry
 * folder ships without classic-level, and the update path under test does not depend on how
 * records are stored, only on what is stored. So this store offers the members that path calls,
 * with LevelDB's meaning (values stored as JSON, as `valueEncoding: "json"` does; `get` of a
 * missing key is `undefined`, as in abstract-level 2; keys prefixed `!sublevel!key`), and every
 * other member throws naming itself: if Foundry's code reaches a part of its storage this store
 * does not offer (a query such as Combat's `find({active: true})`), the test fails saying so
 * rather than getting an answer invented here.
 */

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Foundry's Semaphore (common/utils/semaphore.mjs), which every LevelDatabase carries. */
interface Semaphore {
  add(fn: (...args: any[]) => unknown, ...args: unknown[]): Promise<unknown>;
}

/**
 * `target` as it is, except that reading a string member it lacks throws. `then` stays
 * undefined, since `await` and Promise resolution look for it on any value.
 */
function guarded<T extends object>(target: T, what: string): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === "symbol" || key === "then" || key in t) return Reflect.get(t, key, receiver);
      throw new Error(`Foundry tier: Foundry's server reached ${what}.${key}, which the in-memory store lacks`);
    },
  });
}

/** The batch `db.batch()` returns: puts and deletes applied together by `write()`. */
export class MemoryBatch {
  readonly ops: (() => void)[] = [];
  constructor(readonly db: MemoryDatabase) {}
  put(key: string, value: unknown): this {
    const json = JSON.stringify(value);
    this.ops.push(() => void this.db.records.set(key, json));
    return this;
  }
  del(key: string): this {
    this.ops.push(() => void this.db.records.delete(key));
    return this;
  }
  async write(): Promise<void> {
    for (const op of this.ops.splice(0)) op();
  }
}

/** One collection's records (a SublevelDatabase): keys are `!<name>!<key>` in its database. */
export class MemorySublevel {
  constructor(readonly db: MemoryDatabase, readonly name: string, readonly randomID: () => string) {}
  prefixKey(key: string): string {
    return `!${this.name}!${key}`;
  }
  async get(key: string): Promise<any> {
    if (!key) return undefined;
    const json = this.db.records.get(this.prefixKey(key));
    return json === undefined ? undefined : JSON.parse(json);
  }
  async getMany(keys: string[]): Promise<any[]> {
    return Promise.all(keys.map((k) => this.get(k)));
  }
  async has(key: string): Promise<boolean> {
    return this.db.records.has(this.prefixKey(key));
  }
  /** A fresh 16-character id unused in this collection, as SublevelDatabase#createNewId makes. */
  async createNewId(): Promise<string> {
    for (;;) {
      const id = this.randomID();
      if (!(await this.has(id))) return id;
    }
  }
}

/** One primary Document's database: its sublevels by name, and what LevelDatabase adds. */
export class MemoryDatabase {
  readonly status = "open";
  readonly records = new Map<string, string>();
  readonly sublevels: Record<string, MemorySublevel> = {};
  /**
   * @param names the sublevel names, as the Document class's `_getSublevelNames()` gives them
   * @param semaphore a Foundry Semaphore of one slot (LevelDatabase's `semaphore`)
   * @param randomID Foundry's `randomID` (common/utils/helpers.mjs)
   */
  constructor(names: readonly string[], readonly semaphore: Semaphore, randomID: () => string) {
    for (const name of names) {
      this.sublevels[name] = guarded(new MemorySublevel(this, name, randomID), name);
    }
  }
  batch(): MemoryBatch {
    return guarded(new MemoryBatch(this), "batch");
  }
}

/** A guarded in-memory database for a primary Document class (see the module comment). */
export function memoryDatabase(
  names: readonly string[], semaphore: Semaphore, randomID: () => string,
): MemoryDatabase {
  return guarded(new MemoryDatabase(names, semaphore, randomID), "database");
}
