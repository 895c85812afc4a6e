import { isWorkspaceError, type WorkspaceErrorCode } from "../../model/errors.ts";
import type { ErrorFrame } from "../../model/protocol.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { statusOf } from "../../protocol/status.ts";

/** How a fault is answered over HTTP: its status, and what the frame says (never a path). */
const FAULTS: Readonly<Record<WorkspaceErrorCode, { status: number; says: string }>> = {
  invalid_argument: { status: 400, says: "an argument is not what the library takes" },
  refused: { status: 409, says: "the request was refused" },
  read_only: { status: 503, says: "the store refuses writes (it is read-only)" },
  disk_full: { status: 507, says: "the store has no room left" },
  store_unavailable: { status: 503, says: "the store cannot be reached" },
  store_replaced: { status: 503, says: "the store was replaced while open" },
  unknown_outcome: {
    status: 503,
    says: "the store went away during the write: whether it landed is unknown; send the same command_id again",
  },
  contention: { status: 503, says: "other writers kept moving the log: try again" },
  corrupt_record: { status: 500, says: "a stored record could not be read" },
  unsupported_version: { status: 500, says: "the store was written by a newer version" },
  not_loaded: { status: 500, says: "the request failed on the server" },
  duplicate_type: { status: 500, says: "the request failed on the server" },
  invalid_definition: { status: 500, says: "the request failed on the server" },
};

/**
 * The `error` frame a failure on the server is answered with: a `WorkspaceError` as its code,
 * in words of the library's own (a driver's message may name a file), with the rejection of
 * a `refused`; anything else without a code. `prefix` names what failed (a command).
 */
export function faultOf(error: unknown, prefix = ""): ErrorFrame {
  if (!isWorkspaceError(error)) return errorFrame(`${prefix}the request failed on the server`);
  const frame: ErrorFrame = {
    type: "error",
    message: `${prefix}${FAULTS[error.code].says}`,
    code: error.code,
  };
  return error.rejection === null ? frame : { ...frame, rejection: error.rejection };
}

/**
 * The HTTP status of an `error` frame `faultOf` made: its rejection's, its code's (503: worth
 * retrying), or 500 without either.
 */
export function faultStatus(frame: ErrorFrame): number {
  if (frame.rejection !== undefined) return statusOf(frame.rejection);
  return frame.code === undefined ? 500 : FAULTS[frame.code].status;
}
