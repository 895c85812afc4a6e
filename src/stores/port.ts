import type { Revision, Versioned } from "../artifacts/entities.ts";
import type { CommitResult } from "../core/result.ts";
import type { Needs, State } from "../core/state.ts";
import type { Proposal, ProposalStatus } from "../proposals/proposal.ts";
import type { Envelope } from "../workspace/envelope.ts";

/** What one decision appends: its envelopes and every entity they change. */
export interface AppendBatch extends Omit<CommitResult, "outcome" | "events"> {
  readonly envelopes: readonly Envelope[];
}

/** Whether an append landed; when another writer moved the log first, the head it found. */
export type AppendResult =
  | { readonly ok: true; readonly head: number }
  | { readonly ok: false; readonly head: number };

/** Which proposals to list. */
export interface ProposalFilter {
  readonly status?: ProposalStatus;
  readonly artifactId?: string;
}

/**
 * The storage port: the few primitives a workspace needs. The host loop, retries and
 * everything derived live above it, written once.
 */
export interface Store {
  /** The position of the last event in the workspace's log (0 when empty). */
  head(workspaceId: string): Promise<number>;
  /** Loads the entities `needs` asked for; absent ones load as `null` (messages as `false`). */
  load(workspaceId: string, needs: Needs): Promise<State>;
  /**
   * Appends a batch atomically if the log is still at `expectedHead`; otherwise changes
   * nothing and reports the head it found.
   */
  append(workspaceId: string, expectedHead: number, batch: AppendBatch): Promise<AppendResult>;
  /** The envelopes after position `after`, in order (at most `limit`). */
  read(workspaceId: string, options: { after: number; limit?: number }): Promise<Envelope[]>;
  /** Every revision of an artifact, oldest first. */
  revisions(workspaceId: string, artifactId: string): Promise<Revision[]>;
  /** Proposals matching the filter, in the order they were made. */
  proposals(workspaceId: string, filter: ProposalFilter): Promise<Proposal[]>;
  /** Every artifact, archived ones included, in the order they were created. */
  artifacts(workspaceId: string): Promise<Versioned[]>;
}
