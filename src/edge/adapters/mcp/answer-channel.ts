import type { Scope } from "../../../model/decisions.ts";
import type { DecisionDelivery } from "../../../workspace/deliveries.ts";

/** The answer channel's name: the one `createMcpServer` asks on, declared by the host. */
export const MCP_ANSWER_CHANNEL = "mcp";

/** One `ask_person` call waiting for its decision's answer. */
export interface McpAnswerWaiter {
  /** Resolves with the answer once the workspace delivers it (from whichever surface). */
  readonly delivered: Promise<DecisionDelivery>;
  /** Stops waiting; `delivered` then never settles. Idempotent. */
  release(): void;
}

/**
 * The `mcp` answer channel: an `AnswerChannel` the host declares to the workspace
 * (`createWorkspace({ answerChannels: { mcp: channel } })`) and hands to `createMcpServer`,
 * whose `ask_person` calls wait on it while the person is asked. Whichever surface answers
 * first (the MCP client's elicitation, a review page, a CLI in the same process), the
 * workspace stores the answer once and delivers it here once, to the call that waits.
 */
export interface McpAnswerChannel {
  /**
   * Delivers an answer to the call waiting for it (what the workspace calls). Throws when no
   * call waits for that decision, so the answering surface hears the agent did not get it.
   */
  (delivery: DecisionDelivery): Promise<void>;
  /** Waits for the answer to a decision of a scope. */
  wait(scope: Scope, decisionId: string): McpAnswerWaiter;
  /** How many calls wait now. */
  readonly waiting: number;
}

const keyOf = (scope: Scope, decisionId: string): string =>
  JSON.stringify([scope.kind, scope.id, decisionId]);

/** A new `mcp` answer channel, with no call waiting yet. See {@link McpAnswerChannel}. */
export function mcpAnswerChannel(): McpAnswerChannel {
  const waiters = new Map<string, Set<(delivery: DecisionDelivery) => void>>();

  const deliver = async (delivery: DecisionDelivery): Promise<void> => {
    const key = keyOf(delivery.scope, delivery.decision_id);
    const waiting = waiters.get(key);
    if (waiting === undefined) {
      throw new Error(`no ask_person call is waiting for decision ${delivery.decision_id}`);
    }
    waiters.delete(key);
    for (const resolve of waiting) resolve(delivery);
  };

  const wait = (scope: Scope, decisionId: string): McpAnswerWaiter => {
    const key = keyOf(scope, decisionId);
    let resolve: (delivery: DecisionDelivery) => void = () => {};
    const delivered = new Promise<DecisionDelivery>((done) => {
      resolve = done;
    });
    const set = waiters.get(key) ?? new Set();
    set.add(resolve);
    waiters.set(key, set);
    const release = () => {
      set.delete(resolve);
      if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
    };
    return { delivered, release };
  };

  return Object.defineProperties(deliver, {
    wait: { value: wait },
    waiting: {
      get: () => [...waiters.values()].reduce((sum, set) => sum + set.size, 0),
    },
  }) as McpAnswerChannel;
}
