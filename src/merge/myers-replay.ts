// Taking a search over from the box before. A costly box (searched up to the cost limit, then
// cut at the furthest point reached) hands one of its corners to the next costly box: cut
// after the forward search's furthest point, what is left of it keeps the bottom-right corner,
// and cut before the backward search's, the top-left one. The search from that corner would
// run again exactly as it ran, one sweep per edit up to the limit, as long as nothing of the
// new box stops it differently: it reaches no point outside the new box, and the new box is
// wide and high enough that its band never meets an edge. So each search of a costly box is
// recorded (per edit: how far it reached, whether it followed a good snake, whether its
// good-snake check found nothing; at the limit: its band), and the next box with its corner
// takes the record instead of sweeping again. Where a record cannot tell what the sweep would
// have shown (the two searches may meet, or a good-snake check the record lacks), the box is
// searched again without records: the answer never depends on the records, only the speed.

import type { Search } from "./myers-search.ts";

/** The search followed a good snake on this edit. */
const GOOD = 1;
/** The search's good-snake check ran after this edit and found nothing. */
const CHECKED = 2;

/** What one search of a costly box did, from its corner up to the cost limit. */
export class SearchRecord {
  /** Whether the record is complete (the box was searched to the limit and cut there). */
  valid = false;
  /** The corner searched from, and the box's width and height. */
  private cornerX = 0;
  private cornerY = 0;
  private width = 0;
  private height = 0;
  /** The most any point the search reached lies from the corner, in x and in y. */
  private spanX = 0;
  private spanY = 0;
  /** By edit cost: the band's reach, and flags. */
  private readonly reach: Int32Array;
  private readonly flags: Uint8Array;
  /** At the limit: the diagonals from the corner's less `limit` to its plus `limit`. */
  private readonly band: Int32Array;

  constructor(readonly limit: number) {
    this.reach = new Int32Array(limit + 1);
    this.flags = new Uint8Array(limit + 1);
    this.band = new Int32Array(2 * limit + 1);
  }

  /** Starts recording a search from corner (x, y) of a box of `width` × `height` lines. */
  begin(x: number, y: number, width: number, height: number): void {
    this.valid = false;
    this.cornerX = x;
    this.cornerY = y;
    this.width = width;
    this.height = height;
    this.spanX = 0;
    this.spanY = 0;
  }

  /** Notes one edit: the band's reach, how far its points lie from the corner, and a good snake. */
  note(cost: number, reach: number, spanX: number, spanY: number, good: boolean): void {
    this.reach[cost] = reach;
    this.flags[cost] = good ? GOOD : 0;
    if (spanX > this.spanX) this.spanX = spanX;
    if (spanY > this.spanY) this.spanY = spanY;
  }

  /** Notes that the search's good-snake check after edit `cost` found nothing. */
  checked(cost: number): void {
    this.flags[cost] = (this.flags[cost] as number) | CHECKED;
  }

  /** Completes the record with the band at the limit, `mem` from `start` on. */
  finish(mem: Int32Array, start: number): void {
    this.band.set(mem.subarray(start, start + this.band.length));
    this.valid = true;
  }

  /**
   * Whether the search from corner (x, y) of a box of `width` × `height` would run as
   * recorded: same corner, no point reached outside the box, no band edge met (the box at
   * least `limit` wide and high), and the box inside the recorded one (so a good-snake check
   * that found nothing there finds nothing here, where its bounds are tighter).
   */
  fits(x: number, y: number, width: number, height: number): boolean {
    return (
      this.valid &&
      x === this.cornerX &&
      y === this.cornerY &&
      width >= this.limit &&
      height >= this.limit &&
      width <= this.width &&
      height <= this.height &&
      this.spanX <= width &&
      this.spanY <= height
    );
  }

  /** The band's reach after edit `cost`. */
  reachAt(cost: number): number {
    return this.reach[cost] as number;
  }

  /** Whether the search followed a good snake on edit `cost`. */
  goodAt(cost: number): boolean {
    return ((this.flags[cost] as number) & GOOD) !== 0;
  }

  /** Whether the search's good-snake check after edit `cost` is known to find nothing. */
  checkedAt(cost: number): boolean {
    return ((this.flags[cost] as number) & CHECKED) !== 0;
  }

  /** Writes the band at the limit back to `mem` from `start` on. */
  restore(mem: Int32Array, start: number): void {
    mem.set(this.band, start);
  }
}

/** The forward and the backward search's records, one each: the last costly box's. */
export interface Records {
  readonly forward: SearchRecord;
  readonly backward: SearchRecord;
}

/** A box's forward search, as a bit (of the searches replayed, or recorded). */
export const FORWARD = 1;
/** A box's backward search, as a bit. */
export const BACKWARD = 2;

/** Which of the box's searches can be taken from the records. */
export function replayable(s: Search, records: Records): number {
  const width = s.x1 - s.x0;
  const height = s.y1 - s.y0;
  let which = 0;
  if (records.forward.fits(s.x0, s.y0, width, height)) which |= FORWARD;
  if (records.backward.fits(s.x1, s.y1, width, height)) which |= BACKWARD;
  return which;
}

/** Starts recording the box's forward search. */
export function beginForward(s: Search, record: SearchRecord): void {
  record.begin(s.x0, s.y0, s.x1 - s.x0, s.y1 - s.y0);
}

/** Starts recording the box's backward search. */
export function beginBackward(s: Search, record: SearchRecord): void {
  record.begin(s.x1, s.y1, s.x1 - s.x0, s.y1 - s.y0);
}

/** Records the forward sweep of edit `cost`. Its points have x ≤ reach and y = x - k ≤ reach - fMin. */
export function noteForward(s: Search, record: SearchRecord, cost: number, good: boolean): void {
  record.note(cost, s.fReach, s.fReach - s.x0, s.fReach - s.fMin - s.y0, good);
}

/** Records the backward sweep of edit `cost`. Its points have x ≥ reach and y = x - k ≥ reach - bMax. */
export function noteBackward(s: Search, record: SearchRecord, cost: number, good: boolean): void {
  record.note(cost, s.bReach, s.x1 - s.bReach, s.y1 - (s.bReach - s.bMax), good);
}

/** Takes the forward sweep of edit `cost` from the record: its band and reach. Returns its good snake. */
export function replayForward(s: Search, record: SearchRecord, cost: number): boolean {
  const middle = s.x0 - s.y0;
  s.fMin = middle - cost;
  s.fMax = middle + cost;
  s.fReach = record.reachAt(cost);
  return record.goodAt(cost);
}

/** Takes the backward sweep of edit `cost` from the record, as {@link replayForward} does. */
export function replayBackward(s: Search, record: SearchRecord, cost: number): boolean {
  const middle = s.x1 - s.y1;
  s.bMin = middle - cost;
  s.bMax = middle + cost;
  s.bReach = record.reachAt(cost);
  return record.goodAt(cost);
}

/** Where the band at the limit starts in `mem`, for the forward search of the box. */
export function forwardBandStart(s: Search): number {
  return s.fw0 + s.x0 - s.y0 - s.costLimit;
}

/** Where the band at the limit starts in `mem`, for the backward search of the box. */
export function backwardBandStart(s: Search): number {
  return s.bw0 + s.x1 - s.y1 - s.costLimit;
}
