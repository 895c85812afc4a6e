import { denseCodes } from "./codes.ts";
import { countCodes, keptLines } from "./myers-prepare.ts";
import {
  BACKWARD,
  backwardBandStart,
  beginBackward,
  beginForward,
  FORWARD,
  forwardBandStart,
  noteBackward,
  noteForward,
  type Records,
  replayable,
  replayBackward,
  replayForward,
  SearchRecord,
} from "./myers-replay.ts";
import { backwardSweep, forwardSweep, GOOD_SNAKE, meeting, NONE, Search } from "./myers-search.ts";
import type { LineDiff } from "./types.ts";

// Tuning of the published heuristics, set to what git's results show.
/** Below this edit cost the search is exact. */
const HEURISTIC_MIN_COST = 256;
/** How far a snake must have got, per unit of cost, to be taken early. */
const PROGRESS_FACTOR = 4;

/** Whether the `length` pairs before (x, y) all match. */
function matchesBefore(s: Search, x: number, y: number, length: number): boolean {
  for (let k = 1; k <= length; k++) if (s.a(x - k) !== s.b(y - k)) return false;
  return true;
}

/** Whether the `length` pairs from (x, y) on all match. */
function matchesFrom(s: Search, x: number, y: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (s.a(x + k) !== s.b(y + k)) return false;
  return true;
}

/** Looks for a forward diagonal well ahead of the edit cost, right after a good snake. */
function forwardGoodSnake(s: Search, cost: number): boolean {
  const { mem, fw0, x0, x1, y0, y1 } = s;
  let best = 0;
  for (let k = s.fMax; k >= s.fMin; k -= 2) {
    const x = mem[fw0 + k] as number;
    const y = x - k;
    const progress = x - x0 + (y - y0) - Math.abs(k - (x0 - y0));
    if (
      progress > PROGRESS_FACTOR * cost &&
      progress > best &&
      x0 + GOOD_SNAKE <= x &&
      x < x1 &&
      y0 + GOOD_SNAKE <= y &&
      y < y1 &&
      matchesBefore(s, x, y, GOOD_SNAKE)
    ) {
      best = progress;
      s.cut(x, y, true, false);
    }
  }
  return best > 0;
}

/** Looks for a backward diagonal well ahead of the edit cost, right before a good snake. */
function backwardGoodSnake(s: Search, cost: number): boolean {
  const { mem, bw0, x0, x1, y0, y1 } = s;
  let best = 0;
  for (let k = s.bMax; k >= s.bMin; k -= 2) {
    const x = mem[bw0 + k] as number;
    const y = x - k;
    const progress = x1 - x + (y1 - y) - Math.abs(k - (x1 - y1));
    if (
      progress > PROGRESS_FACTOR * cost &&
      progress > best &&
      x0 < x &&
      x <= x1 - GOOD_SNAKE &&
      y0 < y &&
      y <= y1 - GOOD_SNAKE &&
      matchesFrom(s, x, y, GOOD_SNAKE)
    ) {
      best = progress;
      s.cut(x, y, false, true);
    }
  }
  return best > 0;
}

/** Cuts where one of the searches got furthest from its corner (by x + y), clipped to the box. */
function cutAtFurthest(s: Search): void {
  const { mem, fw0, bw0, x0, x1, y0, y1 } = s;
  let forwardBest = -1;
  let forwardX = -1;
  for (let k = s.fMax; k >= s.fMin; k -= 2) {
    const x = Math.min(mem[fw0 + k] as number, x1, y1 + k);
    if (x + x - k > forwardBest) {
      forwardBest = x + x - k;
      forwardX = x;
    }
  }
  let backwardBest = Number.POSITIVE_INFINITY;
  let backwardX = -1;
  for (let k = s.bMax; k >= s.bMin; k -= 2) {
    const x = Math.max(x0, mem[bw0 + k] as number, y0 + k);
    if (x + x - k < backwardBest) {
      backwardBest = x + x - k;
      backwardX = x;
    }
  }
  if (x1 + y1 - backwardBest < forwardBest - (x0 + y0)) {
    s.cut(forwardX, forwardBest - forwardX, true, false);
  } else {
    s.cut(backwardX, backwardBest - backwardX, false, true);
  }
}

/** How a box's search ended: cut, or a record could not tell (search it again without them). */
const CUT = true;
const AGAIN = false;

/** What a good-snake check found: a cut, nothing, or (for a recorded search) it cannot tell. */
const FOUND = 1;
const NOTHING = 0;
const UNKNOWN = -1;

/**
 * git's early cut at a good snake, each search's check read from its record when it was
 * replayed (known to find nothing, or unknown); a search being recorded notes that its check
 * found nothing.
 */
function goodSnakeCut(
  s: Search,
  cost: number,
  records: Records,
  plan: { readonly replay: number; readonly record: number },
): number {
  const { replay, record } = plan;
  if ((replay & FORWARD) !== 0) {
    if (!records.forward.checkedAt(cost)) return UNKNOWN;
  } else if (forwardGoodSnake(s, cost)) return FOUND;
  if ((replay & BACKWARD) !== 0) {
    if (!records.backward.checkedAt(cost)) return UNKNOWN;
  } else if (backwardGoodSnake(s, cost)) return FOUND;
  if ((record & FORWARD) !== 0) records.forward.checked(cost);
  if ((record & BACKWARD) !== 0) records.backward.checked(cost);
  return NOTHING;
}

/** At the cost limit: puts the replayed bands back, cuts at the furthest point, completes the records. */
function cutAtLimit(s: Search, records: Records, replay: number, record: number): void {
  if ((replay & FORWARD) !== 0) records.forward.restore(s.mem, forwardBandStart(s));
  if ((replay & BACKWARD) !== 0) records.backward.restore(s.mem, backwardBandStart(s));
  cutAtFurthest(s);
  if ((record & FORWARD) !== 0) records.forward.finish(s.mem, forwardBandStart(s));
  if ((record & BACKWARD) !== 0) records.backward.finish(s.mem, backwardBandStart(s));
}

/** Which searches of a box not searched exactly are recorded: those not replayed, if the box can hand a corner on. */
function toRecord(s: Search, records: Records, replay: number): number {
  if (s.x1 - s.x0 < s.costLimit || s.y1 - s.y0 < s.costLimit) return 0;
  const record = ~replay & (FORWARD | BACKWARD);
  if ((record & FORWARD) !== 0) beginForward(s, records.forward);
  if ((record & BACKWARD) !== 0) beginBackward(s, records.backward);
  return record;
}

/**
 * Cuts the box where the searches met, if they did: at the meeting diagonal's point as the
 * search whose sweep found it has it (its diagonals start at `diagonals` in `mem`).
 */
function cutWhereMet(s: Search, diagonals: number): boolean {
  const k = meeting(s);
  if (k === NONE) return false;
  const x = s.mem[diagonals + k] as number;
  s.cut(x, x - k, true, true);
  return true;
}

/** Which of a box's searches are replayed from their records, and which are recorded. */
interface Plan {
  readonly replay: number;
  readonly record: number;
}

/** How a step of a box's search ended: cut, search again (see CUT), or go on searching. */
type Step = boolean | null;
const GO_ON = null;

/** One edit more of the forward search, replayed or run, and noted if recorded; whether it followed a good snake. */
function stepForward(s: Search, records: Records, cost: number, plan: Plan): boolean {
  const good =
    (plan.replay & FORWARD) !== 0 ? replayForward(s, records.forward, cost) : forwardSweep(s);
  if ((plan.record & FORWARD) !== 0) noteForward(s, records.forward, cost, good);
  return good;
}

/** One edit more of the backward search, as {@link stepForward} does forward. */
function stepBackward(s: Search, records: Records, cost: number, plan: Plan): boolean {
  const good =
    (plan.replay & BACKWARD) !== 0 ? replayBackward(s, records.backward, cost) : backwardSweep(s);
  if ((plan.record & BACKWARD) !== 0) noteBackward(s, records.backward, cost, good);
  return good;
}

/**
 * Cuts where the searches met, if the forward one has reached the backward one's reach (only
 * there can they meet); a replayed search cannot tell, so it searches again.
 */
function whereMet(s: Search, plan: Plan, diagonals: number): Step {
  if (s.fReach < s.bReach) return GO_ON;
  if (plan.replay !== 0) return AGAIN;
  return cutWhereMet(s, diagonals) ? CUT : GO_ON;
}

/** git's early cut-offs of a costly box: at a good snake, or at the cost limit. */
function cutEarly(s: Search, cost: number, records: Records, plan: Plan, good: boolean): Step {
  if (good && cost > HEURISTIC_MIN_COST) {
    const found = goodSnakeCut(s, cost, records, plan);
    if (found === FOUND) return CUT;
    if (found === UNKNOWN) return AGAIN;
  }
  if (cost < s.costLimit) return GO_ON;
  cutAtLimit(s, records, plan.replay, plan.record);
  return CUT;
}

/**
 * Myers' middle snake of the box: runs the forward and the backward search one edit at a time
 * until they meet, and cuts there. Unless `exact`, gives up early on a costly box: cuts at a
 * diagonal that got far along a good snake, or else at the furthest-reaching one; there, a
 * search the box before has already run from the same corner is replayed from its record
 * (if `mayReplay`), and the box's own searches are recorded for the next box. Returns CUT, or
 * AGAIN where a record could not tell what the search would do.
 */
function middleSnake(s: Search, exact: boolean, records: Records, mayReplay: boolean): boolean {
  const { mem, fw0, bw0 } = s;
  const forwardMid = s.x0 - s.y0;
  const backwardMid = s.x1 - s.y1;
  const odd = ((forwardMid - backwardMid) & 1) !== 0;
  s.fMin = s.fMax = forwardMid;
  s.bMin = s.bMax = backwardMid;
  mem[fw0 + forwardMid] = s.fReach = s.x0;
  mem[bw0 + backwardMid] = s.bReach = s.x1;
  const replay = exact || !mayReplay ? 0 : replayable(s, records);
  const plan: Plan = { replay, record: exact ? 0 : toRecord(s, records, replay) };
  for (let cost = 1; ; cost++) {
    const forwardGood = stepForward(s, records, cost, plan);
    let step = odd ? whereMet(s, plan, s.fw0) : GO_ON;
    if (step !== GO_ON) return step;
    const backwardGood = stepBackward(s, records, cost, plan);
    step = odd ? GO_ON : whereMet(s, plan, s.bw0);
    if (step !== GO_ON) return step;
    if (exact) continue;
    step = cutEarly(s, cost, records, plan, forwardGood || backwardGood);
    if (step !== GO_ON) return step;
  }
}

/** Marks lines `[from, to)` of the box's side as changed, by their places in the whole file. */
function markChanged(changed: Uint8Array, index: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) changed[index[i] as number] = 1;
}

/**
 * Divide and conquer over boxes (an explicit stack, so long inputs cannot overflow the call
 * stack): shrink each box by its matching ends, mark a box with an empty side as changed,
 * else cut it at its middle snake.
 */
function compareBoxes(
  s: Search,
  changedA: Uint8Array,
  changedB: Uint8Array,
  index: { readonly a: Int32Array; readonly b: Int32Array },
): void {
  const records: Records = {
    forward: new SearchRecord(s.costLimit),
    backward: new SearchRecord(s.costLimit),
  };
  const stack: number[] = [0, index.a.length, 0, index.b.length, 0];
  while (stack.length > 0) {
    const exact = stack.pop() === 1;
    const y1 = stack.pop() as number;
    const y0 = stack.pop() as number;
    const x1 = stack.pop() as number;
    s.box(stack.pop() as number, x1, y0, y1);
    s.shrink();
    if (s.x0 === s.x1) markChanged(changedB, index.b, s.y0, s.y1);
    else if (s.y0 === s.y1) markChanged(changedA, index.a, s.x0, s.x1);
    else {
      if (!middleSnake(s, exact, records, true)) middleSnake(s, exact, records, false);
      const { cutX: x, cutY: y } = s;
      const [after, before] = [s.exactAfter ? 1 : 0, s.exactBefore ? 1 : 0];
      stack.push(x, s.x1, y, s.y1, after, s.x0, x, s.y0, y, before);
    }
  }
}

/**
 * Myers' O(ND) line diff with git's preparation and heuristics: the common prefix and suffix
 * are trimmed, lines without a match in the other file (and frequent lines among them) are set
 * aside, then the linear-space middle-snake search runs on what is left, exactly while the
 * edit cost is small and with early cut-offs beyond. Marks the lines not in the chosen common
 * subsequence; sliding the groups of changes is left to the caller.
 */
export const myersDiff: LineDiff = (a, b) => {
  const changedA = new Uint8Array(a.length);
  const changedB = new Uint8Array(b.length);
  const { a: codesA, b: codesB, size } = denseCodes(a, b);
  const countA = countCodes(codesA, size);
  const countB = countCodes(codesB, size);

  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && codesA[prefix] === codesB[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    codesA[a.length - 1 - suffix] === codesB[b.length - 1 - suffix]
  ) {
    suffix++;
  }

  const keptA = keptLines(codesA, { start: prefix, end: a.length - suffix }, countB, changedA);
  const keptB = keptLines(codesB, { start: prefix, end: b.length - suffix }, countA, changedB);
  const search = new Search(keptA.codes, keptB.codes);
  compareBoxes(search, changedA, changedB, { a: keptA.index, b: keptB.index });
  return { changedA, changedB };
};
