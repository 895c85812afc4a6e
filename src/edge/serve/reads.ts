import type { Actor } from "../../model/actors.ts";
import type { Envelope } from "../../model/envelope.ts";
import type { ProposalStatus } from "../../model/proposals.ts";
import { forbidden, notFound, type Rejection, validationFailed } from "../../model/rejections.ts";
import type { RunStatus } from "../../model/runs.ts";
import type { ThreadStatus } from "../../model/threads.ts";
import {
  deliveredTo,
  followedThreads,
  mayReadThread,
  readableThreads,
} from "../../protocol/delivery.ts";
import type { Workspace } from "../../workspace/api.ts";
import {
  booleanParam,
  integerParam,
  oneOfParam,
  pageLimitParam,
  type QueryValue,
} from "./query.ts";

/** What a read is asked: by whom, the path's ids, the query. */
interface ReadContext {
  readonly workspace: Workspace;
  readonly actor: Actor;
  readonly ids: readonly string[];
  readonly query: URLSearchParams;
}

/** A read's answer: the JSON body, or the rejection refusing it. */
type ReadAnswer =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly rejection: Rejection };

type Read = (context: ReadContext) => Promise<ReadAnswer>;

const found = (body: unknown): ReadAnswer => ({ ok: true, body });
const refused = (rejection: Rejection): ReadAnswer => ({ ok: false, rejection });
/** The values of query parameters read, position by position. */
type Values<T extends readonly QueryValue<unknown>[]> = {
  [K in keyof T]: T[K] extends QueryValue<infer V> ? V : never;
};
// Query parameters read all at once: the values, or every error.
function params<T extends readonly QueryValue<unknown>[]>(
  ...values: T
): { ok: true; values: Values<T> } | ReadAnswer {
  const errors = values.flatMap((v) => (v.ok ? [] : [v.error]));
  if (errors.length > 0) return refused(validationFailed("invalid query", errors));
  // No value is an error here; `map` keeps the positions, which its type cannot say.
  return { ok: true, values: values.map((v) => (v.ok ? v.value : undefined)) as Values<T> };
}
const orNotFound = (
  body: unknown,
  entity: "artifact" | "artifact version" | "proposal" | "thread" | "run",
  id: string,
) => (body === null ? refused(notFound(entity, id)) : found(body));
const notYours = (actor: Actor, what: string): ReadAnswer =>
  refused({
    ...forbidden(`a thread's agent may read only its own thread, not ${what}`),
    action: "read",
    actor_kind: actor.kind,
  });

const PROPOSAL_STATUSES = [
  "pending",
  "accepted",
  "rejected",
  "superseded",
  "expired",
] as const satisfies readonly ProposalStatus[];
const THREAD_STATUSES = ["open", "ended", "deleted"] as const satisfies readonly ThreadStatus[];
const RUN_STATUSES = [
  "running",
  "paused",
  "completed",
  "stopped",
  "failed",
] as const satisfies readonly RunStatus[];
const MAX_EVENTS = 10_000;

// The log after `after_seq`, filtered as a `hello`'s `threads` filters a stream.
async function events({ workspace, actor, query }: ReadContext): Promise<ReadAnswer> {
  const read = params(integerParam(query, "after_seq"), integerParam(query, "limit"));
  if (!("values" in read)) return read;
  const [after = 0, limit = 1_000] = read.values;
  if (limit > MAX_EVENTS) {
    const error = {
      type: "value_error",
      loc: ["query", "limit"],
      msg: `must be at most ${MAX_EVENTS}`,
      input: String(limit),
    };
    return refused(validationFailed("invalid query", [error]));
  }
  const asked = query.getAll("thread_id");
  const threads = followedThreads(actor, asked.length === 0 ? null : asked);
  if (threads === null) return found(await workspace.log({ after, limit }));
  const picked: Envelope[] = [];
  for (let cursor = after; picked.length < limit; ) {
    const page = await workspace.log({ after: cursor, limit: 1_000 });
    for (const envelope of page) {
      if (picked.length < limit && deliveredTo(envelope, threads)) picked.push(envelope);
    }
    const last = page.at(-1);
    if (last === undefined || page.length < 1_000) break;
    cursor = last.seq;
  }
  return found(picked);
}

async function artifacts({ workspace, query }: ReadContext): Promise<ReadAnswer> {
  const read = params(booleanParam(query, "include_archived", true));
  if (!("values" in read)) return read;
  const [archived] = read.values;
  const kind = query.get("kind");
  const all = await workspace.artifacts();
  return found(all.filter((a) => (archived || !a.archived) && (kind === null || a.kind === kind)));
}

// The whole list as before; with `after` or `limit`, a page of it (`{ items, next }`), so a
// reader that pages asks for it and one that does not gets the answer it always got.
async function proposals({ workspace, query }: ReadContext): Promise<ReadAnswer> {
  const read = params(
    oneOfParam(query, "status", PROPOSAL_STATUSES),
    pageLimitParam(query, "limit"),
  );
  if (!("values" in read)) return read;
  const [status, limit] = read.values;
  const artifactId = query.get("artifact_id");
  const after = query.get("after");
  const filter = {
    ...(status === undefined ? {} : { status }),
    ...(artifactId === null ? {} : { artifactId }),
  };
  if (after === null && limit === undefined) return found(await workspace.proposals(filter));
  return found(
    await workspace.proposalPage({
      ...filter,
      ...(after === null ? {} : { after }),
      ...(limit === undefined ? {} : { limit }),
    }),
  );
}

async function threads({ workspace, actor, query }: ReadContext): Promise<ReadAnswer> {
  const read = params(oneOfParam(query, "status", THREAD_STATUSES));
  if (!("values" in read)) return read;
  const [status] = read.values;
  const all = await workspace.threads(status === undefined ? {} : { status });
  return found(all.filter((thread) => mayReadThread(actor, thread.id)));
}

async function runs({ workspace, actor, query }: ReadContext): Promise<ReadAnswer> {
  const read = params(oneOfParam(query, "status", RUN_STATUSES));
  if (!("values" in read)) return read;
  const [status] = read.values;
  const threadId = query.get("thread_id");
  if (threadId !== null && !mayReadThread(actor, threadId))
    return notYours(actor, `thread ${threadId}`);
  const all = await workspace.runs({
    ...(status === undefined ? {} : { status }),
    ...(threadId === null ? {} : { threadId }),
  });
  return found(all.filter((run) => mayReadThread(actor, run.thread_id)));
}

type ThreadFilter = { threadId?: string };
type PageOptions = { after?: string; limit?: number };

// Lists of one thread's things (decisions, offers), by `thread_id`, within what the actor
// reads: the whole list as before, or with `after` or `limit` a page of it, as `/proposals`.
function byThread(
  list: (w: Workspace, filter: ThreadFilter) => Promise<readonly { thread_id: string }[]>,
  page: (w: Workspace, request: ThreadFilter & PageOptions) => Promise<unknown>,
): Read {
  return async ({ workspace, actor, query }) => {
    const read = params(pageLimitParam(query, "limit"));
    if (!("values" in read)) return read;
    const [limit] = read.values;
    const after = query.get("after");
    const threadId = query.get("thread_id") ?? readableThreads(actor)?.[0] ?? null;
    if (threadId !== null && !mayReadThread(actor, threadId))
      return notYours(actor, `thread ${threadId}`);
    const filter = threadId === null ? {} : { threadId };
    if (after === null && limit === undefined) return found(await list(workspace, filter));
    return found(
      await page(workspace, {
        ...filter,
        ...(after === null ? {} : { after }),
        ...(limit === undefined ? {} : { limit }),
      }),
    );
  };
}

/** The JSON reads, by path (`:` an id): what the client reads through `GET`. */
export const READS: Readonly<Record<string, Read>> = {
  head: async ({ workspace }) => found({ head_seq: await workspace.head() }),
  events,
  artifacts,
  "artifacts/:": async ({ workspace, ids: [id = ""] }) =>
    orNotFound(await workspace.artifact(id), "artifact", id),
  "artifacts/:/revisions": async ({ workspace, ids: [id = ""] }) =>
    found(await workspace.revisions(id)),
  "artifacts/:/revisions/:": async ({ workspace, ids: [id = "", version = ""] }) =>
    /^\d{1,15}$/.test(version)
      ? orNotFound(
          await workspace.revision(id, Number(version)),
          "artifact version",
          `${id} v${version}`,
        )
      : refused(notFound("artifact version", `${id} v${version}`)),
  proposals,
  "proposals/:": async ({ workspace, ids: [id = ""] }) =>
    orNotFound(await workspace.proposal(id), "proposal", id),
  "proposals/:/preview": async ({ workspace, ids: [id = ""] }) => {
    const preview = await workspace.previewProposal(id);
    return preview.ok ? found(preview.value) : refused(preview.rejection);
  },
  threads,
  "threads/:": async ({ workspace, actor, ids: [id = ""] }) =>
    mayReadThread(actor, id)
      ? orNotFound(await workspace.thread(id), "thread", id)
      : notYours(actor, `thread ${id}`),
  runs,
  "runs/:": async ({ workspace, actor, ids: [id = ""] }) => {
    const run = await workspace.run(id);
    if (run !== null && !mayReadThread(actor, run.thread_id))
      return notYours(actor, `thread ${run.thread_id}`);
    return orNotFound(run, "run", id);
  },
  decisions: byThread(
    (w, filter) => w.decisions(filter),
    (w, request) => w.decisionPage(request),
  ),
  offers: byThread(
    (w, filter) => w.offers(filter),
    (w, request) => w.offerPage(request),
  ),
  notes: async ({ workspace, actor, query }) => {
    const read = params(integerParam(query, "after"));
    if (!("values" in read)) return read;
    const [after = 0] = read.values;
    return found(await workspace.notes({ viewer: actor, after }));
  },
};
