import { describe, expect, it } from "vitest";
import { HelloSchema, PROTOCOL } from "../../src/model/protocol.ts";
import { helloRefusal, resume } from "../../src/protocol/resume.ts";

const hello = (fields: Record<string, unknown> = {}) =>
  HelloSchema.parse({ protocol: PROTOCOL, ...fields });

describe("resume (the original's rules, one case per branch)", () => {
  it("refuses another protocol as unsupported_protocol, in the original's words", () => {
    expect(resume(hello({ protocol: "artifactr.v0" }), 5)).toEqual({
      ok: false,
      rejection: {
        type: "unsupported_protocol",
        message: "this server speaks artifactr.v1; the client asked for artifactr.v0",
      },
    });
  });

  it("refuses from_head with a non-zero resume_after_seq as validation_failed", () => {
    expect(resume(hello({ from_head: true, resume_after_seq: 3 }), 5)).toEqual({
      ok: false,
      rejection: {
        type: "validation_failed",
        message: "from_head replays nothing, so resume_after_seq must be 0",
        errors: [],
      },
    });
  });

  it("replays nothing from the head", () => {
    expect(resume(hello({ from_head: true }), 7)).toEqual({
      ok: true,
      value: { replay_after: 7, reset: false },
    });
  });

  it("resets a client past the head: it has seen what this log does not hold", () => {
    expect(resume(hello({ resume_after_seq: 9 }), 7)).toEqual({
      ok: true,
      value: { replay_after: 0, reset: true },
    });
  });

  it("resets a client before the first retained event, replaying all that is retained", () => {
    expect(resume(hello({ resume_after_seq: 2 }), 10, 5)).toEqual({
      ok: true,
      value: { replay_after: 4, reset: true },
    });
    // Right before the first retained one is still a resume.
    expect(resume(hello({ resume_after_seq: 4 }), 10, 5)).toEqual({
      ok: true,
      value: { replay_after: 4, reset: false },
    });
  });

  it("otherwise replays after resume_after_seq (0 and the head included)", () => {
    expect(resume(hello({ resume_after_seq: 3 }), 7)).toEqual({
      ok: true,
      value: { replay_after: 3, reset: false },
    });
    expect(resume(hello(), 7)).toEqual({ ok: true, value: { replay_after: 0, reset: false } });
    expect(resume(hello({ resume_after_seq: 7 }), 7)).toEqual({
      ok: true,
      value: { replay_after: 7, reset: false },
    });
    expect(resume(hello(), 0)).toEqual({ ok: true, value: { replay_after: 0, reset: false } });
  });

  it("says what is wrong with a hello whatever the log holds", () => {
    expect(helloRefusal(hello())).toBeNull();
    expect(helloRefusal(hello({ protocol: "x" }))?.type).toBe("unsupported_protocol");
    expect(helloRefusal(hello({ from_head: true, resume_after_seq: 1 }))?.type).toBe(
      "validation_failed",
    );
  });
});
