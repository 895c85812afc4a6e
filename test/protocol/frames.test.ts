import { describe, expect, it } from "vitest";
import { ServerFrameSchema } from "../../src/model/protocol.ts";
import type { Rejection } from "../../src/model/rejections.ts";
import {
  commandResult,
  errorFrame,
  eventFrame,
  liveFrame,
  replayComplete,
  welcomeFrame,
} from "../../src/protocol/frames.ts";
import { commandKey, statusOf } from "../../src/protocol/status.ts";

describe("frame helpers", () => {
  it("build frames the server schema reads back unchanged", () => {
    const frames = [
      welcomeFrame(
        { workspace_id: "w", head_seq: 3, reset: false, active_runs: [] },
        "artifactr.v1",
      ),
      eventFrame({
        seq: 1,
        id: "e1",
        ts: "2026-12-01T00:00:00.000Z",
        workspace_id: "w",
        thread_id: null,
        run_id: null,
        actor: { kind: "system", name: "system" },
        traceparent: null,
        event: { type: "app_event", name: "x", data: null, thread_id: null, run_id: null },
      }),
      replayComplete(3),
      liveFrame("r1", { type: "text_delta", part: 0, delta: "Hi" }),
      commandResult("c1", { ok: true, outcome: { type: "recorded", seq: 4, run_id: null } }),
      commandResult("c2", { ok: false, rejection: { type: "invalid_state", message: "no" } }),
      errorFrame("not a command frame: x"),
    ];
    for (const frame of frames) expect(ServerFrameSchema.parse(frame)).toEqual(frame);
    expect(
      commandResult("c2", { ok: false, rejection: { type: "invalid_state", message: "no" } }),
    ).toEqual({
      type: "command_result",
      command_id: "c2",
      ok: false,
      outcome: null,
      rejection: { type: "invalid_state", message: "no" },
    });
  });

  it("map rejections to the original's HTTP statuses", () => {
    const status = (type: string) => statusOf({ type, message: "" } as Rejection);
    expect(
      [
        "version_conflict",
        "invalid_state",
        "validation_failed",
        "patch_failed",
        "not_found",
        "forbidden",
      ].map(status),
    ).toEqual([409, 409, 422, 422, 404, 403]);
    expect(status("unsupported_protocol")).toBe(400);
  });

  it("key a command's result by workspace, sender and id, unambiguously", () => {
    expect(commandKey("w", "user:a", "c1")).not.toBe(commandKey("w", 'user:a","c1', ""));
    expect(commandKey("w", "user:a", "c1")).toBe(commandKey("w", "user:a", "c1"));
  });
});
