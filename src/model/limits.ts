import type { ValidationError } from "./rejections.ts";

/**
 * What a command, fact or actor from outside may be, whatever the store behind the workspace
 * (SPEC S5): checked before anything else parses it, so no input is too deep for a parser or a
 * driver, too large to refuse quickly, or holds text some store cannot keep.
 */
export interface Limits {
  /** How deeply arrays and objects may nest, counting the command itself as 1 (default 64). */
  readonly maxDepth: number;
  /** The most UTF-8 bytes its JSON may take (default 4 MiB). */
  readonly maxBytes: number;
}

/** The limits a workspace applies unless told otherwise. */
export const DEFAULT_LIMITS: Limits = Object.freeze({ maxDepth: 64, maxBytes: 4 * 1024 * 1024 });

/** The longest id (artifact, thread, proposal, run, message, decision, …) in UTF-16 units. */
export const MAX_ID_LENGTH = 256;

type Path = (string | number)[];

/** UTF-8 bytes of a string; at least its length, at most three times it. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x800) bytes += unit >= 0xd800 && unit <= 0xdfff ? 1 : 2;
    else if (unit >= 0x80) bytes += 1;
  }
  return bytes;
}

const wellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Why a string cannot be stored everywhere, or `null`: NUL, or a lone surrogate. */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain U+0000";
  if (!wellFormed(text)) return "must not contain an unpaired surrogate";
  return null;
}

// A key that names the field must itself be printable in a rejection.
const printable = (key: string): string =>
  (key as unknown as { toWellFormed(): string }).toWellFormed().replaceAll("\u0000", "\ufffd");

const invalidText = (loc: Path, msg: string): ValidationError => ({
  type: "invalid_text",
  loc,
  msg,
});

/**
 * Where a walked value sits: its key in its parent and the parent's place, so the path of a
 * value is only spelled out for the one a problem is found at.
 */
interface Place {
  readonly parent: Place | null;
  readonly key: string | number;
}

function pathOf(place: Place | null): Path {
  const path: Path = [];
  for (let at = place; at !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

type Walked = [value: unknown, place: Place | null, depth: number];

// The problem with one object or array (its depth, a key's text), its children queued.
function objectProblem(
  value: object,
  [place, depth]: [Place | null, number],
  stack: Walked[],
  size: SizeCount,
  maxDepth: number,
): ValidationError | null {
  if (depth + 1 > maxDepth) {
    const msg = `must not nest deeper than ${maxDepth} levels`;
    return { type: "too_deep", loc: pathOf(place), msg, ctx: { max_depth: maxDepth } };
  }
  if (Array.isArray(value)) {
    size.add(2 + value.length);
    for (let i = value.length - 1; i >= 0; i--) {
      stack.push([value[i], { parent: place, key: i }, depth + 1]);
    }
    return null;
  }
  const keys = Object.keys(value);
  size.add(2);
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    const problem = textProblem(key);
    if (problem !== null) return invalidText([...pathOf(place), printable(key)], problem);
    size.addText(key, 4);
    stack.push([(value as Record<string, unknown>)[key], { parent: place, key }, depth + 1]);
  }
  return null;
}

/**
 * The first way `input` breaks `limits`, naming the field where it happens, or `null` when it
 * keeps them: nesting deeper than `maxDepth` (`too_deep`), JSON larger than `maxBytes`
 * (`too_large`, at the field that crossed the line), a string or key with U+0000 or an
 * unpaired surrogate (`invalid_text`). It walks the input once, without recursion, and stops
 * at the first problem, so a huge or deep input is refused in time proportional to what it
 * read. Values that are not JSON are left to the schema to refuse.
 */
export function limitProblem(
  input: unknown,
  limits: Limits = DEFAULT_LIMITS,
): ValidationError | null {
  const stack: Walked[] = [[input, null, 0]];
  const size = new SizeCount(limits.maxBytes);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, place, depth] = next;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem !== null) return invalidText(pathOf(place), problem);
      size.addText(value, 2);
    } else if (typeof value === "object" && value !== null) {
      const problem = objectProblem(value, [place, depth], stack, size, limits.maxDepth);
      if (problem !== null) return problem;
    } else {
      size.add(typeof value === "number" ? 24 : 5);
    }
    if (size.over()) {
      const { maxBytes } = limits;
      const msg = `the input must be at most ${maxBytes} bytes of JSON`;
      return { type: "too_large", loc: pathOf(place), msg, ctx: { max_bytes: maxBytes } };
    }
  }
  return null;
}

/**
 * The JSON size of what was walked, in UTF-8 bytes. A string takes between its length and
 * three times it; it is only counted exactly once those bounds no longer settle the question,
 * so an input far from the limit costs no counting at all.
 */
class SizeCount {
  readonly #max: number;
  #exact = 0;
  #low = 0;
  #high = 0;
  readonly #uncounted: string[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  add(bytes: number): void {
    this.#exact += bytes;
  }

  addText(text: string, overhead: number): void {
    this.#exact += overhead;
    this.#low += text.length;
    this.#high += text.length * 3;
    this.#uncounted.push(text);
  }

  over(): boolean {
    if (this.#exact + this.#high <= this.#max) return false;
    if (this.#exact + this.#low > this.#max) return true;
    for (const text of this.#uncounted) this.#exact += utf8Bytes(text);
    this.#uncounted.length = 0;
    this.#low = 0;
    this.#high = 0;
    return this.#exact > this.#max;
  }
}
