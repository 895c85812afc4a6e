// The write cache (ADR 0002) changes no answer: two long-lived workspaces taking turns on one
// store, each deciding from what its own last append left, answer every command of a random
// sequence exactly as a workspace opened afresh for each command does, and leave the same log
// and entities. On SQLite files: a workspace keeps a write cache over a durable store.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import {
  type ActorInput,
  type CommandInput,
  createWorkspace,
  type FactInput,
  type Store,
  sequentialIds,
  type Workspace,
} from "../../src/entries/index.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const { file } = tempFiles("write-cache-property");

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const AT = new Date(Date.UTC(2026, 11, 2, 9, 0, 0));

type Step =
  | { readonly writer: 0 | 1; readonly command: CommandInput; readonly as: ActorInput }
  | { readonly writer: 0 | 1; readonly fact: FactInput; readonly as: ActorInput };

const thread = fc.constantFrom("t1", "t2");
const version = fc.integer({ min: 1, max: 4 });
const text = fc.constantFrom("a", "b", "c");

const step = (command: CommandInput, as: ActorInput = alice) => ({ command, as });

const commands: fc.Arbitrary<{ command: CommandInput; as: ActorInput }> = fc.oneof(
  fc
    .record({ t: thread, m: fc.constantFrom("m1", "m2", "m3"), c: text })
    .map(({ t, m, c }) => step({ type: "post_message", thread_id: t, message_id: m, content: c })),
  {
    weight: 2,
    arbitrary: fc
      .record({
        t: thread,
        who: fc.constantFrom<ActorInput>(alice, agent, agent),
        end: fc.boolean(),
      })
      .map(({ t, who, end }) =>
        step({ type: end ? "end_thread" : "delete_thread", thread_id: t }, who),
      ),
  },
  {
    weight: 4,
    arbitrary: fc.record({ v: version, c: text }).map(({ v, c }) =>
      step({
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: v,
        patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: c }] },
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ v: fc.constantFrom(1, 2), p: fc.constantFrom("p1", "p2", "p3"), c: text })
      .map(({ v, p, c }) =>
        step(
          {
            type: "edit_artifact",
            artifact_id: "w1",
            base_version: v,
            proposal_id: p,
            thread_id: "t1",
            patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: c }] },
          },
          agent,
        ),
      ),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ p: fc.constantFrom("p1", "p2", "p3"), d: fc.constantFrom("accept", "reject") })
      .map(({ p, d }) => step({ type: "respond_to_proposal", proposal_id: p, decision: d })),
  },
  version.map((v) => step({ type: "archive_artifact", artifact_id: "n1", base_version: v })),
  {
    weight: 2,
    arbitrary: fc.constantFrom("d1", "d2").map((id) =>
      step(
        {
          type: "request_decision",
          scope: { kind: "run", id: "r1" },
          decision_id: id,
          prompt: "?",
        },
        agent,
      ),
    ),
  },
);

// Both workspaces start with something in their caches.
const SETUP: Step[] = [
  { writer: 0, ...step({ type: "create_thread", thread_id: "t1" }) },
  { writer: 1, ...step({ type: "create_thread", thread_id: "t2" }) },
  { writer: 0, ...step({ type: "create_artifact", artifact_id: "n1", kind: "note", data: {} }) },
  {
    writer: 1,
    ...step({ type: "create_artifact", artifact_id: "w1", kind: "memo", data: {} }),
  },
  { writer: 0, fact: { type: "run_started", run_id: "r1", thread_id: "t1" }, as: agent },
];

const steps: fc.Arbitrary<Step[]> = fc
  .array(
    fc
      .tuple(fc.constantFrom<0 | 1>(0, 1), commands)
      .map(([writer, step]): Step => ({ writer, ...step })),
    { minLength: 1, maxLength: 30 },
  )
  .map((random) => [...SETUP, ...random]);

// Envelope ids are drawn once per attempt, and a stale cache costs an attempt: ids differ.
const normalized = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v) =>
    typeof v === "string" && /^evt_\d+$/.test(v) ? "evt" : v,
  );

async function run(
  steps: readonly Step[],
  writerFor: (step: Step, store: Store, options: object) => Workspace,
) {
  const store = sqliteStore({ path: file(), synchronous: "normal" });
  const options = { newId: sequentialIds(), clock: () => AT };
  const answers: unknown[] = [];
  for (const step of steps) {
    const ws = writerFor(step, store, options);
    answers.push(
      "command" in step
        ? await ws.commit(step.command, step.as)
        : await ws.record(step.fact, step.as),
    );
  }
  const reader = createWorkspace({ registry: fixtureRegistry(), store, id: "ws_prop" });
  const state = {
    log: await reader.log(),
    artifacts: await reader.artifacts(),
    proposals: await reader.proposals(),
    threads: await reader.threads(),
    runs: await reader.runs(),
    decisions: await reader.decisions(),
  };
  await store.close();
  return normalized({ answers, state });
}

describe("the write cache", () => {
  it("two cached workspaces answer and write as a fresh workspace per command does", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const open = (store: Store, options: object) =>
          createWorkspace({ registry: fixtureRegistry(), store, id: "ws_prop", ...options });
        let pair: Workspace[] | null = null;
        const cached = await run(sequence, (step, store, options) => {
          pair ??= [open(store, options), open(store, options)];
          return pair[step.writer] as Workspace;
        });
        const fresh = await run(sequence, (_, store, options) => open(store, options));
        expect(cached).toEqual(fresh);
      }),
      { numRuns: 150, seed: 20261202 },
    );
  });

  it("after writes in flight at once on one workspace, it answers as a fresh workspace does", async () => {
    const burst = fc.array(commands, { minLength: 2, maxLength: 12 });
    const then = fc.array(commands, { minLength: 1, maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(burst, then, async (together, after) => {
        const store = sqliteStore({ path: file(), synchronous: "normal" });
        const open = () =>
          createWorkspace({ registry: fixtureRegistry(), store, id: "ws_burst", clock: () => AT });
        const ws = open();
        for (const step of SETUP) {
          if ("command" in step) await ws.commit(step.command, step.as);
          else await ws.record(step.fact, step.as);
        }
        // Each write of the burst lands or is refused, whatever the others do meanwhile.
        const answers = await Promise.all(together.map((step) => ws.commit(step.command, step.as)));
        for (const answer of answers) expect(typeof answer.ok).toBe("boolean");
        // Then each command is answered as a workspace reading the store afresh answers it:
        // the same refusal, or the same outcome and events (the log position aside).
        const seen = (answer: object) =>
          JSON.parse(JSON.stringify(answer), (key, v) => (key === "seq" ? undefined : v));
        for (const step of after) {
          const expected = await open().dryRun(step.command, step.as);
          const answer = await ws.commit(step.command, step.as);
          expect(
            seen(answer.ok ? [answer.outcome, answer.envelopes.map((e) => e.event)] : answer),
          ).toEqual(seen(expected.ok ? [expected.value.outcome, expected.value.events] : expected));
        }
        await store.close();
      }),
      { numRuns: 60, seed: 20261203 },
    );
  });
});
