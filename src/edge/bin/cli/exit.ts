/**
 * The exit codes of `agent-workspace`, documented in every `--help`: `0` done; `1` refused
 * (the rejection printed, its type named; nothing was written — of a batch of answers, any
 * answer refused, the others landing unless `--all-or-nothing`); `2` usage (a bad command,
 * option or module); `3` failed (a store fault, or a host port, editor or channel that threw).
 */
export const EXIT = { done: 0, refused: 1, usage: 2, failed: 3 } as const;
/** One of the {@link EXIT} codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The closed set of ways a command stops short, each with its exit code. */
const CLI_ERROR_EXITS = { usage: EXIT.usage, refused: EXIT.refused, failed: EXIT.failed } as const;
/** How a command stopped short: a usage error, a refusal, or a failure. */
type CliErrorCode = keyof typeof CLI_ERROR_EXITS;

/**
 * A refusal as the CLI prints it: a workspace rejection, or one of the CLI's own
 * (`conflict_markers`, `invalid_json`, `consent_declined`, …) in the same `{ type, message }`
 * shape, so `--json` readers switch on `type` either way.
 */
export interface Refusal {
  readonly type: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

/**
 * The one error the CLI throws to stop a command: recognised by `code` (never by message),
 * it carries the exit code, and for `refused` the refusal to print.
 */
export class CliError extends Error {
  /** Which way the command stopped short. */
  readonly code: CliErrorCode;
  /** For `refused`: what was refused, printed with its type. */
  readonly refusal: Refusal | null;
  /** What to do next, printed after the message for people (never in JSON). */
  readonly hint: string | null;

  /** Creates a CLI error; a `refused` one carries the refusal. */
  constructor(
    code: CliErrorCode,
    message: string,
    details: { readonly refusal?: Refusal; readonly hint?: string } = {},
  ) {
    super(message);
    this.name = "CliError";
    this.code = code;
    this.refusal = details.refusal ?? null;
    this.hint = details.hint ?? null;
  }

  /** The exit code this error ends the process with. */
  get exit(): ExitCode {
    return CLI_ERROR_EXITS[this.code];
  }
}

/** True for a {@link CliError}, by its name and code rather than `instanceof` alone. */
export function isCliError(error: unknown): error is CliError {
  return (
    error instanceof Error &&
    error.name === "CliError" &&
    Object.hasOwn(CLI_ERROR_EXITS, String((error as { code?: unknown }).code))
  );
}

/** A usage error: exit code 2, the message printed with a pointer to `--help`. */
export function usage(message: string): CliError {
  return new CliError("usage", message);
}

/** A refusal: exit code 1, the refusal printed with its type (and the hint, for people). */
export function refused(refusal: Refusal, hint?: string): CliError {
  return new CliError("refused", refusal.message, {
    refusal,
    ...(hint === undefined ? {} : { hint }),
  });
}

/** A failure: exit code 3 (a store fault, a port or editor that threw). */
export function failed(message: string): CliError {
  return new CliError("failed", message);
}
