import { parseCommand, parseFact } from "../decide/parse.ts";
import { parseTraceparent } from "../model/envelope.ts";
import { ok } from "../model/result.ts";
import { answerDecision } from "./answer-decision.ts";
import type { Workspace, WorkspaceOptions } from "./api.ts";
import { decideNow, settle, withActor, workspaceCore, write } from "./core.ts";
import { readNotes } from "./notes.ts";
import { notesCursor } from "./notes-cursor.ts";
import { wholeNumber } from "./positions.ts";
import { expireDecisions, expireProposals, previewProposal } from "./proposals.ts";
import { workspaceReads } from "./reads.ts";
import { follow } from "./subscription.ts";

/**
 * Creates a workspace: the host loop around the pure rules. Each write parses its input,
 * loads what `needs` asks for, decides, and appends the events and changed entities at the
 * log position it decided against — deciding again if another writer got there first.
 *
 * @throws WorkspaceError `invalid_argument` for an `id` or `limits` option outside their
 * rules (see {@link WorkspaceOptions}), or a `store` that is not a store (an un-awaited
 * promise of one included).
 */
export function createWorkspace(options: WorkspaceOptions): Workspace {
  const core = workspaceCore(options);
  const { store, id, newId, limits } = core;
  // Its viewers' notes cursors, told what its own writes appended: they need not read it back.
  const notes = notesCursor(core);
  return {
    id,
    registry: core.registry,
    ...workspaceReads(core),
    commit: (command, actor, writeOptions = {}) =>
      write(core, parseCommand(command, newId, limits), actor, writeOptions).then(notes.remember),
    async dryRun(command, actor, writeOptions = {}) {
      const input = withActor(parseCommand(command, newId, limits), actor, limits);
      if (!input.ok) return input;
      const trace = parseTraceparent(writeOptions.traceparent);
      if (!trace.ok) return trace;
      const decided = await decideNow(core, input.value.item, input.value.actor, writeOptions);
      return decided.ok ? ok(decided.value.result) : decided;
    },
    record: (fact, actor, writeOptions = {}) =>
      write(core, parseFact(fact, limits), actor, writeOptions).then(notes.remember),
    notes: (request) => readNotes(core, request),
    nextNotes: (request) => notes.next(request),
    previewProposal: (proposalId) => previewProposal(core, proposalId),
    answerDecision: (answer, actor, options) => answerDecision(core, answer, actor, options),
    expireProposals: (actor = { kind: "system" }) => expireProposals(core, actor),
    expireDecisions: (actor = { kind: "system" }) => expireDecisions(core, actor),
    subscribe: (after, listener, subscribeOptions = {}) =>
      follow({
        store,
        workspaceId: id,
        after: wholeNumber(after, "subscribe: after", 0),
        listener,
        ...subscribeOptions,
      }),
    settle: (attempt) => settle(core, attempt),
    close: () => {
      core.writes.drop(null);
      return store.close();
    },
  };
}
