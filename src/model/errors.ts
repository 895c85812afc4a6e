/**
 * Codes of {@link WorkspaceError}: misuse of the library by its host (a bug to fix, not an
 * outcome to handle). Expected failures are rejections, returned as values.
 */
export const WORKSPACE_ERROR_CODES = {
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
} as const;

/** One of the stable {@link WORKSPACE_ERROR_CODES}. */
export type WorkspaceErrorCode = keyof typeof WORKSPACE_ERROR_CODES;

/**
 * The one error class the library throws, for host bugs only. Recognise it by `code`
 * (`isWorkspaceError(e) && e.code === "not_loaded"`), never by message.
 */
export class WorkspaceError extends Error {
  /** Stable machine-readable code. */
  readonly code: WorkspaceErrorCode;

  /** Creates an error with a stable code and a message for people. */
  constructor(code: WorkspaceErrorCode, message: string) {
    super(message);
    this.name = "WorkspaceError";
    this.code = code;
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
