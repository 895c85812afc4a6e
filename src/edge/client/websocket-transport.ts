import type { ServerFrame } from "../../model/protocol.ts";
import type { WebSocketConstructor } from "./api.ts";
import { ClientError } from "./errors.ts";
import { newCommandId } from "./ids.ts";
import { CLIENT_PROTOCOL, type Transport } from "./transport.ts";

// Close codes after which connecting again cannot help: a refused hello, a refused actor.
const FATAL: ReadonlySet<number> = new Set([4400, 4403]);

/** The protocol over a WebSocket: `hello` first, then frames both ways. */
export function webSocketTransport(url: string, WebSocket: WebSocketConstructor): Transport {
  return ({ hello, watch }, events) => {
    const socket = new WebSocket(url, CLIENT_PROTOCOL);
    let ended = false;
    let open = false;
    const asked = [...watch];
    const sendWatch = (runId: string): void =>
      socket.send(
        JSON.stringify({
          type: "command",
          command_id: newCommandId(),
          command: { type: "watch_run", run_id: runId },
        }),
      );
    socket.onopen = () => {
      open = true;
      socket.send(JSON.stringify({ type: "hello", ...hello }));
      for (const runId of asked.splice(0)) sendWatch(runId);
    };
    socket.onmessage = ({ data }) => {
      if (typeof data !== "string") return;
      try {
        events.frame(JSON.parse(data) as ServerFrame);
      } catch {
        // Not a frame: nothing to do with it.
      }
    };
    socket.onerror = () => undefined; // a close follows
    socket.onclose = ({ code, reason }) => {
      if (ended) return;
      ended = true;
      const why = `the stream closed (${code}${reason === "" ? "" : `: ${reason}`})`;
      events.end(
        new ClientError(code === 4401 ? "unauthenticated" : "unreachable", why),
        FATAL.has(code),
      );
    };
    return {
      watch: (runId) => (open ? sendWatch(runId) : asked.push(runId)),
      close() {
        ended = true;
        socket.close(1000, "the client is done");
      },
    };
  };
}
