import { describe, expect, it } from "vitest";
import { proposalAcknowledgement } from "../../src/entries/index.ts";

const text = proposalAcknowledgement({ type: "proposed", seq: 7, proposal_id: "prp_42" });

describe("the acknowledgement a model reads when its write became a proposal", () => {
  it("says it was submitted for review, is not applied, and names the proposal", () => {
    expect(text).toContain("prp_42");
    expect(text).toMatch(/submitted for review/i);
    expect(text).toMatch(/not applied/i);
  });

  it("says the answer will arrive as a note, and not to propose the same change again", () => {
    expect(text).toMatch(/answer will reach you as a note/i);
    expect(text).toMatch(/do not propose the same change again/i);
  });

  it("reads neither as success nor as rejection", () => {
    const claimsSuccess =
      /\b(success|successful|successfully|done|completed|saved|updated|applied\.)\b/i;
    const claimsFailure =
      /\b(error|fail|failed|failure|rejected|refused|denied|invalid|cannot|could not)\b/i;
    expect(text).not.toMatch(claimsSuccess);
    expect(text).not.toMatch(claimsFailure);
    // "not applied yet" is the only mention of applying, and it is negated.
    expect(text.match(/applied/gi)).toEqual(["applied"]);
    expect(text).toMatch(/not applied yet/);
  });
});
