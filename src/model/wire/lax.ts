/**
 * Pydantic's lax mode for the original's scalar fields, as its validators convert JSON input:
 * what each accepts (and turns into), and the error it reports otherwise. Kept as data and
 * small functions so the schemas (which convert) and the error conversion (which names the
 * error) share one rule. The table is in docs/adr/0031-validation-parity.md.
 */

/** A lax conversion's result: the converted value, or the original's error code and words. */
type LaxResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly type: string; readonly msg: string };

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
// Python's float() literal: digits with single underscores, a point, an exponent.
const DIGITS = String.raw`\d(?:_?\d)*`;
const FLOAT_TEXT = new RegExp(
  `^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`,
);
const NON_FINITE_TEXT = /^[+-]?(?:inf|infinity|nan)$/i;
// Python's int is 64-bit where a float turns into one; a JS number is exact to 2^53.
const I64 = 2 ** 63;

const TRUE_TEXT: ReadonlySet<string> = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE_TEXT: ReadonlySet<string> = new Set(["0", "off", "f", "false", "n", "no"]);

/** Python's whitespace strip, as Pydantic applies it to numeric strings. */
const strip = (text: string): string => text.trim();

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

/** A float field: numbers, booleans and number strings (`"0.5"`, `"1e3"`, `".5"`). */
export function laxFloat(input: unknown): LaxResult<number> {
  if (typeof input === "boolean") return pass(input ? 1 : 0);
  if (typeof input === "number") return Number.isFinite(input) ? pass(input) : FINITE;
  if (typeof input !== "string") return FLOAT_TYPE;
  const text = strip(input);
  if (NON_FINITE_TEXT.test(text)) return FINITE;
  if (!FLOAT_TEXT.test(text)) return FLOAT_PARSING;
  return pass(Number(text.replaceAll("_", "")));
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

/** The lax conversion of each scalar kind. */
export const LAX = { int: laxInt, float: laxFloat, bool: laxBool } as const;
