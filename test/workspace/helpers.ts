import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  sequentialIds,
  type Workspace,
  type WorkspaceOptions,
} from "../../src/entries/index.ts";

/** A fixed clock that ticks one second per call, so envelopes have predictable times. */
export function tickingClock(start = Date.UTC(2026, 10, 30, 9, 0, 0)): () => Date {
  let now = start;
  return () => {
    const date = new Date(now);
    now += 1000;
    return date;
  };
}

export const alice = { kind: "user", id: "alice", name: "Alice" } as const;
export const bob = { kind: "user", id: "bob" } as const;
export const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;

/** A workspace over the fixture types, with deterministic ids and clock. */
export function fixtureWorkspace(options: Partial<WorkspaceOptions> = {}): Workspace {
  return createWorkspace({
    registry: fixtureRegistry(),
    id: "ws_test",
    newId: sequentialIds(),
    clock: tickingClock(),
    ...options,
  });
}
