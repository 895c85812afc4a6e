/**
 * Numbers the lines of a few texts without cutting them out: a hash table keyed by a line's
 * characters, each line given by its text and where it starts and ends. Equal lines get equal
 * numbers, new numbers come in order of first sight, as `internSequences` gives them.
 *
 * A line is hashed straight from its text (FNV-1a over its UTF-16 units, no string cut out)
 * and only compared when the hashes agree: short lines character by character, long ones as
 * cut-out strings. Each slot holds a hash beside its number, so a probe reads one place of
 * memory. (Hashing only some characters of long lines was tried: real lists of links share
 * their ends often enough that the collisions cost more than the characters saved.)
 */

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Lines up to this long are compared character by character, longer ones as strings. */
const SHORT_LINE = 48;

/** The hash of `text[start, end)`. */
function hashRange(text: string, start: number, end: number): number {
  // Module constants are read again on every turn of a loop, as numbers of any kind, and V8
  // makes each a float and back: locals, made int32, stay in registers.
  const prime = FNV_PRIME | 0;
  let h = FNV_OFFSET | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), prime);
  // FNV's low bits mix poorly, and the table is indexed by them: fold the high bits in.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

/** Whether `a[from, from + length)` and `b[at, at + length)` are the same characters. */
function sameChars(a: string, from: number, b: string, at: number, length: number): boolean {
  if (length > SHORT_LINE) return a.slice(from, from + length) === b.slice(at, at + length);
  for (let k = 0; k < length; k++) {
    if (a.charCodeAt(from + k) !== b.charCodeAt(at + k)) return false;
  }
  return true;
}

/** A table of distinct lines of `texts`: each line's number is its index here. */
export class LineTable {
  private readonly texts: readonly string[];
  /** Open addressing, two entries a slot: the line's hash, and its number plus one (0: empty). */
  private slots: Int32Array;
  private mask: number;
  // Each distinct line's text, start and end, by number.
  private sources: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  /** How many distinct lines there are: the next number. */
  size = 0;

  /** A table for lines of `texts` (at most 255 of them), sized for about `expected` lines. */
  constructor(texts: readonly string[], expected: number) {
    this.texts = texts;
    let capacity = 64;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
    const room = Math.max(16, expected);
    this.sources = new Uint8Array(room);
    this.starts = new Int32Array(room);
    this.ends = new Int32Array(room);
  }

  /** The number of the line `[start, end)` of text `source`, a new one if it was not seen. */
  idOf(source: number, start: number, end: number): number {
    const text = this.texts[source] as string;
    const hash = hashRange(text, start, end);
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[2 * slot + 1] as number;
      if (entry === 0) {
        slots[2 * slot] = hash;
        slots[2 * slot + 1] = this.add(source, start, end) + 1;
        if (this.size * 2 > mask) this.grow();
        return this.size - 1;
      }
      if (slots[2 * slot] === hash && this.sameLine(entry - 1, text, start, end)) return entry - 1;
    }
  }

  private sameLine(id: number, text: string, start: number, end: number): boolean {
    const from = this.starts[id] as number;
    const length = (this.ends[id] as number) - from;
    if (length !== end - start) return false;
    return sameChars(this.texts[this.sources[id] as number] as string, from, text, start, length);
  }

  private add(source: number, start: number, end: number): number {
    const id = this.size;
    if (id === this.starts.length) this.widen();
    this.sources[id] = source;
    this.starts[id] = start;
    this.ends[id] = end;
    this.size = id + 1;
    return id;
  }

  private widen(): void {
    const room = this.starts.length * 2;
    const sources = new Uint8Array(room);
    const starts = new Int32Array(room);
    const ends = new Int32Array(room);
    sources.set(this.sources);
    starts.set(this.starts);
    ends.set(this.ends);
    this.sources = sources;
    this.starts = starts;
    this.ends = ends;
  }

  /** Doubles the slots, each entry moved to its place in the bigger table. */
  private grow(): void {
    const old = this.slots;
    this.place(old.length, (k) => old[k] as number);
  }

  /** New slots for `capacity` entries, holding every entry of the old ones with `hashAt`'s hash. */
  private place(capacity: number, hashAt: (k: number) => number): void {
    const old = this.slots;
    const slots = new Int32Array(capacity * 2);
    const mask = capacity - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k + 1] === 0) continue;
      const hash = hashAt(k);
      let slot = hash & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = hash;
      slots[2 * slot + 1] = old[k + 1] as number;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
