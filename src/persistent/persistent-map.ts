import { EMPTY_TRIE, type HashTrie, hashOf, positionIn, withKey } from "./hash-trie.ts";
import { PersistentVector } from "./persistent-vector.ts";

type Entry<V> = readonly [key: string, value: V];

/**
 * An immutable map from strings, in insertion order, that changes by returning a new map:
 * `set` copies a few small nodes (a hash trie from keys to positions, a vector of entries in
 * the order the keys came) and shares everything else with the map it came from, so a change
 * costs the same at ten entries or a million. Reads are those of a `ReadonlyMap`; keys are
 * never removed. Two maps are equal (`toEqual`) when they hold equal entries in one order.
 */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  static readonly #EMPTY = new PersistentMap<never>(EMPTY_TRIE, PersistentVector.empty());
  readonly #index: HashTrie;
  readonly #entries: PersistentVector<Entry<V>>;

  private constructor(index: HashTrie, entries: PersistentVector<Entry<V>>) {
    this.#index = index;
    this.#entries = entries;
    Object.freeze(this);
  }

  /** The map with no entries. */
  static empty<V>(): PersistentMap<V> {
    return PersistentMap.#EMPTY;
  }

  /** A map of `entries`, in order; a repeated key keeps its first place and its last value. */
  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  /** How many entries it holds. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, or `undefined`. */
  get(key: string): V | undefined {
    const at = positionIn(this.#index, key);
    return at === undefined ? undefined : (this.#entries.get(at) as Entry<V>)[1];
  }

  /** Whether it holds `key`. */
  has(key: string): boolean {
    return positionIn(this.#index, key) !== undefined;
  }

  /** Where `key` came in insertion order (0 for the first key), or `undefined`. */
  position(key: string): number | undefined {
    return positionIn(this.#index, key);
  }

  /**
   * This map with `key` set to `value`: a new key goes last, a known one keeps its place. The
   * same map when `key` already holds exactly `value`.
   */
  set(key: string, value: V): PersistentMap<V> {
    const hash = hashOf(key);
    const at = positionIn(this.#index, key, hash);
    if (at === undefined) {
      const index = withKey(this.#index, key, this.size, hash);
      return new PersistentMap(index, this.#entries.push(Object.freeze([key, value] as const)));
    }
    if ((this.#entries.get(at) as Entry<V>)[1] === value) return this;
    return new PersistentMap(this.#index, this.#entries.set(at, Object.freeze([key, value])));
  }

  /** Calls `callback` with each value and key, in insertion order. */
  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.#entries) callback.call(thisArg, value, key, this);
  }

  /** The entries, in insertion order (each a frozen pair). */
  *entries(): MapIterator<[string, V]> {
    for (const entry of this.#entries) yield entry as [string, V];
    return undefined;
  }

  /** The keys, in insertion order. */
  *keys(): MapIterator<string> {
    for (const entry of this.#entries) yield entry[0];
    return undefined;
  }

  /** The values, in insertion order. */
  *values(): MapIterator<V> {
    for (const entry of this.#entries) yield entry[1];
    return undefined;
  }

  /**
   * The values of the keys that came after position `position`, in insertion order: each a
   * lookup by position, so reading a few of them costs a few, wherever they start.
   */
  *valuesAfter(position: number): Generator<V, void, undefined> {
    for (let at = Math.max(0, position + 1); at < this.size; at += 1) {
      yield (this.#entries.get(at) as Entry<V>)[1];
    }
  }

  /** The entries, in insertion order. */
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  /** The entries as an object, so a map prints and serializes as one. */
  toJSON(): Record<string, V> {
    return Object.fromEntries(this.#entries);
  }
}

/**
 * An immutable set of strings, in insertion order, that changes by returning a new set; `add`
 * copies a few small nodes and shares the rest, whatever its size. Reads are those of a
 * `ReadonlySet`; members are never removed.
 */
export class PersistentSet implements ReadonlySet<string> {
  static readonly #EMPTY = new PersistentSet(EMPTY_TRIE, PersistentVector.empty());
  readonly #index: HashTrie;
  readonly #members: PersistentVector<string>;

  private constructor(index: HashTrie, members: PersistentVector<string>) {
    this.#index = index;
    this.#members = members;
    Object.freeze(this);
  }

  /** The set with no members. */
  static empty(): PersistentSet {
    return PersistentSet.#EMPTY;
  }

  /** A set of `members`, in the order they first come. */
  static of(members: Iterable<string>): PersistentSet {
    let set = PersistentSet.empty();
    for (const member of members) set = set.add(member);
    return set;
  }

  /** How many members it holds. */
  get size(): number {
    return this.#members.size;
  }

  /** Whether `member` is in it. */
  has(member: string): boolean {
    return positionIn(this.#index, member) !== undefined;
  }

  /** This set with `member` in it (last), or this set itself when it already was. */
  add(member: string): PersistentSet {
    const hash = hashOf(member);
    if (positionIn(this.#index, member, hash) !== undefined) return this;
    const index = withKey(this.#index, member, this.size, hash);
    return new PersistentSet(index, this.#members.push(member));
  }

  /** Calls `callback` with each member (twice, as `Set#forEach` does), in insertion order. */
  forEach(
    callback: (value: string, key: string, set: ReadonlySet<string>) => void,
    thisArg?: unknown,
  ): void {
    for (const member of this.#members) callback.call(thisArg, member, member, this);
  }

  /** Each member paired with itself, as `Set#entries` gives them. */
  *entries(): SetIterator<[string, string]> {
    for (const member of this.#members) yield [member, member];
    return undefined;
  }

  /** The members, in insertion order. */
  *keys(): SetIterator<string> {
    for (const member of this.#members) yield member;
    return undefined;
  }

  /** The members, in insertion order. */
  values(): SetIterator<string> {
    return this.keys();
  }

  /** The members, in insertion order. */
  [Symbol.iterator](): SetIterator<string> {
    return this.keys();
  }

  /** The members as an array, so a set prints and serializes as one. */
  toJSON(): string[] {
    return this.#members.slice();
  }
}
