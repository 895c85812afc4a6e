// Agents propose, people decide, whatever they send: random commands and facts, well-formed
// and mutated, sent by agents, external agents and evaluators against a workspace with
// several threads, runs, pending proposals, decisions and offers. After every write: no
// person's event has another author, no agent's write landed where it had to propose, and
// nothing changed in a thread that is not the agent's own.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { isFact } from "../../../src/decide/needs.ts";
import type { Actor, ActorInput } from "../../../src/model/actors.ts";
import type { CommandInput } from "../../../src/model/command.ts";
import type { Envelope } from "../../../src/model/envelope.ts";
import type { FactInput } from "../../../src/model/event.ts";
import type { Workspace, WriteResult } from "../../../src/workspace/api.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";

const THREADS = ["t1", "t2", "t3"] as const; // t2 is in suggest mode
const RUNS = { t1: "r1", t2: "r2", t3: "r3" } as const;
const ARTIFACTS = ["n1", "m1"] as const; // a note (direct) and a memo (propose)
const alice = { kind: "user", id: "alice" } as const;
const system = { kind: "system" } as const;

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

async function setup(): Promise<Workspace> {
  let n = 0;
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    newId: (prefix) => `${prefix}_${++n}`,
    clock: () => new Date("2026-12-01T09:00:00.000Z"),
    answerChannels: { hook: async () => {} },
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
  must(
    await ws.commit(
      { type: "create_thread", thread_id: "s1", proposed_by: { thread_id: "t1", offer_id: "o1" } },
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
  const proposalId = ["p1", "p2", "p9"][pick % 3] as string;
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
    { type: "answer_offer", thread_id: thread, offer_id: "o1", answer: { status: "dismissed" } },
    { type: "release_offer", thread_id: thread, offer_id: "o1" },
    { type: "launch_thread", source_thread_id: thread, title: "L", prompt: "Do it" },
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
  ] as Record<string, unknown>[];
}

const step: fc.Arbitrary<Step> = fc.record({
  actor: fc.nat(ACTORS.length - 1),
  template: fc.nat(28),
  // Mostly the actor's own thread (-1), so that much of what agents send may go through.
  thread: fc.oneof({ weight: 2, arbitrary: fc.constant(-1) }, fc.nat(2)),
  pick: fc.nat(11),
  mutation: fc.option(
    fc.oneof(
      fc.record({
        kind: fc.constant("field" as const),
        key: fc.constantFrom("thread_id", "type", "run_id", "proposal_id", "scope", "change"),
        value: fc.oneof(
          fc.constantFrom("t1", "t2", "t3", "p1", null),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      }),
      fc.record({ kind: fc.constant("drop" as const), key: fc.constantFrom("thread_id", "type") }),
      fc.record({ kind: fc.constant("side_id" as const) }),
      fc.record({ kind: fc.constant("junk" as const), value: fc.jsonValue({ maxDepth: 3 }) }),
    ),
    { freq: 4 },
  ),
});

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

/** What the workspace looked like before a write: the modes of its threads. */
async function modes(ws: Workspace): Promise<Map<string, string>> {
  const threads = await Promise.all(THREADS.map((id) => ws.thread(id)));
  return new Map(threads.flatMap((t) => (t === null ? [] : [[t.id, t.mode]])));
}

const WRITES: ReadonlySet<string> = new Set([
  "artifact_created",
  "artifact_changed",
  "artifact_archived",
]);

const registry = fixtureRegistry();

function check(
  envelopes: readonly Envelope[],
  actor: Actor,
  before: {
    readonly modes: Map<string, string>;
    readonly threads: Set<string>;
    readonly kinds: Map<string, string>;
  },
): void {
  for (const { event, actor: author, thread_id } of envelopes) {
    const label = `${event.type} by ${JSON.stringify(author)}`;
    if (PEOPLES_EVENTS.has(event.type)) expect(["user", "system"], label).toContain(author.kind);
    if (event.type === "decision_retired" && "reason" in event && event.reason === "user_input") {
      expect(["user", "system"], label).toContain(author.kind);
    }
    if (WRITES.has(event.type) && (author.kind === "agent" || author.kind === "external_agent")) {
      // An agent's write lands only on a direct type, outside a suggest-mode thread.
      const { artifact_id = "", kind } = event as { artifact_id?: string; kind?: string };
      const type = registry.artifactType(kind ?? before.kinds.get(artifact_id) ?? "");
      expect(type?.writePolicy, label).toBe("direct");
      if (thread_id !== null) expect(before.modes.get(thread_id), label).not.toBe("suggest");
    }
    // An agent changes nothing in an existing thread but its own (a launch makes a new one).
    if (actor.kind === "agent" && thread_id !== null && before.threads.has(thread_id)) {
      expect(thread_id, label).toBe(actor.thread_id);
    }
  }
}

describe("agents propose, people decide, whatever they send", () => {
  it("after every write: people's events are people's, policies held, other threads untouched", async () => {
    const seen = { written: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ws = await setup();
        const heads = new Map<string, number>();
        for (const s of steps) {
          for (const id of ARTIFACTS) heads.set(id, (await ws.artifact(id))?.version ?? 1);
          const sender = ACTORS[s.actor] as ActorInput;
          const own = sender.kind === "agent" ? sender.thread_id : "t1";
          const thread = s.thread < 0 ? own : (THREADS[s.thread] as string);
          const template = templates(thread, s.pick, { heads })[s.template] ?? {};
          const { item, actor } = mutate(template, sender, s.mutation);
          const threads = await Promise.all(THREADS.map((id) => ws.thread(id)));
          const artifacts = await ws.artifacts();
          const before = {
            modes: await modes(ws),
            threads: new Set(threads.flatMap((t) => (t === null ? [] : [t.id]))),
            kinds: new Map(artifacts.map((a) => [a.id, a.kind])),
          };
          const head = await ws.head();
          const result =
            typeof item === "object" && item !== null && isFact(item as never)
              ? await ws.record(item as FactInput, actor)
              : await ws.commit(item as CommandInput, actor);
          if (!result.ok) {
            expect(await ws.head()).toBe(head);
            seen.refused++;
            continue;
          }
          if (result.envelopes.length > 0) seen.written++;
          const parsedActor = result.envelopes[0]?.actor;
          if (parsedActor !== undefined) check(result.envelopes, parsedActor, before);
        }
      }),
      { numRuns: 100 },
    );
    // The property saw both: writes that went through, and refusals.
    expect(seen.written).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });
});
