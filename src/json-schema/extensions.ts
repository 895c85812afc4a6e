import type { SchemaDifference } from "./compare.ts";

/**
 * A way our wire model's JSON Schema is larger than the original's, on purpose: the paths it
 * changes (segments `*` for any one, `{a,b}` for either) and why.
 */
interface SchemaExtension {
  readonly change: SchemaDifference["change"];
  readonly paths: readonly string[];
  readonly why: string;
}

const ID_LIMITS = "{minLength,maxLength,pattern}";

/**
 * The id limits on `fields` of each of `defs` (in the `anyOf` of a nullable one): named one by
 * one, so a limit that appears on a new definition by accident is a difference to explain.
 */
const idLimits = (defs: string, fields: string, nullable = false): string =>
  `/$defs/{${defs}}/properties/{${fields}}/${nullable ? "anyOf/0/" : ""}${ID_LIMITS}`;
const COMMANDS =
  "{ExpireProposal,SaveDraft,EndThread,DeleteThread,GrantPermission,MakeOffer,AnswerOffer,ReleaseOffer,LaunchThread,RequestDecision,AnswerDecision,RetireDecision,OpenSide,CloseSide}";
const COMMAND_TAGS =
  "{expire_proposal,save_draft,end_thread,delete_thread,grant_permission,make_offer,answer_offer,release_offer,launch_thread,request_decision,answer_decision,retire_decision,open_side,close_side}";
const EVENTS =
  "{ProposalSuperseded,ProposalExpired,DraftSaved,ThreadEnded,ThreadDeleted,PermissionGranted,OfferMade,OfferAnswered,OfferReleased,ThreadLaunched,DecisionRequested,DecisionSuperseded,DecisionAnswered,DecisionRetired,SideOpened,SideClosed}";
const REJECTIONS =
  "{VersionConflict,ValidationFailed,PatchFailed,NotFound,Forbidden,InvalidState,UnsupportedProtocol,Conflict,AlreadyStarted,InvalidPlacement,UnknownDecision,StaleDecision,StaleHunks}";

/** Every way our protocol schema differs from the original's, and why. */
export const SCHEMA_EXTENSIONS: readonly SchemaExtension[] = [
  {
    change: "added",
    paths: [
      idLimits("UserActor", "id"),
      idLimits("ExternalAgentActor", "client_id"),
      idLimits("AgentActor", "thread_id"),
      idLimits("AgentActor,MessageTarget", "run_id", true),
      idLimits("ArchiveArtifact,CreateArtifact,EditArtifact", "artifact_id,proposal_id"),
      idLimits("ArchiveArtifact,CreateArtifact,EditArtifact", "thread_id", true),
      idLimits("ProposeChange,RespondToProposal", "proposal_id"),
      idLimits("CreateThread,SetFocus,SetThreadMode,ThreadTarget", "thread_id"),
      idLimits("MessageTarget,PostMessage", "message_id,thread_id"),
      idLimits("ArtifactTarget", "artifact_id"),
      idLimits("StopRun,TurnTarget,WatchRun", "run_id"),
      idLimits("AnswerDeferred", "run_id,tool_call_id"),
      idLimits("DeferredRequest", "tool_call_id"),
      idLimits("RunEnded,RunPaused,RunStarted", "run_id,thread_id"),
      idLimits("ToolCalled,ToolReturned", "run_id,thread_id,tool_call_id"),
      idLimits("AppEvent", "run_id,thread_id", true),
      `/$defs/Hello/properties/threads/anyOf/0/items/${ID_LIMITS}`,
    ],
    why: "Ids from outside are 1–256 characters without control characters, line or paragraph separators or format characters, so every store can index them and every surface show them on one line (ADR 0022, ADR 0036, docs/spec.md S5).",
  },
  {
    change: "added",
    paths: [
      `/$defs/${COMMANDS}`,
      `/$defs/CommandFrame/properties/command/oneOf/[${COMMANDS}]`,
      `/$defs/CommandFrame/properties/command/discriminator/mapping/${COMMAND_TAGS}`,
    ],
    why: "Our commands: expiring proposals (P8), drafts, ending and deleting threads, grants, thread offers (5.T), launch (5.L), blocking decisions (5.D), side conversations (5.B).",
  },
  {
    change: "added",
    paths: [`/$defs/${EVENTS}`, `/$defs/EventFrame/properties/event/oneOf/[${EVENTS}]`],
    why: "The events our commands write; an implementation that does not know them reads them as unknown events.",
  },
  {
    change: "removed",
    paths: [
      "/$defs/CommandResult/properties/rejection/anyOf/0/additionalProperties",
      "/$defs/CommandResult/properties/rejection/anyOf/0/type",
    ],
    why: "A command result's rejection is typed: the union of our rejections (ADR 0003), not any object.",
  },
  {
    change: "added",
    paths: [
      "/$defs/CommandResult/properties/rejection/anyOf/0/{discriminator,oneOf}",
      `/$defs/${REJECTIONS}`,
    ],
    why: "A command result's rejection is typed: each rejection with its code and details (ADR 0003), `conflict` and the rejections of sections 5 among them.",
  },
  {
    change: "added",
    paths: ["/$defs/ErrorFrame/properties/rejection"],
    why: "An HTTP answer refusing a request carries the rejection that says why (the live protocol's transports).",
  },
  {
    change: "added",
    paths: ["/$defs/ErrorFrame/properties/code"],
    why: "A fault on the server carries its WorkspaceError code (read_only, disk_full, unknown_outcome, …), so a client knows whether to retry without reading words.",
  },
  {
    change: "added",
    paths: [
      "/$defs/RespondToProposal/properties/{base_version,surface}",
      "/$defs/ProposalResolved/properties/{base_version,surface,rebased_from,already_present,landed_diff}",
      "/$defs/ProposalCreated/properties/expires_at",
    ],
    why: "Real rebase, conflicts resolved against the current version, already-present changes, provenance and expiry (P1–P3, P5, P8, P9).",
  },
  {
    change: "added",
    paths: [
      "/$defs/RespondToProposal/properties/hunks",
      "/$defs/ProposalResolved/properties/hunks",
    ],
    why: "Accepting part of a proposal: the hunks chosen, and which landed and which did not (ADR 0048).",
  },
  {
    change: "added",
    paths: [
      "/$defs/{CommentOnProposal,RequestChanges,ProposalCommented,Commented}",
      "/$defs/CommandFrame/properties/command/oneOf/[{CommentOnProposal,RequestChanges}]",
      "/$defs/CommandFrame/properties/command/discriminator/mapping/{comment_on_proposal,request_changes}",
      "/$defs/EventFrame/properties/event/oneOf/[ProposalCommented]",
      "/$defs/CommandResult/properties/outcome/anyOf/0/oneOf/[Commented]",
      "/$defs/CommandResult/properties/outcome/anyOf/0/discriminator/mapping/commented",
      "/$defs/{ProposeChange,ProposalCreated,Proposed}/properties/revises",
      "/$defs/{ProposalCreated,Proposed}/properties/reproposal_of",
      "/$defs/ProposalResolved/properties/hunk_ids",
    ],
    why: "Comments on proposals and requests for changes, revisions that supersede their predecessor, and rejections that stick: a rejection's hunk ids, and a proposal of the same effect marked as a re-proposal (ADR 0052).",
  },
  {
    change: "added",
    paths: [
      "/$defs/{RespondToProposals,Batch}",
      "/$defs/CommandFrame/properties/command/oneOf/[RespondToProposals]",
      "/$defs/CommandFrame/properties/command/discriminator/mapping/respond_to_proposals",
      "/$defs/CommandResult/properties/outcome/anyOf/0/oneOf/[Batch]",
      "/$defs/CommandResult/properties/outcome/anyOf/0/discriminator/mapping/batch",
    ],
    why: "Answering many proposals in one command, each rebased onto what the answers before it wrote, with an outcome per answer (ADR 0050).",
  },
  {
    change: "added",
    paths: [
      "/$defs/RevertRevision",
      "/$defs/CommandFrame/properties/command/oneOf/[RevertRevision]",
      "/$defs/CommandFrame/properties/command/discriminator/mapping/revert_revision",
      "/$defs/ArtifactChanged/properties/{reverts,reverted}",
    ],
    why: "Taking an accepted change back: a revert is a new version that undoes an earlier one by a three-way merge, and records which version it undoes and whose change that was (ADR 0051).",
  },
  {
    change: "added",
    paths: ["/$defs/{AnswerDeferred,DeferredAnswered}/properties/surface"],
    why: "Provenance: where an answer came from (P9).",
  },
  {
    change: "added",
    paths: ["/$defs/{CreateThread,ThreadCreated}/properties/proposed_by"],
    why: "A thread started from an offer records the offer (5.T).",
  },
  {
    change: "added",
    paths: ["/$defs/AgentActor/properties/side_id"],
    why: "A write from a side conversation is a participant of its own (5.B); set by the library, never the sender.",
  },
  {
    change: "added",
    paths: ["/$defs/EvaluatorActor/properties/{name,version}/minLength"],
    why: "An actor names someone (docs/spec.md section 9): an evaluator's name and version may not be empty.",
  },
  {
    change: "added",
    paths: ["/$defs/RunPaused/properties/resume"],
    why: "What the agent's framework needs to resume a paused run (the framework adapters).",
  },
  {
    change: "added",
    paths: ["/$defs/Welcome/properties/stream_id", "/$defs/LiveFrame/properties/index"],
    why: "An SSE stream is named for `watch_run` sent by POST, and a live frame's place in its run lets a client that watches again skip what it has.",
  },
];

function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern === "*") return true;
  const alternatives = /^(.*)\{([^}]*)\}(.*)$/.exec(pattern);
  if (alternatives === null) return pattern === segment;
  const [, before = "", options = "", after = ""] = alternatives;
  return options.split(",").some((option) => `${before}${option}${after}` === segment);
}

/** True when `path` is one that `pattern` names. */
export function pathMatches(pattern: string, path: string): boolean {
  const patternSegments = pattern.split("/");
  const segments = path.split("/");
  return (
    patternSegments.length === segments.length &&
    patternSegments.every((p, i) => segmentMatches(p, segments[i] ?? ""))
  );
}

/** The extension that covers a difference, if one does. */
export function extensionFor(difference: SchemaDifference): SchemaExtension | undefined {
  return SCHEMA_EXTENSIONS.find(
    (extension) =>
      extension.change === difference.change &&
      extension.paths.some((pattern) => pathMatches(pattern, difference.path)),
  );
}
