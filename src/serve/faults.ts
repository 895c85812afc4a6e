import { isWorkspaceError, type WorkspaceErrorCode } from "../model/errors.ts";
import type { ErrorFrame } from "../model/protocol.ts";
import { errorFrame } from "../rules/protocol/frames.ts";
import { statusOf } from "../rules/protocol/status.ts";

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

/** A fault on the server as an answer: its HTTP status and `error` frame. */
export interface FaultAnswer {
  readonly status: number;
  readonly frame: ErrorFrame;
}

/**
 * What a failure on the server is answered with: a `WorkspaceError` as its code and a status
 * that says whether to retry (503), with words of the library's own (a driver's message may
 * name a file); anything else as 500 without a code. `prefix` names what failed (a command).
 */
export function faultOf(error: unknown, prefix = ""): FaultAnswer {
  if (!isWorkspaceError(error)) {
    return { status: 500, frame: errorFrame(`${prefix}the request failed on the server`) };
  }
  const { status, says } = FAULTS[error.code];
  const { rejection } = error;
  const frame: ErrorFrame = { type: "error", message: `${prefix}${says}`, code: error.code };
  if (rejection === null) return { status, frame };
  return { status: statusOf(rejection), frame: { ...frame, rejection } };
}
