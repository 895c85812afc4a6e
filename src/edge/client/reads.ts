import type { PendingDecision } from "../../model/decisions.ts";
import type { OfferEntry } from "../../model/offers.ts";
import { DEFAULT_PAGE_LIMIT, type Page } from "../../model/pages.ts";
import type { Proposal } from "../../model/proposals.ts";
import type { Rejection } from "../../model/rejections.ts";
import type { ProposalPreview } from "../../proposals/preview.ts";
import type { NotesDelivery } from "../../workspace/api.ts";
import type { WorkspaceClient } from "./api.ts";
import { answerError } from "./errors.ts";
import type { Http, Query } from "./http.ts";

type Reads = Omit<WorkspaceClient, "commit" | "stopRun" | "subscribe" | "live" | "close">;

const id = (value: string): string => `/${encodeURIComponent(value)}`;
const pairs = (fields: Record<string, string | number | undefined>): Query =>
  Object.entries(fields).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)] as const],
  );

// A read that always finds something: its body, as the server's JSON for it; any other
// answer throws.
async function answered<T>(
  http: Http,
  path: string,
  init: Parameters<Http["send"]>[1],
): Promise<T> {
  const answer = await http.send(path, init);
  if (answer.status !== 200) throw answerError(answer.status, answer.body);
  return answer.body as T;
}

// A list: `[]` never reads as `null`.
async function list<T>(http: Http, path: string, query?: Query): Promise<T[]> {
  return (await http.read<T[]>(path, query)) ?? [];
}

/** The workspace's reads, each a `GET` of the server's JSON routes. */
export function clientReads(http: Http): Reads {
  return {
    artifact: (artifactId) => http.read(`/artifacts${id(artifactId)}`),
    artifacts: () => list(http, "/artifacts"),
    revisions: (artifactId) => list(http, `/artifacts${id(artifactId)}/revisions`),
    revision: (artifactId, version) =>
      http.read(`/artifacts${id(artifactId)}/revisions/${version}`),
    proposal: (proposalId) => http.read(`/proposals${id(proposalId)}`),
    proposals: (filter = {}) =>
      list(http, "/proposals", pairs({ status: filter.status, artifact_id: filter.artifactId })),
    // A page is always asked for with its limit, so the server answers a page, not the list.
    proposalPage: async ({ status, artifactId, after, limit = DEFAULT_PAGE_LIMIT } = {}) =>
      await answered<Page<Proposal>>(http, "/proposals", {
        query: pairs({ status, artifact_id: artifactId, after, limit }),
      }),
    async previewProposal(proposalId) {
      const answer = await http.send(`/proposals${id(proposalId)}/preview`);
      if (answer.status === 200) return { ok: true, value: answer.body as ProposalPreview };
      const body = answer.body as { rejection?: Rejection } | null;
      if (answer.status < 500 && answer.status !== 401 && body?.rejection !== undefined) {
        return { ok: false, rejection: body.rejection };
      }
      throw answerError(answer.status, answer.body);
    },
    thread: (threadId) => http.read(`/threads${id(threadId)}`),
    threads: (filter = {}) => list(http, "/threads", pairs({ status: filter.status })),
    run: (runId) => http.read(`/runs${id(runId)}`),
    runs: (filter = {}) =>
      list(http, "/runs", pairs({ thread_id: filter.threadId, status: filter.status })),
    decisions: (filter = {}) => list(http, "/decisions", pairs({ thread_id: filter.threadId })),
    decisionPage: async ({ threadId, after, limit = DEFAULT_PAGE_LIMIT } = {}) =>
      await answered<Page<PendingDecision>>(http, "/decisions", {
        query: pairs({ thread_id: threadId, after, limit }),
      }),
    offers: (filter = {}) => list(http, "/offers", pairs({ thread_id: filter.threadId })),
    offerPage: async ({ threadId, after, limit = DEFAULT_PAGE_LIMIT } = {}) =>
      await answered<Page<OfferEntry>>(http, "/offers", {
        query: pairs({ thread_id: threadId, after, limit }),
      }),
    log: ({ after, limit, threads = [] } = {}) =>
      list(http, "/events", [
        ...pairs({ after_seq: after, limit }),
        ...threads.map((thread) => ["thread_id", thread] as const),
      ]),
    head: async () => (await http.read<{ head_seq: number }>("/head"))?.head_seq ?? 0,
    notes: ({ after } = {}) => answered<NotesDelivery>(http, "/notes", { query: pairs({ after }) }),
    nextNotes: () => answered<NotesDelivery>(http, "/notes/next", { method: "POST", body: {} }),
  };
}
