/**
 * Numbers the lines of a few texts without cutting them out: a hash table keyed by a line's
 * characters, each line given by its text and where it starts and ends. Equal lines get equal
 * numbers, new numbers come in order of first sight, as `internSequences` gives them.
 *
 * A `Map` keyed by the cut-out lines costs a string and a hash per line and dominated the
 * merge of long texts; here a line is hashed straight from its text (FNV-1a over its UTF-16
 * units) and only compared as strings when the hashes agree.
 */

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** The hash of `text[start, end)`. */
export function hashRange(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  // FNV's low bits mix poorly, and the table is indexed by them: fold the high bits in.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

/** A table of distinct lines of `texts`: each line's number is its index here. */
export class LineTable {
  private readonly texts: readonly string[];
  /** Open addressing: a line's number plus one, or 0 for an empty slot. */
  private slots: Int32Array;
  private mask: number;
  // Each distinct line's hash, text, start and end, by number.
  private hashes: Int32Array;
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
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    const room = Math.max(16, expected);
    this.hashes = new Int32Array(room);
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
      const entry = slots[slot] as number;
      if (entry === 0) {
        slots[slot] = this.add(hash, source, start, end) + 1;
        if (this.size * 2 > mask) this.grow();
        return this.size - 1;
      }
      const id = entry - 1;
      if (this.hashes[id] === hash && this.sameLine(id, text, start, end)) return id;
    }
  }

  private sameLine(id: number, text: string, start: number, end: number): boolean {
    const from = this.starts[id] as number;
    const to = this.ends[id] as number;
    if (to - from !== end - start) return false;
    const other = this.texts[this.sources[id] as number] as string;
    return other.slice(from, to) === text.slice(start, end);
  }

  private add(hash: number, source: number, start: number, end: number): number {
    const id = this.size;
    if (id === this.hashes.length) this.widen();
    this.hashes[id] = hash;
    this.sources[id] = source;
    this.starts[id] = start;
    this.ends[id] = end;
    this.size = id + 1;
    return id;
  }

  private widen(): void {
    const room = this.hashes.length * 2;
    const copy = <T extends Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.hashes = copy(this.hashes, new Int32Array(room));
    this.sources = copy(this.sources, new Uint8Array(room));
    this.starts = copy(this.starts, new Int32Array(room));
    this.ends = copy(this.ends, new Int32Array(room));
  }

  private grow(): void {
    const capacity = this.slots.length * 2;
    const slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
