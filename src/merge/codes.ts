/**
 * Dense codes of two sequences for the line diffs: typed arrays whose values are small
 * non-negative numbers, below `size`, so tables indexed by line can be typed arrays too.
 */
export interface DenseCodes {
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** One more than the largest code. */
  readonly size: number;
}

/** Codes may go this far past the lengths before they are renumbered (the tables' size). */
function bound(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return 4 * (a.length + b.length) + 1024;
}

/** One more than the largest value if every value is an integer in [0, limit), else -1. */
function sizeIfDense(values: ArrayLike<number>, limit: number): number {
  let max = -1;
  if (values instanceof Int32Array) {
    let min = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number;
      if (v > max) max = v;
      if (v < min) min = v;
    }
    return min < 0 || max >= limit ? -1 : max + 1;
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!(v >= 0 && v < limit && Number.isInteger(v))) return -1;
    if (v > max) max = v;
  }
  return max + 1;
}

function asInt32(values: ArrayLike<number>): Int32Array {
  return values instanceof Int32Array ? values : Int32Array.from(values);
}

/** Renumbers both sequences densely, in order of first sight. */
function renumber(a: ArrayLike<number>, b: ArrayLike<number>): DenseCodes {
  const ids = new Map<number, number>();
  const code = (value: number): number => {
    let id = ids.get(value);
    if (id === undefined) {
      id = ids.size;
      ids.set(value, id);
    }
    return id;
  };
  const codesA = Int32Array.from(a, code);
  const codesB = Int32Array.from(b, code);
  return { a: codesA, b: codesB, size: ids.size };
}

/**
 * Both sequences as dense codes. Interned lines (typed arrays of small numbers, as the text
 * merge makes them) are taken as they are, without a copy: the diffs only read them. Anything
 * else is copied, or renumbered if its values are not small non-negative integers.
 */
export function denseCodes(a: ArrayLike<number>, b: ArrayLike<number>): DenseCodes {
  const limit = bound(a, b);
  const sizeA = sizeIfDense(a, limit);
  const sizeB = sizeA === -1 ? -1 : sizeIfDense(b, limit);
  if (sizeB === -1) return renumber(a, b);
  return { a: asInt32(a), b: asInt32(b), size: Math.max(sizeA, sizeB) };
}
