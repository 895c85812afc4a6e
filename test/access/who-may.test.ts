// Who may do what (docs/spec.md section 9), cell by cell: every command and fact, sent by every kind
// of actor against a workspace where it would otherwise go through. The expected table is
// written out here on its own, from the spec, so a change to the library's table fails it.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { COMMANDS } from "../../src/decide/commands.ts";
import { FACTS } from "../../src/decide/facts.ts";
import { isFact } from "../../src/decide/needs.ts";
import type { AccessWidening, Action } from "../../src/model/access.ts";
import type { ActorInput } from "../../src/model/actors.ts";
import type { Command, CommandInput } from "../../src/model/command.ts";
import type { Fact, FactInput } from "../../src/model/event.ts";
import type { Workspace, WriteResult } from "../../src/workspace/api.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

type Cell = "person" | "system" | "own_agent" | "other_agent" | "external_agent" | "evaluator";
const CELLS: readonly Cell[] = [
  "person",
  "system",
  "own_agent",
  "other_agent",
  "external_agent",
  "evaluator",
];

const ACTORS: Readonly<Record<Cell, ActorInput>> = {
  person: { kind: "user", id: "alice" },
  system: { kind: "system" },
  own_agent: { kind: "agent", thread_id: "thr_1", run_id: "run_r" },
  other_agent: { kind: "agent", thread_id: "thr_2", run_id: "run_o" },
  external_agent: { kind: "external_agent", client_id: "mcp" },
  evaluator: { kind: "evaluator", name: "judge", version: "1" },
};

// The spec's table: y = may, . = may not. Columns in the order of CELLS.
//                              person system own other external evaluator
const EXPECTED: Readonly<Record<Action, string>> = {
  create_artifact: /*       */ "y y y . y .",
  edit_artifact: /*         */ "y y y . y .",
  archive_artifact: /*      */ "y y y . y .",
  propose_change: /*        */ "y y y . y .",
  post_message: /*          */ "y y y . y .",
  respond_to_proposal: /*   */ "y y . . . .",
  respond_to_proposals: /*  */ "y y . . . .",
  revert_revision: /*       */ "y y . . . .",
  expire_proposal: /*       */ "y y . . . .",
  comment_on_proposal: /*   */ "y y y . . .",
  request_changes: /*       */ "y y . . . .",
  create_thread: /*         */ "y y . . . .",
  set_focus: /*             */ "y y . . . .",
  set_thread_mode: /*       */ "y y . . . .",
  answer_deferred: /*       */ "y y . . . .",
  give_feedback: /*         */ "y y . . . y",
  save_draft: /*            */ "y y . . . .",
  end_thread: /*            */ "y y . . . .",
  delete_thread: /*         */ "y y . . . .",
  grant_permission: /*      */ "y y . . . .",
  make_offer: /*            */ "y y y . . .",
  answer_offer: /*          */ "y y . . . .",
  release_offer: /*         */ "y y . . . .",
  launch_thread: /*         */ "y y y . . .",
  request_decision: /*      */ ". y y . . .",
  answer_decision: /*       */ "y y . . . .",
  retire_decision: /*       */ "y y y . . .",
  open_side: /*             */ "y y . . . .",
  close_side: /*            */ "y y . . . .",
  run_started: /*           */ ". y y . . .",
  tool_called: /*           */ ". y y . . .",
  tool_returned: /*         */ ". y y . . .",
  run_paused: /*            */ ". y y . . .",
  run_ended: /*             */ ". y y . . .",
  app_event: /*             */ "y y y . . .",
};

const edit: Extract<CommandInput, { type: "edit_artifact" }> = {
  type: "edit_artifact",
  artifact_id: "n1",
  base_version: 1,
  patch: { kind: "text_edits", edits: [{ old: "draft", new: "final" }] },
  thread_id: "thr_1",
};
const threadScope = { kind: "thread", id: "thr_1" } as const;

// One sample per action, acting in thread thr_1 (the own agent's; not the other agent's).
const SAMPLES: Readonly<Record<Action, CommandInput | FactInput>> = {
  create_artifact: {
    type: "create_artifact",
    artifact_id: "n2",
    kind: "note",
    data: { text: "new" },
    thread_id: "thr_1",
  },
  edit_artifact: edit,
  archive_artifact: {
    type: "archive_artifact",
    artifact_id: "n1",
    base_version: 1,
    thread_id: "thr_1",
  },
  propose_change: { type: "propose_change", change: edit },
  post_message: { type: "post_message", thread_id: "thr_1", content: "hello" },
  respond_to_proposal: { type: "respond_to_proposal", proposal_id: "prp_x", decision: "reject" },
  respond_to_proposals: {
    type: "respond_to_proposals",
    responses: [{ proposal_id: "prp_x", decision: "reject" }],
  },
  revert_revision: { type: "revert_revision", artifact_id: "n3", version: 2 },
  expire_proposal: { type: "expire_proposal", proposal_id: "prp_old" },
  // The own agent's proposal (thr_1's): its own to comment on.
  comment_on_proposal: { type: "comment_on_proposal", proposal_id: "prp_old", text: "Why?" },
  request_changes: { type: "request_changes", proposal_id: "prp_x", text: "Shorter, please." },
  create_thread: { type: "create_thread", thread_id: "thr_9" },
  set_focus: { type: "set_focus", thread_id: "thr_1", artifact_ids: ["n1"] },
  set_thread_mode: { type: "set_thread_mode", thread_id: "thr_1", mode: "suggest" },
  answer_deferred: {
    type: "answer_deferred",
    run_id: "run_p",
    tool_call_id: "call_q",
    answer: "Monday",
  },
  give_feedback: {
    type: "give_feedback",
    feedback_type: "helpfulness",
    target: { kind: "thread", thread_id: "thr_1" },
    value: { rating: 4 },
  },
  save_draft: { type: "save_draft", thread_id: "thr_1", text: "later" },
  end_thread: { type: "end_thread", thread_id: "thr_1" },
  delete_thread: { type: "delete_thread", thread_id: "thr_1" },
  grant_permission: { type: "grant_permission", thread_id: "thr_1", permission: "edits" },
  answer_offer: {
    type: "answer_offer",
    thread_id: "thr_1",
    offer_id: "call_offer",
    answer: { status: "dismissed" },
  },
  make_offer: {
    type: "make_offer",
    thread_id: "thr_1",
    offer_id: "call_new",
    offer: { title: "Tests", summary: "Cover the loader.", prompt: "Write the tests." },
  },
  release_offer: { type: "release_offer", thread_id: "thr_1", offer_id: "call_claimed" },
  launch_thread: {
    type: "launch_thread",
    source_thread_id: "thr_1",
    title: "Follow-up",
    prompt: "Do the follow-up.",
  },
  request_decision: {
    type: "request_decision",
    scope: threadScope,
    decision_id: "dec_2",
    prompt: "Which one?",
  },
  answer_decision: {
    type: "answer_decision",
    scope: threadScope,
    decision_id: "dec_1",
    option_id: "yes",
  },
  retire_decision: {
    type: "retire_decision",
    scope: threadScope,
    decision_id: "dec_1",
    reason: "transport_lost",
  },
  open_side: { type: "open_side", thread_id: "thr_1", side_id: "side_1" },
  close_side: { type: "close_side", thread_id: "thr_1", side_id: "side_0" },
  run_started: { type: "run_started", run_id: "run_new", thread_id: "thr_1" },
  tool_called: {
    type: "tool_called",
    run_id: "run_r",
    thread_id: "thr_1",
    tool_call_id: "call_t",
    tool_name: "search",
  },
  tool_returned: {
    type: "tool_returned",
    run_id: "run_r",
    thread_id: "thr_1",
    tool_call_id: "call_t",
    status: "ok",
  },
  run_paused: {
    type: "run_paused",
    run_id: "run_r",
    thread_id: "thr_1",
    requests: [{ tool_call_id: "call_z", tool_name: "ask", kind: "question" }],
  },
  run_ended: { type: "run_ended", run_id: "run_r", thread_id: "thr_1", status: "completed" },
  app_event: { type: "app_event", thread_id: "thr_1", name: "pinned" },
};

const alice = ACTORS.person;
let generated = 0;
const ownAgent = ACTORS.own_agent;

function ok(result: WriteResult): void {
  if (!result.ok) throw new Error(`setup refused: ${JSON.stringify(result.rejection)}`);
}

/** Two threads, two notes (one at v2), runs (paused and running), a pending proposal, a decision, a side. */
async function workspace(widen: readonly AccessWidening[] = []): Promise<Workspace> {
  let now = "2026-11-29T09:00:00.000Z";
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    newId: (prefix) => `${prefix}_g${++generated}`,
    clock: () => new Date(now),
    answerChannels: { hook: async () => {} },
    widen,
  });
  ok(await ws.commit({ type: "create_thread", thread_id: "thr_1" }, alice));
  ok(await ws.commit({ type: "create_thread", thread_id: "thr_2" }, alice));
  const note = {
    type: "create_artifact",
    artifact_id: "n1",
    kind: "note",
    data: { text: "draft" },
  };
  ok(await ws.commit(note as CommandInput, alice));
  // A note with a second version, for a revert to undo.
  ok(await ws.commit({ ...note, artifact_id: "n3" } as CommandInput, alice));
  const n3Edit = { ...edit, artifact_id: "n3", thread_id: null };
  ok(await ws.commit(n3Edit as CommandInput, alice));
  ok(await ws.record({ type: "run_started", run_id: "run_p", thread_id: "thr_1" }, ownAgent));
  const question = { tool_call_id: "call_q", tool_name: "ask", kind: "question" } as const;
  const paused = { type: "run_paused", run_id: "run_p", thread_id: "thr_1", requests: [question] };
  ok(await ws.record(paused as FactInput, ownAgent));
  ok(await ws.record({ type: "run_started", run_id: "run_r", thread_id: "thr_1" }, ownAgent));
  // A proposal by someone else than every actor above, so that answering it is not one's own.
  const by = { kind: "external_agent", client_id: "other" } as const;
  ok(await ws.commit({ type: "propose_change", proposal_id: "prp_x", change: edit }, by));
  // Asked by thr_1's agent: superseding it or reporting it lost is the agent's own to do.
  const options = [{ id: "yes", label: "Yes" }];
  const ask = { type: "request_decision", scope: threadScope, decision_id: "dec_1", prompt: "Go?" };
  ok(await ws.commit({ ...ask, options, channel: "hook" } as CommandInput, ownAgent));
  // An offer of thr_1's being started: claimed by the thread started from it.
  const origin = { thread_id: "thr_1", offer_id: "call_claimed" };
  ok(await ws.commit({ type: "create_thread", thread_id: "thr_3", proposed_by: origin }, alice));
  // A memo proposal made two days ago: past its time-to-live (a day) now.
  const memo = { type: "create_artifact", artifact_id: "m1", kind: "memo", data: { text: "" } };
  ok(await ws.commit(memo as CommandInput, alice));
  const idea = { op: "replace", path: "/text", value: "idea" } as const;
  const memoEdit = {
    type: "edit_artifact",
    artifact_id: "m1",
    base_version: 1,
    proposal_id: "prp_old",
  };
  ok(
    await ws.commit(
      { ...memoEdit, patch: { kind: "json_patch", ops: [idea] } } as CommandInput,
      ownAgent,
    ),
  );
  now = "2026-12-01T09:00:00.000Z";
  return ws;
}

const isTableRefusal = (result: WriteResult): boolean =>
  !result.ok && result.rejection.type === "forbidden" && result.rejection.action !== undefined;

async function send(ws: Workspace, item: CommandInput | FactInput, actor: ActorInput) {
  return isFact(item as Command | Fact)
    ? ws.record(item as FactInput, actor)
    : ws.commit(item as CommandInput, actor);
}

describe("who may do what: every action, every kind of actor", () => {
  it("has a row for every command and fact, and the spec's cells", () => {
    const rows = [...Object.keys(COMMANDS), ...Object.keys(FACTS)];
    expect(rows.sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [action, row] of Object.entries(EXPECTED) as [Action, string][]) {
    const cells = row.split(" ");
    it(`${action}: ${row}`, async () => {
      for (const [i, cell] of CELLS.entries()) {
        const ws = await workspace();
        const before = await ws.head();
        const result = await send(ws, SAMPLES[action], ACTORS[cell]);
        const label = `${action} by ${cell}`;
        if (cells[i] === "y") {
          // Allowed, and the sample is good: it goes through.
          expect(result.ok ? null : result.rejection, label).toBeNull();
        } else {
          expect(isTableRefusal(result), label).toBe(true);
          expect(result.ok ? null : result.rejection, label).toMatchObject({
            action,
            actor_kind: (ACTORS[cell] as { kind: string }).kind,
          });
          expect(await ws.head(), `${label} wrote nothing`).toBe(before);
        }
      }
    });
  }
});

describe("nothing an agent sends lets it act as another thread", () => {
  it("an agent that names another thread, or a change in another thread, is refused", async () => {
    const ws = await workspace();
    const intoOther = { ...edit, thread_id: "thr_2" };
    for (const item of [
      intoOther,
      { type: "propose_change", change: intoOther },
      { type: "post_message", thread_id: "thr_2", content: "hi" },
      { type: "app_event", thread_id: "thr_2", name: "x" },
    ]) {
      const result = await send(ws, item as CommandInput, ownAgent);
      expect(isTableRefusal(result), JSON.stringify(item)).toBe(true);
    }
  });

  it("an agent never retires its decision claiming the person acted", async () => {
    const ws = await workspace();
    const own = { type: "request_decision", scope: threadScope, decision_id: "d3", prompt: "?" };
    ok(await ws.commit(own as CommandInput, ownAgent));
    const retire = { type: "retire_decision", scope: threadScope, decision_id: "d3" } as const;
    expect(await ws.commit({ ...retire, reason: "user_input" }, ownAgent)).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "retire_decision", actor_kind: "agent" },
    });
    ok(await ws.commit({ ...retire, reason: "transport_lost" }, ownAgent));
  });
});

describe("widening is explicit", () => {
  const reviewer = { kind: "agent", thread_id: "thr_2", run_id: "run_o" } as const;
  const widen = [
    { actor: { kind: "agent", thread_id: "thr_2" }, may: ["respond_to_proposal"] },
  ] as const;

  it("is closed by default: a reviewer agent may not answer proposals", async () => {
    const ws = await workspace();
    expect(
      isTableRefusal(await ws.commit(SAMPLES.respond_to_proposal as CommandInput, reviewer)),
    ).toBe(true);
  });

  it("lets a named reviewer answer others' proposals, never its own", async () => {
    const ws = await workspace(widen);
    ok(await ws.commit(SAMPLES.respond_to_proposal as CommandInput, reviewer));
    expect((await ws.proposal("prp_x"))?.status).toBe("rejected");
    // Its own proposal: the rules refuse what the table no longer does.
    const own = {
      type: "propose_change",
      proposal_id: "prp_own",
      change: { ...edit, thread_id: "thr_2" },
    };
    ok(await ws.commit(own as CommandInput, reviewer));
    const answer = {
      type: "respond_to_proposal",
      proposal_id: "prp_own",
      decision: "accept",
    } as const;
    expect(await ws.commit(answer, reviewer)).toMatchObject({
      ok: false,
      rejection: {
        type: "forbidden",
        message: "a proposal must be resolved by someone other than its author",
      },
    });
  });

  it("widens only the named actor and the named actions", async () => {
    const ws = await workspace(widen);
    // Another agent is not widened; the reviewer may not do what it was not given.
    expect(
      isTableRefusal(await ws.commit(SAMPLES.respond_to_proposal as CommandInput, ownAgent)),
    ).toBe(true);
    expect(isTableRefusal(await ws.commit(SAMPLES.set_thread_mode as CommandInput, reviewer))).toBe(
      true,
    );
  });
});
