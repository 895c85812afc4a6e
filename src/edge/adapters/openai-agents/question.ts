import { jsonText } from "../../../model/json-text.ts";
import { inlined } from "../../../model/line-breaks.ts";
import { renderNotes } from "../../../notes/render.ts";
import { answered, type ToolKit } from "../../../tools/tool-kit.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { RunAgent } from "./run-agent.ts";

/**
 * The result of an `ask_person` call the SDK runs once it is approved on resume: the person's
 * answer as recorded on the run, with the agent's new notes; `null` when nothing was
 * recorded and the call is to run as the plain tool (its refusal for bad arguments).
 */
export type AnswerReader = (toolCallId: string, input: unknown) => Promise<string | null>;

function words(answer: unknown, input: unknown): string {
  const options = (input as { options?: unknown } | null)?.options;
  const picked = Array.isArray(options)
    ? (options as { id?: unknown; label?: unknown }[]).find((o) => o.id === answer)
    : undefined;
  if (picked !== undefined)
    return `The person answered: ${inlined(String(picked.label), "  ")} (${String(answer)}).`;
  const text = typeof answer === "string" ? inlined(answer, "  ") : jsonText(answer);
  return `The person answered: ${text}`;
}

/**
 * Reads the person's answers to the agent's questions in its run (`Run.answered`). The notes
 * after the answer leave out the note of that same answer: the result already is it.
 */
export function questionAnswerer(
  workspace: Workspace,
  agent: RunAgent,
  notes: boolean,
): AnswerReader {
  const others = async (toolCallId: string) => {
    if (!notes) return "";
    const delivery = await workspace.nextNotes({ viewer: agent.actor });
    return renderNotes(
      delivery.notes.filter((n) => n.type !== "answer" || n.decision_id !== toolCallId),
    );
  };
  return async (toolCallId, input) => {
    const run = await workspace.run(agent.run_id);
    const recorded = run?.answered[toolCallId];
    if (recorded === undefined) return null;
    const kit: ToolKit = { workspace, agent: agent.actor, notes: () => others(toolCallId) };
    return (await answered(kit, words(recorded.answer, input), recorded.answer)).text;
  };
}
