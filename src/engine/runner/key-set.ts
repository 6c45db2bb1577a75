/**
 * A small set of combatant keys (who stands next to whom, who grapples whom), with the part of
 * `Set`'s interface the runners use: `has`, `add`, `delete`, `clear`, `size` and iteration in
 * insertion order. A runner asks these sets at every step, and they hold a handful of keys at most:
 * an array scanned from the start answers faster than a hash table, and emptying one keeps its
 * storage. As with a `Set`, adding a key already there changes nothing, and deleting one keeps the
 * others in their order.
 *
 * Unlike a `Set`, iterating while deleting from the same set is not supported: copy it first
 * (`[...set]`), as the runners do.
 */
export class KeySet implements Iterable<string> {
  readonly #keys: string[] = [];
  #size = 0;

  /** @param keys the first keys, in order (repeats count once). */
  constructor(keys: Iterable<string> = []) {
    for (const k of keys) this.add(k);
  }

  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    const keys = this.#keys;
    for (let i = 0; i < this.#size; i++) if (keys[i] === key) return true;
    return false;
  }

  add(key: string): this {
    if (!this.has(key)) this.#keys[this.#size++] = key;
    return this;
  }

  /** @returns whether the key was there. */
  delete(key: string): boolean {
    const keys = this.#keys;
    for (let i = 0; i < this.#size; i++) {
      if (keys[i] !== key) continue;
      for (let j = i + 1; j < this.#size; j++) keys[j - 1] = keys[j] as string;
      this.#size--;
      return true;
    }
    return false;
  }

  clear(): void {
    this.#size = 0;
  }

  /** The key at `index` in insertion order (0 ≤ index < size), for loops without an iterator. */
  at(index: number): string {
    return this.#keys[index] as string;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.#size; i++) yield this.#keys[i] as string;
  }
}

/**
 * A `KeySet` that keeps, with each key, the item it names (a combatant): who stands next to whom
 * is asked at every step, and the item at hand saves looking each key up. Its keys, `has`,
 * `delete` and iteration (over the keys) behave as `KeySet`'s; `add` takes the item, and adding an
 * item whose key is there already changes nothing.
 */
export class KeyedSet<T extends { readonly key: string }> implements Iterable<string> {
  readonly #items: T[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    const items = this.#items;
    for (let i = 0; i < this.#size; i++) if ((items[i] as T).key === key) return true;
    return false;
  }

  add(item: T): this {
    if (!this.has(item.key)) this.#items[this.#size++] = item;
    return this;
  }

  /** @returns whether the key was there. */
  delete(key: string): boolean {
    const items = this.#items;
    for (let i = 0; i < this.#size; i++) {
      if ((items[i] as T).key !== key) continue;
      for (let j = i + 1; j < this.#size; j++) items[j - 1] = items[j] as T;
      this.#size--;
      return true;
    }
    return false;
  }

  clear(): void {
    this.#size = 0;
  }

  /** The item at `index` in insertion order (0 ≤ index < size). */
  itemAt(index: number): T {
    return this.#items[index] as T;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.#size; i++) yield (this.#items[i] as T).key;
  }
}
