// The page's answers to part of what waits: some hunks of one proposal (`respond_to_proposal`
// with `hunks`, ADR 0048), and every clean proposal of a thread in one `respond_to_proposals`.
// Each says in words what landed, what was refused and why, and what was left alone.
import type { CommandInput } from "../../model/command.ts";
import type { Hunk } from "../../model/hunks.ts";
import type { BatchItem, Outcome } from "../../model/outcome.ts";
import type { ClientCommitResult } from "../client/api.ts";
import type { Actions, Done } from "./actions.ts";
import { hunkNames } from "./hunk-view.ts";
import { count, errorText, refusalText } from "./words.ts";

/** What the answers run through: the commit, and the inbox read again once one is done. */
interface PartActing {
  commit(command: CommandInput): Promise<ClientCommitResult>;
  refresh(): void;
  /** Where the answers are recorded as coming from. */
  readonly surface: string;
}

/** A proposal's hunks as the person saw them, and the ones they kept. */
export interface KeptHunks {
  readonly hunks: readonly Hunk[];
  readonly kept: readonly Hunk[];
}

/** A thread's pending proposals, for "Accept all clean": those that merge, those that do not. */
export interface CleanBatch {
  /** The clean ones, in the order shown (each accept rebases on those before it). */
  readonly clean: readonly { readonly proposalId: string; readonly artifactId: string }[];
  /** Those that conflict or cannot be accepted now, each with why: skipped. */
  readonly skipped: readonly { readonly proposalId: string; readonly why: string }[];
}

/** One line of a batch's report: a proposal, and what became of it. */
export interface BatchLine {
  readonly proposalId: string;
  readonly state: "landed" | "refused" | "skipped";
  readonly text: string;
}

/** How "Accept all clean" went: the words for the status line, and a line per proposal. */
export interface BatchDone {
  readonly done: Done;
  readonly lines: readonly BatchLine[];
}

const versionText = (outcome: Outcome, artifactId: string): string =>
  outcome.type === "resolved" && outcome.version !== null
    ? `${artifactId} is now at version ${outcome.version}`
    : `${artifactId} already had it`;

/** What accepting some hunks said: which landed, which were left out. */
function hunksSaid(outcome: Outcome, artifactId: string, choice: KeptHunks): string {
  const { hunks, kept } = choice;
  const out = hunks.filter((hunk) => !kept.includes(hunk));
  return `Accepted ${kept.length} of ${count(hunks.length, "hunk")}: ${versionText(outcome, artifactId)}. Landed: ${hunkNames(kept, hunks)}. Left out: ${hunkNames(out, hunks)}.`;
}

const STALE =
  "The proposal changed while you chose (the artifact moved on), so nothing was accepted: its hunks are shown again as they are now. Check them, then accept again.";

/** Accepts the kept hunks of a proposal (every hunk kept: the whole proposal, as Accept). */
async function acceptHunks(
  acting: PartActing,
  proposal_id: string,
  artifactId: string,
  choice: KeptHunks,
): Promise<Done> {
  const whole = choice.kept.length === choice.hunks.length;
  const hunks = whole ? null : choice.kept.map((hunk) => hunk.id);
  const command = { type: "respond_to_proposal", proposal_id, decision: "accept", hunks } as const;
  try {
    const result = await acting.commit({ ...command, surface: acting.surface });
    if (result.ok) {
      const message = whole
        ? `Accepted: ${versionText(result.outcome, artifactId)}.`
        : hunksSaid(result.outcome, artifactId, choice);
      return { ok: true, message, subject: { key: `proposal:${proposal_id}`, state: "gone" } };
    }
    const { rejection } = result;
    // The inbox is read again below: the card shows the hunks as they are now.
    const message = rejection.type === "stale_hunks" ? STALE : refusalText(rejection);
    return { ok: false, message, refusal: rejection };
  } catch (error) {
    return { ok: false, message: `Not done: ${errorText(error)}` };
  } finally {
    acting.refresh();
  }
}

/** A batch item as a line of the report. */
function lineOf(item: BatchItem, artifactOf: ReadonlyMap<string, string>): BatchLine {
  const { proposal_id: proposalId } = item;
  if (!item.ok) {
    return { proposalId, state: "refused", text: `refused: ${refusalText(item.rejection)}` };
  }
  const artifactId = artifactOf.get(proposalId) ?? "its artifact";
  return { proposalId, state: "landed", text: `landed: ${versionText(item.outcome, artifactId)}` };
}

/** The status line's words for a batch: how many landed, were refused, were skipped. */
function batchSaid(lines: readonly BatchLine[]): string {
  const n = (state: BatchLine["state"]) => lines.filter((line) => line.state === state).length;
  const skipped = n("skipped");
  const left = skipped === 0 ? "" : `; skipped ${skipped} that cannot merge cleanly`;
  return `Accepted all clean: ${n("landed")} landed, ${n("refused")} refused${left}.`;
}

/** Accepts every clean proposal of `batch` in one command, and reports on each. */
async function acceptAllClean(acting: PartActing, batch: CleanBatch): Promise<BatchDone> {
  const artifactOf = new Map(batch.clean.map((p) => [p.proposalId, p.artifactId] as const));
  const skipped = batch.skipped.map(
    ({ proposalId, why }): BatchLine => ({ proposalId, state: "skipped", text: `skipped: ${why}` }),
  );
  const responses = batch.clean.map(({ proposalId }) => ({
    proposal_id: proposalId,
    decision: "accept" as const,
    surface: acting.surface,
  }));
  try {
    const result = await acting.commit({ type: "respond_to_proposals", responses });
    if (!result.ok)
      return { done: { ok: false, message: refusalText(result.rejection) }, lines: [] };
    const items = result.outcome.type === "batch" ? result.outcome.items : [];
    const lines = [...items.map((item) => lineOf(item, artifactOf)), ...skipped];
    const first = items.find((item) => item.ok)?.proposal_id;
    const message = batchSaid(lines);
    if (first === undefined) return { done: { ok: false, message }, lines };
    return {
      done: { ok: true, message, subject: { key: `proposal:${first}`, state: "gone" } },
      lines,
    };
  } catch (error) {
    return { done: { ok: false, message: `Not done: ${errorText(error)}` }, lines: [] };
  } finally {
    acting.refresh();
  }
}

/** The page's answers to part of what waits, over `acting`. */
export function partActions(acting: PartActing): Pick<Actions, "acceptHunks" | "acceptAllClean"> {
  return {
    acceptHunks: (proposalId, artifactId, choice) =>
      acceptHunks(acting, proposalId, artifactId, choice),
    acceptAllClean: (batch) => acceptAllClean(acting, batch),
  };
}
