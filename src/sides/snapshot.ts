import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent, type KnownEvent } from "../model/event.ts";
import type { SideItem, SideSnapshot } from "../model/side-snapshot.ts";
import type { Thread } from "../model/threads.ts";

type RunEvent<T extends KnownEvent["type"]> = Extract<KnownEvent, { type: T }>;

interface RunTrace {
  started: number;
  status: "running" | "paused" | "ended";
}

// What one pass over the thread's envelopes collects.
interface Collected {
  readonly messages: (SideItem & { type: "message" })[];
  readonly userMessages: { seq: number; message_id: string; content: string }[];
  readonly calls: Map<string, { seq: number; event: RunEvent<"tool_called"> }>;
  readonly returns: { event: RunEvent<"tool_returned">; seq: number }[];
  readonly requests: Map<string, RunEvent<"run_paused">["requests"][number]>;
  readonly answers: { event: RunEvent<"deferred_answered">; seq: number }[];
  readonly runs: Map<string, RunTrace>;
}

const callKey = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

function collect(envelopes: readonly Envelope[], threadId: string, at: number): Collected {
  const found: Collected = {
    messages: [],
    userMessages: [],
    calls: new Map(),
    returns: [],
    requests: new Map(),
    answers: [],
    runs: new Map(),
  };
  for (const envelope of envelopes) {
    if (envelope.seq > at || envelope.thread_id !== threadId) continue;
    const { event, seq } = envelope;
    if (!isKnownEvent(event)) continue;
    switch (event.type) {
      case "message_posted": {
        const { message_id, content, kind, run_id } = event;
        found.messages.push({
          type: "message",
          seq,
          message_id,
          content,
          kind,
          author: envelope.actor,
          run_id,
        });
        if (envelope.actor.kind === "user" && kind === "message") {
          found.userMessages.push({ seq, message_id, content });
        }
        break;
      }
      case "run_started": {
        const previous = found.runs.get(event.run_id);
        found.runs.set(event.run_id, { started: previous?.started ?? seq, status: "running" });
        break;
      }
      case "run_paused":
        setStatus(found, event.run_id, "paused");
        for (const request of event.requests) {
          found.requests.set(callKey(event.run_id, request.tool_call_id), request);
        }
        break;
      case "run_ended":
        setStatus(found, event.run_id, "ended");
        break;
      case "tool_called":
        found.calls.set(callKey(event.run_id, event.tool_call_id), { seq, event });
        break;
      case "tool_returned":
        found.returns.push({ event, seq });
        break;
      case "deferred_answered":
        found.answers.push({ event, seq });
        break;
      default:
        // Artifacts, proposals, decisions, offers and the thread's settings are not material.
        break;
    }
  }
  return found;
}

function setStatus(found: Collected, runId: string, status: RunTrace["status"]): void {
  const run = found.runs.get(runId);
  // A fact about a run whose start lies before the log we were given: it began at 0.
  found.runs.set(runId, { started: run?.started ?? 0, status });
}

// The latest-started run still running or paused: the turn in progress.
function activeRun(runs: ReadonlyMap<string, RunTrace>): { id: string; started: number } | null {
  let active: { id: string; started: number } | null = null;
  for (const [id, run] of runs) {
    if (run.status === "ended") continue;
    if (active === null || run.started >= active.started) active = { id, started: run.started };
  }
  return active;
}

function toolItems(found: Collected, counts: (runId: string) => boolean): SideItem[] {
  const items: SideItem[] = [];
  for (const { event, seq } of found.returns) {
    if (!counts(event.run_id)) continue;
    const call = found.calls.get(callKey(event.run_id, event.tool_call_id));
    items.push({
      type: "tool",
      seq: call?.seq ?? seq,
      run_id: event.run_id,
      tool_call_id: event.tool_call_id,
      tool_name: call?.event.tool_name ?? event.tool_name,
      args_summary: call?.event.args_summary ?? "",
      status: event.status,
      summary: event.summary,
    });
  }
  for (const { event, seq } of found.answers) {
    if (!counts(event.run_id)) continue;
    const request = found.requests.get(callKey(event.run_id, event.tool_call_id));
    items.push({
      type: "answer",
      seq,
      run_id: event.run_id,
      tool_call_id: event.tool_call_id,
      tool_name: request?.tool_name ?? "",
      request_kind: request?.kind ?? (event.approved === null ? "question" : "approval"),
      args: request?.args ?? {},
      answer: event.answer,
      approved: event.approved,
    });
  }
  return items;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Takes the snapshot a side conversation starts from: `thread` as of log position `at`, built
 * from the thread's envelopes up to `at` (others are ignored). Material is every message and
 * every tool call that returned (or deferred request a person answered) in finished runs and
 * in the active one; calls still in flight are left out. The active turn is the latest run
 * still running or paused, with the last message a person posted before it started, marked
 * incomplete. Permissions are the thread's, frozen. The result shares nothing with its inputs
 * and is deeply frozen.
 */
export function snapshotThread(
  envelopes: readonly Envelope[],
  thread: Thread,
  at: number,
): SideSnapshot {
  const found = collect(envelopes, thread.id, at);
  const active = activeRun(found.runs);
  const counts = (runId: string) =>
    found.runs.get(runId)?.status === "ended" || runId === active?.id;
  const material = [...found.messages, ...toolItems(found, counts)]
    .map((item) => structuredClone(item))
    .sort((a, b) => a.seq - b.seq);
  const prompt =
    active === null ? undefined : found.userMessages.findLast((m) => m.seq < active.started);
  const snapshot: SideSnapshot = {
    thread_id: thread.id,
    at,
    title: thread.title,
    material,
    active_turn:
      active === null
        ? null
        : {
            run_id: active.id,
            prompt:
              prompt === undefined
                ? null
                : { message_id: prompt.message_id, content: prompt.content },
            status: "incomplete",
          },
    permissions: {
      mode: thread.mode,
      modes: { ...thread.modes },
      grants: [...thread.grants],
    },
  };
  return deepFreeze(snapshot);
}
