// A tool call recorded twice is recorded twice: the original does not deduplicate run facts
// (its case "a running run records a tool call" writes no run, so nothing could remember the
// call ids), and neither do we. README "Limits and faults" says so for retries.
import { describe, expect, it } from "vitest";
import { FactSchema } from "../../src/model/event.ts";
import { RunSchema } from "../../src/model/runs.ts";
import { emptyState } from "../../src/model/state.ts";
import { decideFact } from "../../src/runs/record.ts";

describe("repeated run facts", () => {
  it("records the same tool call again, writing no run either time", () => {
    const run = RunSchema.parse({ id: "run_1", thread_id: "thr_1", status: "running" });
    const state = { ...emptyState(), runs: new Map([["run_1", run]]) };
    const call = FactSchema.parse({
      type: "tool_called",
      run_id: "run_1",
      thread_id: "thr_1",
      tool_call_id: "call_1",
      tool_name: "read_artifact",
    });
    const first = decideFact(state, call);
    const again = decideFact(state, call);
    expect(first).toEqual(again);
    expect(again).toMatchObject({ ok: true, value: { events: [call], runs: [] } });
  });
});
