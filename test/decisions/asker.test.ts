// Who asked a decision decides who may retire it: every asker against every actor that may
// ask or retire in the scope, and approvals asked in any labels. The rules are pure, so each
// cell is one `commit` on a state built here.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { commit } from "../../src/decide/commit.ts";
import { type Actor, type ActorInput, ActorSchema } from "../../src/model/actors.ts";
import { CommandSchema } from "../../src/model/command.ts";
import type { DecideContext } from "../../src/model/context.ts";
import { APPROVAL_OPTIONS, type Decision } from "../../src/model/decisions.ts";
import { RunSchema } from "../../src/model/runs.ts";
import { emptyState, type State } from "../../src/model/state.ts";
import { newThread } from "../../src/model/threads.ts";

const actor = (input: ActorInput): Actor => ActorSchema.parse(input);
const registry = fixtureRegistry();
const NOW = "2026-12-01T09:00:00.000Z";
const context = (who: Actor): DecideContext => ({ actor: who, registry, now: NOW });

// Who may have asked the pending decision, `null` for one recorded before askers were.
const ASKERS: Readonly<Record<string, ActorInput | null>> = {
  unrecorded: null,
  system: { kind: "system" },
  person: { kind: "user", id: "alice" },
  "thr_1's agent, run_1": { kind: "agent", thread_id: "thr_1", run_id: "run_1" },
  "thr_1's agent, another run": { kind: "agent", thread_id: "thr_1", run_id: "run_3" },
  "thr_1's agent, no run": { kind: "agent", thread_id: "thr_1" },
  "thr_1's side conversation": { kind: "agent", thread_id: "thr_1", side_id: "side_1" },
  "thr_2's agent": { kind: "agent", thread_id: "thr_2", run_id: "run_9" },
  "an external agent": { kind: "external_agent", client_id: "mcp" },
};

// Who asks again, or reports the transport lost, in thr_1 (the table lets each of them).
const ACTING: Readonly<Record<string, ActorInput>> = {
  system: { kind: "system" },
  "thr_1's agent, run_1": { kind: "agent", thread_id: "thr_1", run_id: "run_1" },
  "thr_1's agent, run_2": { kind: "agent", thread_id: "thr_1", run_id: "run_2" },
};

function pendingBy(asker: Actor | null): Decision {
  return {
    id: "dec_a",
    prompt: "Deploy?",
    options: [{ id: "yes", label: "Yes" }],
    received_at: null,
    channel: "notes",
    expires_at: "2026-12-01T08:00:00.000Z",
    asked_by: asker,
  };
}

function stateWith(pending: Decision): State {
  const thread = { ...newThread("thr_1", ""), decision: { pending, closed: {} } };
  return { ...emptyState(), threads: new Map([["thr_1", thread]]) };
}

const request = CommandSchema.parse({
  type: "request_decision",
  scope: { kind: "thread", id: "thr_1" },
  decision_id: "dec_b",
  prompt: "Deploy later?",
  options: [{ id: "yes", label: "Yes" }],
  channel: "notes",
});
const retire = (reason: "transport_lost" | "expired") =>
  CommandSchema.parse({
    type: "retire_decision",
    scope: { kind: "thread", id: "thr_1" },
    decision_id: "dec_a",
    reason,
  });

// Its own: thr_1's agent asked it, in any run of the thread (not from a side conversation).
const own = (asker: ActorInput | null): boolean =>
  asker?.kind === "agent" && asker.thread_id === "thr_1" && asker.side_id === undefined;

describe("a decision is retired by a newer one, or as lost, only by whoever may", () => {
  for (const [askerName, askerInput] of Object.entries(ASKERS)) {
    const asker = askerInput === null ? null : actor(askerInput);
    for (const [actingName, actingInput] of Object.entries(ACTING)) {
      const acting = actor(actingInput);
      const may = acting.kind === "system" || own(askerInput);

      it(`asked by ${askerName}, superseded by ${actingName}: ${may ? "yes" : "forbidden"}`, () => {
        const result = commit(request, stateWith(pendingBy(asker)), context(acting));
        if (may) {
          expect(result.ok && result.value.events.map((e) => e.type)).toEqual([
            "decision_superseded",
            "decision_requested",
          ]);
          const asked = result.ok ? result.value.threads[0]?.decision.pending : undefined;
          expect(asked?.asked_by).toEqual(acting);
        } else {
          expect(result).toMatchObject({
            ok: false,
            rejection: { type: "forbidden", action: "request_decision", actor_kind: "agent" },
          });
          expect(!result.ok && result.rejection.message).toMatch(/^decision dec_a, pending in/);
        }
      });

      it(`asked by ${askerName}, reported lost by ${actingName}: ${may ? "yes" : "forbidden"}`, () => {
        const result = commit(
          retire("transport_lost"),
          stateWith(pendingBy(asker)),
          context(acting),
        );
        if (may)
          expect(result.ok && result.value.events.map((e) => e.type)).toEqual(["decision_retired"]);
        else expect(result).toMatchObject({ ok: false, rejection: { type: "forbidden" } });
      });

      it(`asked by ${askerName}, past its expiry, retired as expired by ${actingName}`, () => {
        const result = commit(retire("expired"), stateWith(pendingBy(asker)), context(acting));
        expect(result.ok && result.value.events.map((e) => e.type)).toEqual(["decision_retired"]);
      });
    }
  }
});

describe("an approval's options", () => {
  const approvalRun = RunSchema.parse({
    id: "run_p",
    thread_id: "thr_1",
    status: "paused",
    pending: [{ tool_call_id: "call_a", tool_name: "delete_note", kind: "approval" }],
  });
  const state: State = { ...emptyState(), runs: new Map([["run_p", approvalRun]]) };
  const agent = actor({ kind: "agent", thread_id: "thr_1", run_id: "run_p" });
  const label = fc.string({ minLength: 1, maxLength: 12 });
  // Any non-empty selection of approve and deny, in any order, each with any label.
  const options = fc
    .subarray(["approve", "deny"], { minLength: 1 })
    .chain((ids) => fc.shuffledSubarray(ids, { minLength: ids.length }))
    .chain((ids) => fc.tuple(...ids.map((id) => label.map((l) => ({ id, label: l })))));

  it("are the library's words, approve then deny, whatever the asker labels them", () => {
    fc.assert(
      fc.property(options, (sent) => {
        const command = CommandSchema.parse({
          type: "request_decision",
          scope: { kind: "run", id: "run_p" },
          decision_id: "call_a",
          prompt: "Delete note_1?",
          options: sent,
          channel: "deferred",
        });
        const result = commit(command, state, context(agent));
        const asked = result.ok ? result.value.runs[0]?.decision.pending : undefined;
        expect(asked?.options).toEqual(APPROVAL_OPTIONS);
        // What the person clicks on is what the answer records: `approve` approves.
        const answered = commit(
          CommandSchema.parse({
            type: "answer_decision",
            scope: { kind: "run", id: "run_p" },
            decision_id: "call_a",
            option_id: "approve",
          }),
          {
            ...state,
            runs: new Map([
              ["run_p", result.ok ? (result.value.runs[0] ?? approvalRun) : approvalRun],
            ]),
          },
          context(actor({ kind: "user", id: "alice" })),
        );
        const events = answered.ok ? answered.value.events : [];
        expect(events).toMatchObject([
          { type: "deferred_answered", approved: true },
          { type: "decision_answered", option_id: "approve", label: "Approve" },
        ]);
      }),
    );
  });
});
