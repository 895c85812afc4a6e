import { type Draft, enableMapSet, produce } from "immer";
import type { Revision, Versioned } from "../artifacts/entities.ts";
import type { Proposal } from "../proposals/proposal.ts";
import type { Run } from "../runs/run.ts";
import type { AppendBatch } from "../stores/port.ts";
import type { Thread } from "../threads/thread.ts";
import type { Envelope } from "./envelope.ts";

enableMapSet();

/**
 * A workspace's whole state at one log position: immutable, with structural sharing between
 * positions, so a UI can hold one and compare by reference.
 */
export interface WorkspaceSnapshot {
  readonly head: number;
  readonly log: readonly Envelope[];
  readonly artifacts: ReadonlyMap<string, Versioned>;
  readonly revisions: ReadonlyMap<string, readonly Revision[]>;
  readonly proposals: ReadonlyMap<string, Proposal>;
  readonly threads: ReadonlyMap<string, Thread>;
  readonly runs: ReadonlyMap<string, Run>;
  readonly messages: ReadonlySet<string>;
}

/** The state of a workspace with an empty log. */
export const EMPTY_SNAPSHOT: WorkspaceSnapshot = produce(
  {
    head: 0,
    log: [],
    artifacts: new Map(),
    revisions: new Map(),
    proposals: new Map(),
    threads: new Map(),
    runs: new Map(),
    messages: new Set(),
  } satisfies WorkspaceSnapshot,
  () => {},
);

/** The snapshot after appending `batch`: its envelopes added, its entities written over. */
export function withBatch(snapshot: WorkspaceSnapshot, batch: AppendBatch): WorkspaceSnapshot {
  return produce(snapshot, (draft: Draft<WorkspaceSnapshot>) => {
    draft.log.push(...(batch.envelopes as Draft<Envelope>[]));
    draft.head += batch.envelopes.length;
    for (const artifact of batch.artifacts)
      draft.artifacts.set(artifact.id, artifact as Draft<Versioned>);
    for (const revision of batch.revisions) {
      const history = draft.revisions.get(revision.artifact_id);
      if (history === undefined)
        draft.revisions.set(revision.artifact_id, [revision as Draft<Revision>]);
      else history.push(revision as Draft<Revision>);
    }
    for (const proposal of batch.proposals)
      draft.proposals.set(proposal.id, proposal as Draft<Proposal>);
    for (const thread of batch.threads) draft.threads.set(thread.id, thread as Draft<Thread>);
    for (const run of batch.runs) draft.runs.set(run.id, run as Draft<Run>);
    for (const id of batch.messages) draft.messages.add(id);
  });
}
