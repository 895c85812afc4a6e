import type { Rejection } from "./rejections.ts";

/** A success carrying a value; `rejection` is absent by construction. */
export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
  readonly rejection?: never;
}

/**
 * A refusal carrying a {@link Rejection}. It has no `value`: reading one needs `ok` checked
 * first, so a refusal cannot pass for a success unnoticed.
 */
export interface Refused {
  readonly ok: false;
  readonly rejection: Rejection;
}

/** Either a value or a rejection — how every rule reports, without throwing. */
export type Result<T> = Ok<T> | Refused;

/** Wraps a value as a success. */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** Wraps a rejection as a refusal. */
export function refuse(rejection: Rejection): Refused {
  return { ok: false, rejection };
}
