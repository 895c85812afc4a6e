import type { ServerFrame } from "../../model/protocol.ts";
import { helloToQuery } from "../../protocol/hello-query.ts";
import { answerError, ClientError } from "./errors.ts";
import type { Http } from "./http.ts";
import { newCommandId } from "./ids.ts";
import { sseParser } from "./sse-parser.ts";
import type { Transport } from "./transport.ts";

/**
 * The protocol over SSE: `GET /stream` with the hello as its query, read with `fetch` (so
 * the client's headers go with it), and `watch_run` sent by POST naming the stream.
 */
export function sseTransport(http: Http, onError: (error: unknown) => void): Transport {
  return ({ hello, watch }, events) => {
    const abort = new AbortController();
    let streamId: string | null = null;
    const early: string[] = [];
    let ended = false;
    const end = (error: unknown, fatal: boolean): void => {
      if (ended) return;
      ended = true;
      abort.abort();
      events.end(error, fatal);
    };
    const postWatch = (runId: string): void => {
      const frame = {
        type: "command",
        command_id: newCommandId(),
        command: { type: "watch_run", run_id: runId },
      };
      http
        .send("/commands", { method: "POST", query: [["stream", streamId ?? ""]], body: frame })
        .then((answer) => {
          const result = answer.body as { ok?: boolean; rejection?: { message?: string } } | null;
          if (answer.status !== 200 || result?.ok !== true)
            onError(answerError(answer.status, answer.body));
        })
        .catch(onError);
    };
    const parse = sseParser(({ data }) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(data) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "welcome" && typeof frame.stream_id === "string") {
        streamId = frame.stream_id;
        for (const runId of early.splice(0)) postWatch(runId);
      }
      events.frame(frame);
    });
    void (async () => {
      try {
        const response = await http.fetch(http.url("/stream", helloToQuery({ hello, watch })), {
          headers: { ...(await http.headers()), accept: "text/event-stream" },
          signal: abort.signal,
        });
        if (response.status !== 200 || response.body === null) {
          const body = await response.json().catch(() => null);
          // A refused hello stays refused; anything else may pass on a later try.
          return end(answerError(response.status, body), response.status === 400);
        }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parse(decoder.decode(value, { stream: true }));
        }
        end(new ClientError("unreachable", "the stream ended"), false);
      } catch (cause) {
        end(
          new ClientError("unreachable", `the stream failed: ${String(cause)}`, { cause }),
          false,
        );
      }
    })();
    return {
      watch: (runId) => (streamId === null ? early.push(runId) : postWatch(runId)),
      close() {
        ended = true;
        abort.abort();
      },
    };
  };
}
