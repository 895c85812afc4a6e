import { z } from "zod";
import { parseCommand } from "../decide/parse.ts";
import type { CommandInput } from "../model/command.ts";
import { DEFERRED_CHANNEL, NOTES_CHANNEL } from "../model/decisions.ts";
import type { FactInput } from "../model/event.ts";
import { ThreadOfferSchema } from "../model/offers.ts";
import { invalidState, type Rejection } from "../model/rejections.ts";
import { offerAcknowledgement } from "../offers/acknowledgement.ts";
import { questionAcknowledgement } from "../texts/question-text.ts";
import type { WorkspaceTool } from "./api.ts";
import { type JsonSchema, nullable, strictObject } from "./strict-schema.ts";
import { answered, committed, refused, type ToolKit, tool } from "./tool-kit.ts";

const STRING: JsonSchema = { type: "string" };

/** Reads the agent's new notes: what others changed, and the answers to its proposals. */
export function readNotes(kit: ToolKit): WorkspaceTool {
  return tool(kit, {
    name: "read_notes",
    description:
      "Hear what happened since you last looked: changes others made to the artifacts you follow, the answers to your proposals (with what the person changed, as a diff) and to your questions. Each note is told once.",
    inputSchema: z.strictObject({}),
    jsonSchema: strictObject({}),
    async run() {
      const notes = await kit.notes();
      const text = notes === "" ? "Nothing new." : notes;
      return { ok: true, text, body: text, notes, value: notes };
    },
  });
}

/** Offers the person a new thread for work that does not belong in this one. */
export function offerThread(kit: ToolKit, threadId: string): WorkspaceTool {
  return tool(kit, {
    name: "offer_thread",
    description:
      "Offer the person a new thread for a piece of work that does not belong in this conversation. They read the summary and decide; only they can start it. Write the prompt for an agent that has none of this conversation's context.",
    inputSchema: ThreadOfferSchema,
    jsonSchema: strictObject({
      title: STRING,
      summary: { type: "string", description: "What the person reads to decide." },
      rationale: nullable(STRING),
      prompt: { type: "string", description: "The new thread's first message, self-contained." },
      files: nullable({ type: "array", items: STRING }),
    }),
    async run(offer, { toolCallId }) {
      const command: CommandInput = {
        type: "make_offer",
        thread_id: threadId,
        offer_id: toolCallId,
        offer,
      };
      return committed(kit, command, () => offerAcknowledgement(offer));
    },
  });
}

// Words for the model on how its question reaches the person and their answer reaches it.
function askDescription(paused: boolean, channel: string | null): string {
  const ask =
    "Ask the person a question you cannot go on without, and only that. Give options when the answer is one of a few choices (each an id and a label); leave options null for a free answer.";
  if (paused) {
    return `${ask} Asking pauses your run until they answer; their answer then comes to you as a note.`;
  }
  if (channel === null) {
    return `${ask} The person sees it but answers you in this conversation.`;
  }
  if (channel === NOTES_CHANNEL) {
    return `${ask} With options, they can answer wherever they see it, and their answer comes to you as a note (read_notes shows it); a free answer they give in this conversation.`;
  }
  return `${ask} Their answer comes to you through your host.`;
}

/** The command that asks the person a question. */
type Question = Extract<CommandInput, { readonly type: "request_decision" }>;

/**
 * Why a question could not be asked in the run once it is paused for it, or `null`: the
 * command's own shape (unique option ids, ids an id may be), or a decision id the run has
 * already closed (a tool call id used before).
 */
async function beforePausing(
  kit: ToolKit,
  runId: string,
  command: Question,
): Promise<Rejection | null> {
  const parsed = parseCommand(command, () => "unused");
  if (!parsed.ok) return parsed.rejection;
  const { decision_id } = command;
  const ended = (await kit.workspace.run(runId))?.decision.closed[decision_id];
  return ended === undefined
    ? null
    : invalidState(`decision ${decision_id} already ended (${ended.reason})`);
}

/**
 * Asks the person to decide, with options or as prose. In a run on its `deferred` channel, the
 * question pauses the run (a deferred request) until the person answers; otherwise it is
 * asked in the thread, on the given channel (`notes` by default: answerable from any surface,
 * the answer told by the agent's notes; none: read-only for the person).
 */
export function askPerson(
  kit: ToolKit,
  scope: { readonly kind: "thread" | "run"; readonly id: string; readonly thread_id: string },
  channel: string | null,
): WorkspaceTool {
  const option = strictObject({ id: STRING, label: STRING });
  const paused = channel === DEFERRED_CHANNEL && scope.kind === "run";
  return tool(kit, {
    name: "ask_person",
    description: askDescription(paused, channel),
    inputSchema: z.strictObject({
      prompt: z.string().min(1),
      options: z
        .array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) }))
        .min(1)
        .nullish(),
    }),
    jsonSchema: strictObject({
      prompt: STRING,
      options: nullable({ type: "array", items: option }),
    }),
    async run({ prompt, options }, { toolCallId }) {
      const { kind, id } = scope;
      const command: Question = {
        type: "request_decision",
        scope: { kind, id },
        decision_id: toolCallId,
        prompt,
        options: options ?? null,
        channel,
      };
      if (paused) {
        // The pause and the question are two writes: whatever would refuse the question is
        // refused before the run pauses, so a refusal never leaves it waiting on nothing.
        const unaskable = await beforePausing(kit, scope.id, command);
        if (unaskable !== null) return refused(kit, unaskable);
        const request = {
          tool_call_id: toolCallId,
          tool_name: "ask_person",
          kind: "question",
        } as const;
        const pause: FactInput = {
          type: "run_paused",
          run_id: scope.id,
          thread_id: scope.thread_id,
          requests: [{ ...request, args: { prompt, options: options ?? null } }],
        };
        const recorded = await kit.workspace.record(pause, kit.agent);
        if (!recorded.ok) return refused(kit, recorded.rejection);
      }
      const written = await kit.workspace.commit(command, kit.agent);
      if (!written.ok) return refused(kit, written.rejection);
      const owner = kind === "run" ? await kit.workspace.run(id) : await kit.workspace.thread(id);
      const pending = owner?.decision.pending;
      const decision = pending?.id === toolCallId ? pending : { channel: null };
      return answered(kit, questionAcknowledgement({ paused, decision }), {
        decision_id: toolCallId,
        scope: { kind, id },
      });
    },
  });
}
