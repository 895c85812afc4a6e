/**
 * A persistent hash trie (a HAMT) from string keys to their positions: each level takes five
 * bits of the key's hash, each node holds only the slots in use (a bitmap says which), so an
 * insert copies one small node per level and shares the rest. Keys whose 32-bit hashes are
 * equal share a collision bucket below the last level. Keys are only ever added, never
 * removed: the maps and sets built on it keep insertion order in a vector beside it.
 */

/** A key and its position. */
interface Leaf {
  readonly key: string;
  readonly hash: number;
  readonly position: number;
}

/** Keys whose hashes are equal in every bit. */
interface Bucket {
  readonly leaves: readonly Leaf[];
}

/** A node: the slots its bitmap marks, in bit order. */
interface Branch {
  readonly bitmap: number;
  readonly slots: readonly Slot[];
}

type Slot = Leaf | Branch | Bucket;

/** A trie's root. */
export type HashTrie = Branch;

/** The trie with no keys. */
export const EMPTY_TRIE: HashTrie = Object.freeze({ bitmap: 0, slots: Object.freeze([]) });

const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Past this shift a 32-bit hash has no bits left: equal hashes go to a bucket. */
const LAST_SHIFT = 30;

/** The 32-bit FNV-1a hash of a string's UTF-16 units. */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function bitCount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  n = (n + (n >>> 4)) & 0x0f0f0f0f;
  return Math.imul(n, 0x01010101) >>> 24;
}

const isLeaf = (slot: Slot): slot is Leaf => "key" in slot;
const isBucket = (slot: Slot): slot is Bucket => "leaves" in slot;

/** The position stored for `key`, or `undefined` when the trie does not hold it. */
export function positionIn(trie: HashTrie, key: string, hash = hashOf(key)): number | undefined {
  let node: Slot = trie;
  for (let shift = 0; ; shift += BITS) {
    if (isLeaf(node)) return node.key === key ? node.position : undefined;
    if (isBucket(node)) return node.leaves.find((leaf) => leaf.key === key)?.position;
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.bitmap & bit) === 0) return undefined;
    node = node.slots[bitCount(node.bitmap & (bit - 1))] as Slot;
  }
}

/** The trie with `key` at `position`; `key` must not be in it yet. */
export function withKey(
  trie: HashTrie,
  key: string,
  position: number,
  hash = hashOf(key),
): HashTrie {
  return insert(trie, { key, hash, position }, 0) as Branch;
}

function insert(node: Branch | Bucket, leaf: Leaf, shift: number): Branch | Bucket {
  if (isBucket(node)) return { leaves: [...node.leaves, leaf] };
  const bit = 1 << ((leaf.hash >>> shift) & MASK);
  const at = bitCount(node.bitmap & (bit - 1));
  const slots = node.slots.slice();
  if ((node.bitmap & bit) === 0) {
    slots.splice(at, 0, leaf);
    return { bitmap: node.bitmap | bit, slots };
  }
  const slot = node.slots[at] as Slot;
  slots[at] = isLeaf(slot) ? pair(slot, leaf, shift + BITS) : insert(slot, leaf, shift + BITS);
  return { bitmap: node.bitmap, slots };
}

// The smallest subtree holding two leaves whose hashes agree below `shift`.
function pair(a: Leaf, b: Leaf, shift: number): Branch | Bucket {
  if (shift > LAST_SHIFT) return { leaves: [a, b] };
  const [i, j] = [(a.hash >>> shift) & MASK, (b.hash >>> shift) & MASK];
  if (i === j) return { bitmap: 1 << i, slots: [pair(a, b, shift + BITS)] };
  return { bitmap: (1 << i) | (1 << j), slots: i < j ? [a, b] : [b, a] };
}
