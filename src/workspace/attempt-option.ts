import { type UnknownAttempt, WorkspaceError } from "../model/errors.ts";
import { isId } from "../model/ids.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The attempt `settle` was given, as an `unknown_outcome` error names it (`error.attempt`): an
 * object with this workspace's id, the append's first `seq` (a whole number from 1) and its
 * `envelope_id`.
 *
 * @throws WorkspaceError `invalid_argument` naming what is wrong, for anything else (a host
 * bug: not a store fault to retry).
 */
export function attemptOption(value: unknown, workspaceId: string): UnknownAttempt {
  const wrong = (why: string): never => {
    throw new WorkspaceError("invalid_argument", `settle: the attempt ${why}`);
  };
  if (!isObject(value)) {
    return wrong("must be the `attempt` of an unknown_outcome error (an object)");
  }
  const { seq, envelope_id, workspace_id } = value;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 1) {
    return wrong("needs `seq`, a whole number from 1");
  }
  if (!isId(envelope_id)) return wrong("needs `envelope_id`, an envelope's id");
  if (workspace_id !== workspaceId) {
    return wrong(`is of another workspace than ${workspaceId}`);
  }
  return { workspace_id, seq, envelope_id, ...("item" in value ? { item: value.item } : {}) };
}
