import { isDue } from "../model/decisions.ts";
import { isId } from "../model/ids.ts";
import { NO_NEEDS, revisionKey, type State } from "../model/state.ts";
import type { WorkspaceReads } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";
import { decisionPage, offerPage } from "./decision-offer-pages.ts";
import { wholeNumber } from "./positions.ts";
import { proposalPage } from "./proposal-page.ts";

const MAX_VERSION = 0x7fffffff;

// A status filter a store can look up: left out, or a string an id could be (a status no
// entity has lists nothing, on every store).
const anyStatus = (filter: { readonly status?: unknown }): boolean =>
  filter.status === undefined || isId(filter.status);

/**
 * A workspace's reads: each entity by id, and lists, through the store's index lookups. An
 * id no command could have made (empty, too long, with a control character, a separator or
 * a format character) is not looked up at all: it names nothing, on every store.
 */
export function workspaceReads({ store, id, clock }: WorkspaceCore): WorkspaceReads {
  const one = async <T>(
    key: unknown,
    wanted: Partial<typeof NO_NEEDS>,
    pick: (s: State) => T | null | undefined,
  ) => (isId(key) ? (pick(await store.load(id, { ...NO_NEEDS, ...wanted })) ?? null) : null);
  return {
    artifact: (artifactId) =>
      one(artifactId, { artifacts: [artifactId] }, (s) => s.artifacts.get(artifactId)),
    artifacts: () => store.artifacts(id),
    revisions: async (artifactId) => (isId(artifactId) ? store.revisions(id, artifactId) : []),
    revision: (artifactId, version) => {
      const ref = { artifact_id: artifactId, version };
      // Versions count from 1; past 2³¹ − 1 no store holds one (PostgreSQL's column is int).
      if (!Number.isSafeInteger(version) || version < 1 || version > MAX_VERSION) {
        return Promise.resolve(null);
      }
      return one(artifactId, { revisions: [ref] }, (s) => s.revisions.get(revisionKey(ref)));
    },
    proposal: (proposalId) =>
      one(proposalId, { proposals: [proposalId] }, (s) => s.proposals.get(proposalId)),
    proposals: async (given) => {
      const filter = given ?? {};
      const named = filter.artifactId === undefined || isId(filter.artifactId);
      if (!(named && anyStatus(filter))) return [];
      // The whole list, whatever else a JavaScript caller passed: pages are `proposalPage`'s.
      const { status, artifactId } = filter;
      return store.proposals(id, {
        ...(status === undefined ? {} : { status }),
        ...(artifactId === undefined ? {} : { artifactId }),
      });
    },
    proposalPage: (request) => proposalPage(store, id, request ?? {}),
    thread: (threadId) => one(threadId, { threads: [threadId] }, (s) => s.threads.get(threadId)),
    threads: async (given) => {
      const filter = given ?? {};
      return anyStatus(filter) ? store.threads(id, filter) : [];
    },
    run: (runId) => one(runId, { runs: [runId] }, (s) => s.runs.get(runId)),
    runs: async (given) => {
      const filter = given ?? {};
      const named = filter.threadId === undefined || isId(filter.threadId);
      return named && anyStatus(filter) ? store.runs(id, filter) : [];
    },
    async decisions(filter = {}) {
      if (filter.threadId !== undefined && !isId(filter.threadId)) return [];
      // A decision past its time is not pending to anyone, swept or not yet.
      const now = clock().toISOString();
      return (await store.decisions(id, filter)).filter((p) => !isDue(p.decision, now));
    },
    decisionPage: (request) => decisionPage(store, id, clock().toISOString(), request ?? {}),
    offers: async (filter = {}) =>
      filter.threadId === undefined || isId(filter.threadId) ? store.offers(id, filter) : [],
    offerPage: (request) => offerPage(store, id, request ?? {}),
    log: async (request) => {
      const { after, limit, threadId } = request ?? {};
      const from = wholeNumber(after, "log: after", 0);
      const most = limit === undefined ? undefined : wholeNumber(limit, "log: limit", 0);
      if (threadId !== undefined && !isId(threadId)) return [];
      return store.read(id, {
        after: from,
        ...(most === undefined ? {} : { limit: most }),
        ...(threadId === undefined ? {} : { threadId }),
      });
    },
    head: () => store.head(id),
  };
}
