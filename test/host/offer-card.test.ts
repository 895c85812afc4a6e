import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { offerCardIn } from "../../src/host/offer-card.ts";
import { orThrow } from "../../src/model/errors.ts";
import { ThreadOfferSchema } from "../../src/model/offers.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const alice = { kind: "user", id: "alice" } as const;
const offer = ThreadOfferSchema.parse({
  title: "Tidy the loader",
  summary: "Make the settings loader report bad input.",
  prompt: "Make load() throw on malformed JSON, naming the file.",
});
const ref = { thread_id: "t1", offer_id: "call_1" };

async function startedOffer() {
  const ws = createWorkspace({ registry: fixtureRegistry() });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit({ type: "create_thread", thread_id: "t2", proposed_by: ref }, alice);
  await ws.commit(
    {
      type: "answer_offer",
      ...ref,
      answer: { status: "started", thread_id: "t2", checkout: "isolated" },
    },
    alice,
  );
  return ws;
}

describe("the card of an offer as the workspace has it", () => {
  it("is standing before any answer, and null for an offering thread that does not exist", async () => {
    const ws = createWorkspace({ registry: fixtureRegistry() });
    expect(await offerCardIn(ws, ref, offer)).toBeNull();
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    expect((await offerCardIn(ws, ref, offer))?.state).toBe("standing");
  });

  it("links the started thread while it exists, even once it has ended", async () => {
    const ws = await startedOffer();
    expect(await offerCardIn(ws, ref, offer)).toMatchObject({
      state: "started",
      link: { thread_id: "t2" },
    });
    await ws.commit({ type: "end_thread", thread_id: "t2" }, alice);
    expect(await offerCardIn(ws, ref, offer)).toMatchObject({ link: { thread_id: "t2" } });
  });

  it("stays started but drops the link once the started thread is deleted", async () => {
    const ws = await startedOffer();
    const deleted = await ws.commit({ type: "delete_thread", thread_id: "t2" }, alice);
    expect(orThrow(deleted).envelopes.map((e) => e.event.type)).toEqual(["thread_deleted"]);
    const card = await offerCardIn(ws, ref, offer);
    expect(card).toMatchObject({ state: "started", link: null, checkout: "isolated" });
    expect(card?.state === "started" && card.line).toMatch(/no longer exists/);
  });
});

describe("the card of an offer stored whole", () => {
  it("is drawn from the workspace alone, and is null for an offer never made", async () => {
    const ws = createWorkspace({ registry: fixtureRegistry() });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    expect(await offerCardIn(ws, ref)).toBeNull();
    const made = await ws.commit(
      { type: "make_offer", ...ref, offer },
      {
        kind: "agent",
        thread_id: "t1",
      },
    );
    expect(made.ok).toBe(true);
    expect(await offerCardIn(ws, ref)).toMatchObject({
      state: "standing",
      title: "Tidy the loader",
      summary: "Make the settings loader report bad input.",
    });
    expect(await ws.offers()).toEqual([{ ...ref, offer, answer: null, starting: null }]);
  });
});
