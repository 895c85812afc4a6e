import type { Revision, Versioned } from "./artifacts.ts";
import type { KnownEvent } from "./event.ts";
import type { Outcome } from "./outcome.ts";
import type { Proposal } from "./proposals.ts";
import type { Run } from "./runs.ts";
import type { Thread } from "./threads.ts";

/**
 * What a decision produced: the outcome, the events to append, and every entity they change
 * (written with the events, atomically). `messages` are message ids to record as used.
 */
export interface CommitResult {
  readonly outcome: Outcome;
  readonly events: readonly KnownEvent[];
  readonly artifacts: readonly Versioned[];
  readonly revisions: readonly Revision[];
  readonly proposals: readonly Proposal[];
  readonly threads: readonly Thread[];
  readonly runs: readonly Run[];
  readonly messages: readonly string[];
}

/** A result with `outcome` and the given parts; everything else empty. */
export function commitResult(
  outcome: Outcome,
  parts: Partial<Omit<CommitResult, "outcome">> = {},
): CommitResult {
  return {
    outcome,
    events: parts.events ?? [],
    artifacts: parts.artifacts ?? [],
    revisions: parts.revisions ?? [],
    proposals: parts.proposals ?? [],
    threads: parts.threads ?? [],
    runs: parts.runs ?? [],
    messages: parts.messages ?? [],
  };
}

/** The `recorded` outcome, as the rules produce it. */
export const RECORDED: Outcome = { type: "recorded", seq: null, run_id: null };
