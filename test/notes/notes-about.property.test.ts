import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStore } from "../../src/entries/index.ts";
import { type Actor, participantKey } from "../../src/model/actors.ts";
import type { Envelope } from "../../src/model/envelope.ts";
import { changeNotes, notesNeeds } from "../../src/notes/change-notes.ts";
import { notesAbout } from "../../src/notes/notes-about.ts";
import type { Store } from "../../src/stores/port.ts";
import { dataAt, logOf, randomLog, viewerAndFocus } from "./fixtures/random-log.ts";

const WS = "ws_law";

interface Case {
  readonly log: Envelope[];
  readonly viewer: Actor;
  readonly focus: string[];
  readonly after: number;
}

const cases = fc
  .tuple(randomLog(40), viewerAndFocus, fc.nat())
  .map(([entries, { viewer, focus }, at]): Case => {
    const log = logOf(WS, entries);
    return { log, viewer, focus: focus ?? [], after: at % (log.length + 1) };
  });

// What the viewer hears of after `after`, read from `envelopes`.
const notesOf = (envelopes: readonly Envelope[], { viewer, focus }: Case) => ({
  notes: changeNotes(envelopes, { viewer, focus, dataAt }),
  needs: notesNeeds(envelopes, { viewer, focus }),
});

// The notes of the whole stretch after the cursor, and those of what the indexed read gives
// (each read through `drop`, which a test uses to break the filter on purpose).
async function both(c: Case, drop: (e: Envelope, c: Case) => boolean = () => false) {
  const store: Store = memoryStore();
  expect(await store.append(WS, 0, { ...EMPTY, envelopes: c.log })).toMatchObject({ ok: true });
  const full = await store.read(WS, { after: c.after });
  const about = notesAbout(c.viewer, c.focus);
  expect(about).not.toBeNull();
  const indexed = (
    await store.read(WS, { after: c.after, about: about ?? { artifacts: [] } })
  ).filter((e) => !drop(e, c));
  return { full: notesOf(full, c), indexed: notesOf(indexed, c), read: indexed };
}

const EMPTY = {
  artifacts: [],
  revisions: [],
  proposals: [],
  threads: [],
  runs: [],
  messages: [],
};

describe("notes read by what the viewer follows", () => {
  it("are exactly the notes of the whole log after the cursor (memory store)", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { full, indexed, read } = await both(c);
        expect(indexed).toEqual(full);
        // In order, after the cursor, each once.
        const seqs = read.map((e) => e.seq);
        expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
        expect(seqs.every((seq) => seq > c.after)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("reads everything for a viewer that follows everything", () => {
    for (const viewer of [{ kind: "user", id: "alice", name: null } as const]) {
      expect(notesAbout(viewer, null)).toBeNull();
    }
  });

  // The law above holds only because every kind of event that makes a note is read: with
  // any one kind left out of the read, the same law finds a log where notes differ.
  it.each([
    "artifact_created",
    "artifact_changed",
    "artifact_archived",
    "proposal_created",
    "proposal_resolved",
    "proposal_expired",
    "proposal_commented",
    "decision_answered",
    "deferred_answered",
    "message_posted",
  ])("fails when the read misses %s", async (type) => {
    const found = await fc.check(
      fc.asyncProperty(cases, async (c) => {
        const { full, indexed } = await both(c, (e) => e.event.type === type);
        expect(indexed).toEqual(full);
      }),
      { numRuns: 2000 },
    );
    expect(found.failed).toBe(true);
  });

  // And every route by which an envelope reaches the viewer is needed: those not about a
  // followed artifact, read by its thread or as addressed to it.
  const unfollowed = (e: Envelope, c: Case) => {
    const artifact = (e.event as { artifact_id?: string }).artifact_id;
    return artifact !== undefined && !(c.focus ?? []).includes(artifact);
  };
  const mine = (actor: unknown, c: Case) =>
    participantKey(actor as Actor) === participantKey(c.viewer);
  it.each([
    [
      "an artifact created in its thread",
      (e: Envelope, c: Case) => e.event.type === "artifact_created" && unfollowed(e, c),
    ],
    [
      "a revert of its change",
      (e: Envelope, c: Case) =>
        e.event.type === "artifact_changed" &&
        unfollowed(e, c) &&
        mine((e.event as { reverted: { author: Actor } | null }).reverted?.author, c),
    ],
    [
      "an answer to its proposal",
      (e: Envelope, c: Case) =>
        (e.event.type === "proposal_resolved" || e.event.type === "proposal_expired") &&
        unfollowed(e, c),
    ],
    [
      "a comment on its proposal",
      (e: Envelope, c: Case) => e.event.type === "proposal_commented" && unfollowed(e, c),
    ],
  ])("fails when the read misses %s", async (_name, drop) => {
    const found = await fc.check(
      fc.asyncProperty(cases, async (c) => {
        const { full, indexed } = await both(c, drop);
        expect(indexed).toEqual(full);
      }),
      { numRuns: 3000 },
    );
    expect(found.failed).toBe(true);
  });
});
