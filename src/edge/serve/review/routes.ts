// The page's side of the review handler: its files, and its own routes (`review/…`) for what
// the protocol has no command for.
import type { StartOfferPorts } from "../../../host/start-offer.ts";
import { type Actor, participantKey } from "../../../model/actors.ts";
import { type ConflictChoices, ConflictChoicesSchema } from "../../../model/conflict-choices.ts";
import { errorFrame } from "../../../protocol/frames.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import { readJsonBody } from "../body.ts";
import { errorAnswer, jsonAnswer } from "../http-answers.ts";
import type { PageAssets } from "./assets.ts";
import { acceptChosen } from "./choose.ts";
import { acceptEdited, editDocument, type Refused } from "./edit.ts";
import { offerCards, startFromPage } from "./offers.ts";
import type {
  AcceptEditedAnswer,
  AcceptEditedRequest,
  EditDocument,
  PageAnswer,
  ReviewInfo,
  StartRequest,
} from "./page-api.ts";

/** What the page's routes work with, besides the request and who sent it. */
interface PageRoutesOptions {
  readonly workspace: Workspace;
  readonly assets: PageAssets;
  /** The host's ports for starting offers, or `null` (starting is refused). */
  readonly offerPorts: StartOfferPorts | null;
  /** The answer channels this process delivers on, by name. */
  readonly answerChannels: readonly string[];
}

/** Where the page's answers are recorded as coming from. */
const PAGE_SURFACE = "page";

/**
 * What the page's own files are sent with: nothing loads from anywhere but this server (no
 * CDN, no inline script), and no other site may frame it.
 */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache",
};

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

/** A JSON body that `choose` may take, or `null`. */
function chooseRequest(body: unknown): ConflictChoices | null {
  const parsed = ConflictChoicesSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
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

function info(options: PageRoutesOptions, actor: Actor): ReviewInfo {
  return {
    workspace: options.workspace.id,
    person: actor.kind === "user" ? actor.id : participantKey(actor),
    channels: options.answerChannels,
    can_start: options.offerPorts !== null,
  };
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

/** How a page route accepts a proposal from a parsed body: the editor's text, or choices. */
type Accepting<B> = (
  workspace: Workspace,
  actor: Actor,
  request: { readonly proposal_id: string; readonly surface: string } & B,
) => Promise<Extract<WriteResult, { ok: true }> | Refused>;

/**
 * Accepts a proposal from the page: what the person saved in the editor (`acceptEdited`), or
 * their choice for each conflicting region (`acceptChosen`). The body is parsed first; the
 * answer is the outcome, or the refusal as the page reads it.
 */
async function acceptingAnswer<B>(
  options: PageRoutesOptions,
  actor: Actor,
  request: Request,
  proposal_id: string,
  parse: (body: unknown) => B | null,
  accept: Accepting<B>,
): Promise<Response> {
  const body = await bodyOf(request, parse);
  if (body instanceof Response) return body;
  const written = await accept(options.workspace, actor, {
    proposal_id,
    surface: PAGE_SURFACE,
    ...body,
  });
  const answer: PageAnswer<AcceptEditedAnswer> = written.ok
    ? { ok: true, outcome: written.outcome }
    : written;
  return jsonAnswer(answer);
}

/** `review/…`: the page's own reads and writes, beside the protocol. */
async function review(
  options: PageRoutesOptions,
  actor: Actor,
  request: Request,
  path: readonly string[],
): Promise<Response> {
  const { workspace, offerPorts } = options;
  const [first, id = "", action] = path;
  const get = request.method === "GET";
  if (path.length === 1 && first === "info" && get) return jsonAnswer(info(options, actor));
  if (path.length === 1 && first === "offers" && get)
    return jsonAnswer(await offerCards(workspace, actor));
  if (path.length === 2 && first === "offers" && id === "start") {
    const body = await bodyOf(request, startRequest);
    if (body instanceof Response) return body;
    const run = { actor, ports: offerPorts, request: body };
    return jsonAnswer(await startFromPage(workspace, run));
  }
  if (path.length === 3 && first === "proposals" && action === "document" && get)
    return jsonAnswer(await editDocumentAnswer(workspace, id));
  if (path.length === 3 && first === "proposals" && action === "accept")
    return acceptingAnswer(options, actor, request, id, acceptRequest, acceptEdited);
  if (path.length === 3 && first === "proposals" && action === "choose")
    return acceptingAnswer(options, actor, request, id, chooseRequest, acceptChosen);
  return errorAnswer(404, errorFrame(`no such route: review/${path.join("/")}`));
}

/**
 * The page's side, for `path` (the request's path under where the page is mounted, from its
 * `/`): `/` the page, `/assets/review.js` and `/assets/review.css` its files, `/review/…` its
 * routes, each as `actor`. Anything else is 404.
 */
export async function pageRoute(
  options: PageRoutesOptions,
  actor: Actor,
  request: Request,
  path: string,
): Promise<Response> {
  const file = path === "/" ? "index.html" : path.startsWith("/assets/") ? path.slice(8) : null;
  if (file !== null) {
    if (request.method === "GET" || request.method === "HEAD") return asset(options.assets, file);
    return errorAnswer(405, errorFrame("the page's files are read with GET"), { allow: "GET" });
  }
  if (!path.startsWith("/review/")) return errorAnswer(404, errorFrame("no such route"));
  let segments: string[];
  try {
    segments = path.slice(8).split("/").map(decodeURIComponent);
  } catch {
    return errorAnswer(404, errorFrame("no such route"));
  }
  return review(options, actor, request, segments);
}
