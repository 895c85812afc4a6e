// A proposal loads only what it touches (ADR 0062): its thread's pending proposals on the
// artifact, where the type supersedes, and the rejections that recorded its first hunk. Law:
// every answer and every event of a random run of proposals, revisions, direct edits (an
// agent's on a memo become proposals), accepts and rejects on
// a superseding and a non-superseding type is the one the rules give with every pending and
// rejected proposal of the artifact in hand, as they were loaded before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { decide } from "../../src/decide/decide.ts";
import { parseCommand } from "../../src/decide/parse.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import type { Actor } from "../../src/model/actors.ts";
import type { CommandInput } from "../../src/model/command.ts";
import type { CommitResult } from "../../src/model/commit-result.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { Proposal } from "../../src/model/proposals.ts";
import type { Result } from "../../src/model/result.ts";
import { logEntries, type WorkspaceSnapshot } from "../../src/model/snapshot.ts";
import { revisionKey, type State } from "../../src/model/state.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const WS = "ws_narrow";
const NOW = new Date("2026-12-04T09:00:00.000Z");
const registry = fixtureRegistry();
const alice: Actor = { kind: "user", id: "alice", name: "Alice" };
const agents: readonly Actor[] = [
  { kind: "agent", thread_id: "t1", run_id: null, name: "assistant" },
  { kind: "agent", thread_id: "t2", run_id: null, name: "assistant" },
];
// A memo's proposals supersede their thread's older ones; a note's do not.
const ARTIFACTS = ["m1", "n1"] as const;
const WORDS = ["alpha", "beta", "gamma"] as const;
const TO = ["one", "two"] as const;

/**
 * A map that holds every key: `has` is always true and `get` computes the value, so the rules
 * can look anything up, whatever `needs` asked for.
 */
class Everything<V> extends Map<string, V> {
  readonly #of: (key: string) => V;
  constructor(of: (key: string) => V) {
    super();
    this.#of = of;
  }
  override has(): boolean {
    return true;
  }
  override get(key: string): V {
    return this.#of(key);
  }
}

// Every pending (rejected) proposal of the artifact a key names, as loads gave them before.
const wide = (s: WorkspaceSnapshot, status: Proposal["status"]) =>
  new Everything<readonly Proposal[]>((key) => {
    const [artifactId] = JSON.parse(key) as [string, string];
    return [...s.proposals.values()].filter(
      (p) => p.status === status && p.change.artifact_id === artifactId,
    );
  });

// The whole workspace as a state, with the wide lists of pending and rejected proposals.
function wideState(s: WorkspaceSnapshot): State {
  return {
    artifacts: new Everything((id) => s.artifacts.get(id) ?? null),
    proposals: new Everything((id) => s.proposals.get(id) ?? null),
    threads: new Everything((id) => s.threads.get(id) ?? null),
    runs: new Everything((id) => s.runs.get(id) ?? null),
    messages: new Everything((id) => s.messages.has(id)),
    revisions: new Everything((key) => {
      for (const history of s.revisions.values()) {
        for (const r of history) if (revisionKey(r) === key) return r;
      }
      return null;
    }),
    pending: wide(s, "pending"),
    rejected: wide(s, "rejected"),
    deciding: new Everything(() => []),
  };
}

type Step =
  | {
      readonly kind: "propose";
      readonly agent: number;
      readonly artifact: number;
      readonly word: number;
      readonly to: number;
      readonly revise: boolean;
    }
  | {
      readonly kind: "write";
      readonly by: number;
      readonly artifact: number;
      readonly word: number;
      readonly to: number;
    }
  | { readonly kind: "answer"; readonly pick: number; readonly accept: boolean };

// Mostly proposals and answers, so repeats and supersessions come up; now and then an edit.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("propose" as const),
      agent: fc.nat(1),
      artifact: fc.nat(1),
      word: fc.nat(WORDS.length - 1),
      to: fc.nat(TO.length - 1),
      revise: fc.boolean(),
    }),
  },
  // A direct edit by an agent (a memo's becomes a proposal) or by a person (`by` 2).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("write" as const),
      by: fc.nat(2),
      artifact: fc.nat(1),
      word: fc.nat(WORDS.length - 1),
      to: fc.nat(TO.length - 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      pick: fc.nat(),
      accept: fc.boolean(),
    }),
  },
);

// An edit of `artifactId` at the snapshot's version, replacing one word.
const edit = (
  s: WorkspaceSnapshot,
  artifactId: string,
  at: { word: number; to: number },
  n: number,
) => ({
  type: "edit_artifact" as const,
  artifact_id: artifactId,
  base_version: s.artifacts.get(artifactId)?.version ?? 1,
  patch: {
    kind: "text_edits" as const,
    field: "text",
    edits: [{ old: WORDS[at.word] as string, new: TO[at.to] as string }],
  },
  summary: null,
  thread_id: null,
  proposal_id: `prp_${n}`,
});

// The command a step sends at the snapshot `s`, and who sends it (`null`: nothing to answer).
function commandOf(
  s: WorkspaceSnapshot,
  at: Step,
  n: number,
): { input: CommandInput; actor: Actor } | null {
  const pending = [...s.proposals.values()].filter((p) => p.status === "pending");
  if (at.kind === "answer") {
    const p = pending[at.pick % Math.max(1, pending.length)];
    if (p === undefined) return null;
    const decision = at.accept ? "accept" : "reject";
    const input: CommandInput = {
      type: "respond_to_proposal",
      proposal_id: p.id,
      decision,
      reason: at.accept ? null : "not this",
    };
    return { input, actor: alice };
  }
  if (at.kind === "write") {
    const actor = agents[at.by] ?? alice;
    return { input: edit(s, ARTIFACTS[at.artifact] as string, at, n), actor };
  }
  const actor = agents[at.agent] as Actor;
  const artifactId = ARTIFACTS[at.artifact] as string;
  const own = pending.filter(
    (p) => p.change.artifact_id === artifactId && p.thread_id === `t${at.agent + 1}`,
  );
  const input: CommandInput = {
    type: "propose_change",
    proposal_id: `prp_${n}`,
    change: edit(s, artifactId, at, n),
    rationale: null,
    revises: at.revise ? (own.at(-1)?.id ?? null) : null,
  };
  return { input, actor };
}

const { file } = tempFiles("narrow-loads");

// The same two threads and two artifacts in a workspace on `store`.
async function setup(store: Store) {
  const ws = createWorkspace({
    registry,
    store,
    id: WS,
    newId: sequentialIds(),
    clock: () => NOW,
  });
  for (const thread_id of ["t1", "t2"]) {
    await ws.commit({ type: "create_thread", thread_id }, alice);
  }
  const text = "alpha\nbeta\ngamma\n";
  for (const [artifact_id, kind] of [
    ["m1", "memo"],
    ["n1", "note"],
  ] as const) {
    await ws.commit({ type: "create_artifact", artifact_id, kind, data: { text } }, alice);
  }
  return ws;
}

const withoutSeq = (outcome: object) => ({ ...outcome, seq: null });

type Written = Awaited<ReturnType<Workspace["commit"]>>;

// A write's answer and the events it appended are what the rules gave with the wide lists.
function expectSame(actual: Written, events: readonly unknown[], expected: Result<CommitResult>) {
  if (!expected.ok) {
    expect(actual.ok ? actual.outcome : actual.rejection).toEqual(expected.rejection);
    return;
  }
  if (!actual.ok) throw new Error(`refused: ${actual.rejection.message}`);
  expect(withoutSeq(actual.outcome)).toEqual(withoutSeq(expected.value.outcome));
  expect(events).toEqual(expected.value.events);
}

describe("a proposal loads what it touches", () => {
  it("answers and records what the wide loads gave, on memory and on SQLite", async () => {
    // How often the runs met what the narrowed loads serve, so the law is not met vacuously.
    const met = { superseded: 0, reproposals: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        const memory = memoryStore();
        // SQLite keeps a write cache of what its last append left: its lists must follow too.
        const sqlite = sqliteStore({ path: file() });
        const [inMemory, onFile] = [await setup(memory), await setup(sqlite)];
        try {
          let n = 0;
          for (const at of steps) {
            const before = memory.snapshot(WS);
            const sent = commandOf(before, at, ++n);
            if (sent === null) continue;
            const parsed = parseCommand(sent.input, sequentialIds());
            if (!parsed.ok) throw new Error(parsed.rejection.message);
            const context = { actor: sent.actor, registry, now: NOW.toISOString() };
            const expected = decide(parsed.value, wideState(before), context);
            const actual = await inMemory.commit(sent.input, sent.actor);
            const events = logEntries(memory.snapshot(WS), before.head).map((e) => e.event);
            expectSame(actual, events, expected);
            const stored = await onFile.commit(sent.input, sent.actor);
            const read = await sqlite.read(WS, { after: before.head });
            expectSame(
              stored,
              read.map((e) => e.event),
              expected,
            );
            if (events.some((e) => e.type === "proposal_superseded")) met.superseded++;
            if (actual.ok && "reproposal_of" in actual.outcome) met.reproposals++;
          }
        } finally {
          await sqlite.close();
        }
      }),
      { numRuns: 60 },
    );
    expect(met.superseded).toBeGreaterThan(0);
    expect(met.reproposals).toBeGreaterThan(0);
  });
});
