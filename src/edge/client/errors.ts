import type { WorkspaceErrorCode } from "../../model/errors.ts";
import type { ErrorFrame } from "../../model/protocol.ts";
import type { Rejection } from "../../model/rejections.ts";

/** Why a client request failed, as a stable code. */
export type ClientErrorCode =
  /** The server could not be reached, or its answer could not be read. */
  | "unreachable"
  /** The server does not know who the client is (401: no or bad credentials). */
  | "unauthenticated"
  /** The server refused the request: a bad request, or one the actor may not make. */
  | "refused"
  /** The request failed on the server (5xx). */
  | "server_error";

/**
 * The one error the client throws: a request it could not carry out. Recognise it by `code`;
 * `status` is the HTTP status (`null` when there was no answer) and `rejection`, when the
 * server sent one, says why.
 */
export class ClientError extends Error {
  /** What went wrong. */
  readonly code: ClientErrorCode;
  /** The HTTP status of the answer, or `null`. */
  readonly status: number | null;
  /** The rejection the server answered with, if any. */
  readonly rejection: Rejection | null;
  /** For `server_error`: the server's `WorkspaceError` code (`unknown_outcome`, …), if it sent one. */
  readonly fault: WorkspaceErrorCode | null;

  /** Creates an error with its code, message and what the server answered. */
  constructor(
    code: ClientErrorCode,
    message: string,
    details: {
      status?: number | null;
      rejection?: Rejection | null;
      fault?: WorkspaceErrorCode | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ClientError";
    this.code = code;
    this.status = details.status ?? null;
    this.rejection = details.rejection ?? null;
    this.fault = details.fault ?? null;
  }
}

/** The error for an answer that is not a success, from its status and its `error` body. */
export function answerError(status: number, body: unknown): ClientError {
  // The body as the server's `error` frame: the client takes its server's JSON as sent, and a
  // body that is no object says nothing.
  const frame = (typeof body === "object" && body !== null ? body : {}) as Partial<ErrorFrame>;
  const message =
    typeof frame.message === "string" ? frame.message : `the server answered ${status}`;
  const rejection = frame.rejection ?? null;
  if (status === 401) return new ClientError("unauthenticated", message, { status });
  const fault = frame.code ?? null;
  if (status >= 500) return new ClientError("server_error", message, { status, rejection, fault });
  return new ClientError("refused", message, { status, rejection });
}

/** True for a {@link ClientError}, by its name and code (not `instanceof`, which fails across bundles). */
export function isClientError(error: unknown): error is ClientError {
  return (
    error instanceof Error &&
    error.name === "ClientError" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}
