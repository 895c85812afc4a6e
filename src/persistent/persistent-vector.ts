/** Bits of an index each level of the trie takes: 32 slots a node. */
const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** A node of the trie: values at the leaves (shift 0), child nodes above. */
type Node = readonly unknown[];

const EMPTY_NODE: Node = Object.freeze([]);

/** A copy of the path from `node` down to `index`, with `value` there (one node per level). */
function assoc(node: Node | undefined, shift: number, index: number, value: unknown): Node {
  const copy = node === undefined ? [] : node.slice();
  const slot = (index >>> shift) & MASK;
  copy[slot] =
    shift === 0 ? value : assoc(node?.[slot] as Node | undefined, shift - BITS, index, value);
  return copy;
}

/**
 * An immutable list: a 32-way trie of its values, so `push` and `set` copy one node per level
 * (four levels hold a million values) and share the rest with the list they came from. Reads
 * by position walk the same few levels. Use it where a copy per change would cost the length
 * of the list (a workspace's log, an artifact's history).
 */
export class PersistentVector<T> implements Iterable<T> {
  static readonly #EMPTY = new PersistentVector<never>(EMPTY_NODE, 0, 0);
  readonly #root: Node;
  readonly #shift: number;
  readonly #size: number;

  private constructor(root: Node, shift: number, size: number) {
    this.#root = root;
    this.#shift = shift;
    this.#size = size;
    Object.freeze(this);
  }

  /** The list with no values. */
  static empty<T>(): PersistentVector<T> {
    return PersistentVector.#EMPTY;
  }

  /** A list of `values`, in order. */
  static of<T>(values: Iterable<T>): PersistentVector<T> {
    return PersistentVector.empty<T>().pushAll(values);
  }

  /** How many values it holds. */
  get size(): number {
    return this.#size;
  }

  /** The value at `index` (0-based), or `undefined` outside the list. */
  get(index: number): T | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#size) return undefined;
    return this.#leaf(index)[index & MASK] as T;
  }

  /** The last value, or `undefined` when empty. */
  last(): T | undefined {
    return this.get(this.#size - 1);
  }

  /** This list with `value` added at the end. */
  push(value: T): PersistentVector<T> {
    const size = this.#size;
    // Full at this depth: the old root becomes the first child of a new one.
    if (size === 2 ** (this.#shift + BITS)) {
      const shift = this.#shift + BITS;
      return new PersistentVector(assoc([this.#root], shift, size, value), shift, size + 1);
    }
    return new PersistentVector(assoc(this.#root, this.#shift, size, value), this.#shift, size + 1);
  }

  /** This list with `values` added at the end, in order. */
  pushAll(values: Iterable<T>): PersistentVector<T> {
    let list: PersistentVector<T> = this;
    for (const value of values) list = list.push(value);
    return list;
  }

  /**
   * This list with `value` at `index`, or this list itself when it is already there.
   * @throws RangeError for an index outside the list.
   */
  set(index: number, value: T): PersistentVector<T> {
    if (!Number.isInteger(index) || index < 0 || index >= this.#size) {
      throw new RangeError(`index ${index} is outside a list of ${this.#size}`);
    }
    if (this.#leaf(index)[index & MASK] === value) return this;
    return new PersistentVector(
      assoc(this.#root, this.#shift, index, value),
      this.#shift,
      this.#size,
    );
  }

  /** The values from `start` up to (not including) `end`, as a new array, like `Array#slice`. */
  slice(start = 0, end = this.#size): T[] {
    const from = clamp(start, this.#size);
    const to = clamp(end, this.#size);
    const out: T[] = [];
    for (let i = from; i < to; ) {
      const leaf = this.#leaf(i);
      const stop = Math.min(WIDTH, (i & MASK) + (to - i));
      for (let j = i & MASK; j < stop; j++) out.push(leaf[j] as T);
      i += stop - (i & MASK);
    }
    return out;
  }

  /** The values in order. */
  *[Symbol.iterator](): Generator<T, undefined, undefined> {
    for (let i = 0; i < this.#size; i += WIDTH) {
      const leaf = this.#leaf(i);
      for (const value of leaf) yield value as T;
    }
    return undefined;
  }

  /** The values as an array, so a list prints and serializes as one. */
  toJSON(): T[] {
    return this.slice();
  }

  // The leaf holding `index`.
  #leaf(index: number): Node {
    let node = this.#root;
    for (let shift = this.#shift; shift > 0; shift -= BITS) {
      node = node[(index >>> shift) & MASK] as Node;
    }
    return node;
  }
}

// Like Array#slice's arguments: negative from the end, then clamped to the list.
function clamp(at: number, size: number): number {
  const whole = Math.trunc(at);
  return Math.min(size, Math.max(0, whole < 0 ? size + whole : whole));
}
