import { describe, expect, it } from "vitest";
import { OfferAnswerSchema, ThreadOfferSchema } from "../../src/model/offers.ts";
import { offerCard } from "../../src/offers/card.ts";

const offer = ThreadOfferSchema.parse({
  title: "Tests for the settings loader",
  summary: "Cover the loader's handling of malformed files.",
  rationale: "It is outside the parser fix this thread is doing.",
  prompt: "Write tests for src/settings/loader.ts covering malformed input.",
  files: ["src/settings/loader.ts", "test/settings/loader.test.ts"],
});

const startedIn = (checkout: "isolated" | "shared") =>
  OfferAnswerSchema.parse({ status: "started", thread_id: "thr_9", checkout, at: null });

describe("the card of a standing offer", () => {
  const expected = {
    state: "standing",
    emphasis: "ask",
    expanded: true,
    title: "Tests for the settings loader",
    summary: "Cover the loader's handling of malformed files.",
    rationale: "It is outside the parser fix this thread is doing.",
    files: ["src/settings/loader.ts", "test/settings/loader.test.ts"],
    prompt: {
      label: "Starting prompt",
      text: "Write tests for src/settings/loader.ts covering malformed input.",
      expanded: false,
    },
    own_checkout: true,
    checkout_chip: "Runs in a checkout of its own",
    actions: [
      { id: "start", label: "Start thread" },
      { id: "dismiss", label: "Dismiss" },
    ],
  };

  it("is what an offer with no answer shows: summary, separate prompt, own checkout, two actions", () => {
    const card = offerCard(offer, undefined, false);
    expect(card).toEqual(expected);
    // The summary leads; the prompt is never the description.
    expect(Object.keys(card).indexOf("summary")).toBeLessThan(Object.keys(card).indexOf("prompt"));
  });

  it("is what an offer brought back after a dismissal shows", () => {
    const back = OfferAnswerSchema.parse({ status: "standing", at: "2026-11-30T09:00:00.000Z" });
    expect(offerCard(offer, back, false)).toEqual(expected);
  });

  it("keeps a missing rationale and file list empty rather than inventing them", () => {
    const bare = ThreadOfferSchema.parse({ title: "T", summary: "S", prompt: "P" });
    const card = offerCard(bare, undefined, false);
    expect(card.state).toBe("standing");
    if (card.state !== "standing") return;
    expect(card.rationale).toBeNull();
    expect(card.files).toEqual([]);
    expect(card.summary).toBe("S");
    expect(card.prompt.text).toBe("P");
  });
});

describe("the card of a started offer", () => {
  it("is one line with a link to the thread, marked as history", () => {
    expect(offerCard(offer, startedIn("isolated"), true)).toEqual({
      state: "started",
      emphasis: "history",
      expanded: false,
      title: "Tests for the settings loader",
      line: 'Started "Tests for the settings loader" in its own checkout',
      link: { thread_id: "thr_9" },
      checkout: "isolated",
    });
  });

  it("says when it started in the shared checkout", () => {
    const card = offerCard(offer, startedIn("shared"), true);
    expect(card).toMatchObject({ state: "started", checkout: "shared" });
    if (card.state !== "started") return;
    expect(card.line).toBe('Started "Tests for the settings loader" in the shared checkout');
  });

  it("drops the link but stays started once the started thread is deleted", () => {
    const card = offerCard(offer, startedIn("isolated"), false);
    expect(card).toMatchObject({ state: "started", emphasis: "history", link: null });
    if (card.state !== "started") return;
    expect(card.line).toBe(
      'Started "Tests for the settings loader" in its own checkout. That thread no longer exists.',
    );
  });

  it("reads a legacy answer without a checkout mode as not known, never as isolated", () => {
    const legacy = OfferAnswerSchema.parse({ status: "started", thread_id: "thr_9" });
    const card = offerCard(offer, legacy, true);
    expect(card).toMatchObject({
      state: "started",
      checkout: "unknown",
      link: { thread_id: "thr_9" },
    });
    if (card.state !== "started") return;
    expect(card.line).toBe(
      'Started "Tests for the settings loader"; the checkout it got is not known',
    );
    expect(card.line).not.toMatch(/own checkout|isolated|shared/);
  });
});

describe("the card of a dismissed offer", () => {
  it("is one line whose only action brings the offer back", () => {
    const dismissed = OfferAnswerSchema.parse({ status: "dismissed" });
    expect(offerCard(offer, dismissed, false)).toEqual({
      state: "dismissed",
      emphasis: "history",
      expanded: false,
      title: "Tests for the settings loader",
      line: 'Set aside: "Tests for the settings loader"',
      actions: [{ id: "bring_back", label: "Restore offer" }],
    });
  });
});

describe("which cards ask", () => {
  it("only the standing one", () => {
    const cards = [
      offerCard(offer, undefined, false),
      offerCard(offer, startedIn("isolated"), true),
      offerCard(offer, startedIn("shared"), false),
      offerCard(offer, OfferAnswerSchema.parse({ status: "dismissed" }), false),
      offerCard(offer, OfferAnswerSchema.parse({ status: "standing" }), false),
    ];
    expect(cards.map((c) => [c.state, c.emphasis])).toEqual([
      ["standing", "ask"],
      ["started", "history"],
      ["started", "history"],
      ["dismissed", "history"],
      ["standing", "ask"],
    ]);
  });
});
