import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  type ActorInput,
  type CommandInput,
  createWorkspace,
  type FactInput,
  type JsonObject,
  memoryStore,
  sequentialIds,
  type WorkspaceSnapshot,
} from "../../src/entries/index.ts";
import { isKnownEvent, parseActor, replay } from "../../src/entries/rules.ts";
import { participantKey } from "../../src/model/actors.ts";
import { validateData } from "../../src/model/artifact-type.ts";
import { logEntries } from "../../src/model/snapshot.ts";
import { tickingClock } from "../workspace/helpers.ts";

const registry = fixtureRegistry();
const ARTIFACTS = ["n1", "n2", "c1", "k1"] as const;
const KIND: Record<string, string> = { n1: "note", n2: "note", c1: "checklist", k1: "counter" };
const THREADS = ["t1", "t2"] as const;
const RUNS = ["r1", "r2"] as const;

const actors: ActorInput[] = [
  { kind: "user", id: "alice", name: "Alice" },
  { kind: "user", id: "bob" },
  { kind: "agent", thread_id: "t1", run_id: "r1" },
  { kind: "agent", thread_id: "t2", run_id: "r2" },
  { kind: "external_agent", client_id: "cli" },
  { kind: "system" },
  { kind: "evaluator", name: "judge", version: "1" },
];

// Intents are resolved against the workspace as it is when they run, so most of them are
// plausible (current versions, pending proposals) and some deliberately are not.
type Intent =
  | { do: "create"; artifact: number; data: number }
  | { do: "edit"; artifact: number; stale: boolean; patch: number }
  | { do: "archive"; artifact: number }
  | { do: "propose"; artifact: number; patch: number }
  | { do: "respond"; pick: number; accept: boolean; changes: boolean }
  | { do: "thread"; thread: number }
  | { do: "mode"; thread: number; suggest: boolean }
  | { do: "focus"; thread: number; artifacts: number[] }
  | { do: "message"; thread: number; id: number }
  | { do: "run"; fact: "run_started" | "run_paused" | "run_ended" | "tool_called"; run: number }
  | { do: "answer"; run: number; approved: boolean | null }
  | { do: "feedback"; target: number; rating: number }
  | { do: "offer"; thread: number; offer: number; answer: number }
  | { do: "launch"; thread: number; id: number; permission: number }
  | { do: "ask"; scope: number; id: number; channel: number; options: boolean }
  | { do: "decide"; scope: number; id: number; option: number }
  | { do: "retire"; scope: number; id: number; reason: number }
  | { do: "side"; thread: number; open: boolean; id: number }
  | { do: "side_write"; thread: number; side: number; artifact: number; patch: number }
  | { do: "thread_admin"; thread: number; what: number };

const intent: fc.Arbitrary<Intent> = fc.oneof(
  fc.record({ do: fc.constant("create" as const), artifact: fc.nat(3), data: fc.nat(3) }),
  {
    weight: 4,
    arbitrary: fc.record({
      do: fc.constant("edit" as const),
      artifact: fc.nat(3),
      stale: fc.boolean(),
      patch: fc.nat(5),
    }),
  },
  fc.record({ do: fc.constant("archive" as const), artifact: fc.nat(3) }),
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("propose" as const),
      artifact: fc.nat(3),
      patch: fc.nat(5),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      do: fc.constant("respond" as const),
      pick: fc.nat(5),
      accept: fc.boolean(),
      changes: fc.boolean(),
    }),
  },
  fc.record({ do: fc.constant("thread" as const), thread: fc.nat(1) }),
  fc.record({ do: fc.constant("mode" as const), thread: fc.nat(1), suggest: fc.boolean() }),
  fc.record({
    do: fc.constant("focus" as const),
    thread: fc.nat(1),
    artifacts: fc.array(fc.nat(3), { maxLength: 3 }),
  }),
  fc.record({ do: fc.constant("message" as const), thread: fc.nat(1), id: fc.nat(3) }),
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("run" as const),
      fact: fc.constantFrom(
        "run_started" as const,
        "run_paused" as const,
        "run_ended" as const,
        "tool_called" as const,
      ),
      run: fc.nat(1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("answer" as const),
      run: fc.nat(1),
      approved: fc.constantFrom(true, false, null),
    }),
  },
  fc.record({
    do: fc.constant("feedback" as const),
    target: fc.nat(2),
    rating: fc.integer({ min: 0, max: 6 }),
  }),
  // Offers, launches, decisions and side conversations: as often, together, as the rest.
  {
    weight: 8,
    arbitrary: fc.oneof(
      fc.record({
        do: fc.constant("offer" as const),
        thread: fc.nat(1),
        offer: fc.nat(1),
        answer: fc.nat(3),
      }),
      fc.record({
        do: fc.constant("launch" as const),
        thread: fc.nat(1),
        id: fc.nat(2),
        permission: fc.nat(4),
      }),
      {
        weight: 6,
        arbitrary: fc.record({
          do: fc.constant("ask" as const),
          scope: fc.nat(3),
          id: fc.nat(3),
          channel: fc.nat(2),
          options: fc.boolean(),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          do: fc.constant("decide" as const),
          scope: fc.nat(3),
          id: fc.nat(3),
          option: fc.nat(2),
        }),
      },
      fc.record({
        do: fc.constant("retire" as const),
        scope: fc.nat(3),
        id: fc.nat(3),
        reason: fc.nat(2),
      }),
      fc.record({
        do: fc.constant("side" as const),
        thread: fc.nat(1),
        open: fc.boolean(),
        id: fc.nat(1),
      }),
      {
        weight: 2,
        arbitrary: fc.record({
          do: fc.constant("side_write" as const),
          thread: fc.nat(1),
          side: fc.nat(1),
          artifact: fc.nat(3),
          patch: fc.nat(5),
        }),
      },
      fc.record({ do: fc.constant("thread_admin" as const), thread: fc.nat(1), what: fc.nat(4) }),
    ),
  },
);

// Decision scopes: the two threads and the two runs.
const SCOPES = [
  { kind: "thread", id: "t1" },
  { kind: "thread", id: "t2" },
  { kind: "run", id: "r1" },
  { kind: "run", id: "r2" },
] as const;
const APPROVE_DENY = [
  { id: "approve", label: "Once" },
  { id: "deny", label: "Deny" },
];

function dataFor(kind: string, n: number): JsonObject {
  if (kind === "note") return { text: ["", "Ship v1 on Friday.", "a\nb\nc", "x"][n] ?? "" };
  if (kind === "counter") return { count: [0, 1, "3", "x"][n] ?? 0 };
  return { title: "T", items: n % 2 ? { a: { title: "A" }, b: { title: "B", done: true } } : {} };
}

function patchFor(kind: string, n: number): unknown {
  if (kind === "note") {
    const edits = [
      ["Friday", "Monday"],
      ["v1", "v2"],
      ["b", "B"],
      ["zzz", "q"],
      ["", "first"],
      ["a", "a"],
    ][n] ?? ["a", "b"];
    return { kind: "text_edits", edits: [{ old: edits[0], new: edits[1] }] };
  }
  if (kind === "counter")
    return {
      kind: "json_patch",
      ops: [{ op: "replace", path: "/count", value: [n, "7", -1, 2.5, n + 1, "x"][n] }],
    };
  const ops = [
    [{ op: "replace", path: "/items/a/done", value: true }],
    [{ op: "add", path: "/items/c", value: { title: "C" } }],
    [{ op: "remove", path: "/items/b" }],
    [{ op: "replace", path: "/title", value: `T${n}` }],
    [{ op: "add", path: "/items/d", value: { title: 5 } }],
    [{ op: "test", path: "/title", value: "nope" }],
  ][n];
  return { kind: "json_patch", ops };
}

function personsChanges(kind: string): unknown {
  const path = kind === "counter" ? "/count" : "/title";
  return {
    kind: "json_patch",
    ops: [{ op: "replace", path, value: kind === "counter" ? 42 : "edited" }],
  };
}

async function run(intents: [number, Intent][]) {
  const store = memoryStore();
  const ws = createWorkspace({
    registry,
    id: "w",
    store,
    newId: sequentialIds(),
    clock: tickingClock(),
    answerChannels: { hook: async () => {} },
  });
  for (const [actorIndex, step] of intents) {
    const actor = actors[actorIndex % actors.length] as ActorInput;
    const at = (i: number) => ARTIFACTS[i] as string;
    const current = async (i: number) => (await ws.artifact(at(i)))?.version ?? 1;
    let command: CommandInput | undefined;
    let fact: FactInput | undefined;
    switch (step.do) {
      case "create":
        command = {
          type: "create_artifact",
          artifact_id: at(step.artifact),
          kind: KIND[at(step.artifact)] as string,
          data: dataFor(KIND[at(step.artifact)] as string, step.data),
        };
        break;
      case "edit":
        command = {
          type: "edit_artifact",
          artifact_id: at(step.artifact),
          base_version: Math.max(1, (await current(step.artifact)) - (step.stale ? 1 : 0)),
          patch: patchFor(KIND[at(step.artifact)] as string, step.patch),
        } as CommandInput;
        break;
      case "archive":
        command = {
          type: "archive_artifact",
          artifact_id: at(step.artifact),
          base_version: await current(step.artifact),
        };
        break;
      case "propose":
        command = {
          type: "propose_change",
          change: {
            type: "edit_artifact",
            artifact_id: at(step.artifact),
            base_version: await current(step.artifact),
            patch: patchFor(KIND[at(step.artifact)] as string, step.patch),
          },
        } as CommandInput;
        break;
      case "respond": {
        // Mostly pending proposals; now and then a resolved one, which must be refused.
        const pending = await ws.proposals({ status: "pending" });
        const all = step.pick < 4 && pending.length > 0 ? pending : await ws.proposals();
        const proposal = all[step.pick % Math.max(1, all.length)];
        const kind =
          proposal === undefined ? "note" : (KIND[proposal.change.artifact_id] ?? "note");
        command = {
          type: "respond_to_proposal",
          proposal_id: proposal?.id ?? "none",
          decision: step.accept ? "accept" : "reject",
          changes: step.changes ? personsChanges(kind) : null,
          reason: step.accept ? null : "no",
        } as CommandInput;
        break;
      }
      case "thread":
        command = { type: "create_thread", thread_id: THREADS[step.thread] as string };
        break;
      case "mode":
        command = {
          type: "set_thread_mode",
          thread_id: THREADS[step.thread] as string,
          mode: step.suggest ? "suggest" : "edit",
        };
        break;
      case "focus":
        command = {
          type: "set_focus",
          thread_id: THREADS[step.thread] as string,
          artifact_ids: step.artifacts.map(at),
        };
        break;
      case "message":
        command = {
          type: "post_message",
          thread_id: THREADS[step.thread] as string,
          message_id: `m${step.id}`,
          content: "hi",
        };
        break;
      case "run": {
        const runId = RUNS[step.run] as string;
        const threadId = THREADS[step.run] as string;
        fact =
          step.fact === "run_paused"
            ? {
                type: "run_paused",
                run_id: runId,
                thread_id: threadId,
                requests: [
                  { tool_call_id: "q", tool_name: "ask", kind: "question" },
                  { tool_call_id: "a", tool_name: "rm", kind: "approval" },
                ],
              }
            : step.fact === "run_ended"
              ? { type: "run_ended", run_id: runId, thread_id: threadId, status: "completed" }
              : step.fact === "tool_called"
                ? {
                    type: "tool_called",
                    run_id: runId,
                    thread_id: threadId,
                    tool_call_id: "c",
                    tool_name: "read",
                  }
                : { type: "run_started", run_id: runId, thread_id: threadId };
        break;
      }
      case "answer":
        command = {
          type: "answer_deferred",
          run_id: RUNS[step.run] as string,
          tool_call_id: step.approved === null ? "q" : "a",
          answer: "yes",
          approved: step.approved,
        };
        break;
      case "feedback":
        command =
          step.target === 0
            ? {
                type: "give_feedback",
                feedback_type: "helpfulness",
                target: { kind: "thread", thread_id: "t1" },
                value: { rating: step.rating },
              }
            : {
                type: "give_feedback",
                feedback_type: "accuracy",
                target: { kind: "artifact", artifact_id: at(step.target), version: 1 },
                value: { correct: step.rating > 2 },
              };
        break;
      case "offer": {
        const offering = THREADS[step.thread] as string;
        const started = `s${step.offer}`;
        const ref = { thread_id: offering, offer_id: `o${step.offer}` };
        await ws.commit({ type: "create_thread", thread_id: started, proposed_by: ref }, actor);
        const answers = [
          { status: "started", thread_id: started, checkout: "isolated" },
          { status: "started", thread_id: started, checkout: "shared" },
          { status: "dismissed" },
          { status: "standing" },
        ] as const;
        command = { type: "answer_offer", ...ref, answer: answers[step.answer] ?? answers[0] };
        break;
      }
      case "launch":
        command = {
          type: "launch_thread",
          source_thread_id: THREADS[step.thread] as string,
          thread_id: `l${step.id}`,
          title: "Launched",
          prompt: "Do it",
          permission: [null, "read_only", "ask", "edits", "full_access"][step.permission] ?? null,
          placement:
            step.id === 0
              ? { type: "root" }
              : { type: "new_worktree", base_ref: "main", from_origin: step.id === 2 },
        };
        break;
      case "ask": {
        // Mostly asked by the scope's own agent (anyone else is refused).
        const scope = SCOPES[step.scope] ?? SCOPES[0];
        const owner = actors[2 + (step.scope % 2)] as ActorInput;
        await ws.commit(
          {
            type: "request_decision",
            scope,
            decision_id: scope.kind === "run" && step.channel === 0 ? "a" : `d${step.id}`,
            prompt: "Run rm?",
            options: step.options ? APPROVE_DENY : null,
            channel:
              [scope.kind === "run" ? "deferred" : "hook", "hook", null][step.channel] ?? null,
            expires_at: step.id % 2 === 0 ? "2099-01-01T00:00:00.000Z" : null,
          },
          actorIndex % 3 === 0 ? actor : owner,
        );
        break;
      }
      case "decide": {
        // Mostly a person answering the decision pending now; sometimes an old or unknown
        // id, or someone who may not answer.
        const scope = SCOPES[step.scope] ?? SCOPES[0];
        const owner = scope.kind === "thread" ? await ws.thread(scope.id) : await ws.run(scope.id);
        const pendingId = owner?.decision.pending?.id;
        const decisionId =
          step.id < 2 && pendingId !== undefined ? pendingId : step.id === 3 ? "a" : `d${step.id}`;
        await ws.commit(
          {
            type: "answer_decision",
            scope,
            decision_id: decisionId,
            option_id: ["approve", "deny", "maybe"][step.option] ?? "approve",
          },
          actorIndex % 3 === 0 ? actor : (actors[0] as ActorInput),
        );
        break;
      }
      case "retire":
        command = {
          type: "retire_decision",
          scope: SCOPES[step.scope] ?? SCOPES[0],
          decision_id: step.id === 3 ? "a" : `d${step.id}`,
          reason: (["user_input", "transport_lost", "expired"] as const)[step.reason] ?? "expired",
        };
        break;
      case "side":
        command = step.open
          ? { type: "open_side", thread_id: THREADS[step.thread] as string, side_id: `x${step.id}` }
          : {
              type: "close_side",
              thread_id: THREADS[step.thread] as string,
              side_id: `x${step.id}`,
            };
        break;
      case "side_write": {
        // A write from a side conversation, in its parent's mode as frozen when it opened.
        const threadId = THREADS[step.thread] as string;
        const side = { id: `x${step.side}`, thread_id: threadId, mode: "suggest" as const };
        const agent = { kind: "agent", thread_id: threadId, run_id: side.id } as const;
        await ws.commit(
          {
            type: "edit_artifact",
            artifact_id: at(step.artifact),
            base_version: await current(step.artifact),
            patch: patchFor(KIND[at(step.artifact)] as string, step.patch),
          } as CommandInput,
          agent,
          { side: step.patch % 2 === 0 ? side : { ...side, mode: "edit" } },
        );
        break;
      }
      case "thread_admin": {
        const threadId = THREADS[step.thread] as string;
        command =
          step.what === 0 || step.what === 4
            ? { type: step.what === 0 ? "end_thread" : "delete_thread", thread_id: threadId }
            : step.what === 1
              ? { type: "grant_permission", thread_id: threadId, permission: "rm" }
              : { type: "save_draft", thread_id: threadId, text: step.what === 2 ? "later" : null };
        break;
      }
    }
    if (command !== undefined) await ws.commit(command, actor);
    // Run facts come from the run's own agent half the time (others are refused).
    const own = actors[2 + (step.do === "run" ? step.run : 0)] as ActorInput;
    if (fact !== undefined) await ws.record(fact, actorIndex % 2 === 0 ? own : actor);
  }
  return { ws, snapshot: store.snapshot("w") };
}

// What the rules must never leave behind, whatever the sequence of commands.
function checkInvariants(s: WorkspaceSnapshot): void {
  expect(logEntries(s).map((e) => e.seq)).toEqual(logEntries(s).map((_, i) => i + 1));
  for (const artifact of s.artifacts.values()) {
    const history = s.revisions.get(artifact.id)?.slice() ?? [];
    expect(history.map((r) => r.version)).toEqual(history.map((_, i) => i + 1));
    expect(history.at(-1)?.version).toBe(artifact.version);
    expect(history.at(-1)?.data).toEqual(artifact.data);
    expect(history.slice(0, -1).every((r) => !r.archived)).toBe(true);
    expect(history.at(-1)?.archived).toBe(artifact.archived);
    const type = registry.artifactType(artifact.kind);
    expect(type && validateData(type, artifact.data).ok).toBe(true);
  }
  for (const proposal of s.proposals.values()) {
    const resolutions = logEntries(s).filter(
      (e) => e.event.type === "proposal_resolved" && e.event.proposal_id === proposal.id,
    );
    expect(resolutions.length).toBe(proposal.status === "pending" ? 0 : 1);
    for (const resolution of resolutions) {
      expect(participantKey(resolution.actor)).not.toBe(participantKey(proposal.proposed_by));
    }
    const landed = [...s.revisions.values()]
      .flatMap((history) => [...history])
      .filter((r) => r.proposal_id === proposal.id);
    // An accepted proposal landed exactly once, unless its change was already there, or the
    // person's changes left the artifact as it was (then nothing was written: the version
    // the resolution names is one the artifact already had).
    const alreadyPresent = resolutions.some(
      (e) => e.event.type === "proposal_resolved" && e.event.already_present,
    );
    const { resolution } = proposal;
    const history = s.revisions.get(proposal.change.artifact_id)?.slice() ?? [];
    const leftAsItWas =
      resolution?.changes != null &&
      landed.length === 0 &&
      history.some((r) => r.version === resolution.version && r.proposal_id !== proposal.id);
    const lands = proposal.status === "accepted" && !alreadyPresent && !leftAsItWas;
    expect(landed.length).toBe(lands ? 1 : 0);
    if (proposal.status !== "pending") expect(proposal.resolution).not.toBeNull();
  }
  for (const run of s.runs.values()) {
    if (run.status !== "paused") expect(run.pending).toEqual([]);
    const pendingIds = run.pending.map((r) => r.tool_call_id);
    expect(Object.keys(run.answers).every((id) => pendingIds.includes(id))).toBe(true);
  }
  // A decision id is answered at most once, and never pending once it has ended.
  for (const owner of [...s.threads.values(), ...s.runs.values()]) {
    const { pending, closed } = owner.decision;
    if (pending !== null) expect(closed[pending.id]).toBeUndefined();
    if (pending !== null && pending.channel === null) expect(pending.options).toEqual([]);
  }
  const answered = logEntries(s).flatMap(({ event }) =>
    isKnownEvent(event) && event.type === "decision_answered"
      ? [`${event.scope.kind}:${event.scope.id}:${event.decision_id}`]
      : [],
  );
  expect(new Set(answered).size).toBe(answered.length);
  for (const thread of s.threads.values()) {
    if (thread.status !== "open") expect(thread.decision.pending).toBeNull();
    if (thread.status !== "open") expect(thread.side).toBeNull();
  }
  for (const envelope of logEntries(s)) {
    const actor = parseActor(envelope.actor);
    expect(actor.ok).toBe(true);
    if (envelope.actor.kind === "evaluator") expect(envelope.event.type).toBe("feedback_given");
  }
}

// Every sequence starts from a small world (two threads, one artifact of each type, two
// runs), so the random steps mostly act on things that exist.
const prelude: [number, Intent][] = [
  [0, { do: "thread", thread: 0 }],
  [0, { do: "thread", thread: 1 }],
  [0, { do: "create", artifact: 0, data: 1 }],
  [0, { do: "create", artifact: 1, data: 2 }],
  [0, { do: "create", artifact: 2, data: 1 }],
  [0, { do: "create", artifact: 3, data: 1 }],
  [2, { do: "run", fact: "run_started", run: 0 }],
  [3, { do: "run", fact: "run_started", run: 1 }],
];
const steps = fc
  .array(fc.tuple(fc.nat(6), intent), { minLength: 1, maxLength: 40, size: "medium" })
  .map((random) => [...prelude, ...random]);

describe("laws of the log", () => {
  it("replaying the log reproduces the state the workspace reports", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (intents) => {
        const { snapshot } = await run(intents);
        const replayed = replay(logEntries(snapshot));
        expect(replayed.head).toBe(snapshot.head);
        expect(replayed.artifacts).toEqual(snapshot.artifacts);
        expect(replayed.revisions).toEqual(snapshot.revisions);
        expect(replayed.proposals).toEqual(snapshot.proposals);
        expect(replayed.threads).toEqual(snapshot.threads);
        expect(replayed.runs).toEqual(snapshot.runs);
        expect(replayed.messages).toEqual(snapshot.messages);
      }),
      { numRuns: 150 },
    );
  });

  it("no sequence of commands leaves an artifact, proposal or run in a state the rules forbid", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (intents) => {
        checkInvariants((await run(intents)).snapshot);
      }),
      { numRuns: 150 },
    );
  });

  it("the random sequences exercise the interesting paths", async () => {
    // Guards the generator: if it stopped producing accepts, archives or pauses, the laws
    // above would hold vacuously.
    const seen = new Set<string>();
    for (const intents of fc.sample(steps, { numRuns: 150, seed: 42 })) {
      const { snapshot } = await run(intents);
      for (const e of logEntries(snapshot))
        seen.add(
          e.event.type === "proposal_resolved"
            ? `${e.event.type}:${e.event.decision}`
            : e.event.type,
        );
    }
    for (const type of [
      "artifact_created",
      "artifact_changed",
      "artifact_archived",
      "proposal_created",
      "proposal_resolved:accept",
      "proposal_resolved:reject",
      "run_paused",
      "deferred_answered",
      "run_ended",
      "feedback_given",
      "focus_changed",
      "thread_mode_changed",
      "offer_answered",
      "thread_launched",
      "decision_requested",
      "decision_superseded",
      "decision_answered",
      "decision_retired",
      "side_opened",
      "side_closed",
      "thread_ended",
      "thread_deleted",
      "permission_granted",
      "draft_saved",
    ]) {
      expect(seen).toContain(type);
    }
  });
});
