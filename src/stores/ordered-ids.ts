// A persistent treap: a search tree by place whose shape a hash of each place decides, so it
// stays about log n deep without randomness, and a change copies only the path it walks.
interface Node {
  readonly place: number;
  readonly id: string;
  readonly priority: number;
  readonly left: Node | null;
  readonly right: Node | null;
}

// A well-mixed 32-bit hash of a place (murmur3's finalizer): the node's heap priority.
function priorityOf(place: number): number {
  let h = place | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function withChildren(node: Node, left: Node | null, right: Node | null): Node {
  return left === node.left && right === node.right ? node : { ...node, left, right };
}

// The nodes before `place`, and those at or after it.
function split(node: Node | null, place: number): [Node | null, Node | null] {
  if (node === null) return [null, null];
  if (node.place < place) {
    const [left, right] = split(node.right, place);
    return [withChildren(node, node.left, left), right];
  }
  const [left, right] = split(node.left, place);
  return [left, withChildren(node, right, node.right)];
}

// Every place in `a` comes before every place in `b`.
function merge(a: Node | null, b: Node | null): Node | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.priority >= b.priority) return withChildren(a, a.left, merge(a.right, b));
  return withChildren(b, merge(a, b.left), b.right);
}

function find(node: Node | null, place: number): Node | null {
  let at = node;
  while (at !== null && at.place !== place) at = place < at.place ? at.left : at.right;
  return at;
}

/**
 * An immutable set of ids, each at a place (its entity's position in its table), read in
 * the order of their places. `with` and `without` return a new set that shares all but about
 * log n nodes with this one, so an index of any size changes at the cost of a few nodes, and
 * reading it costs what it holds, not what the table holds.
 */
export class OrderedIds implements Iterable<string> {
  static readonly #EMPTY = new OrderedIds(null, 0);
  readonly #root: Node | null;
  /** How many ids it holds. */
  readonly size: number;

  private constructor(root: Node | null, size: number) {
    this.#root = root;
    this.size = size;
    Object.freeze(this);
  }

  /** The set with no ids. */
  static empty(): OrderedIds {
    return OrderedIds.#EMPTY;
  }

  /** This set with `id` at `place` (the same set when it is there already). */
  with(place: number, id: string): OrderedIds {
    const found = find(this.#root, place);
    if (found?.id === id) return this;
    const [before, rest] = split(this.#root, place);
    const [, after] = split(rest, place + 1);
    const node: Node = { place, id, priority: priorityOf(place), left: null, right: null };
    const size = this.size + (found === null ? 1 : 0);
    return new OrderedIds(merge(merge(before, node), after), size);
  }

  /** This set without what is at `place` (the same set when nothing is). */
  without(place: number): OrderedIds {
    if (find(this.#root, place) === null) return this;
    const [before, rest] = split(this.#root, place);
    const [, after] = split(rest, place + 1);
    return new OrderedIds(merge(before, after), this.size - 1);
  }

  /** The ids, in the order of their places. */
  [Symbol.iterator](): Iterator<string> {
    return this.after(-1);
  }

  /**
   * The ids at places after `place`, in order. It walks down to the first of them and goes on
   * from there, so a page read through it costs about log n plus its length.
   */
  *after(place: number): Generator<string, void, undefined> {
    const stack: Node[] = [];
    // The path to the first place after `place`: every node on it after `place` waits its turn.
    let at = this.#root;
    while (at !== null) {
      if (at.place > place) {
        stack.push(at);
        at = at.left;
      } else at = at.right;
    }
    while (at !== null || stack.length > 0) {
      while (at !== null) {
        stack.push(at);
        at = at.left;
      }
      const node = stack.pop() as Node;
      yield node.id;
      at = node.right;
    }
  }
}
