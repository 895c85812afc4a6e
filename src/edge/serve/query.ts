import { MAX_PAGE_LIMIT } from "../../model/pages.ts";
import type { ValidationError } from "../../model/rejections.ts";

/** A query parameter read, or the validation error naming it. */
export type QueryValue<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ValidationError };

const wrong = (name: string, input: string, msg: string): QueryValue<never> => ({
  ok: false,
  error: { type: "value_error", loc: ["query", name], msg, input },
});

/** A non-negative integer parameter, or `undefined` when absent. */
export function integerParam(query: URLSearchParams, name: string): QueryValue<number | undefined> {
  const text = query.get(name);
  if (text === null) return { ok: true, value: undefined };
  if (!/^\d{1,15}$/.test(text)) return wrong(name, text, "must be a non-negative integer");
  return { ok: true, value: Number(text) };
}

/** A parameter that must be one of `values`, or `undefined` when absent. */
export function oneOfParam<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
): QueryValue<T | undefined> {
  const text = query.get(name);
  if (text === null) return { ok: true, value: undefined };
  if (!(values as readonly string[]).includes(text)) {
    return wrong(name, text, `must be one of ${values.join(", ")}`);
  }
  return { ok: true, value: text as T };
}

/** A `true`/`false` parameter, or `fallback` when absent. */
export function booleanParam(
  query: URLSearchParams,
  name: string,
  fallback: boolean,
): QueryValue<boolean> {
  const text = query.get(name);
  if (text === null) return { ok: true, value: fallback };
  if (text === "true" || text === "1") return { ok: true, value: true };
  if (text === "false" || text === "0") return { ok: true, value: false };
  return wrong(name, text, "must be true or false");
}

/** A page length parameter: a whole number from 1 to the longest page, or `undefined`. */
export function pageLimitParam(
  query: URLSearchParams,
  name: string,
): QueryValue<number | undefined> {
  const text = query.get(name);
  if (text === null) return { ok: true, value: undefined };
  const value = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  if (value < 1 || value > MAX_PAGE_LIMIT) {
    return wrong(name, text, `must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  return { ok: true, value };
}
