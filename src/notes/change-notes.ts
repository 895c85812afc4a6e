import { type Actor, displayName, participantKey } from "../model/actors.ts";
import { isBuiltInChannel } from "../model/decisions.ts";
import type { Envelope } from "../model/envelope.ts";
import { isKnownEvent, type KnownEvent } from "../model/event.ts";
import type { JsonObject } from "../model/json.ts";
import type { ChangeNote, Note } from "../model/notes.ts";
import type { RevisionRef } from "../model/state.ts";
import { dataDiff } from "../patches/data-diff.ts";
import { describePatch } from "../patches/describe.ts";
import { commentNote } from "./comment-notes.ts";
import { revertNote } from "./revert-notes.ts";

/** Whose notes, about what. */
export interface NotesOptions {
  /** Who reads the notes: their own changes are left out. */
  readonly viewer: Actor;
  /** The artifacts the viewer follows (`null`: all of them). */
  readonly focus?: readonly string[] | null;
  /** Whether notices posted in the viewer agent's thread are included (default `true`). */
  readonly notices?: boolean;
  /** The data of an artifact at a version, where known (for the diffs of changes). */
  readonly dataAt?: (ref: RevisionRef) => JsonObject | undefined;
}

// Unbroken runs of others' versions: a gap means the viewer's own version was in between.
type Coalesced = {
  note: ChangeNote;
  actors: Set<string>;
  runs: { from: number | null; to: number }[];
};

// Events that shape what others' events read with them tell (see `reading`): the answers.
const SHAPING = new Set([
  "proposal_resolved",
  "proposal_expired",
  "decision_answered",
  "deferred_answered",
]);

/**
 * What telling a viewer about an envelope turns on, without its data: whose it is, and
 * whether its event is one notes read at all (`plain`), or one that also shapes what events
 * read with it tell (`shaping`: an answer to a proposal or a decision).
 */
export interface Told {
  /** The participant key of the envelope's actor. */
  readonly by: string;
  readonly kind: "unread" | "plain" | "shaping";
}

/** What {@link sliceHolds} needs of an envelope. */
export function toldOf({ actor, event }: Envelope): Told {
  const kind = !isKnownEvent(event) ? "unread" : SHAPING.has(event.type) ? "shaping" : "plain";
  return { by: participantKey(actor), kind };
}

/**
 * What a slice of the log holds for the viewer `viewerKey` (a participant key), told from
 * its envelopes' actors and kinds alone (no data loaded, nothing diffed or rendered):
 * `"others"`, events of someone else's that notes read, which may have notes; `"own"`, none
 * of those, but answers of the viewer's own, which have no notes yet shape what events read
 * with them tell; `"none"`, neither: no notes, now or read together with anything after it
 * (the common case: an agent after its own commit).
 */
export function sliceHolds(slice: Iterable<Told>, viewerKey: string): "others" | "own" | "none" {
  let holds: "own" | "none" = "none";
  for (const { by, kind } of slice) {
    if (kind === "unread") continue;
    if (by !== viewerKey) return "others";
    if (kind === "shaping") holds = "own";
  }
  return holds;
}

/**
 * The versions whose data {@link changeNotes} needs to show what others changed: for each
 * artifact changed in the slice, the version before its first change and its last one. Load
 * them (e.g. `workspace.revision`) and pass them as `dataAt`.
 */
export function notesNeeds(
  envelopes: readonly Envelope[],
  options: Omit<NotesOptions, "dataAt">,
): RevisionRef[] {
  const refs = new Map<string, RevisionRef>();
  for (const { note, runs } of collect(envelopes, options).coalesced) {
    for (const run of runs) {
      if (run.from === null) continue;
      for (const version of [run.from, run.to]) {
        refs.set(`${version}@${note.artifact_id}`, { artifact_id: note.artifact_id, version });
      }
    }
  }
  return [...refs.values()];
}

/**
 * What `viewer` should hear of in a slice of the log, in order: others' changes to artifacts
 * it follows (one note per artifact, with the diff from before the first change to after the
 * last), proposals made on them, the answers to its own proposals (with what landed compared
 * with what it proposed), notices in its thread, and the answers people gave to the questions
 * asked in its thread or its runs (decisions on a built-in channel, deferred questions; not
 * approvals, nor answers a host's channel delivers itself). The viewer's own actions are left
 * out.
 * Pure: the caller loads the data `notesNeeds` asks for.
 */
export function changeNotes(envelopes: readonly Envelope[], options: NotesOptions): Note[] {
  const { notes, coalesced } = collect(envelopes, options);
  for (const { note, runs } of coalesced) {
    for (const run of runs) {
      if (run.from === null || options.dataAt === undefined) continue;
      const before = options.dataAt({ artifact_id: note.artifact_id, version: run.from });
      const after = options.dataAt({ artifact_id: note.artifact_id, version: run.to });
      if (before === undefined || after === undefined) continue;
      const diff = dataDiff(before, after, [`v${run.from}`, `v${run.to}`]);
      if (diff !== null) note.diffs.push({ from_version: run.from, to_version: run.to, diff });
    }
  }
  return notes;
}

// What one pass over a slice of the log needs to know about the viewer.
interface Reading {
  readonly viewer: string;
  readonly agentThread: string | null;
  /** Whether the viewer is a person or the system (who hear agents' comments). */
  readonly person: boolean;
  readonly follows: (artifactId: string) => boolean;
  /** Proposals of the viewer's answered in the slice: their artifact events are told by the answer. */
  readonly ownProposals: ReadonlySet<string>;
  /** Decisions answered in the slice: a deferred request answered with one is told once, by it. */
  readonly answeredDecisions: ReadonlySet<string>;
  /** Deferred requests approved or denied in the slice: approvals, not questions. */
  readonly approvals: ReadonlySet<string>;
  readonly notices: boolean;
  readonly notes: Note[];
  readonly coalesced: Map<string, Coalesced>;
}

function reading(envelopes: readonly Envelope[], options: Omit<NotesOptions, "dataAt">): Reading {
  const viewer = participantKey(options.viewer);
  const focus =
    options.focus === undefined || options.focus === null ? null : new Set(options.focus);
  const ownProposals = new Set(
    envelopes.flatMap(({ event }) =>
      isKnownEvent(event) &&
      (event.type === "proposal_resolved" || event.type === "proposal_expired") &&
      participantKey(event.proposed_by) === viewer
        ? [event.proposal_id]
        : [],
    ),
  );
  const answeredDecisions = new Set<string>();
  const approvals = new Set<string>();
  for (const { event } of envelopes) {
    if (!isKnownEvent(event)) continue;
    if (event.type === "decision_answered") answeredDecisions.add(event.decision_id);
    if (event.type === "deferred_answered" && event.approved !== null) {
      approvals.add(event.tool_call_id);
    }
  }
  return {
    viewer,
    agentThread: options.viewer.kind === "agent" ? options.viewer.thread_id : null,
    person: options.viewer.kind === "user" || options.viewer.kind === "system",
    follows: (id) => focus === null || focus.has(id),
    ownProposals,
    answeredDecisions,
    approvals,
    notices: options.notices !== false,
    notes: [],
    coalesced: new Map(),
  };
}

type ArtifactEvent = Extract<
  KnownEvent,
  { type: "artifact_created" | "artifact_changed" | "artifact_archived" }
>;

// Others' versions of one artifact coalesce into one note, with the unbroken runs of them.
function noteArtifact(r: Reading, event: ArtifactEvent, who: string): void {
  if (event.proposal_id !== null && r.ownProposals.has(event.proposal_id)) return;
  const created = event.type === "artifact_created";
  const inOwnThread = created && r.agentThread !== null && event.thread_id === r.agentThread;
  if (!r.follows(event.artifact_id) && !inOwnThread) return;
  const from = created ? null : event.version - 1;
  let entry = r.coalesced.get(event.artifact_id);
  if (entry === undefined) {
    const note: ChangeNote = {
      type: "change",
      artifact_id: event.artifact_id,
      kind: event.kind,
      actors: [],
      from_version: from,
      to_version: event.version,
      summaries: [],
      diffs: [],
    };
    entry = { note, actors: new Set(), runs: [] };
    r.coalesced.set(event.artifact_id, entry);
    r.notes.push(note);
  }
  if (!entry.actors.has(who)) {
    entry.actors.add(who);
    entry.note.actors.push(who);
  }
  entry.note.to_version = event.version;
  const last = entry.runs.at(-1);
  if (last !== undefined && last.to === event.version - 1) last.to = event.version;
  else entry.runs.push({ from, to: event.version });
  if (event.type === "artifact_changed") entry.note.summaries.push(event.summary);
  if (event.type === "artifact_archived") entry.note.summaries.push("archived");
}

type Answered = Extract<KnownEvent, { type: "proposal_resolved" | "proposal_expired" }>;

// The answer to one of the viewer's proposals, with what landed if it differs.
function noteAnswer(r: Reading, event: Answered, who: string): void {
  if (participantKey(event.proposed_by) !== r.viewer) return;
  const resolved = event.type === "proposal_resolved";
  const accepted = resolved && event.decision === "accept";
  r.notes.push({
    type: "proposal",
    action: resolved ? (accepted ? "accepted" : "rejected") : "expired",
    proposal_id: event.proposal_id,
    artifact_id: event.artifact_id,
    actor: who,
    detail: resolved && event.decision === "reject" ? event.reason : null,
    version: resolved ? event.version : null,
    rebased_from: resolved ? event.rebased_from : null,
    already_present: resolved && event.already_present,
    changes: accepted && event.changes !== null ? describePatch(event.changes) : null,
    diff: resolved ? event.landed_diff : null,
    hunks: resolved ? event.hunks : null,
  });
}

type DecisionAnswer = Extract<KnownEvent, { type: "decision_answered" | "deferred_answered" }>;

// A person's answer to a question asked in the viewer agent's thread or one of its runs, on a
// built-in channel (`notes`, whose delivery this note is; a run's `deferred`) or given directly
// to a deferred request. A host's channel hands the answer to the agent itself, and an
// approval is the framework's to act on: neither is told twice.
function noteDecisionAnswer(r: Reading, event: DecisionAnswer, who: string): void {
  if (r.agentThread === null || event.thread_id !== r.agentThread) return;
  if (event.type === "decision_answered") {
    if (!isBuiltInChannel(event.channel) || r.approvals.has(event.decision_id)) return;
    const { decision_id, scope, option_id, label } = event;
    r.notes.push({ type: "answer", decision_id, scope, actor: who, option_id, answer: label });
    return;
  }
  if (r.answeredDecisions.has(event.tool_call_id) || event.approved !== null) return;
  r.notes.push({
    type: "answer",
    decision_id: event.tool_call_id,
    scope: { kind: "run", id: event.run_id },
    actor: who,
    option_id: null,
    answer: deferredWords(event),
  });
}

// A deferred question's answer in words: what the person answered, as text.
function deferredWords({ answer }: Extract<DecisionAnswer, { type: "deferred_answered" }>) {
  return typeof answer === "string" ? answer : JSON.stringify(answer);
}

function noteEvent(r: Reading, event: KnownEvent, who: string): void {
  switch (event.type) {
    case "artifact_changed": {
      // A revert of the viewer's own change is told as that, whatever it follows.
      const reverted = revertNote(event, r.viewer, who);
      if (reverted === null) noteArtifact(r, event, who);
      else r.notes.push(reverted);
      return;
    }
    case "artifact_created":
    case "artifact_archived":
      noteArtifact(r, event, who);
      return;
    case "proposal_created":
      if (!r.follows(event.change.artifact_id)) return;
      r.notes.push({
        type: "proposal",
        action: "proposed",
        proposal_id: event.proposal_id,
        artifact_id: event.change.artifact_id,
        actor: who,
        detail: event.rationale,
        version: null,
        rebased_from: null,
        already_present: false,
        changes: null,
        diff: null,
        hunks: null,
        ...(event.revises === null ? {} : { revises: event.revises }),
        ...(event.reproposal_of === null ? {} : { reproposal_of: event.reproposal_of }),
      });
      return;
    case "proposal_resolved":
    case "proposal_expired":
      noteAnswer(r, event, who);
      return;
    case "decision_answered":
    case "deferred_answered":
      noteDecisionAnswer(r, event, who);
      return;
    case "proposal_commented": {
      const own = participantKey(event.proposed_by) === r.viewer;
      const note = commentNote(event, who, {
        own,
        person: r.person,
        follows: r.follows(event.artifact_id),
      });
      if (note !== null) r.notes.push(note);
      return;
    }
    case "message_posted":
      if (r.notices && event.kind === "notice" && event.thread_id === r.agentThread) {
        r.notes.push({ type: "notice", actor: who, content: event.content });
      }
      return;
    default:
      return;
  }
}

function collect(
  envelopes: readonly Envelope[],
  options: Omit<NotesOptions, "dataAt">,
): { notes: Note[]; coalesced: Coalesced[] } {
  const r = reading(envelopes, options);
  for (const { event, actor } of envelopes) {
    if (!isKnownEvent(event) || participantKey(actor) === r.viewer) continue;
    noteEvent(r, event, displayName(actor));
  }
  return { notes: r.notes, coalesced: [...r.coalesced.values()] };
}
