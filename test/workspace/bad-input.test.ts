import { describe, expect, it } from "vitest";
import type { ActorInput, CommandInput, FactInput, Workspace } from "../../src/entries/index.ts";
import { agent, alice, fixtureWorkspace } from "./helpers.ts";

async function seeded(): Promise<Workspace> {
  const ws = fixtureWorkspace();
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit(
    { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "Friday" } },
    alice,
  );
  await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
  return ws;
}

// Each malformed input, and the path of the field the rejection must name.
const badCommands: [string, unknown, (string | number)[]][] = [
  ["create_artifact without kind", { type: "create_artifact", data: {} }, ["kind"]],
  [
    "create_artifact with data that is not an object",
    { type: "create_artifact", kind: "note", data: "x" },
    ["data"],
  ],
  [
    "edit_artifact with base_version 0",
    {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 0,
      patch: { kind: "text_edits", edits: [{ old: "a", new: "b" }] },
    },
    ["base_version"],
  ],
  [
    "edit_artifact with an edit missing `new`",
    {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: { kind: "text_edits", edits: [{ old: "a" }] },
    },
    ["patch", "edits", 0, "new"],
  ],
  [
    "edit_artifact with an unknown patch kind",
    {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: { kind: "sed", script: "s/a/b/" },
    },
    // The original's (Pydantic's) answer: the tag is wrong, so the union itself is.
    ["patch"],
  ],
  [
    // A numeric string is an integer in the original's lax mode; a word is not.
    "archive_artifact with a version that is not a number",
    { type: "archive_artifact", artifact_id: "n1", base_version: "one" },
    ["base_version"],
  ],
  ["propose_change without change", { type: "propose_change", rationale: "why not" }, ["change"]],
  [
    "propose_change with a change of an unknown type",
    { type: "propose_change", change: { type: "delete_artifact", artifact_id: "n1" } },
    ["change"],
  ],
  [
    "respond_to_proposal with decision maybe",
    { type: "respond_to_proposal", proposal_id: "p", decision: "maybe" },
    ["decision"],
  ],
  ["create_thread with a numeric title", { type: "create_thread", title: 5 }, ["title"]],
  [
    "post_message with empty content",
    { type: "post_message", thread_id: "t1", content: "" },
    ["content"],
  ],
  [
    "post_message with an unknown field",
    { type: "post_message", thread_id: "t1", content: "hi", urgent: true },
    ["urgent"],
  ],
  [
    "set_focus with artifact_ids not a list",
    { type: "set_focus", thread_id: "t1", artifact_ids: "n1" },
    ["artifact_ids"],
  ],
  [
    "set_thread_mode with mode review",
    { type: "set_thread_mode", thread_id: "t1", mode: "review" },
    ["mode"],
  ],
  [
    "answer_deferred without tool_call_id",
    { type: "answer_deferred", run_id: "r1", approved: true },
    ["tool_call_id"],
  ],
  [
    "give_feedback with an unknown target kind",
    { type: "give_feedback", feedback_type: "helpfulness", target: { kind: "planet", id: "x" } },
    ["target"],
  ],
  ["an unknown command type", { type: "delete_everything" }, []],
  ["a command that is not an object", "create_thread", []],
];

const badFacts: [string, unknown, (string | number)[]][] = [
  [
    "run_started with a bad trace id",
    { type: "run_started", run_id: "r2", thread_id: "t1", trace_id: "XYZ" },
    ["trace_id"],
  ],
  [
    "tool_called without tool_name",
    { type: "tool_called", run_id: "r1", thread_id: "t1", tool_call_id: "c" },
    ["tool_name"],
  ],
  [
    "tool_returned with status maybe",
    { type: "tool_returned", run_id: "r1", thread_id: "t1", tool_call_id: "c", status: "maybe" },
    ["status"],
  ],
  [
    "run_paused with no requests",
    { type: "run_paused", run_id: "r1", thread_id: "t1", requests: [] },
    ["requests"],
  ],
  [
    "run_ended with status running",
    { type: "run_ended", run_id: "r1", thread_id: "t1", status: "running" },
    ["status"],
  ],
  ["app_event without name", { type: "app_event", data: 1 }, ["name"]],
  ["an unknown fact type", { type: "run_exploded", run_id: "r1" }, []],
];

async function expectUnchanged(ws: Workspace, act: () => Promise<unknown>) {
  const log = await ws.log();
  const artifacts = await ws.artifacts();
  const run = await ws.run("r1");
  await act();
  expect(await ws.log()).toEqual(log);
  expect(await ws.artifacts()).toEqual(artifacts);
  expect(await ws.run("r1")).toEqual(run);
}

describe("bad input is refused before anything happens", () => {
  it.each(badCommands)("command: %s", async (_label, input, loc) => {
    const ws = await seeded();
    await expectUnchanged(ws, async () => {
      const result = await ws.commit(input as CommandInput, alice);
      expect(result.rejection).toMatchObject({
        type: "validation_failed",
        message: "invalid command",
      });
      const locs =
        result.rejection?.type === "validation_failed"
          ? result.rejection.errors.map((e) => e.loc)
          : [];
      expect(locs).toContainEqual(loc);
    });
  });

  it.each(badFacts)("fact: %s", async (_label, input, loc) => {
    const ws = await seeded();
    await expectUnchanged(ws, async () => {
      const result = await ws.record(input as FactInput, agent);
      expect(result.rejection).toMatchObject({
        type: "validation_failed",
        message: "invalid fact",
      });
      const locs =
        result.rejection?.type === "validation_failed"
          ? result.rejection.errors.map((e) => e.loc)
          : [];
      expect(locs).toContainEqual(loc);
    });
  });

  it("an actor of an unknown kind", async () => {
    const ws = await seeded();
    await expectUnchanged(ws, async () => {
      const result = await ws.commit({ type: "create_thread" }, {
        kind: "robot",
      } as unknown as ActorInput);
      expect(result.rejection).toMatchObject({
        type: "validation_failed",
        message: "invalid actor",
        errors: [{ type: "union_tag_invalid", loc: [] }],
      });
    });
  });

  it("a JSON patch reaching __proto__: refused when applied, as the original's library does", async () => {
    const ws = await seeded();
    await expectUnchanged(ws, async () => {
      const result = await ws.commit(
        {
          type: "edit_artifact",
          artifact_id: "n1",
          base_version: 1,
          patch: { kind: "json_patch", ops: [{ op: "add", path: "/__proto__/x", value: 1 }] },
        },
        alice,
      );
      expect(result.rejection).toMatchObject({ type: "patch_failed" });
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });

  it("names the field in the original's words", async () => {
    const ws = await seeded();
    const result = await ws.commit(
      { type: "create_thread", title: 5 } as unknown as CommandInput,
      alice,
    );
    expect(result.rejection).toEqual({
      type: "validation_failed",
      message: "invalid command",
      errors: [
        { type: "string_type", loc: ["title"], msg: "Input should be a valid string", input: 5 },
      ],
    });
  });

  it("data that fails its type is refused with the type's name and the field", async () => {
    const ws = await seeded();
    await expectUnchanged(ws, async () => {
      const result = await ws.commit(
        {
          type: "edit_artifact",
          artifact_id: "n1",
          base_version: 1,
          patch: { kind: "json_patch", ops: [{ op: "add", path: "/extra", value: 1 }] },
        },
        alice,
      );
      expect(result.rejection).toEqual({
        type: "validation_failed",
        message: "invalid note data",
        errors: [
          {
            type: "extra_forbidden",
            loc: ["extra"],
            msg: "Extra inputs are not permitted",
            input: 1,
          },
        ],
      });
    });
  });
});
