import type { ClientOptions, WorkspaceClient } from "./api.ts";
import { sendCommand } from "./commit.ts";
import { ClientError } from "./errors.ts";
import { clientHttp } from "./http.ts";
import { liveRuns } from "./live.ts";
import { clientReads } from "./reads.ts";
import { resumingStream, type StreamRequest } from "./resuming-stream.ts";
import { sseTransport } from "./sse-transport.ts";
import type { Transport } from "./transport.ts";
import { webSocketTransport } from "./websocket-transport.ts";

function transportOf(
  options: ClientOptions,
  http: ReturnType<typeof clientHttp>,
  onError: (e: unknown) => void,
): Transport {
  if (options.transport !== "websocket") return sseTransport(http, onError);
  const WebSocket =
    options.WebSocket ?? (globalThis as { WebSocket?: ClientOptions["WebSocket"] }).WebSocket;
  if (WebSocket === undefined) {
    throw new ClientError("unreachable", "no WebSocket here: pass one as the WebSocket option");
  }
  const url =
    options.webSocketUrl ?? `${options.url.replace(/^http/, "ws").replace(/\/+$/, "")}/stream`;
  return webSocketTransport(url, WebSocket);
}

/**
 * A client of a workspace served by `protocolHandler` (and `attachWebSocket`): the reads,
 * `commit`, `subscribe` with resume and `live`, over `fetch` and SSE (or a WebSocket). It
 * carries no schemas and no Node modules, for a browser bundle.
 */
export function createClient(options: ClientOptions): WorkspaceClient {
  const http = clientHttp(options);
  const onError = (error: unknown): void => options.onError?.(error);
  const transport = transportOf(options, http, onError);
  const delays = {
    minMs: options.reconnect?.minMs ?? 250,
    maxMs: options.reconnect?.maxMs ?? 10_000,
  };
  const streams = new Set<{ close(): void }>();
  const open = (request: Omit<StreamRequest, "transport" | "delays" | "onError">) => {
    const stream = resumingStream({ ...request, transport, delays, onError });
    streams.add(stream);
    return stream;
  };
  const runs = liveRuns((watching, onLive) =>
    open({ after: "head", threads: [], watching, onLive }),
  );
  const reads = clientReads(http);
  return {
    ...reads,
    commit: (command, { commandId } = {}) => sendCommand(http, command, commandId),
    stopRun: (runId, { commandId } = {}) =>
      sendCommand(http, { type: "stop_run", run_id: runId }, commandId),
    subscribe(after, listener, { threads, onReset } = {}) {
      const stream = open({
        after,
        threads: threads ?? null,
        watching: () => [],
        onEvent: ({ type: _, ...envelope }) => listener(envelope),
        ...(onReset === undefined ? {} : { onReset }),
      });
      return {
        close() {
          stream.close();
          streams.delete(stream);
        },
        settled: async () => stream.reached(await reads.head()),
      };
    },
    live: (runId, listener) => runs.live(runId, listener),
    close() {
      runs.close();
      for (const stream of streams) stream.close();
      streams.clear();
    },
  };
}
