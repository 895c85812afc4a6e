import { isWorkspaceError, WorkspaceError, type WorkspaceErrorCode } from "../../model/errors.ts";

// The driver's own errors carry no code; these are its words for a connection it lost or
// never had (pg and pg-pool 8), matched here and nowhere else.
const DRIVER_WORDS = [
  /^Connection terminated/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
];

// Socket errors of a connection that was there and went away.
const LOST_SOCKET = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT", "ECONNABORTED"]);

const codeOf = (error: unknown): string => {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : "";
  return typeof code === "string" ? code : "";
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : "");

/** A SQLSTATE the server sent, a socket's error, or one of the driver's own. */
function isDriverError(error: unknown): boolean {
  const code = codeOf(error);
  const message = messageOf(error);
  return (
    /^[0-9A-Z]{5}$/.test(code) ||
    /^E[A-Z]+$/.test(code) ||
    DRIVER_WORDS.some((words) => words.test(message))
  );
}

/**
 * True when the connection a statement was sent on went away before it answered: the
 * server ended it (SQLSTATE class 08, 57P01–57P03), its socket broke, or the driver says it
 * terminated. The statement may or may not have committed.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code.startsWith("08") ||
    ["57P01", "57P02", "57P03"].includes(code) ||
    LOST_SOCKET.has(code) ||
    /^Connection terminated/.test(messageOf(error)) ||
    /is not queryable$/.test(messageOf(error))
  );
}

/** The stable code of a driver error: what the store's caller can do about it. */
function faultCode(error: unknown): WorkspaceErrorCode {
  const code = codeOf(error);
  switch (code) {
    case "53100":
      return "disk_full";
    case "25006":
      return "read_only";
    case "XX001":
    case "XX002":
      return "corrupt_record";
    default:
      // Connections lost, refused or too many (class 08, 57P0x, 53300, sockets), and any
      // other: the store could not do it; the cause says what the server said.
      return "store_unavailable";
  }
}

/**
 * The error a store method answers for `error`: a driver error becomes a `WorkspaceError`
 * with a stable code (`disk_full` for 53100, `read_only` for 25006, `corrupt_record` for
 * XX001/XX002, `store_unavailable` for lost, refused or too many connections and any other
 * server error) and the driver's error as `cause`; anything else is returned as it is.
 */
export function pgFault(error: unknown, what: string): unknown {
  if (isWorkspaceError(error) || !isDriverError(error)) return error;
  const code = codeOf(error);
  const said = `${messageOf(error) || String(error)}${code === "" ? "" : ` (${code})`}`;
  return new WorkspaceError(faultCode(error), `postgres store, ${what}: ${said}`, {
    cause: error,
  });
}

/**
 * The same methods, each answering driver errors as {@link pgFault} does, so that no raw
 * driver error leaves the store.
 */
export function typedFaults<T extends object>(methods: T): T {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          const [workspaceId] = args;
          const of = typeof workspaceId === "string" ? ` of workspace ${workspaceId}` : "";
          throw pgFault(error, `${name}${of}`);
        }
      },
    ]),
  ) as T;
}
