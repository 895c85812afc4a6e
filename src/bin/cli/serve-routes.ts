import type {
  AcceptEditedAnswer,
  AcceptEditedRequest,
  EditDocument,
  PageAnswer,
  ReviewInfo,
  StartRequest,
} from "../../page/review-api.ts";
import { errorFrame } from "../../rules/protocol/frames.ts";
import { readJsonBody } from "../../serve/body.ts";
import { errorAnswer, jsonAnswer } from "../../serve/http-answers.ts";
import type { Workspace } from "../../workspace/api.ts";
import type { Person } from "./actors.ts";
import type { CliHost } from "./modules.ts";
import type { PageAssets } from "./serve-assets.ts";
import { acceptEdited, editDocument } from "./serve-edit.ts";
import { PAGE_HEADERS } from "./serve-guard.ts";
import { canStart, offerCards, startFromPage } from "./serve-offers.ts";

/** What the page's routes work with. */
export interface PageRoutesOptions {
  readonly workspace: Workspace;
  readonly person: Person;
  readonly host: CliHost | null;
  readonly assets: PageAssets;
}

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

/** One of the page's files, or a 404. */
async function asset(assets: PageAssets, name: string): Promise<Response> {
  const bytes = await assets.get(name);
  if (bytes === null) return errorAnswer(404, errorFrame(`no such file: ${name}`));
  const type = TYPES[name.split(".").at(-1) ?? ""] ?? "application/octet-stream";
  return new Response(bytes, { headers: { ...PAGE_HEADERS, "content-type": type } });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === "string" && value !== "";
const isVersion = (value: unknown): value is number | null =>
  value === null || (typeof value === "number" && Number.isSafeInteger(value) && value > 0);

/** A JSON body that `accept` may take, or `null`. */
function acceptRequest(body: unknown): AcceptEditedRequest | null {
  if (!isObject(body) || typeof body.text !== "string") return null;
  if (!(body.field === null || typeof body.field === "string")) return null;
  if (!isVersion(body.base_version)) return null;
  return { text: body.text, field: body.field, base_version: body.base_version };
}

/** A JSON body that `start` may take, or `null`. */
function startRequest(body: unknown): StartRequest | null {
  if (!isObject(body) || !isId(body.thread_id) || !isId(body.offer_id)) return null;
  return { thread_id: body.thread_id, offer_id: body.offer_id };
}

/** Reads a POST's JSON body into what `parse` makes of it; a 4xx answer when it cannot. */
async function bodyOf<T>(request: Request, parse: (body: unknown) => T | null) {
  if (request.method !== "POST")
    return errorAnswer(405, errorFrame("this route takes POST"), { allow: "POST" });
  const read = await readJsonBody(request, 4 * 1024 * 1024);
  if (!read.ok) return errorAnswer(read.status, read.body);
  let parsed: T | null = null;
  try {
    parsed = parse(JSON.parse(read.text));
  } catch {}
  return parsed ?? errorAnswer(400, errorFrame("the request body is not what this route takes"));
}

function info({ workspace, person, host }: PageRoutesOptions): ReviewInfo {
  const channels = Object.keys(host?.answerChannels ?? {});
  return { workspace: workspace.id, person: person.id, channels, can_start: canStart(host) };
}

/** `/review/…`: the page's own reads and writes, beside the protocol. */
async function review(options: PageRoutesOptions, request: Request, path: readonly string[]) {
  const { workspace, person, host } = options;
  const [first, id = "", action] = path;
  const get = request.method === "GET";
  if (path.length === 1 && first === "info" && get) return jsonAnswer(info(options));
  if (path.length === 1 && first === "offers" && get)
    return jsonAnswer(await offerCards(workspace));
  if (path.length === 2 && first === "offers" && id === "start") {
    const body = await bodyOf(request, startRequest);
    if (body instanceof Response) return body;
    return jsonAnswer(await startFromPage(workspace, { by: person, host, request: body }));
  }
  if (path.length === 3 && first === "proposals" && action === "document" && get)
    return jsonAnswer(await editDocumentAnswer(workspace, id));
  if (path.length === 3 && first === "proposals" && action === "accept") {
    const body = await bodyOf(request, acceptRequest);
    if (body instanceof Response) return body;
    const written = await acceptEdited(workspace, person, { proposal_id: id, ...body });
    const answer: PageAnswer<AcceptEditedAnswer> = written.ok
      ? { ok: true, outcome: written.outcome }
      : written;
    return jsonAnswer(answer);
  }
  return errorAnswer(404, errorFrame(`no such route: /review/${path.join("/")}`));
}

/** The editor's document as the page reads it. */
async function editDocumentAnswer(
  workspace: Workspace,
  proposalId: string,
): Promise<PageAnswer<{ readonly document: EditDocument }>> {
  const opened = await editDocument(workspace, proposalId);
  if (!opened.ok) return opened;
  const { field, text, baseVersion } = opened.document;
  return {
    ok: true,
    document: { field, text, base_version: baseVersion, conflicted: opened.conflicted },
  };
}

/**
 * The page's side of the server: `/` (the page), `/assets/review.js` and `/review.css`, and
 * the `/review/…` routes. Answers `null` for a path that is not the page's (the protocol's).
 */
export async function pageRoute(
  options: PageRoutesOptions,
  request: Request,
): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  const file =
    pathname === "/" ? "index.html" : pathname.startsWith("/assets/") ? pathname.slice(8) : null;
  if (file !== null) {
    if (request.method === "GET" || request.method === "HEAD") return asset(options.assets, file);
    return errorAnswer(405, errorFrame("the page's files are read with GET"), { allow: "GET" });
  }
  if (!pathname.startsWith("/review/")) return null;
  let path: string[];
  try {
    path = pathname.slice(8).split("/").map(decodeURIComponent);
  } catch {
    return errorAnswer(404, errorFrame("no such route"));
  }
  return review(options, request, path);
}
