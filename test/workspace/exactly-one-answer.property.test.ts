import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import type { Scope } from "../../src/model/decisions.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import type { Store } from "../../src/stores/port.ts";
import { sqliteStore } from "../../src/stores/sqlite/sqlite-store.ts";
import type { Workspace } from "../../src/workspace/api.ts";
import type { DecisionDelivery } from "../../src/workspace/deliveries.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";

const OPTIONS = [
  { id: "once", label: "Once" },
  { id: "always", label: "Always" },
  { id: "deny", label: "Deny" },
];

/** Two writers on one store, both delivering through the same proven `hook` channel. */
interface Rig {
  readonly writers: readonly Workspace[];
  readonly received: DecisionDelivery[];
  readonly stores: readonly Store[];
}

function rig(stores: readonly Store[]): Rig {
  const received: DecisionDelivery[] = [];
  const writers = stores.map((store) =>
    createWorkspace({
      registry: fixtureRegistry(),
      store,
      answerChannels: {
        hook: async (delivery) => {
          await Promise.resolve();
          received.push(delivery);
        },
      },
    }),
  );
  return { writers, received, stores };
}

const { file } = tempFiles("decisions-exactly-one");
const shared = memoryStore();
const path = file();
const rigs: [string, Rig][] = [
  ["memory", rig([shared, shared])],
  ["sqlite (two connections on one file)", rig([sqliteStore({ path }), sqliteStore({ path })])],
];
afterAll(async () => {
  for (const [, { stores }] of rigs) for (const store of stores) await store.close();
});

describe.each(rigs)("exactly one answer wins: %s", (_name, { writers, received }) => {
  let round = 0;

  it("delivers once, logs one answer, and every other surface gets a repeat of the winner", async () => {
    const [first] = writers;
    if (first === undefined) throw new Error("no writer");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            option: fc.constantFrom(...OPTIONS.map((o) => o.id)),
            ticks: fc.nat(3),
            // Any entry point that writes the answer: the service, or a plain commit.
            via: fc.constantFrom("answerDecision", "commit"),
          }),
          { minLength: 2, maxLength: 8 },
        ),
        async (surfaces) => {
          const picks = surfaces.map((s) => s.option);
          // A fresh thread and decision per run, so runs share the store but not the decision.
          const threadId = `t${++round}`;
          const scope: Scope = { kind: "thread", id: threadId };
          const decisionId = `d${round}`;
          await first.commit({ type: "create_thread", thread_id: threadId }, { kind: "system" });
          const asked = await first.commit(
            {
              type: "request_decision",
              scope,
              decision_id: decisionId,
              prompt: "Run `ls`?",
              options: OPTIONS,
              channel: "hook",
            },
            { kind: "agent", thread_id: threadId },
          );
          expect(asked.ok).toBe(true);
          const deliveredBefore = received.length;

          const results = await Promise.all(
            surfaces.map(async ({ option: option_id, ticks, via }, i) => {
              // A few microtask turns first, so that any surface can be the one that wins.
              for (let t = 0; t < ticks; t++) await Promise.resolve();
              const writer = writers[i % writers.length] ?? first;
              const answer = { scope, decision_id: decisionId, option_id, surface: `surface-${i}` };
              const person = { kind: "user", id: `person-${i}` } as const;
              if (via === "answerDecision") return writer.answerDecision(answer, person);
              const written = await writer.commit({ type: "answer_decision", ...answer }, person);
              if (!written.ok) return { ok: false, stage: "answer", rejection: written.rejection };
              // A commit that consumed the id delivers too; one that did not is a repeat.
              return written.delivery ?? { ok: true, status: "repeat", option_id: null };
            }),
          );

          const values = results.map((r) => {
            if (!r.ok) throw new Error(`refused at ${r.stage}: ${r.rejection?.type}`);
            return r;
          });
          const winners = values.flatMap((v, i) => (v.status === "delivered" ? [i] : []));
          expect(winners).toHaveLength(1);
          const winner = winners[0] ?? -1;
          const option = picks[winner];
          expect(values[winner]).toEqual({
            ok: true,
            status: "delivered",
            option_id: option,
            channel: "hook",
          });
          values.forEach((value, i) => {
            if (i === winner) return;
            // A commit does not look the winner up; the service does.
            const seen = surfaces[i]?.via === "commit" ? null : option;
            expect(value).toEqual({ ok: true, status: "repeat", option_id: seen });
          });

          expect(received.slice(deliveredBefore)).toEqual([
            {
              scope,
              thread_id: threadId,
              run_id: null,
              decision_id: decisionId,
              option_id: option,
              label: OPTIONS.find((o) => o.id === option)?.label,
            },
          ]);
          const answered = (await first.log()).filter(
            (e) => e.event.type === "decision_answered" && e.thread_id === threadId,
          );
          expect(answered).toHaveLength(1);
          expect(answered[0]?.event).toMatchObject({
            decision_id: decisionId,
            option_id: option,
            surface: `surface-${winner}`,
          });
          expect((await first.thread(threadId))?.decision.closed[decisionId]).toEqual({
            reason: "answered",
            option_id: option,
            superseded_by: null,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
