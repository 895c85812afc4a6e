import { parseActor } from "../decide/parse.ts";
import { DEFERRED_CHANNEL, NOTES_CHANNEL } from "../model/decisions.ts";
import { WorkspaceError } from "../model/errors.ts";
import type { Workspace } from "../workspace/api.ts";
import { askPerson, offerThread, readNotes } from "./agent-tools.ts";
import type { WorkspaceTool, WorkspaceToolsOptions } from "./api.ts";
import {
  archiveArtifact,
  createArtifact,
  listArtifacts,
  readArtifact,
  toolName,
} from "./artifact-tools.ts";
import { commentOnProposal } from "./comment-tool.ts";
import { editArtifact } from "./edit-tool.ts";
import type { ToolKit } from "./tool-kit.ts";

// Kinds whose tool names would be the same: the model could reach only one of them.
function refuseCollisions(kinds: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const kind of kinds) {
    for (const name of [toolName("create", kind), toolName("edit", kind)]) {
      const other = seen.get(name);
      if (other !== undefined) {
        throw new WorkspaceError(
          "invalid_argument",
          `workspaceTools: artifact kinds ${other} and ${kind} both make the tool ${name}; rename one of them`,
        );
      }
      seen.set(name, kind);
    }
  }
}

/**
 * The tools a model may call to work in the workspace as `options.agent`, with no framework
 * attached: list and read artifacts; create and edit them per artifact kind (inputs typed by
 * each kind's schema), revising its own proposals (`revises`); archive; comment on its own
 * proposals; read its notes; and, for a thread's agent, offer a thread and
 * ask the person. Exactly what an agent may do: answering proposals, decisions and offers
 * stays with people. Every result has text for the model and the agent's new notes, from a
 * durable cursor, so each note reaches it once across calls and restarts.
 *
 * @throws WorkspaceError `invalid_argument` when `options.agent` is not an agent, or when two
 * artifact kinds would make tools of the same name (`doc.v2` and `doc_v2` both make
 * `create_doc_v2`): one would hide the other.
 */
export function workspaceTools(
  workspace: Workspace,
  options: WorkspaceToolsOptions,
): WorkspaceTool[] {
  const parsed = parseActor(options.agent);
  if (!parsed.ok || (parsed.value.kind !== "agent" && parsed.value.kind !== "external_agent")) {
    throw new WorkspaceError("invalid_argument", "workspaceTools: the agent must be an agent");
  }
  const agent = parsed.value;
  const kit: ToolKit = {
    workspace,
    agent,
    notes: async () =>
      options.notes === false ? "" : (await workspace.nextNotes({ viewer: agent })).text,
  };
  const types = workspace.registry.artifactTypes();
  refuseCollisions(types.map((type) => type.kind));
  const tools = [
    listArtifacts(kit),
    readArtifact(kit),
    ...types.flatMap((type) => [createArtifact(kit, type), editArtifact(kit, type)]),
    archiveArtifact(kit),
    commentOnProposal(kit),
    readNotes(kit),
  ];
  if (agent.kind !== "agent") return tools;
  const thread_id = agent.thread_id;
  // By default a run's agent asks on the run's own channel (the question pauses the run), and
  // a thread's on `notes`: answerable from any surface, the answer told by its notes.
  const channel =
    options.decisionChannel !== undefined
      ? options.decisionChannel
      : agent.run_id === null
        ? NOTES_CHANNEL
        : DEFERRED_CHANNEL;
  // Only the run's own deferred channel asks in the run; a question on any other channel
  // must outlive the turn, so it is asked in the thread.
  const scope =
    agent.run_id !== null && channel === DEFERRED_CHANNEL
      ? ({ kind: "run", id: agent.run_id, thread_id } as const)
      : ({ kind: "thread", id: thread_id, thread_id } as const);
  return [...tools, offerThread(kit, agent.thread_id), askPerson(kit, scope, channel)];
}
