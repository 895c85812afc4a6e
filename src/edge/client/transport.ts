import type { HelloInput, ServerFrame } from "../../model/protocol.ts";

/** What a connection reports: each frame, then its end. */
interface TransportEvents {
  frame(frame: ServerFrame): void;
  /** The connection ended; `fatal` when connecting again cannot help (a refused hello). */
  end(error: unknown, fatal: boolean): void;
}

/** An open connection: it can watch a run, and be closed (no `end` is reported then). */
export interface Connection {
  watch(runId: string): void;
  close(): void;
}

/** Opens one connection speaking the protocol: the hello, and runs to watch from the start. */
export type Transport = (
  request: { readonly hello: HelloInput; readonly watch: readonly string[] },
  events: TransportEvents,
) => Connection;

/** The protocol the client speaks (the server's `PROTOCOL`). */
export const CLIENT_PROTOCOL =
  "artifactr.v1" satisfies typeof import("../../model/protocol.ts").PROTOCOL;
