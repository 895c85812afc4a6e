// Pages of pending decisions and of offers through the workspace: cursors a person reads
// that survive any id, nothing after a cursor no page gave, a limit outside 1–1,000 refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { createWorkspace, isWorkspaceError, memoryStore } from "../../src/entries/index.ts";
import type { PendingDecision } from "../../src/model/decisions.ts";
import type { OfferEntry } from "../../src/model/offers.ts";
import {
  decisionCursor,
  decisionCursorScope,
  offerCursor,
  offerCursorRef,
} from "../../src/model/page-cursors.ts";

const alice = { kind: "user", id: "alice" } as const;
// Ids as commands may carry them: a `:` or a `%` among them.
const id = fc.stringMatching(/^[a-z0-9:%/ _-]{1,12}$/);

describe("page cursors", () => {
  it("name the scope or the offer they were made from, whatever its ids hold", () => {
    fc.assert(
      fc.property(fc.constantFrom("thread", "run" as const), id, (kind, scopeId) => {
        const pending = { scope: { kind, id: scopeId } } as PendingDecision;
        expect(decisionCursorScope(decisionCursor(pending))).toEqual({ kind, id: scopeId });
      }),
    );
    fc.assert(
      fc.property(id, id, (thread_id, offer_id) => {
        const entry = { thread_id, offer_id } as OfferEntry;
        expect(offerCursorRef(offerCursor(entry))).toEqual({ thread_id, offer_id });
      }),
    );
    expect(offerCursor({ thread_id: "thr_1", offer_id: "toolu_2" } as OfferEntry)).toBe(
      "thr_1:toolu_2",
    );
    for (const text of ["thr_1", "side:x", "thread:", ":x"]) {
      expect(decisionCursorScope(text), text).toBeNull();
    }
    for (const text of ["nope", "%E0%A4%A:o1", ":o1", "t1:"]) {
      expect(offerCursorRef(text), text).toBeNull();
    }
  });
});

describe("workspace pages of decisions and offers", () => {
  const workspace = async () => {
    const ws = createWorkspace({ registry: fixtureRegistry(), store: memoryStore() });
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;
    const scope = { kind: "thread", id: "t1" } as const;
    await ws.commit(
      { type: "request_decision", scope, decision_id: "d1", prompt: "Go?", options: null },
      agent,
    );
    const offer = { title: "T", summary: "S", rationale: null, prompt: "P", files: [] };
    await ws.commit({ type: "make_offer", thread_id: "t1", offer_id: "o1", offer }, agent);
    return ws;
  };

  it("list nothing after a cursor or thread no page or command could have given", async () => {
    const ws = await workspace();
    expect((await ws.decisionPage()).next).toBeNull();
    expect((await ws.decisionPage()).items).toHaveLength(1);
    expect((await ws.offerPage()).items).toHaveLength(1);
    const empty = { items: [], next: null };
    for (const after of ["t1", "thread:", "thread:\u0000", "scope:t1"]) {
      expect(await ws.decisionPage({ after }), after).toEqual(empty);
    }
    for (const after of ["t1", "t1:o9", "%ZZ:o1"]) {
      expect(await ws.offerPage({ after }), after).toEqual(empty);
    }
    expect(await ws.decisionPage({ threadId: "" })).toEqual(empty);
    expect(await ws.offerPage({ threadId: "\u0000" })).toEqual(empty);
  });

  it("refuse a limit outside 1 to 1,000 as invalid_argument", async () => {
    const ws = await workspace();
    for (const limit of [0, 1001, 1.5, Number.NaN]) {
      for (const read of [ws.decisionPage({ limit }), ws.offerPage({ limit })]) {
        const error = await read.catch((e: unknown) => e);
        expect(isWorkspaceError(error) && error.code, String(limit)).toBe("invalid_argument");
      }
    }
  });
});
