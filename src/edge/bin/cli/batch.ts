import type { BatchItem } from "../../../model/outcome.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import type { Person } from "./actors.ts";
import { EXIT, type ExitCode, failed, refused, usage } from "./exit.ts";
import type { Output } from "./io.ts";
import { renderRefusal } from "./render-refusal.ts";
import { resolutionOf, resolvedLine, SURFACE } from "./respond.ts";
import { line, type Shown } from "./shown.ts";

/**
 * The most answers one batch carries: the core's `respond_to_proposals` takes no more, so the
 * CLI says so before sending rather than after.
 */
export const BATCH_LIMIT = 100;

/** One answer of a batch, as the CLI sends it (always from surface `cli`). */
interface BatchAnswer {
  readonly proposal_id: string;
  readonly decision: "accept" | "reject";
  readonly reason?: string | null;
}

type Written = Extract<WriteResult, { ok: true }>;

/**
 * The proposal ids a command was given (its positionals, in order).
 *
 * @throws CliError `usage` for an id given twice (its second answer would only be a repeat)
 * or more ids than one batch takes.
 */
export function proposalIds(positionals: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const id of positionals) {
    if (seen.has(id)) throw usage(`proposal ${id} is named twice`);
    seen.add(id);
  }
  if (seen.size > BATCH_LIMIT) {
    throw usage(`at most ${BATCH_LIMIT} proposals are answered at once (${seen.size} given)`);
  }
  return [...seen];
}

/**
 * Answers several proposals as `person` in one `respond_to_proposals`: in order, each accept
 * rebased onto the accepts before it, everything that lands in one append.
 *
 * @throws CliError `refused` when the whole batch is (with `allOrNothing`, one refused answer
 * refuses it, its message naming the answer): nothing was written.
 */
export async function respondAll(
  workspace: Workspace,
  person: Person,
  answers: readonly BatchAnswer[],
  allOrNothing: boolean,
): Promise<Written> {
  const responses = answers.map((answer) => ({ ...answer, surface: SURFACE }));
  const written = await workspace.commit(
    { type: "respond_to_proposals", responses, all_or_nothing: allOrNothing },
    person,
  );
  if (!written.ok) {
    const hint = allOrNothing ? "with --all-or-nothing, no answer was written" : undefined;
    throw refused(written.rejection, hint);
  }
  return written;
}

/** What else a batch's report says: lines of its own (what `--all-clean` skipped), and JSON. */
interface BatchExtra {
  readonly text: readonly Shown[];
  readonly json: Readonly<Record<string, unknown>>;
}

/** A refused item: its id, then the refusal as every refusal is printed. */
function refusedLines(item: Extract<BatchItem, { ok: false }>, out: Output): Shown[] {
  const hint =
    item.rejection.type === "conflict"
      ? `resolve it with: agent-workspace accept ${item.proposal_id} --edit`
      : undefined;
  const [first, ...rest] = renderRefusal(item.rejection, out.paint, hint);
  return first === undefined ? rest : [line`${item.proposal_id}: ${first}`, ...rest];
}

/** What became of the answers that were not refused. */
function landedText(landed: number): string {
  if (landed === 0) return "nothing was written";
  return landed === 1 ? "the other answer landed" : `the other ${landed} landed in one write`;
}

/** The closing line when some answers were refused: how many, and that the others landed. */
function tally(items: readonly BatchItem[]): Shown {
  const refusedCount = items.filter((item) => !item.ok).length;
  const landed = landedText(items.length - refusedCount);
  return line`${String(refusedCount)} of ${String(items.length)} answers refused; ${landed}`;
}

/**
 * Prints a batch's outcome, one line per answer in the order sent: what landed on stdout (as
 * a single answer says it), each refusal on stderr with its reason. Exit `refused` (1) when
 * any answer was refused, as a single refused answer exits; `--json` prints one document
 * whose `ok` is false then.
 */
export function printBatch(written: Written, out: Output, extra: BatchExtra): ExitCode {
  const { outcome } = written;
  // Anything but a batch would be the core answering another command than the one sent.
  if (outcome.type !== "batch") throw failed(`answering proposals led to ${outcome.type}`);
  const { items } = outcome;
  const anyRefused = items.some((item) => !item.ok);
  const exit = anyRefused ? EXIT.refused : EXIT.done;
  if (out.json) {
    out.data({ ok: !anyRefused, outcome, envelopes: written.envelopes, ...extra.json });
    return exit;
  }
  out.lines(extra.text);
  for (const item of items) {
    if (item.ok) {
      const event = resolutionOf(written, item.proposal_id);
      out.lines([resolvedLine(item.outcome, event, out.paint)]);
    } else out.warn(refusedLines(item, out));
  }
  if (anyRefused) out.warn([tally(items)]);
  return exit;
}
