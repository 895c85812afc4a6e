// The frames' wire shapes are the original's (its artifactr.v1 JSON Schema), and ours beyond
// it are optional fields a client of the original ignores.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ActiveRunSchema,
  ClientFrameSchema,
  CommandFrameSchema,
  CommandResultSchema,
  ErrorFrameSchema,
  EventFrameSchema,
  HelloSchema,
  LiveEventSchema,
  LiveFrameSchema,
  PROTOCOL,
  ReplayCompleteSchema,
  ServerFrameSchema,
  StopRunSchema,
  WatchRunSchema,
  WelcomeSchema,
} from "../../src/model/protocol.ts";

/** The original's frames: every property, the required ones, and ours beyond them. */
const ORIGINAL: Record<
  string,
  { schema: z.ZodType; properties: string[]; required: string[]; ours?: string[] }
> = {
  Hello: {
    schema: HelloSchema,
    properties: ["type", "protocol", "resume_after_seq", "from_head", "threads"],
    required: ["protocol"],
  },
  CommandFrame: {
    schema: CommandFrameSchema,
    properties: ["type", "command_id", "command"],
    required: ["command_id", "command"],
  },
  StopRun: { schema: StopRunSchema, properties: ["type", "run_id"], required: ["run_id"] },
  WatchRun: { schema: WatchRunSchema, properties: ["type", "run_id"], required: ["run_id"] },
  Welcome: {
    schema: WelcomeSchema,
    properties: ["type", "protocol", "workspace_id", "head_seq", "reset", "active_runs"],
    required: ["workspace_id", "head_seq"],
    ours: ["stream_id"],
  },
  ActiveRun: {
    schema: ActiveRunSchema,
    properties: ["run_id", "thread_id"],
    required: ["run_id", "thread_id"],
  },
  EventFrame: {
    schema: EventFrameSchema,
    properties: [
      "type",
      "seq",
      "id",
      "ts",
      "workspace_id",
      "thread_id",
      "run_id",
      "actor",
      "traceparent",
      "event",
    ],
    required: ["seq", "id", "ts", "workspace_id", "actor", "event"],
  },
  ReplayComplete: {
    schema: ReplayCompleteSchema,
    properties: ["type", "up_to_seq"],
    required: ["up_to_seq"],
  },
  LiveFrame: {
    schema: LiveFrameSchema,
    properties: ["type", "run_id", "event"],
    required: ["run_id", "event"],
    ours: ["index"],
  },
  CommandResult: {
    schema: CommandResultSchema,
    properties: ["type", "command_id", "ok", "outcome", "rejection"],
    required: ["command_id", "ok"],
  },
  ErrorFrame: {
    schema: ErrorFrameSchema,
    properties: ["type", "message"],
    required: ["message"],
    ours: ["rejection", "code"],
  },
};

// StopRun and WatchRun have no default `type` in our schemas: they only come inside a frame.
const TYPED_BY_FRAME = new Set(["StopRun", "WatchRun"]);

describe("the frame schemas", () => {
  for (const [name, { schema, properties, required, ours = [] }] of Object.entries(ORIGINAL)) {
    it(`${name} has the original's properties and required fields`, () => {
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      expect(Object.keys(json.properties).sort()).toEqual([...properties, ...ours].sort());
      const requiredNow = (json.required ?? []).filter(
        (field) => !(TYPED_BY_FRAME.has(name) && field === "type"),
      );
      expect(requiredNow.sort()).toEqual([...required].sort());
    });
  }

  it("read the original's own examples, and write them back with the defaults filled", () => {
    const hello = {
      type: "hello",
      protocol: "artifactr.v1",
      resume_after_seq: 1041,
      threads: ["thr_9"],
    };
    expect(ClientFrameSchema.parse(hello)).toEqual({ ...hello, from_head: false });
    const welcome = {
      type: "welcome",
      protocol: "artifactr.v1",
      workspace_id: "ws_1",
      head_seq: 1057,
      reset: false,
      active_runs: [{ run_id: "run_42", thread_id: "thr_9" }],
    };
    expect(ServerFrameSchema.parse(welcome)).toEqual(welcome);
    const live = {
      type: "live",
      run_id: "run_42",
      event: { type: "text_delta", part: 0, delta: "Here is the" },
    };
    expect(ServerFrameSchema.parse(live)).toEqual(live);
    const result = {
      type: "command_result",
      command_id: "c_17",
      ok: true,
      outcome: { type: "applied", artifact_id: "plan_1", version: 9, seq: 1043 },
    };
    expect(ServerFrameSchema.parse(result)).toEqual({ ...result, rejection: null });
    const refused = {
      type: "command_result",
      command_id: "c_18",
      ok: false,
      rejection: {
        type: "version_conflict",
        message: "artifact plan_1 is at version 8, but the change was based on 7",
        artifact_id: "plan_1",
        base: 7,
        head: 8,
      },
    };
    expect(ServerFrameSchema.parse(refused)).toEqual({ ...refused, outcome: null });
    expect(ServerFrameSchema.parse({ type: "replay_complete", up_to_seq: 1057 })).toEqual({
      type: "replay_complete",
      up_to_seq: 1057,
    });
    const error = {
      type: "error",
      message: "not a command frame: Input should be a valid dictionary",
    };
    expect(ServerFrameSchema.parse(error)).toEqual(error);
    const command = {
      type: "command",
      command_id: "c_17",
      command: {
        type: "post_message",
        thread_id: "thr_9",
        content: "Draft the plan",
        message_id: "m1",
      },
    };
    expect(ClientFrameSchema.parse(command)).toMatchObject(command);
  });

  it("carry every live event of the original, with its defaults", () => {
    const events = [
      { type: "part_started", part: 0, part_kind: "tool_call", tool_name: "search" },
      { type: "text_delta", part: 0, delta: "a" },
      { type: "thinking_delta", part: 1, delta: "b" },
      { type: "tool_args_delta", part: 2, delta: '{"q":' },
      { type: "part_ended", part: 2 },
      { type: "draft", artifact_id: "n1", kind: "note", data: { text: "so far" } },
      { type: "app_live", name: "progress", data: { done: 3 } },
    ];
    for (const event of events) expect(LiveEventSchema.parse(event)).toEqual(event);
    expect(
      LiveEventSchema.parse({ type: "part_started", part: 0, part_kind: "text" }),
    ).toMatchObject({ tool_name: null });
    expect(LiveEventSchema.safeParse({ type: "text_delta", part: 0.5, delta: "" }).success).toBe(
      false,
    );
  });

  it("take stop_run and watch_run in a command frame, and nothing else beside their run", () => {
    expect(
      CommandFrameSchema.parse({ command_id: "c1", command: { type: "stop_run", run_id: "r1" } }),
    ).toEqual({
      type: "command",
      command_id: "c1",
      command: { type: "stop_run", run_id: "r1" },
    });
    expect(
      CommandFrameSchema.safeParse({
        command_id: "c1",
        command: { type: "watch_run", run_id: "r1", x: 1 },
      }).success,
    ).toBe(false);
    expect(
      CommandFrameSchema.safeParse({ command_id: "", command: { type: "watch_run", run_id: "r1" } })
        .success,
    ).toBe(false);
    expect(PROTOCOL).toBe("artifactr.v1");
  });
});
