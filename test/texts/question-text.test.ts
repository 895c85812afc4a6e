import { describe, expect, it } from "vitest";
import { questionAcknowledgement } from "../../src/texts/question-text.ts";

describe("questionAcknowledgement", () => {
  it("says how the answer reaches the agent, for each way a question is asked", () => {
    const on = (channel: string | null) => ({ paused: false, decision: { channel } });
    expect(questionAcknowledgement({ paused: true, decision: { channel: "deferred" } })).toBe(
      "Your question is in front of the person, and your run is paused until they answer. Their answer will come to you as a note. Do not ask it again.",
    );
    expect(questionAcknowledgement(on("notes"))).toBe(
      "Your question and its options are in front of the person. Their answer will come to you as a note, with a later tool result or from read_notes; go on with what does not depend on it until then. Do not ask it again.",
    );
    expect(questionAcknowledgement(on("hook"))).toBe(
      "Your question and its options are in front of the person. Their answer will come to you through your host. Do not ask it again.",
    );
    expect(questionAcknowledgement(on(null))).toBe(
      "Your question is shown to the person, but it cannot be answered where they see it: they will answer you in this conversation. Go on with what does not depend on it. Do not ask it again.",
    );
  });

  it("reads as neither success nor refusal, and never tells the agent to just wait", () => {
    for (const channel of ["notes", "hook", null, "deferred"]) {
      for (const paused of [true, false]) {
        const text = questionAcknowledgement({ paused, decision: { channel } });
        expect(text).not.toMatch(/^(Applied|Not applied)/);
        expect(text).not.toMatch(/(^|\. )wait/);
        expect(text).toMatch(/^Your question /);
        expect(text).toMatch(/Do not ask it again\.$/);
      }
    }
  });
});
