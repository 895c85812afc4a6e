import type { CommandDef } from "citty";
import { participantKey } from "../../../model/actors.ts";
import type { Envelope } from "../../../model/envelope.ts";
import { jsonText } from "../../../model/json-text.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { countValue, optionValue, READER_ARGS, WORKSPACE_ARGS } from "./args.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { EXIT, type ExitCode, usage } from "./exit.ts";
import type { Io, Output } from "./io.ts";
import { line, type Shown } from "./shown.ts";

const WIDTH = 60;

const isScalar = (value: unknown): value is string | number | boolean =>
  value !== null && typeof value !== "object";

// The event's scalar fields, and those of its objects one level down (`answer.status`), as
// `key=value` with long values cut: a line a person can scan.
function fields(event: Envelope["event"]): string {
  const pairs: [string, string | number | boolean][] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === "type") continue;
    if (isScalar(value)) pairs.push([key, value]);
    else if (value !== null && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>))
        if (isScalar(v)) pairs.push([`${key}.${inner}`, v]);
    }
  }
  return pairs
    .map(([key, value]) => {
      const text = typeof value === "string" ? jsonText(value) : String(value);
      return `${key}=${text.length > WIDTH ? `${text.slice(0, WIDTH - 1)}…` : text}`;
    })
    .join(" ");
}

/**
 * One envelope on one line: position, time, who, what, and the event's fields, every one of
 * them made visible (a string field is its JSON, every line break and control escaped).
 */
function envelopeLine(envelope: Envelope, paint: Palette): Shown {
  const who = participantKey(envelope.actor);
  const { seq, ts, event } = envelope;
  const rest = fields(event);
  const tail = rest === "" ? line`` : line` ${rest}`;
  return line`${paint.dim(`#${seq}`)} ${paint.dim(ts)} ${who} ${paint.bold(event.type)}${tail}`;
}

function printer(out: Output, thread: string | undefined): (envelope: Envelope) => void {
  return (envelope) => {
    if (thread !== undefined && envelope.thread_id !== thread) return;
    if (out.json) out.record(envelope);
    else out.lines([envelopeLine(envelope, out.paint)]);
  };
}

/** `log [--after n] [--limit n] [--thread id] [--follow]`: the workspace's log, as it grows. */
export function logCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "log",
    description:
      "The workspace's log, one envelope a line (JSON Lines with --json); --follow prints new ones as they are appended, by any process, until interrupted",
    args: {
      after: {
        type: "string",
        valueHint: "seq",
        description: "From after this log position (default 0)",
      },
      limit: {
        type: "string",
        valueHint: "n",
        description: "At most this many envelopes (not with --follow)",
      },
      thread: { type: "string", valueHint: "id", description: "Only this thread's envelopes" },
      follow: {
        type: "boolean",
        description: "Keep printing new envelopes until interrupted (Ctrl-C)",
      },
      ...WORKSPACE_ARGS,
      ...READER_ARGS,
    },
    async run({ args, session, out, io }) {
      const after = countValue(args, "after") ?? 0;
      const limit = countValue(args, "limit");
      const thread = optionValue(args, "thread");
      const print = printer(out, thread);
      if (args.follow !== true) {
        const request = {
          after,
          ...(limit === undefined ? {} : { limit }),
          ...(thread === undefined ? {} : { threadId: thread }),
        };
        for (const envelope of await session.workspace.log(request)) print(envelope);
        return EXIT.done;
      }
      if (limit !== undefined) throw usage("--limit cannot be used with --follow");
      return follow(session.workspace, { after, print, io, out });
    },
  });
}

/** Prints every envelope after `after`, then each new one, until the process is interrupted. */
async function follow(
  workspace: Workspace,
  run: { after: number; print: (e: Envelope) => void; io: Io; out: Output },
): Promise<ExitCode> {
  const stopped = run.io.interrupted();
  const onError = (error: unknown) =>
    run.out.warn([line`log: ${error instanceof Error ? error.message : String(error)}`]);
  const feed = workspace.subscribe(run.after, run.print, { onError });
  await stopped;
  feed.close();
  return EXIT.done;
}
