import { describe, expect, it } from "vitest";
import { ThreadOfferSchema } from "../../src/model/offers.ts";
import { offerAcknowledgement } from "../../src/offers/acknowledgement.ts";

const offer = ThreadOfferSchema.parse({
  title: "Tests for the settings loader",
  summary: "Cover the loader's handling of malformed files.",
  prompt: "Write tests for src/settings/loader.ts covering malformed input.",
});
const text = offerAcknowledgement(offer);

describe("the acknowledgement a model reads after offering a thread", () => {
  it("says the offer is shown to the person, naming it by its title", () => {
    expect(text).toContain('"Tests for the settings loader"');
    expect(text).toMatch(/shown to the person/i);
  });

  it("says it begins only by the person's choice, and the agent will not be told here", () => {
    expect(text).toMatch(/only if they choose/i);
    expect(text).toMatch(/will not be told here whether they do/i);
  });

  it("says to carry on with the current task and not to offer it again", () => {
    expect(text).toMatch(/carry on with your current task/i);
    expect(text).toMatch(/do not offer this thread again/i);
  });

  it("reads neither as success nor as rejection", () => {
    const claimsSuccess =
      /\b(success|successful|successfully|done|completed|started|accepted|approved|created|launched|running)\b/i;
    const claimsFailure =
      /\b(error|fail|failed|failure|rejected|refused|declined|dismissed|denied|invalid|cannot|could not|ignored)\b/i;
    expect(text).not.toMatch(claimsSuccess);
    expect(text).not.toMatch(claimsFailure);
  });

  it("changes with the title and nothing else of the offer", () => {
    const other = offerAcknowledgement({ ...offer, title: "Finish the migration" });
    expect(other).toContain('"Finish the migration"');
    expect(other.replace("Finish the migration", offer.title)).toBe(text);
    expect(offerAcknowledgement({ ...offer, prompt: "something else", files: ["a.ts"] })).toBe(
      text,
    );
  });
});
