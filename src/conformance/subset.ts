/**
 * Why an expectation did not hold at one path:
 * - `missing_key`: the expected object has a key the actual object lacks;
 * - `wrong_length`: the lists differ in length (the original pins counts and order);
 * - `not_an_object` / `not_a_list`: the actual value has another shape;
 * - `not_equal`: two scalars differ under Python's `==`;
 * - `expected_rejection` / `expected_outcome`: the case was refused when it should have
 *   succeeded, or the other way round;
 * - `threw`: deciding threw instead of returning (a bug in the host or the core).
 */
export type Problem =
  | "missing_key"
  | "wrong_length"
  | "not_an_object"
  | "not_a_list"
  | "not_equal"
  | "expected_rejection"
  | "expected_outcome"
  | "threw";

/** One place where the actual result does not match the expectation. */
export interface Difference {
  /** Where, as a JSONPath-like string from `$` (e.g. `$.events[0].summary`). */
  readonly path: string;
  /** What the case expects there. */
  readonly expected: unknown;
  /** What was there (`undefined` when missing). */
  readonly actual: unknown;
  /** Why it does not match. */
  readonly problem: Problem;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of `key` inside the object at `path`, quoting keys that are not identifiers. */
function keyPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

// Python's `==` on JSON scalars: numbers by value, and a bool is an int there (True == 1).
function scalarEquals(a: unknown, b: unknown): boolean {
  const numeric = (v: unknown): v is number | boolean =>
    typeof v === "number" || typeof v === "boolean";
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  return a === b;
}

/**
 * Python's `==` on parsed JSON: objects by their key sets and values (order ignored), lists
 * element by element, scalars as {@link subsetDifferences} compares them. The original
 * compares `messages` this way.
 */
export function pythonEquals(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => pythonEquals(item, b[i]))
    );
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && pythonEquals(a[key], b[key]))
    );
  }
  return scalarEquals(a, b);
}

/**
 * Where `actual` fails to match `expected` under the original's subset rules: an expected
 * object needs each of its keys in the actual object (extra keys are ignored), an expected
 * list needs the same length and matching elements in order, and scalars compare with
 * Python's `==` (`1 == 1.0`, `true == 1`, `null` equals only `null`). Empty when it matches.
 * Cases state only what they care about, so this is what lets one case file serve two
 * implementations that add fields of their own.
 */
export function subsetDifferences(expected: unknown, actual: unknown, path = "$"): Difference[] {
  if (isObject(expected)) {
    if (!isObject(actual)) return [{ path, expected, actual, problem: "not_an_object" }];
    return Object.entries(expected).flatMap(([key, value]) =>
      Object.hasOwn(actual, key)
        ? subsetDifferences(value, actual[key], keyPath(path, key))
        : [
            {
              path: keyPath(path, key),
              expected: value,
              actual: undefined,
              problem: "missing_key",
            },
          ],
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path, expected, actual, problem: "not_a_list" }];
    if (expected.length !== actual.length) {
      return [{ path, expected, actual, problem: "wrong_length" }];
    }
    return expected.flatMap((item, i) => subsetDifferences(item, actual[i], `${path}[${i}]`));
  }
  return scalarEquals(expected, actual) ? [] : [{ path, expected, actual, problem: "not_equal" }];
}
