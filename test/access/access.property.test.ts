// Agents propose, people decide, whatever they send: random commands and facts, well-formed
// and mutated, sent by agents, external agents and evaluators (some from a side conversation)
// against a workspace with several threads, runs, pending proposals (one made from a side),
// decisions, offers (one claimed, one standing) and a widened reviewer agent. After every
// write: no person's event has another author (the reviewer answers only others' proposals),
// no agent's write landed where it had to propose or launched its way out of suggest mode, no
// one superseded another author's proposal, and nothing changed in a thread that is not the
// agent's own (for an external agent or an evaluator: nothing but its messages and writes).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { isFact } from "../../src/decide/needs.ts";
import { type Actor, type ActorInput, authorKey, participantKey } from "../../src/model/actors.ts";
import type { Command, CommandInput } from "../../src/model/command.ts";
import type { Envelope } from "../../src/model/envelope.ts";
import type { Fact, FactInput } from "../../src/model/event.ts";
import type { Thread } from "../../src/model/threads.ts";
import type { Workspace, WriteOptions, WriteResult } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const THREADS = ["t1", "t2", "t3"] as const; // t2 is in suggest mode
const RUNS = { t1: "r1", t2: "r2", t3: "r3" } as const;
const ARTIFACTS = ["n1", "m1"] as const; // a note (direct) and a memo (propose)
const alice = { kind: "user", id: "alice" } as const;
const system = { kind: "system" } as const;
// t3's agent reviews: it may answer others' proposals, never its own (nor its side's).
const REVIEWER = { kind: "agent", thread_id: "t3" } as const;
// A side conversation open on t3, from which some writes are sent.
const SIDE = { id: "side_t3", thread_id: "t3", mode: "edit" } as const;
const OFFER = { title: "Tests", summary: "Cover the loader.", prompt: "Write the tests." };

/** The actors under test: never a person or the system. */
const ACTORS: readonly ActorInput[] = [
  { kind: "agent", thread_id: "t1", run_id: "r1" },
  { kind: "agent", thread_id: "t2", run_id: "r2" },
  { kind: "agent", thread_id: "t3", run_id: null },
  { kind: "external_agent", client_id: "mcp" },
  { kind: "evaluator", name: "judge", version: "1" },
];

// Events that only answer for a person (or the host): their author must be one.
const PEOPLES_EVENTS: ReadonlySet<string> = new Set([
  "proposal_resolved",
  "proposal_expired",
  "deferred_answered",
  "decision_answered",
  "thread_mode_changed",
  "permission_granted",
  "thread_ended",
  "thread_deleted",
  "offer_answered",
  "offer_released",
  "side_opened",
  "side_closed",
  "draft_saved",
  "focus_changed",
]);

// What a side conversation may leave: its writes and proposals (never a run's facts).
const SIDE_EVENTS: ReadonlySet<string> = new Set([
  "artifact_created",
  "artifact_changed",
  "artifact_archived",
  "proposal_created",
  "proposal_superseded",
]);

// What an external agent may leave in a thread (its messages, writes and proposals), and an
// evaluator (its feedback).
const EXTERNAL_EVENTS: ReadonlySet<string> = new Set([
  "feedback_given",
  "message_posted",
  "artifact_created",
  "artifact_changed",
  "artifact_archived",
  "proposal_created",
  "proposal_superseded",
]);

async function setup(): Promise<Workspace> {
  let n = 0;
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    newId: (prefix) => `${prefix}_${++n}`,
    clock: () => new Date("2026-12-01T09:00:00.000Z"),
    answerChannels: { hook: async () => {} },
    widen: [{ actor: REVIEWER, may: ["respond_to_proposal"] }],
  });
  const must = (result: WriteResult) => {
    if (!result.ok) throw new Error(`setup refused: ${JSON.stringify(result.rejection)}`);
  };
  for (const id of THREADS) must(await ws.commit({ type: "create_thread", thread_id: id }, alice));
  must(await ws.commit({ type: "set_thread_mode", thread_id: "t2", mode: "suggest" }, alice));
  const note = { type: "create_artifact", artifact_id: "n1", kind: "note", data: { text: "a" } };
  must(await ws.commit(note as CommandInput, alice));
  const memo = { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "a" } };
  must(await ws.commit(memo as CommandInput, alice));
  for (const [thread, run] of Object.entries(RUNS)) {
    const agent = { kind: "agent", thread_id: thread, run_id: run } as const;
    must(await ws.record({ type: "run_started", run_id: run, thread_id: thread }, agent));
  }
  const approval = { tool_call_id: "call_a", tool_name: "rm", kind: "approval" } as const;
  must(
    await ws.record(
      { type: "run_paused", run_id: "r1", thread_id: "t1", requests: [approval] },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    ),
  );
  // Pending proposals: one by t3's agent, one by a person.
  const memoEdit = (value: string, proposal_id: string, thread_id: string) => ({
    type: "propose_change",
    proposal_id,
    change: {
      type: "edit_artifact",
      artifact_id: "m1",
      base_version: 1,
      thread_id,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value }] },
    },
  });
  must(await ws.commit(memoEdit("b", "p1", "t3") as CommandInput, ACTORS[2] as ActorInput));
  must(await ws.commit(memoEdit("c", "p2", "t1") as CommandInput, alice));
  // One made from t3's side conversation: the reviewer's own, though the side's participant.
  const lease = "2026-12-01T10:00:00.000Z";
  must(
    await ws.commit(
      { type: "open_side", thread_id: "t3", side_id: SIDE.id, lease_until: lease },
      alice,
    ),
  );
  must(
    await ws.commit(memoEdit("s", "pS", "t3") as CommandInput, ACTORS[2] as ActorInput, {
      side: SIDE,
    }),
  );
  const options = [{ id: "yes", label: "Yes" }];
  for (const thread of THREADS) {
    const ask = {
      type: "request_decision",
      scope: { kind: "thread", id: thread },
      decision_id: `d_${thread}`,
      prompt: "Go on?",
      options,
      channel: "hook",
    };
    must(await ws.commit(ask as CommandInput, system));
  }
  // Offers: t1's is being started (claimed by s1), t2's is standing.
  for (const [thread, offer_id] of [
    ["t1", "o1"],
    ["t2", "o2"],
  ] as const) {
    const offerer = { kind: "agent", thread_id: thread, run_id: RUNS[thread] } as const;
    must(
      await ws.commit({ type: "make_offer", thread_id: thread, offer_id, offer: OFFER }, offerer),
    );
  }
  must(
    await ws.commit(
      { type: "create_thread", thread_id: "s1", proposed_by: { thread_id: "t1", offer_id: "o1" } },
      alice,
    ),
  );
  const standing = { status: "standing" } as const;
  must(
    await ws.commit(
      { type: "answer_offer", thread_id: "t2", offer_id: "o2", answer: standing },
      alice,
    ),
  );
  return ws;
}

/** What to send, chosen by small numbers so that most of it is plausible. */
interface Step {
  readonly actor: number;
  readonly template: number;
  readonly thread: number;
  readonly pick: number;
  /** Sent from t3's side conversation. */
  readonly side: boolean;
  readonly mutation: Mutation | null;
}
type Mutation =
  | { readonly kind: "field"; readonly key: string; readonly value: unknown }
  | { readonly kind: "drop"; readonly key: string }
  | { readonly kind: "side_id" }
  | { readonly kind: "junk"; readonly value: unknown };

function templates(thread: string, pick: number, ws: { heads: Map<string, number> }) {
  const artifact = ARTIFACTS[pick % 2] as string;
  const base = ws.heads.get(artifact) ?? 1;
  const run = RUNS[thread as keyof typeof RUNS] ?? "r1";
  const scope = pick % 3 === 0 ? { kind: "run", id: run } : { kind: "thread", id: thread };
  const edit = {
    type: "edit_artifact",
    artifact_id: artifact,
    base_version: base,
    thread_id: pick % 4 === 0 ? null : thread,
    patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: `v${pick}` }] },
  };
  const proposalId = ["p1", "p2", "pS", "p9"][pick % 4] as string;
  const offerId = ["o1", "o2", `o${pick}`][pick % 3] as string;
  return [
    edit,
    { type: "archive_artifact", artifact_id: artifact, base_version: base, thread_id: thread },
    {
      type: "create_artifact",
      artifact_id: `new${pick}`,
      kind: pick % 2 ? "memo" : "note",
      data: { text: "x" },
      thread_id: thread,
    },
    { type: "propose_change", change: edit },
    { type: "respond_to_proposal", proposal_id: proposalId, decision: "accept" },
    { type: "respond_to_proposal", proposal_id: proposalId, decision: "reject" },
    { type: "expire_proposal", proposal_id: proposalId },
    { type: "create_thread", thread_id: `x${pick}` },
    { type: "post_message", thread_id: thread, content: "hi" },
    { type: "set_focus", thread_id: thread, artifact_ids: [artifact] },
    { type: "set_thread_mode", thread_id: thread, mode: pick % 2 ? "edit" : "suggest" },
    { type: "answer_deferred", run_id: run, tool_call_id: "call_a", approved: true },
    {
      type: "give_feedback",
      feedback_type: "helpfulness",
      target: { kind: "thread", thread_id: thread },
      value: { rating: 1 + (pick % 5) },
    },
    { type: "save_draft", thread_id: thread, text: "later" },
    { type: "end_thread", thread_id: thread },
    { type: "delete_thread", thread_id: thread },
    { type: "grant_permission", thread_id: thread, permission: "rm" },
    { type: "answer_offer", thread_id: thread, offer_id: offerId, answer: { status: "dismissed" } },
    { type: "release_offer", thread_id: thread, offer_id: offerId },
    {
      type: "launch_thread",
      source_thread_id: thread,
      title: "L",
      prompt: "Do it",
      ...(pick % 3 === 0 ? {} : { mode: pick % 3 === 1 ? "edit" : "suggest" }),
    },
    { type: "request_decision", scope, decision_id: `q${pick}`, prompt: "?" },
    { type: "answer_decision", scope, decision_id: `d_${thread}`, option_id: "yes" },
    {
      type: "retire_decision",
      scope,
      decision_id: `d_${thread}`,
      reason: (["user_input", "transport_lost", "expired"] as const)[pick % 3],
    },
    { type: "open_side", thread_id: thread, side_id: `side${pick}` },
    { type: "close_side", thread_id: thread, side_id: `side${pick}` },
    { type: "run_started", run_id: `run${pick}`, thread_id: thread },
    { type: "tool_called", run_id: run, thread_id: thread, tool_call_id: "c", tool_name: "t" },
    { type: "run_ended", run_id: run, thread_id: thread, status: "completed" },
    { type: "app_event", thread_id: pick % 2 ? thread : null, name: "pin" },
    { type: "make_offer", thread_id: thread, offer_id: offerId, offer: OFFER },
    {
      type: "create_thread",
      thread_id: `y${pick}`,
      proposed_by: { thread_id: thread, offer_id: offerId },
    },
  ] as Record<string, unknown>[];
}

const mutation: fc.Arbitrary<Mutation | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant("field" as const),
      key: fc.constantFrom("thread_id", "type", "run_id", "proposal_id", "scope", "change"),
      value: fc.oneof(fc.constantFrom("t1", "t2", "t3", "p1", null), fc.jsonValue({ maxDepth: 2 })),
    }),
    fc.record({ kind: fc.constant("drop" as const), key: fc.constantFrom("thread_id", "type") }),
    fc.record({ kind: fc.constant("side_id" as const) }),
    fc.record({ kind: fc.constant("junk" as const), value: fc.jsonValue({ maxDepth: 3 }) }),
  ),
  { freq: 4 },
);

const REVIEWER_INDEX = 2; // ACTORS[2] is t3's agent, the reviewer, whose thread has the side

/** Anything, by anyone, in any thread. */
const anyStep: fc.Arbitrary<Step> = fc.record({
  actor: fc.nat(ACTORS.length - 1),
  template: fc.nat(30),
  // Mostly the actor's own thread (-1), so that much of what agents send may go through.
  thread: fc.oneof({ weight: 2, arbitrary: fc.constant(-1) }, fc.nat(2)),
  pick: fc.nat(11),
  side: fc.constant(false),
  mutation,
});

/** Something sent from t3's side conversation: mostly by t3's agent, mostly a write. */
const sideStep: fc.Arbitrary<Step> = fc.record({
  actor: fc.oneof({ weight: 3, arbitrary: fc.constant(REVIEWER_INDEX) }, fc.nat(ACTORS.length - 1)),
  // Writes, a run's facts (never a side's to record), or anything.
  template: fc.oneof(
    { weight: 3, arbitrary: fc.nat(3) },
    fc.integer({ min: 25, max: 28 }),
    fc.nat(30),
  ),
  thread: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, fc.nat(2)),
  pick: fc.nat(11),
  side: fc.constant(true),
  mutation: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, mutation),
});

/** The widened reviewer answering a proposal: another's, its own, or its side's. */
const reviewStep: fc.Arbitrary<Step> = fc.record({
  actor: fc.constant(REVIEWER_INDEX),
  template: fc.constantFrom(4, 5),
  thread: fc.constant(-1),
  pick: fc.nat(11),
  side: fc.constant(false),
  mutation: fc.constant(null),
});

/** t2's agent, kept to suggesting: writes, offers, and launches that would escape it. */
const suggestStep: fc.Arbitrary<Step> = fc.record({
  actor: fc.constant(1), // ACTORS[1] is t2's agent; t2 is in suggest mode
  template: fc.constantFrom(0, 1, 2, 19, 29),
  thread: fc.constant(-1),
  pick: fc.nat(11),
  side: fc.constant(false),
  mutation: fc.constant(null),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: anyStep },
  { weight: 1, arbitrary: sideStep },
  { weight: 1, arbitrary: reviewStep },
  { weight: 1, arbitrary: suggestStep },
);

function mutate(
  item: Record<string, unknown>,
  actor: ActorInput,
  mutation: Mutation | null,
): { item: unknown; actor: ActorInput } {
  if (mutation === null) return { item, actor };
  switch (mutation.kind) {
    case "field":
      return { item: { ...item, [mutation.key]: mutation.value }, actor };
    case "drop": {
      const { [mutation.key]: _, ...rest } = item;
      return { item: rest, actor };
    }
    case "side_id":
      return { item, actor: actor.kind === "agent" ? { ...actor, side_id: "side1" } : actor };
    case "junk":
      return { item: mutation.value, actor };
  }
}

/** What the workspace looked like before a write. */
interface Before {
  readonly threads: ReadonlyMap<string, Thread>;
  readonly kinds: ReadonlyMap<string, string>;
}

async function snapshot(ws: Workspace): Promise<Before> {
  const threads = await Promise.all(THREADS.map((id) => ws.thread(id)));
  const artifacts = await ws.artifacts();
  return {
    threads: new Map(threads.flatMap((t) => (t === null ? [] : [[t.id, t]]))),
    kinds: new Map(artifacts.map((a) => [a.id, a.kind])),
  };
}

const WRITES: ReadonlySet<string> = new Set([
  "artifact_created",
  "artifact_changed",
  "artifact_archived",
]);

const registry = fixtureRegistry();

const isReviewer = (actor: Actor): boolean =>
  actor.kind === "agent" && actor.side_id === undefined && actor.thread_id === REVIEWER.thread_id;

type Logged = Envelope["event"] & {
  readonly artifact_id?: string;
  readonly kind?: string;
  readonly proposed_by?: Actor;
  readonly mode?: string;
  readonly source_thread_id?: string;
};

// The widened reviewer's answer: someone else's proposal, and nothing but its resolution.
function checkReview(envelopes: readonly Envelope[], author: Actor): void {
  const resolved = envelopes
    .map((e) => e.event as Logged)
    .find((e) => e.type === "proposal_resolved");
  const label = `review by ${JSON.stringify(author)}`;
  expect(authorKey(resolved?.proposed_by as Actor), label).not.toBe(authorKey(author));
  for (const { event } of envelopes) {
    if (event.type === "proposal_resolved") continue;
    expect(WRITES.has(event.type), `${label}: ${event.type}`).toBe(true);
    expect((event as Logged).artifact_id, label).toBe(resolved?.artifact_id);
  }
}

// One event of a write: who may have written it, and where.
function checkEvent({ event, actor: author, thread_id }: Envelope, before: Before): void {
  const logged = event as Logged;
  const label = `${event.type} by ${JSON.stringify(author)}`;
  if (PEOPLES_EVENTS.has(event.type)) expect(["user", "system"], label).toContain(author.kind);
  if (event.type === "decision_retired" && "reason" in event && event.reason === "user_input") {
    expect(["user", "system"], label).toContain(author.kind);
  }
  if (author.kind === "agent" && author.side_id !== undefined) {
    expect(SIDE_EVENTS.has(event.type), label).toBe(true);
  }
  // Supersession replaces only the author's own proposals.
  if (event.type === "proposal_superseded") {
    expect(participantKey(logged.proposed_by as Actor), label).toBe(participantKey(author));
  }
  const agentLike = author.kind === "agent" || author.kind === "external_agent";
  if (WRITES.has(event.type) && agentLike) {
    // An agent's write lands only on a direct type, outside a suggest-mode thread.
    const kind = logged.kind ?? before.kinds.get(logged.artifact_id ?? "") ?? "";
    expect(registry.artifactType(kind)?.writePolicy, label).toBe("direct");
    if (thread_id !== null) expect(before.threads.get(thread_id)?.mode, label).not.toBe("suggest");
  }
  // A thread launched from a suggest-mode thread suggests too.
  if (event.type === "thread_launched" && agentLike) {
    const source = before.threads.get(logged.source_thread_id ?? "");
    if (source?.mode === "suggest") expect(logged.mode, label).toBe("suggest");
  }
  // An agent changes nothing in an existing thread but its own (a launch makes a new one);
  // an external agent leaves only its messages, writes and proposals.
  if (thread_id !== null && before.threads.has(thread_id)) {
    if (author.kind === "agent") expect(thread_id, label).toBe(author.thread_id);
    if (author.kind !== "agent") expect(EXTERNAL_EVENTS.has(event.type), label).toBe(true);
  }
}

function check(envelopes: readonly Envelope[], author: Actor, before: Before): void {
  if (isReviewer(author) && envelopes.some((e) => e.event.type === "proposal_resolved")) {
    checkReview(envelopes, author);
    return;
  }
  for (const envelope of envelopes) checkEvent(envelope, before);
}

// No thread record but the agent's own changed (none at all for anyone else).
async function untouched(ws: Workspace, author: Actor, before: Before): Promise<void> {
  for (const [id, thread] of before.threads) {
    if (author.kind === "agent" && author.thread_id === id) continue;
    expect(await ws.thread(id), `thread ${id} after ${JSON.stringify(author)}`).toEqual(thread);
  }
}

/** Sends one step as its actor; what it wrote, if anything, with the actor as parsed. */
async function send(ws: Workspace, s: Step): Promise<WriteResult> {
  const heads = new Map<string, number>();
  for (const id of ARTIFACTS) heads.set(id, (await ws.artifact(id))?.version ?? 1);
  const sender = ACTORS[s.actor] as ActorInput;
  const own = sender.kind === "agent" ? sender.thread_id : "t1";
  const thread = s.thread < 0 ? own : (THREADS[s.thread] as string);
  const template = templates(thread, s.pick, { heads })[s.template] ?? {};
  const { item, actor } = mutate(template, sender, s.mutation);
  const options: WriteOptions = s.side ? { side: SIDE } : {};
  return typeof item === "object" && item !== null && isFact(item as Command | Fact)
    ? ws.record(item as FactInput, actor, options)
    : ws.commit(item as CommandInput, actor, options);
}

describe("agents propose, people decide, whatever they send", () => {
  it("after every write: people's events are people's, policies held, other threads untouched", async () => {
    const seen = { written: 0, refused: 0, side: 0, reviewed: 0, offered: 0, launched: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const ws = await setup();
        for (const s of steps) {
          const before = await snapshot(ws);
          const head = await ws.head();
          const result = await send(ws, s);
          if (!result.ok) {
            expect(await ws.head()).toBe(head);
            seen.refused++;
            continue;
          }
          const [first] = result.envelopes;
          if (first === undefined) continue;
          seen.written++;
          if (first.actor.kind === "agent" && first.actor.side_id !== undefined) seen.side++;
          if (first.event.type === "proposal_resolved") seen.reviewed++;
          if (first.event.type === "offer_made") seen.offered++;
          if (result.envelopes.some((e) => e.event.type === "thread_launched")) seen.launched++;
          check(result.envelopes, first.actor, before);
          await untouched(ws, first.actor, before);
        }
      }),
      { numRuns: 50, seed: 20261202 },
    );
    // The property saw writes that went through (from a side, a review, an offer among
    // them) and refusals.
    expect(seen.written).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
    expect(seen.side).toBeGreaterThan(0);
    expect(seen.reviewed).toBeGreaterThan(0);
    expect(seen.offered).toBeGreaterThan(0);
    expect(seen.launched).toBeGreaterThan(0);
  });
});
