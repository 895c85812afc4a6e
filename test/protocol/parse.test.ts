import { describe, expect, it } from "vitest";
import { parseHello, readCommandFrame } from "../../src/protocol/parse.ts";

describe("reading command frames", () => {
  it("reads a frame from JSON text or a value, its command by its type only", () => {
    const frame = { type: "command", command_id: "c1", command: { type: "create_thread" } };
    expect(readCommandFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    const { type: _, ...untyped } = frame;
    expect(readCommandFrame(untyped)).toEqual({ ok: true, frame });
    // A bad field is for commit to refuse, under the frame's command id.
    const bad = { command_id: "c2", command: { type: "edit_artifact", base_version: "x" } };
    expect(readCommandFrame(bad).ok).toBe(true);
  });

  it("says what is wrong with anything else, as the original: not a command frame", () => {
    const wrong = [
      "{",
      { type: "nonsense" },
      { type: "command", command_id: "", command: { type: "create_thread" } },
      { type: "command", command_id: "c1", command: { type: "skip_run" } },
      { type: "command", command_id: "c1" },
      [1, 2],
      null,
    ];
    for (const input of wrong) {
      const read = readCommandFrame(input);
      expect(read.ok, JSON.stringify(input)).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/^not a command frame: /);
    }
  });

  it("refuses a bad hello as validation_failed naming the field", () => {
    const refused = parseHello({ protocol: "artifactr.v1", resume_after_seq: -1 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.rejection.type).toBe("validation_failed");
      expect(refused.rejection).toMatchObject({ errors: [{ loc: ["resume_after_seq"] }] });
    }
    expect(parseHello({ protocol: "artifactr.v1" }).ok).toBe(true);
  });
});
