import { NO_NEEDS, revisionKey, type State } from "../model/state.ts";
import type { WorkspaceReads } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";

/** A workspace's reads: each entity by id, through the store's index lookups. */
export function workspaceReads({ store, id }: WorkspaceCore): WorkspaceReads {
  const one = async <T>(
    wanted: Partial<typeof NO_NEEDS>,
    pick: (s: State) => T | null | undefined,
  ) => pick(await store.load(id, { ...NO_NEEDS, ...wanted })) ?? null;
  return {
    artifact: (artifactId) => one({ artifacts: [artifactId] }, (s) => s.artifacts.get(artifactId)),
    artifacts: () => store.artifacts(id),
    revisions: (artifactId) => store.revisions(id, artifactId),
    revision: (artifactId, version) => {
      const ref = { artifact_id: artifactId, version };
      return one({ revisions: [ref] }, (s) => s.revisions.get(revisionKey(ref)));
    },
    proposal: (proposalId) => one({ proposals: [proposalId] }, (s) => s.proposals.get(proposalId)),
    proposals: (filter = {}) => store.proposals(id, filter),
    thread: (threadId) => one({ threads: [threadId] }, (s) => s.threads.get(threadId)),
    run: (runId) => one({ runs: [runId] }, (s) => s.runs.get(runId)),
    log: ({ after = 0, limit, threadId } = {}) =>
      store.read(id, {
        after,
        ...(limit === undefined ? {} : { limit }),
        ...(threadId === undefined ? {} : { threadId }),
      }),
    head: () => store.head(id),
  };
}
