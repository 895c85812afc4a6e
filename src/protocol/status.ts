import type { Rejection } from "../model/rejections.ts";

/**
 * The HTTP status of a read or request refused with `rejection`, as the original's REST
 * maps them (`version_conflict` and `invalid_state` 409, `validation_failed` and
 * `patch_failed` 422, `not_found` 404, `forbidden` 403), and ours: a bad `hello` 400, as
 * the original closes its socket with 4400.
 */
export function statusOf(rejection: Rejection): number {
  switch (rejection.type) {
    case "version_conflict":
    case "invalid_state":
    case "conflict":
    case "already_started":
    case "stale_decision":
    case "stale_hunks":
      return 409;
    case "validation_failed":
    case "patch_failed":
    case "invalid_placement":
      return 422;
    case "not_found":
    case "unknown_decision":
      return 404;
    case "forbidden":
      return 403;
    case "unsupported_protocol":
      return 400;
  }
}

/** The key a command's result is remembered under: the workspace, the sender, the id. */
export function commandKey(workspaceId: string, participant: string, commandId: string): string {
  return JSON.stringify([workspaceId, participant, commandId]);
}
