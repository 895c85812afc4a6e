import { isKnownEvent } from "../../../model/event.ts";
import type { JsonObject } from "../../../model/json.ts";
import type { Outcome } from "../../../model/outcome.ts";
import type { Patch } from "../../../model/patches.ts";
import type { Workspace, WriteResult } from "../../../workspace/api.ts";
import type { Person } from "./actors.ts";
import type { Palette } from "./colour.ts";
import { refused } from "./exit.ts";
import type { Report } from "./io.ts";
import { line, type Shown } from "./shown.ts";

/** Where every answer from this tool is recorded as coming from. */
export const SURFACE = "cli";

/** A person's answer to a proposal, as the CLI sends it. */
interface Response {
  readonly proposal_id: string;
  readonly decision: "accept" | "reject";
  readonly changes?: Patch | null;
  readonly base_version?: number | null;
  readonly reason?: string | null;
  /** Only these hunks (ids from `show`); an accept of none rejects it. */
  readonly hunks?: readonly string[] | null;
}

/**
 * Answers a proposal as `person`, from surface `cli`.
 *
 * @throws CliError `refused` with the rejection (a conflict with its conflicts), nothing written.
 */
export async function respond(
  workspace: Workspace,
  person: Person,
  response: Response,
): Promise<Extract<WriteResult, { ok: true }>> {
  const { hunks, ...rest } = response;
  const written = await workspace.commit(
    {
      type: "respond_to_proposal",
      ...rest,
      ...(hunks === undefined ? {} : { hunks: hunks === null ? null : [...hunks] }),
      surface: SURFACE,
    },
    person,
  );
  if (!written.ok) throw refused(written.rejection);
  return written;
}

/** The resolution event of `proposalId` among those a write appended (a repeat appends none). */
export function resolutionOf(
  written: Extract<WriteResult, { ok: true }>,
  proposalId: string,
): JsonObject | null {
  for (const { event } of written.envelopes) {
    if (
      isKnownEvent(event) &&
      event.type === "proposal_resolved" &&
      event.proposal_id === proposalId
    )
      return event as JsonObject;
  }
  return null;
}

/** A proposal's answer as an outcome reports it (alone, or as one item of a batch). */
type ResolvedOutcome = Extract<Outcome, { type: "resolved" }>;

/**
 * One answer in one line: the version it landed at (rebased or not), a rejection, or a
 * repeat that wrote nothing. `event` is its `proposal_resolved`, `null` for a repeat.
 */
export function resolvedLine(
  outcome: ResolvedOutcome,
  event: JsonObject | null,
  paint: Palette,
): Shown {
  const id = outcome.proposal_id;
  const verb = outcome.decision === "accept" ? "accepted" : "rejected";
  if (event === null) return line`${id} was already ${verb}; nothing was written`;
  if (outcome.decision === "reject") return line`${paint.green("rejected")} ${id}`;
  const artifact = String(event.artifact_id);
  const how = [
    event.already_present === true ? "already present, no new version" : null,
    typeof event.rebased_from === "number" ? `rebased from v${event.rebased_from}` : null,
    event.changes !== null ? "with your changes" : null,
  ].filter((part) => part !== null);
  const tail = how.length === 0 ? "" : ` (${how.join("; ")})`;
  return line`${paint.green("accepted")} ${id}: ${artifact} is at v${String(outcome.version)}${tail}`;
}

/** What answering a proposal did, in one line: the version it landed at, rebased or not. */
export function respondReport(written: Extract<WriteResult, { ok: true }>, paint: Palette): Report {
  const { outcome } = written;
  const json = { ok: true, outcome, envelopes: written.envelopes };
  if (outcome.type !== "resolved") return { json, text: [line`recorded (${outcome.type})`] };
  const event = resolutionOf(written, outcome.proposal_id);
  return { json, text: [resolvedLine(outcome, event, paint)] };
}
