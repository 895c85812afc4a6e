// The live protocol's frames as a client or server reads them: closed unions on `type`, each
// frame's fields as parsed (defaults filled) and as written (defaults left out).
import type {
  CommandInput,
  Envelope,
  Outcome,
  Rejection,
  WorkspaceErrorCode,
} from "agent-workspace";
import {
  type ClientFrame,
  ClientFrameSchema,
  type CommandFrame,
  type CommandResult,
  type ErrorFrame,
  type FrameCommand,
  type Hello,
  type HelloInput,
  type LiveEvent,
  type LiveFrame,
  type ServerFrame,
  ServerFrameSchema,
  type Welcome,
} from "agent-workspace/protocol";
import { describe, expectTypeOf, it } from "vitest";

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

describe("the frames", () => {
  it("a client sends: hello or command", () => {
    expectTypeOf<ClientFrame["type"]>().toEqualTypeOf<"hello" | "command">();
    expectTypeOf(ClientFrameSchema.parse).returns.toEqualTypeOf<ClientFrame>();
  });

  it("a server sends: six, handled exhaustively", () => {
    expectTypeOf<ServerFrame["type"]>().toEqualTypeOf<
      "welcome" | "event" | "replay_complete" | "live" | "command_result" | "error"
    >();
    expectTypeOf(ServerFrameSchema.parse).returns.toEqualTypeOf<ServerFrame>();
    const seqOf = (frame: ServerFrame): number | null => {
      switch (frame.type) {
        case "welcome":
          return frame.head_seq;
        case "event":
          return frame.seq;
        case "replay_complete":
          return frame.up_to_seq;
        case "live":
        case "command_result":
        case "error":
          return null;
        default:
          return assertNever(frame);
      }
    };
    expectTypeOf(seqOf).returns.toEqualTypeOf<number | null>();
    const missing = (frame: ServerFrame): string => {
      switch (frame.type) {
        case "welcome":
        case "event":
        case "replay_complete":
        case "live":
        case "command_result":
          return frame.type;
        default:
          // @ts-expect-error `error` is left: the frame is not `never` here
          return assertNever(frame);
      }
    };
    expectTypeOf(missing).returns.toBeString();
  });

  it("hello: written with its defaults left out, read with them filled", () => {
    expectTypeOf<HelloInput>().toExtend<{ protocol: string }>();
    expectTypeOf<{ protocol: "artifactr.v1" }>().toExtend<HelloInput>();
    expectTypeOf<Hello>().toEqualTypeOf<{
      type: "hello";
      protocol: string;
      resume_after_seq: number;
      from_head: boolean;
      threads: string[] | null;
    }>();
  });

  it("welcome: the head, a reset flag, the active runs, an SSE stream's id", () => {
    expectTypeOf<Welcome["head_seq"]>().toBeNumber();
    expectTypeOf<Welcome["reset"]>().toBeBoolean();
    expectTypeOf<Welcome["active_runs"]>().toEqualTypeOf<{ run_id: string; thread_id: string }[]>();
    expectTypeOf<Welcome>().toHaveProperty("stream_id").toEqualTypeOf<string | undefined>();
  });

  it("event: an envelope with `type: event`", () => {
    type EventFrame = Extract<ServerFrame, { type: "event" }>;
    expectTypeOf<Omit<EventFrame, "type">>().toEqualTypeOf<Omit<Envelope, "type">>();
  });

  it("command: an id and a workspace command, stop_run or watch_run", () => {
    expectTypeOf<CommandFrame["command_id"]>().toBeString();
    expectTypeOf<CommandFrame["command"]>().toEqualTypeOf<FrameCommand>();
    expectTypeOf<Extract<FrameCommand["type"], "stop_run" | "watch_run">>().toEqualTypeOf<
      "stop_run" | "watch_run"
    >();
    expectTypeOf<CommandInput["type"]>().toExtend<FrameCommand["type"]>();
  });

  it("command_result: ok, and the outcome or the rejection, the other null", () => {
    expectTypeOf<CommandResult>().toEqualTypeOf<{
      type: "command_result";
      command_id: string;
      ok: boolean;
      outcome: Outcome | null;
      rejection: Rejection | null;
    }>();
  });

  it("error: a message, maybe the rejection and a fault's code", () => {
    expectTypeOf<ErrorFrame["message"]>().toBeString();
    expectTypeOf<ErrorFrame["rejection"]>().toEqualTypeOf<Rejection | undefined>();
    expectTypeOf<ErrorFrame["code"]>().toEqualTypeOf<WorkspaceErrorCode | undefined>();
  });

  it("live: a run's event, closed on `type`", () => {
    expectTypeOf<LiveFrame["event"]>().toEqualTypeOf<LiveEvent>();
    expectTypeOf<LiveEvent["type"]>().toEqualTypeOf<
      | "part_started"
      | "text_delta"
      | "thinking_delta"
      | "tool_args_delta"
      | "part_ended"
      | "draft"
      | "app_live"
    >();
  });
});
