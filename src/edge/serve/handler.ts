import { type Actor, participantKey } from "../../model/actors.ts";
import { traceIdOf } from "../../model/envelope.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { readCommandFrame } from "../../protocol/parse.ts";
import type { Workspace } from "../../workspace/api.ts";
import type { ProtocolHandler, ProtocolOptions } from "./api.ts";
import { readJsonBody } from "./body.ts";
import { carryOut, type FrameContext } from "./commands.ts";
import { type ServeCore, serveCore } from "./core.ts";
import { hostCheck, refuseHost } from "./hosts.ts";
import {
  errorAnswer,
  faultAnswer,
  faultFrameAnswer,
  jsonAnswer,
  rejectionAnswer,
} from "./http-answers.ts";
import { READS } from "./reads.ts";
import { streamNeedsGet, streamResponse } from "./sse.ts";

const ROUTES = Object.entries(READS).map(([key, read]) => ({ parts: key.split("/"), read }));

/** The read a path names, with the ids in it. */
function matchRead(path: readonly string[]) {
  for (const { parts, read } of ROUTES) {
    if (parts.length !== path.length) continue;
    if (parts.every((part, i) => part === ":" || part === path[i])) {
      return { read, ids: path.filter((_, i) => parts[i] === ":") };
    }
  }
  return null;
}

/** The path's segments under `base`, decoded; `null` when it is not under it or is malformed. */
function segments(url: URL, base: string): string[] | null {
  if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return null;
  try {
    return url.pathname
      .slice(base.length)
      .split("/")
      .filter((part) => part !== "")
      .map(decodeURIComponent);
  } catch {
    return null;
  }
}

// `POST /commands`: one command frame, answered by its `command_result`.
async function postCommand(core: ServeCore, actor: Actor, request: Request, maxBytes: number) {
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return errorAnswer(body.status, body.body);
  const read = readCommandFrame(body.text);
  if (!read.ok) return errorAnswer(400, errorFrame(read.message));
  const streamId = new URL(request.url).searchParams.get("stream");
  let connection: FrameContext["connection"] = null;
  if (streamId !== null) {
    const stream = core.streams.get(streamId);
    // Only the one who opened a stream may name it.
    if (stream === undefined || stream.participant !== participantKey(actor)) {
      const rejection = {
        type: "not_found",
        message: `stream ${streamId} is not open`,
        entity: "stream",
        id: streamId,
      } as const;
      return jsonAnswer({
        type: "command_result",
        command_id: read.frame.command_id,
        ok: false,
        outcome: null,
        rejection,
      });
    }
    connection = stream;
  }
  const traceparent = request.headers.get("traceparent");
  const context: FrameContext = {
    actor,
    connection,
    ...(traceparent !== null && traceIdOf(traceparent) !== null ? { traceparent } : {}),
  };
  const result = await carryOut(core, read.frame, context);
  return result.type === "command_result" ? jsonAnswer(result) : faultFrameAnswer(result);
}

async function route(
  core: ServeCore,
  actor: Actor,
  request: Request,
  path: string[],
  options: ProtocolOptions,
) {
  const key = path.join("/");
  if (key === "stream") {
    return request.method === "GET"
      ? streamResponse(core, actor, request, options.heartbeatMs ?? 15_000)
      : streamNeedsGet();
  }
  if (key === "commands" || key === "notes/next") {
    if (request.method !== "POST")
      return errorAnswer(405, errorFrame(`${key} takes POST`), { allow: "POST" });
    if (key === "notes/next") {
      // It moves the viewer's cursor: a write, asked with JSON like a command, so a page on
      // another site cannot send it without the browser asking first.
      const body = await readJsonBody(request, 1024);
      if (!body.ok) return errorAnswer(body.status, body.body);
      return jsonAnswer(await core.workspace.nextNotes({ viewer: actor }));
    }
    return postCommand(core, actor, request, options.maxBodyBytes ?? 8 * 1024 * 1024);
  }
  const match = matchRead(path);
  if (match === null) return errorAnswer(404, errorFrame(`no such route: /${key}`));
  if (request.method !== "GET")
    return errorAnswer(405, errorFrame(`/${key} is read with GET`), { allow: "GET" });
  const answer = await match.read({
    workspace: core.workspace,
    actor,
    ids: match.ids,
    query: new URL(request.url).searchParams,
  });
  return answer.ok ? jsonAnswer(answer.body) : rejectionAnswer(answer.rejection);
}

/**
 * Serves the protocol for one workspace as a Web-standard handler, `(request) => Response`,
 * to mount in `node:http` (`nodeListener`), Hono or a Next.js route. Under `basePath`:
 * `GET /stream` (SSE frames: a `hello` as the query), `POST /commands` (a command frame →
 * its `command_result`), `POST /notes/next`, and JSON reads (`/head`, `/events`,
 * `/artifacts[/:id[/revisions[/:version]]]`, `/proposals[/:id[/preview]]` (with `after` or
 * `limit`, a page: `{ items, next }`), `/threads[/:id]`, `/runs[/:id]`, `/decisions`,
 * `/offers`, `/notes`). Every request is authenticated first
 * (401 without an actor), and its commands run as that actor, never another; before that, a
 * request addressed to a host name the server does not answer is 403 (see `allowedHosts`).
 * A bad request is an `error` body with a 4xx status (a body past `maxBodyBytes` 413, read no
 * further); a failure on the server a typed fault (`faultAnswer`), never a crash. After
 * `close()`, every request is answered 503.
 *
 * @throws WorkspaceError `invalid_argument` when `allowedHosts` lists something that is not a
 * host name.
 */
export function protocolHandler(workspace: Workspace, options: ProtocolOptions): ProtocolHandler {
  const hosts = hostCheck(options.allowedHosts);
  const core = serveCore(workspace, options);
  const base = (options.basePath ?? "").replace(/\/+$/, "");
  const handle = async (request: Request): Promise<Response> => {
    try {
      const foreign = refuseHost(request, hosts);
      if (foreign !== null) return foreign;
      if (core.closed) return errorAnswer(503, errorFrame("the server is closing"));
      const path = segments(new URL(request.url), base);
      if (path === null) return errorAnswer(404, errorFrame("no such route"));
      const who = await core.authenticate(request);
      if (!who.ok) return errorAnswer(who.status, who.body);
      return await route(core, who.actor, request, path, options);
    } catch (error) {
      core.report(error);
      return faultAnswer(error);
    }
  };
  return Object.assign(handle, { close: () => core.close() });
}
