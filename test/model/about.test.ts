import { describe, expect, it } from "vitest";
import { artifactsOf, subjectKeys, subjectsOf } from "../../src/entries/rules.ts";
import type { Actor } from "../../src/model/actors.ts";
import { type Event, EventSchema } from "../../src/model/event.ts";

const agent: Actor = { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" };
const patch = { kind: "json_patch", ops: [] };
const event = (input: Record<string, unknown>): Event => EventSchema.parse(input);

describe("what an event is about", () => {
  it("names the artifact of every artifact and proposal event, and none of others", () => {
    const about = (input: Record<string, unknown>) => artifactsOf(event(input));
    const on = { artifact_id: "a1", kind: "note", version: 2 };
    expect(about({ type: "artifact_created", ...on, data: {} })).toEqual(["a1"]);
    expect(about({ type: "artifact_changed", ...on, patch, summary: "s" })).toEqual(["a1"]);
    expect(about({ type: "artifact_archived", ...on })).toEqual(["a1"]);
    const change = {
      type: "edit_artifact",
      artifact_id: "a2",
      base_version: 1,
      patch,
      proposal_id: "p1",
    };
    expect(about({ type: "proposal_created", proposal_id: "p1", change })).toEqual(["a2"]);
    const answer = { proposal_id: "p1", artifact_id: "a2", proposed_by: agent };
    expect(about({ type: "proposal_resolved", ...answer, decision: "reject" })).toEqual(["a2"]);
    expect(about({ type: "proposal_expired", ...answer, expired_at: "now" })).toEqual(["a2"]);
    expect(about({ type: "proposal_commented", ...answer, comment_id: "c", text: "t" })).toEqual([
      "a2",
    ]);
    expect(about({ type: "proposal_superseded", ...answer, superseded_by: "p2" })).toEqual(["a2"]);
    expect(
      about({ type: "message_posted", thread_id: "t1", message_id: "m", content: "c" }),
    ).toEqual([]);
    expect(about({ type: "some_future_event", artifact_id: "a1" })).toEqual([]);
  });

  it("files an event under its artifacts, its thread and who it is addressed to, each once", () => {
    const revert = event({
      type: "artifact_changed",
      artifact_id: "a1",
      kind: "note",
      version: 3,
      patch,
      summary: "reverted",
      reverts: 2,
      reverted: { author: agent },
    });
    expect(subjectsOf(revert)).toEqual(["a:a1", "p:agent:t1"]);
    const created = event({
      type: "artifact_created",
      thread_id: "t1",
      artifact_id: "a1",
      kind: "note",
      version: 1,
      data: {},
    });
    expect(subjectsOf(created)).toEqual(["a:a1", "t:t1"]);
    const notice = { type: "message_posted", thread_id: "t1", message_id: "m", content: "c" };
    expect(subjectsOf(event({ ...notice, kind: "notice" }))).toEqual(["t:t1"]);
    // Messages make no notes: only notices are filed under their thread.
    expect(subjectsOf(event(notice))).toEqual([]);
    expect(
      subjectKeys({ artifacts: ["a1", "a1"], threadId: "t1", participant: "agent:t1" }),
    ).toEqual(["a:a1", "t:t1", "p:agent:t1"]);
    // An artifact id never reads as a thread's or a participant's subject.
    expect(subjectKeys({ artifacts: ["t:t1"] })).toEqual(["a:t:t1"]);
  });
});
