import { WorkspaceError } from "../model/errors.ts";
import type { Store } from "../stores/port.ts";

// Every method of the port, as a workspace calls them.
const METHODS = [
  "head",
  "load",
  "append",
  "read",
  "revisions",
  "proposals",
  "artifacts",
  "threads",
  "runs",
  "decisions",
  "offers",
  "watch",
  "landed",
  "command",
  "cursor",
  "moveCursor",
  "close",
] as const;

/**
 * The `store` option, checked when the workspace is created: an object with the port's
 * methods (its own or inherited) and its capabilities, so a host bug is named here rather
 * than thrown as a `TypeError` from the first write.
 *
 * @throws WorkspaceError `invalid_argument` naming what is missing (a promise, as an
 * un-awaited `postgresStore(…)` is, is named as one).
 */
export function storeOption(store: Store): Store {
  const given = store as unknown as Record<string, unknown> | null;
  if (typeof given !== "object" || given === null) {
    throw new WorkspaceError("invalid_argument", "store must be a store object");
  }
  if (typeof given.then === "function") {
    throw new WorkspaceError(
      "invalid_argument",
      "store is a promise: await the store's constructor before passing it",
    );
  }
  const missing: string[] = METHODS.filter((name) => typeof given[name] !== "function");
  const capabilities = given.capabilities as Record<string, unknown> | undefined;
  if (
    typeof capabilities?.durable !== "boolean" ||
    typeof capabilities.crossProcess !== "boolean"
  ) {
    missing.push("capabilities");
  }
  if (missing.length > 0) {
    throw new WorkspaceError("invalid_argument", `store lacks ${missing.join(", ")}`);
  }
  return store;
}
