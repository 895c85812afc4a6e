import type { Rejection } from "./rejections.ts";

/**
 * Codes of {@link WorkspaceError}, of two kinds. Misuse of the library by its host
 * (`not_loaded`, `duplicate_type`, `invalid_argument`, `invalid_definition`) is a bug to fix,
 * not an outcome to handle. Store faults (`read_only`, `disk_full`, `store_unavailable`,
 * `store_replaced`, `unknown_outcome`, `corrupt_record`, `unsupported_version`, `contention`)
 * are conditions a host handles: retry, settle, alert, or stop writing (ADR 0021). `refused`
 * is a rejection the host asked to have thrown. Rejections of bad input are never thrown: they
 * are returned as values.
 */
const WORKSPACE_ERROR_CODES = {
  /** The host did not load an entity that `needs` asked for. */
  not_loaded: "not_loaded",
  /** Two artifact or feedback types were registered under one name. */
  duplicate_type: "duplicate_type",
  /** An argument passed to the library is malformed (a bad viewer, a bad option). */
  invalid_argument: "invalid_argument",
  /** A definition passed to the library is malformed. */
  invalid_definition: "invalid_definition",
  /** Stored data could not be read back as what it claims to be. */
  corrupt_record: "corrupt_record",
  /** A store was written by a newer version of this library (its schema is ahead of ours). */
  unsupported_version: "unsupported_version",
  /** The store refused an append because another writer moved the log first, too often. */
  contention: "contention",
  /** A refusal a host asked to have thrown (`orThrow`); the rejection or failure is attached. */
  refused: "refused",
  /** The store refuses writes: a read-only file, mount or database. `cause`: the driver's error. */
  read_only: "read_only",
  /** The store has no room left (a full disk or quota). `cause`: the driver's error. */
  disk_full: "disk_full",
  /** The store cannot be reached (connection refused or lost, database locked too long). */
  store_unavailable: "store_unavailable",
  /** The store's file was deleted or replaced while open; it refuses further writes. */
  store_replaced: "store_replaced",
  /**
   * A write's fate is unknown: the store went away while it was being appended and could not
   * be asked afterwards. `attempt` says which append; `workspace.settle` finds out.
   */
  unknown_outcome: "unknown_outcome",
} as const;

/** One of the stable {@link WORKSPACE_ERROR_CODES}. */
export type WorkspaceErrorCode = keyof typeof WORKSPACE_ERROR_CODES;

/** Every {@link WorkspaceErrorCode}, for a schema that carries one over the wire. */
export const WORKSPACE_ERROR_CODE_LIST = Object.keys(WORKSPACE_ERROR_CODES) as [
  WorkspaceErrorCode,
  ...WorkspaceErrorCode[],
];

/** Which append a write's unknown outcome is about: its first envelope, by position and id. */
export interface UnknownAttempt {
  readonly workspace_id: string;
  readonly seq: number;
  readonly envelope_id: string;
  /** The command or fact as parsed, its generated ids filled in (set by the workspace). */
  readonly item?: unknown;
}

/** What a {@link WorkspaceError} carries besides its code and message. */
interface WorkspaceErrorDetails {
  /** The error underneath (a driver's, a port's), when there is one. */
  readonly cause?: unknown;
  /** For `refused`: the rejection, when the refusal was one. */
  readonly rejection?: Rejection;
  /** For `refused`: the step of a host service that did not go through. */
  readonly stage?: string;
  /** For `unknown_outcome`: the append whose fate is unknown. */
  readonly attempt?: UnknownAttempt;
}

/**
 * The one error class the library throws: for host bugs, for store faults a host handles
 * (with the driver's error as `cause`), and for refusals a host asked to have thrown
 * (`orThrow`). Recognise it by `code` (`isWorkspaceError(e) && e.code === "disk_full"`),
 * never by message.
 */
export class WorkspaceError extends Error {
  /** Stable machine-readable code. */
  readonly code: WorkspaceErrorCode;
  /** For `refused`: the rejection, when the refusal was one. */
  readonly rejection: Rejection | null;
  /** For `refused`: the step of a host service that did not go through. */
  readonly stage: string | null;
  /** For `unknown_outcome`: the append whose fate is unknown. */
  readonly attempt: UnknownAttempt | null;

  /** Creates an error with a stable code, a message for people and what it carries. */
  constructor(code: WorkspaceErrorCode, message: string, details: WorkspaceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "WorkspaceError";
    this.code = code;
    this.rejection = details.rejection ?? null;
    this.stage = details.stage ?? null;
    this.attempt = details.attempt ?? null;
  }
}

/** True for errors thrown by this library, across bundle copies (checks the shape, not `instanceof`). */
export function isWorkspaceError(error: unknown): error is WorkspaceError {
  return (
    error instanceof Error &&
    error.name === "WorkspaceError" &&
    Object.hasOwn(WORKSPACE_ERROR_CODES, String((error as { code?: unknown }).code))
  );
}

/** Anything that answers `{ ok: true, … }` or `{ ok: false, … }`: writes, rules, services. */
type Answer = { readonly ok: boolean };

/**
 * The success, or a thrown `WorkspaceError` with code `refused` carrying the rejection (and,
 * for a host service, the `stage` that did not go through and its error as `cause`): for
 * hosts that would rather throw than branch on `ok`.
 *
 * @throws WorkspaceError `refused` when `answer.ok` is false.
 */
export function orThrow<A extends Answer>(answer: A): Extract<A, { readonly ok: true }> {
  if (answer.ok) return answer as Extract<A, { readonly ok: true }>;
  const { rejection, stage, error } = answer as {
    readonly rejection?: Rejection;
    readonly stage?: string;
    readonly error?: unknown;
  };
  const what = rejection?.message ?? (error instanceof Error ? error.message : "refused");
  const message = stage === undefined ? what : `${stage}: ${what}`;
  throw new WorkspaceError("refused", message, {
    ...(rejection === undefined ? {} : { rejection }),
    ...(stage === undefined ? {} : { stage }),
    ...(error === undefined ? {} : { cause: error }),
  });
}
