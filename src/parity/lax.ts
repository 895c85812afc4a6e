/**
 * Pydantic's lax mode for the original's scalar fields, as its validators convert JSON input:
 * what each accepts (and turns into), and the error it reports otherwise. Kept as data and
 * small functions so the schemas (which convert) and the error conversion (which names the
 * error) share one rule. The table is in docs/adr/0031-validation-parity.md.
 */

/** Numeric bounds, named as Pydantic's `Field` names them. */
export interface Bounds {
  readonly ge?: number;
  readonly gt?: number;
  readonly le?: number;
  readonly lt?: number;
}

/** A lax conversion's result: the converted value, or the original's error code and words. */
type LaxResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly type: string;
      readonly msg: string;
      readonly ctx?: Record<string, number>;
    };

const fail = (type: string, msg: string): LaxResult<never> => ({ ok: false, type, msg });
const pass = <T>(value: T): LaxResult<T> => ({ ok: true, value });

const INT_TYPE = fail("int_type", "Input should be a valid integer");
const INT_PARSING = fail(
  "int_parsing",
  "Input should be a valid integer, unable to parse string as an integer",
);
const INT_FROM_FLOAT = fail(
  "int_from_float",
  "Input should be a valid integer, got a number with a fractional part",
);
const INT_SIZE = fail(
  "int_parsing_size",
  "Unable to parse input string as an integer, exceeded maximum size",
);
const FLOAT_TYPE = fail("float_type", "Input should be a valid number");
const FLOAT_PARSING = fail(
  "float_parsing",
  "Input should be a valid number, unable to parse string as a number",
);
const FINITE = fail("finite_number", "Input should be a finite number");
const BOOL_TYPE = fail("bool_type", "Input should be a valid boolean");
const BOOL_PARSING = fail(
  "bool_parsing",
  "Input should be a valid boolean, unable to interpret input",
);

// Python's int() literal, as Pydantic reads a string: ASCII digits, single underscores between
// them, an optional sign, and (Pydantic's own allowance) a fraction of zeros only.
const INT_TEXT = /^[+-]?\d(?:_?\d)*(?:\.0+)?$/;
// Rust's f64 literal, which pydantic-core parses floats with: digits, a point, an exponent,
// or `inf`, `infinity`, `nan` in any case, each with an optional sign.
const FLOAT_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NON_FINITE_TEXT = /^([+-]?)(inf|infinity|nan)$/i;
// Python's int is 64-bit where a float turns into one; a JS number is exact to 2^53.
const I64 = 2 ** 63;

const TRUE_TEXT: ReadonlySet<string> = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE_TEXT: ReadonlySet<string> = new Set(["0", "off", "f", "false", "n", "no"]);

// Rust's `str::trim`, which pydantic-core applies to numeric strings: Unicode White_Space
// (U+0085 included, U+FEFF not), unlike JavaScript's `trim`.
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;
const strip = (text: string): string => text.replace(EDGE_SPACE, "");

// Pydantic's bound checks in pydantic-core's order (le, lt, ge, gt): the first that fails.
const BOUND_CHECKS = [
  ["le", "less_than_equal", "less than or equal to", (x: number, b: number) => x <= b],
  ["lt", "less_than", "less than", (x: number, b: number) => x < b],
  ["ge", "greater_than_equal", "greater than or equal to", (x: number, b: number) => x >= b],
  ["gt", "greater_than", "greater than", (x: number, b: number) => x > b],
] as const;

/** The error of the first bound `value` fails (NaN fails every one), or `undefined`. */
function outOfBounds(value: number, bounds: Bounds): LaxResult<never> | undefined {
  for (const [key, type, words, holds] of BOUND_CHECKS) {
    const bound = bounds[key];
    if (bound === undefined || holds(value, bound)) continue;
    return { ok: false, type, msg: `Input should be ${words} ${bound}`, ctx: { [key]: bound } };
  }
  return undefined;
}

/** An integer field: integers, integral floats, booleans (`true` is 1) and integer strings. */
export function laxInt(input: unknown): LaxResult<number> {
  if (typeof input === "boolean") return pass(input ? 1 : 0);
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return FINITE;
    if (!Number.isInteger(input)) return INT_FROM_FLOAT;
    return Number.isSafeInteger(input) ? pass(input === 0 ? 0 : input) : INT_SIZE;
  }
  if (typeof input !== "string") return INT_TYPE;
  const text = strip(input);
  if (!INT_TEXT.test(text)) return INT_PARSING;
  const value = Number(text.replaceAll("_", ""));
  return Number.isSafeInteger(value) ? pass(value === 0 ? 0 : value) : INT_SIZE;
}

/** A float string's value: Python's `float()` literal, `inf`, `nan` (any case), or `undefined`. */
function rustFloat(text: string): number | undefined {
  const special = NON_FINITE_TEXT.exec(text);
  if (special !== null) {
    const value = special[2]?.toLowerCase() === "nan" ? Number.NaN : Number.POSITIVE_INFINITY;
    return special[1] === "-" ? -value : value;
  }
  return FLOAT_TEXT.test(text) ? Number(text) : undefined;
}

/**
 * A float string's value as pydantic-core reads it, or `undefined`: the trimmed text as a Rust
 * float; failing that, the text untrimmed with its underscores removed, if it neither starts
 * nor ends with one nor has two in a row (so `"1_000"` and even `"i_nf"` read, `" 1_0"` not).
 */
function floatText(input: string): number | undefined {
  const value = rustFloat(strip(input));
  if (value !== undefined || !input.includes("_")) return value;
  if (input.startsWith("_") || input.endsWith("_") || input.includes("__")) return undefined;
  return rustFloat(input.replaceAll("_", ""));
}

/**
 * A float field: numbers, booleans and number strings (`"0.5"`, `"1e3"`, `".5"`). Pydantic
 * reads `"inf"`, `"nan"` and `"1e400"` as infinite or NaN and then checks the field's bounds:
 * the first bound that fails is the error, as there; one that fails none is `finite_number`
 * (JSON cannot hold it, where Python would keep it).
 */
export function laxFloat(input: unknown, bounds: Bounds = {}): LaxResult<number> {
  if (typeof input === "boolean") return pass(input ? 1 : 0);
  let value: number | undefined;
  if (typeof input === "number") value = input;
  else if (typeof input === "string") value = floatText(input);
  else return FLOAT_TYPE;
  if (value === undefined) return FLOAT_PARSING;
  return Number.isFinite(value) ? pass(value) : (outOfBounds(value, bounds) ?? FINITE);
}

/** A boolean field: booleans, 0 and 1, and the words Pydantic reads (`"true"`, `"no"`, …). */
export function laxBool(input: unknown): LaxResult<boolean> {
  if (typeof input === "boolean") return pass(input);
  if (typeof input === "number") {
    if (input === 0 || input === 1) return pass(input === 1);
    return Number.isInteger(input) && Math.abs(input) < I64 ? BOOL_PARSING : BOOL_TYPE;
  }
  if (typeof input !== "string") return BOOL_TYPE;
  const word = input.toLowerCase();
  if (TRUE_TEXT.has(word)) return pass(true);
  if (FALSE_TEXT.has(word)) return pass(false);
  return BOOL_PARSING;
}

/** The lax conversion of each scalar kind; a float's bounds take part (see {@link laxFloat}). */
export const LAX: Readonly<
  Record<"int" | "float" | "bool", (input: unknown, bounds?: Bounds) => LaxResult<unknown>>
> = { int: laxInt, float: laxFloat, bool: laxBool };
