/**
 * Numbers the lines of a few texts without cutting them out: a hash table keyed by a line's
 * characters, each line given by its text and where it starts and ends. Equal lines get equal
 * numbers, new numbers come in order of first sight, as `internSequences` gives them.
 *
 * A `Map` keyed by the cut-out lines costs a string and a hash per line and dominated the
 * merge of long texts; here a line is hashed straight from its text (FNV-1a over its UTF-16
 * units) and only compared as strings when the hashes agree. Long lines are hashed on a
 * sample of their characters (and their length), which is enough to tell most lines apart;
 * if different lines keep meeting with equal hashes, every line is hashed whole from then on,
 * so no input makes the lookups slow. Only speed depends on the hash, never the numbers.
 */

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/**
 * Different lines with the same sampled hash, met in lookups, that make the table hash lines
 * whole from then on: this many, plus one for every eight distinct lines.
 */
const MAX_COLLISIONS = 64;

/** Lines up to this long are hashed whole; longer ones on this many characters spread out. */
const SAMPLE = 16;

/** The hash of `text[start, end)`, from all its characters or from a sample of them. */
export function hashRange(text: string, start: number, end: number, whole: boolean): number {
  const length = end - start;
  let h = FNV_OFFSET ^ length;
  if (whole || length <= SAMPLE) {
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  } else {
    const step = (length - 1) / (SAMPLE - 1);
    for (let k = 0; k < SAMPLE; k++) {
      h = Math.imul(h ^ text.charCodeAt(start + Math.floor(k * step)), FNV_PRIME);
    }
  }
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
  /** Whether lines are hashed whole (after samples collided too often), or sampled. */
  private whole = false;
  /** Different lines met with equal hashes so far. */
  private collisions = 0;

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
    const hash = hashRange(text, start, end, this.whole);
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] as number;
      if (entry === 0) {
        slots[slot] = this.add(hash, source, start, end) + 1;
        if (this.size * 2 > mask) this.grow();
        return this.size - 1;
      }
      const id = entry - 1;
      if (this.hashes[id] === hash) {
        if (this.sameLine(id, text, start, end)) return id;
        if (++this.collisions > MAX_COLLISIONS + (this.size >> 3) && !this.whole) {
          this.hashWhole();
          return this.idOf(source, start, end);
        }
      }
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

  /** Hashes every line whole from now on: many different lines had the same sampled hash. */
  private hashWhole(): void {
    this.whole = true;
    for (let id = 0; id < this.size; id++) {
      const text = this.texts[this.sources[id] as number] as string;
      this.hashes[id] = hashRange(text, this.starts[id] as number, this.ends[id] as number, true);
    }
    this.rehash(this.slots.length);
  }

  private grow(): void {
    this.rehash(this.slots.length * 2);
  }

  private rehash(capacity: number): void {
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
