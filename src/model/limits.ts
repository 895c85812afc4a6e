import { surelyWithin } from "./limits-bound.ts";
import type { ValidationError } from "./rejections.ts";

/**
 * What a command, fact or actor from outside may be, whatever the store behind the workspace
 * (docs/spec.md S5): checked before anything else parses it, so no input is too deep for a parser
 * or a driver, too large to refuse quickly, or holds text some store cannot keep.
 */
export interface Limits {
  /** How deeply arrays and objects may nest, counting the command itself as 1 (default 64). */
  readonly maxDepth: number;
  /** The most UTF-8 bytes its JSON may take (default 4 MiB). */
  readonly maxBytes: number;
}

/** The limits a workspace applies unless told otherwise. */
export const DEFAULT_LIMITS: Limits = Object.freeze({ maxDepth: 64, maxBytes: 4 * 1024 * 1024 });

/**
 * The deepest nesting a workspace may be configured to take: past about 1,400 levels the
 * recursive parts (zod, the merge, the stores' JSON) run out of stack on Node's default,
 * so this keeps well clear of it wherever the call is made from (ADR 0022).
 */
export const MAX_DEPTH_CAP = 512;

/** The longest id (artifact, thread, proposal, run, message, decision, …) in UTF-16 units. */
export const MAX_ID_LENGTH = 256;

type Path = (string | number)[];

/**
 * UTF-8 bytes of a string with neither U+0000 nor a surrogate, or -1 for any other string
 * (whose bytes {@link utf8Bytes} counts and whose text {@link textProblem} judges).
 */
function plainBytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x800) {
      if (unit >= 0xd800 && unit <= 0xdfff) return -1;
      bytes += 2;
    } else if (unit >= 0x80) bytes += 1;
    else if (unit === 0) return -1;
  }
  return bytes;
}

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
  if (text.length <= SHORT_TEXT && plainShort(text)) return null;
  if (text.includes("\u0000")) return "must not contain U+0000";
  if (!wellFormed(text)) return "must not contain an unpaired surrogate";
  return null;
}

// Short strings (keys, ids, names) are looked at in place: quicker than two scans by the engine.
const SHORT_TEXT = 32;
function plainShort(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0 || (unit >= 0xd800 && unit <= 0xdfff)) return false;
  }
  return true;
}

// A key that names the field must itself be printable in a rejection.
const printable = (key: string): string =>
  (key as unknown as { toWellFormed(): string }).toWellFormed().replaceAll("\u0000", "\ufffd");

// The smallest JSON an array or object of `length` children can be, beyond the one byte its
// parent already counted for it: brackets, commas and a byte per child (an object's keys are
// counted on their own, with their quotes and colons).
const containerBytes = (length: number): number => 1 + Math.max(0, length - 1) + length;

/** A limit broken where the walk stands. */
type Broken = "too_deep" | "too_large" | "invalid_text";

function refusal(broken: Broken, path: Path, limits: Limits, text = ""): ValidationError {
  switch (broken) {
    case "too_deep": {
      const msg = `must not nest deeper than ${limits.maxDepth} levels`;
      return { type: "too_deep", loc: path, msg, ctx: { max_depth: limits.maxDepth } };
    }
    case "too_large": {
      const msg = `the input must be at most ${limits.maxBytes} bytes of JSON`;
      return { type: "too_large", loc: path, msg, ctx: { max_bytes: limits.maxBytes } };
    }
    case "invalid_text":
      return { type: "invalid_text", loc: path, msg: text };
  }
}

/**
 * One walk over an input, depth first. It recurses, but never deeper than `maxDepth` (at most
 * {@link MAX_DEPTH_CAP} once a workspace has checked its limits): a container past it is
 * refused before its children are looked at. A refusal is rare, so its path is put together
 * only then, each level adding its key as the walk unwinds.
 */
class Walk {
  readonly size: SizeCount;
  readonly #maxDepth: number;
  /** The refused value's path, innermost first, filled in as the walk unwinds. */
  readonly trail: Path = [];
  broken: Broken | null = null;
  /** For `invalid_text`: why the string or key cannot be stored. */
  problem = "";

  constructor(limits: Limits) {
    this.size = new SizeCount(limits.maxBytes);
    this.size.add(1);
    this.#maxDepth = limits.maxDepth;
  }

  /**
   * Counts `value` (inside `open` arrays and objects) and walks its children; says whether it
   * broke a limit, leaving what and where in the walk.
   */
  value(value: unknown, open: number): boolean {
    const { size } = this;
    if (typeof value === "string") {
      // A short plain string is counted exactly in the pass that looks at its text.
      const bytes = value.length <= SHORT_TEXT ? plainBytes(value) : -1;
      if (bytes >= 0) {
        size.add(bytes + 1);
        return size.over() ? this.#break("too_large") : false;
      }
      size.addText(value);
      if (size.over()) return this.#break("too_large");
      const problem = textProblem(value);
      return problem === null ? false : this.#break("invalid_text", problem);
    }
    if (typeof value === "number") size.addNumber(value);
    // `false` is 5 bytes; `true`, `null` (and what JSON writes as `null`) are 4.
    else if (typeof value !== "object" || value === null) size.add(value === false ? 4 : 3);
    else if (Array.isArray(value)) return this.#array(value, open);
    else return this.#object(value as Record<string, unknown>, open);
    return size.over() ? this.#break("too_large") : false;
  }

  #array(array: readonly unknown[], open: number): boolean {
    if (open + 1 > this.#maxDepth) return this.#break("too_deep");
    this.size.add(containerBytes(array.length));
    if (this.size.over()) return this.#break("too_large");
    for (let i = 0; i < array.length; i++) {
      if (this.value(array[i], open + 1)) return this.#within(i);
    }
    return false;
  }

  #object(object: Record<string, unknown>, open: number): boolean {
    if (open + 1 > this.#maxDepth) return this.#break("too_deep");
    const keys = Object.keys(object);
    this.size.add(containerBytes(keys.length));
    const plain = this.size.addKeys(keys);
    if (this.size.over()) return this.#break("too_large");
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const problem = plain ? null : textProblem(key);
      if (problem !== null) {
        this.#break("invalid_text", problem);
        return this.#within(printable(key));
      }
      if (this.value(object[key], open + 1)) return this.#within(key);
    }
    return false;
  }

  #break(broken: Broken, problem = ""): true {
    this.broken = broken;
    this.problem = problem;
    return true;
  }

  // A refusal found under `step` of the container being walked.
  #within(step: string | number): true {
    this.trail.push(step);
    return true;
  }
}

/**
 * The first way `input` breaks `limits`, naming the field where it happens, or `null` when it
 * keeps them: nesting deeper than `maxDepth` (`too_deep`), JSON larger than `maxBytes`
 * (`too_large`, at the field that crossed the line), a string or key with U+0000 or an
 * unpaired surrogate (`invalid_text`). It walks the input once and stops at the first
 * problem. An array's or object's smallest JSON (from its length or its keys) is counted
 * before any of its children is looked at, so a huge input of any shape is refused after
 * reading little of it. Values that are not JSON are left to the schema to refuse. A
 * `maxDepth` above {@link MAX_DEPTH_CAP} is held to the cap.
 */
export function limitProblem(
  input: unknown,
  limits: Limits = DEFAULT_LIMITS,
): ValidationError | null {
  // The walk's recursion is bounded by the depth; a workspace never takes one past the cap.
  const held =
    limits.maxDepth > MAX_DEPTH_CAP
      ? { maxDepth: MAX_DEPTH_CAP, maxBytes: limits.maxBytes }
      : limits;
  // Nearly every input is far from every limit: proven so at a fraction of the exact walk.
  if (surelyWithin(input, held)) return null;
  const walk = new Walk(held);
  if (!walk.value(input, 0) || walk.broken === null) return null;
  return refusal(walk.broken, walk.trail.reverse(), held, walk.problem);
}

// Objects with this many keys or fewer have them counted at once.
const FEW_KEYS = 16;

// 10^0 … 10^21, each exact as a double.
const POWERS_OF_TEN = Array.from({ length: 22 }, (_, i) => 10 ** i);

/**
 * The JSON size of what was walked, in UTF-8 bytes (strings and keys as their UTF-8 bytes and
 * quotes; escapes are not counted). An integer is counted by its digits; a string takes
 * between its length and three times it, another number between 1 and 24 bytes, and they are
 * only counted exactly once those bounds no longer settle the question, so an input far from
 * the limit costs no counting at all.
 */
class SizeCount {
  readonly #max: number;
  #exact = 0;
  #low = 0;
  #high = 0;
  // Kept apart, so numbers stay unboxed and nothing small is kept alive only by this list.
  readonly #uncounted: (string | readonly string[])[] = [];
  readonly #uncountedNumbers: number[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  add(bytes: number): void {
    this.#exact += bytes;
  }

  /** A string, with its quotes, beyond the byte already counted for it. */
  addText(text: string): void {
    this.#exact += 1;
    this.#low += text.length;
    this.#high += text.length * 3;
    this.#uncounted.push(text);
  }

  /** A number, beyond the byte already counted for it. */
  addNumber(value: number): void {
    const magnitude = value < 0 ? -value : value;
    if (Number.isInteger(magnitude) && magnitude < 1e21) {
      // An integer's JSON is its digits (and a minus): counted without making the string.
      let digits = 1;
      while (digits < 21 && magnitude >= (POWERS_OF_TEN[digits] as number)) digits++;
      this.#exact += digits - 1 + (value < 0 ? 1 : 0);
      return;
    }
    this.#high += 23;
    this.#uncountedNumbers.push(value);
  }

  /** An object's keys, with their quotes and colons. */
  /**
   * An object's keys, with their quotes and colons. Says whether they are known to be plain
   * text (no U+0000, no surrogate), so that the walk need not look at each again.
   */
  addKeys(keys: readonly string[]): boolean {
    this.#exact += keys.length * 3;
    if (keys.length <= FEW_KEYS) {
      // A small object's keys are counted now, and looked at in the same pass: cheaper than
      // keeping its key list alive, or reading each key twice.
      let plain = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const bytes = plainBytes(key);
        plain &&= bytes >= 0;
        this.#exact += bytes >= 0 ? bytes : utf8Bytes(key);
      }
      return plain;
    }
    let length = 0;
    for (let i = 0; i < keys.length; i++) length += (keys[i] as string).length;
    this.#low += length;
    this.#high += length * 3;
    this.#uncounted.push(keys);
    return false;
  }

  over(): boolean {
    if (this.#exact + this.#high <= this.#max) return false;
    if (this.#exact + this.#low > this.#max) return true;
    for (const item of this.#uncounted) this.#exact += exactBytes(item);
    for (const item of this.#uncountedNumbers) {
      this.#exact += (Number.isFinite(item) ? String(item).length : 4) - 1;
    }
    this.#uncounted.length = 0;
    this.#uncountedNumbers.length = 0;
    this.#low = 0;
    this.#high = 0;
    return this.#exact > this.#max;
  }
}

// What an uncounted string or list of keys adds beyond what was counted for it: its UTF-8 bytes.
function exactBytes(item: string | readonly string[]): number {
  if (typeof item === "string") return utf8Bytes(item);
  let bytes = 0;
  for (const key of item) bytes += utf8Bytes(key);
  return bytes;
}
