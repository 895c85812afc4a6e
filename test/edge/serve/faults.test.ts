// What a failure on the server is answered with: a WorkspaceError as its code, a status that
// says whether to retry, and the library's own words (a driver's message can name a file).
import { describe, expect, it } from "vitest";
import { faultOf, faultStatus } from "../../../src/edge/serve/faults.ts";
import { faultAnswer } from "../../../src/edge/serve/http-answers.ts";
import { WorkspaceError, type WorkspaceErrorCode } from "../../../src/entries/index.ts";
import { WORKSPACE_ERROR_CODE_LIST } from "../../../src/model/errors.ts";
import { ErrorFrameSchema } from "../../../src/model/protocol.ts";

const STATUS: Record<string, number> = {
  invalid_argument: 400,
  read_only: 503,
  store_unavailable: 503,
  store_replaced: 503,
  unknown_outcome: 503,
  contention: 503,
  disk_full: 507,
};

describe("faults over HTTP", () => {
  it("answer every WorkspaceError code with it, a status, and no word of the driver's", async () => {
    for (const code of WORKSPACE_ERROR_CODE_LIST) {
      const error = new WorkspaceError(code as WorkspaceErrorCode, "sqlite store /home/a/x.db");
      const frame = faultOf(error, "command c1: ");
      expect(ErrorFrameSchema.parse(frame)).toEqual(frame);
      expect(frame.code).toBe(code);
      expect(frame.message).toMatch(/^command c1: /);
      expect(frame.message).not.toContain("/home/a");
      const answer = faultAnswer(error);
      const expected = code === "refused" ? 409 : (STATUS[code] ?? 500);
      expect(answer.status, code).toBe(expected);
      expect(answer.headers.get("retry-after")).toBe(expected === 503 ? "1" : null);
      expect(await answer.json()).toMatchObject({ type: "error", code });
    }
  });

  it("a refusal thrown on purpose answers with its rejection's status and the rejection", () => {
    const rejection = { type: "not_found", message: "x", entity: "thread", id: "t1" } as const;
    const frame = faultOf(new WorkspaceError("refused", "x", { rejection }));
    expect(frame).toMatchObject({ code: "refused", rejection });
    expect(faultStatus(frame)).toBe(404);
  });

  it("anything else is a 500 without a code or its message", async () => {
    const answer = faultAnswer(new TypeError("secret at /home/a"));
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      type: "error",
      message: "the request failed on the server",
    });
  });
});
