import type { Scope } from "../../../model/decisions.ts";
import type { Envelope } from "../../../model/envelope.ts";
import { isKnownEvent } from "../../../model/event.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { McpAnswerChannel } from "./answer-channel.ts";

/** How a pending decision stopped being pending, as the waiting call hears of it. */
export type DecisionEnd =
  | { readonly type: "answered"; readonly option_id: string; readonly label: string }
  | { readonly type: "superseded"; readonly superseded_by: string }
  | {
      readonly type: "retired";
      readonly reason: "user_input" | "expired" | "scope_ended" | "transport_lost";
    };

/** A watch on one decision: its end, whoever brought it about. */
export interface DecisionWatch {
  readonly ended: Promise<DecisionEnd>;
  /** Stops watching (the channel's waiter and the log feed). Idempotent. */
  close(): void;
}

/** The end an envelope records for the decision, if it records one. */
export function endIn(envelope: Envelope, scope: Scope, decisionId: string): DecisionEnd | null {
  const { event } = envelope;
  if (!isKnownEvent(event)) return null;
  if (
    event.type !== "decision_answered" &&
    event.type !== "decision_superseded" &&
    event.type !== "decision_retired"
  ) {
    return null;
  }
  if (event.decision_id !== decisionId) return null;
  if (event.scope.kind !== scope.kind || event.scope.id !== scope.id) return null;
  switch (event.type) {
    case "decision_answered":
      return { type: "answered", option_id: event.option_id, label: event.label };
    case "decision_superseded":
      return { type: "superseded", superseded_by: event.superseded_by };
    case "decision_retired":
      return { type: "retired", reason: event.reason };
  }
}

/**
 * Watches a decision asked at log position `after`: it ends when the channel delivers its
 * answer (a surface in this process answered), or when the log records its end — an answer
 * stored by another process, a newer question, a retirement. The first of them wins.
 */
export function watchDecision(options: {
  readonly workspace: Workspace;
  readonly channel: McpAnswerChannel | undefined;
  readonly scope: Scope;
  readonly decisionId: string;
  readonly after: number;
}): DecisionWatch {
  const { workspace, channel, scope, decisionId, after } = options;
  const waiter = channel?.wait(scope, decisionId);
  let end: (value: DecisionEnd) => void = () => {};
  const ended = new Promise<DecisionEnd>((resolve) => {
    end = resolve;
  });
  waiter?.delivered.then(({ option_id, label }) => end({ type: "answered", option_id, label }));
  const feed = workspace.subscribe(after, (envelope) => {
    const found = endIn(envelope, scope, decisionId);
    if (found !== null) end(found);
  });
  return {
    ended,
    close() {
      waiter?.release();
      feed.close();
    },
  };
}
