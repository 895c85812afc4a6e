// The public entry of agent-workspace: every export by name. Internal modules import leaf
// files, never this one.

export type {
  Checkout,
  CheckoutAdapter,
  PlacementCheck,
  PlacementProblem,
  PlacementProblemReason,
} from "./checkout/port.ts";
export {
  CheckoutError,
  isCheckoutError,
  PLACEMENT_PROBLEM_REASONS,
  placementProblem,
} from "./checkout/port.ts";
export { commit, record } from "./decide/commit.ts";
export { decide } from "./decide/decide.ts";
export { isFact, needs } from "./decide/needs.ts";
export { parseActor, parseCommand, parseFact } from "./decide/parse.ts";
export { replay } from "./decide/replay.ts";
export type { JsonMergeResult, MergeJsonOptions } from "./diffs/merge/merge-json.ts";
export { mergeJson } from "./diffs/merge/merge-json.ts";
export { mergeText } from "./diffs/merge/merge-text.ts";
export type {
  DiffAlgorithm,
  LineRange,
  MergeLabels,
  MergeTextOptions,
  TextConflict,
  TextMergeResult,
} from "./diffs/merge/types.ts";
export type { NotesOptions } from "./diffs/notes/change-notes.ts";
export { changeNotes, notesNeeds } from "./diffs/notes/change-notes.ts";
export { renderNote, renderNotes } from "./diffs/notes/render.ts";
export { applyPatch } from "./diffs/patches/apply.ts";
export { dataDiff, unifiedDiff } from "./diffs/patches/data-diff.ts";
export { describePatch } from "./diffs/patches/describe.ts";
export { diff } from "./diffs/patches/diff.ts";
export { applyJsonPatch } from "./diffs/patches/json-patch.ts";
export { applyTextEdits } from "./diffs/patches/text-edits.ts";
export type {
  DispatchRequest,
  LaunchPorts,
  LaunchRequest,
  LaunchResult,
} from "./host/launch-thread.ts";
export { launchThread } from "./host/launch-thread.ts";
export { offerCardIn } from "./host/offer-card.ts";
export { createSideConversations } from "./host/side-conversations.ts";
export type {
  SideCloseReason,
  SideConversation,
  SideConversations,
  SideConversationsOptions,
  SideTurn,
} from "./host/sides-api.ts";
export type {
  CheckoutGrant,
  StartOfferPorts,
  StartOfferRequest,
  StartOfferResult,
} from "./host/start-offer.ts";
export { isolatedCheckout, startOffer } from "./host/start-offer.ts";
export type { Actor, ActorInput, AgentActor } from "./model/actors.ts";
export {
  ActorSchema,
  AgentActorSchema,
  actorRunId,
  displayName,
  EvaluatorActorSchema,
  ExternalAgentActorSchema,
  isAgent,
  participantKey,
  SystemActorSchema,
  UserActorSchema,
} from "./model/actors.ts";
export type {
  ArtifactSchema,
  ArtifactType,
  ArtifactTypeDefinition,
  ProposalPolicy,
  WritePolicy,
} from "./model/artifact-type.ts";
export { defineArtifactType, validateData } from "./model/artifact-type.ts";
export type {
  ArchiveArtifact,
  Change,
  CreateArtifact,
  EditArtifact,
  Revision,
  Versioned,
} from "./model/artifacts.ts";
export {
  ArchiveArtifactSchema,
  ChangeSchema,
  CreateArtifactSchema,
  EditArtifactSchema,
  RevisionSchema,
  VersionedSchema,
} from "./model/artifacts.ts";
export type { Command, CommandInput, CommandType } from "./model/command.ts";
export { CommandSchema, fillIds } from "./model/command.ts";
export type { CommitResult } from "./model/commit-result.ts";
export type { JsonConflict, JsonConflictReason } from "./model/conflicts.ts";
export { JsonConflictSchema } from "./model/conflicts.ts";
export type { DecideContext, SideContext } from "./model/context.ts";
export type { DataDiff } from "./model/data-diff.ts";
export { DataDiffSchema } from "./model/data-diff.ts";
export type {
  AnswerDecision,
  ClosedDecision,
  Decision,
  DecisionOption,
  DecisionSlot,
  RequestDecision,
  RetireDecision,
  RetireReason,
  Scope,
} from "./model/decisions.ts";
export {
  AnswerDecisionSchema,
  DecisionOptionSchema,
  DecisionSchema,
  DecisionSlotSchema,
  RequestDecisionSchema,
  RetireDecisionSchema,
  ScopeSchema,
} from "./model/decisions.ts";
export type { Envelope } from "./model/envelope.ts";
export { EnvelopeSchema } from "./model/envelope.ts";
export type { WorkspaceErrorCode } from "./model/errors.ts";
export {
  isWorkspaceError,
  WORKSPACE_ERROR_CODES,
  WorkspaceError,
} from "./model/errors.ts";
export type { Event, EventType, Fact, FactInput, KnownEvent, UnknownEvent } from "./model/event.ts";
export {
  EventSchema,
  FactSchema,
  isKnownEvent,
  KnownEventSchema,
  scopeOf,
  WORKSPACE_SCOPED,
} from "./model/event.ts";
export type { FeedbackTarget, FeedbackTargetKind, GiveFeedback } from "./model/feedback.ts";
export { FeedbackTargetSchema } from "./model/feedback.ts";
export type {
  FeedbackSchema,
  FeedbackType,
  FeedbackTypeDefinition,
} from "./model/feedback-type.ts";
export { defineFeedbackType } from "./model/feedback-type.ts";
export type { IdPrefix, IdSource } from "./model/ids.ts";
export { randomIds, sequentialIds } from "./model/ids.ts";
export type { JsonObject, JsonValue } from "./model/json.ts";
export { jsonEqual } from "./model/json.ts";
export type { LaunchThread } from "./model/launch.ts";
export { LaunchThreadSchema } from "./model/launch.ts";
export type { ModeLadder, ModeLadders, ResolvedModes } from "./model/modes.ts";
export {
  DEFAULT_MODE_LADDERS,
  ModeLadderSchema,
  ModeLaddersSchema,
} from "./model/modes.ts";
export type { ChangeNote, Note, ProposalNote } from "./model/notes.ts";
export { NoteSchema } from "./model/notes.ts";
export type {
  AnswerOffer,
  GrantedCheckout,
  OfferAnswer,
  OfferRef,
  ThreadOffer,
  ThreadOfferInput,
} from "./model/offers.ts";
export {
  AnswerOfferSchema,
  GrantedCheckoutSchema,
  OfferAnswerSchema,
  OfferRefSchema,
  ThreadOfferSchema,
} from "./model/offers.ts";
export type { Outcome } from "./model/outcome.ts";
export { OutcomeSchema } from "./model/outcome.ts";
export type { JsonPatch, JsonPatchOperation, Patch, TextEdit, TextEdits } from "./model/patches.ts";
export { JsonPatchSchema, PatchSchema, TextEditsSchema } from "./model/patches.ts";
export type { CheckoutMode, Placement } from "./model/placement.ts";
export { PlacementSchema } from "./model/placement.ts";
export type {
  ExpireProposal,
  Proposal,
  ProposalStatus,
  ProposeChange,
  Resolution,
  RespondToProposal,
} from "./model/proposals.ts";
export { ProposalSchema } from "./model/proposals.ts";
export type { Registry, RegistryOptions } from "./model/registry.ts";
export { createRegistry } from "./model/registry.ts";
export type {
  EntityName,
  Rejection,
  RejectionType,
  ValidationError,
} from "./model/rejections.ts";
export { RejectionSchema } from "./model/rejections.ts";
export type { Ok, Refused, Result } from "./model/result.ts";
export type {
  AnswerDeferred,
  DeferredAnswer,
  DeferredRequest,
  RecordedAnswer,
  Run,
  RunStatus,
} from "./model/runs.ts";
export { RunSchema } from "./model/runs.ts";
export type { ActiveTurn, SideItem, SideSnapshot } from "./model/side-snapshot.ts";
export { SideSnapshotSchema } from "./model/side-snapshot.ts";
export type { WorkspaceSnapshot } from "./model/snapshot.ts";
export { LOG_CHUNK, logEntries } from "./model/snapshot.ts";
export type { EntityKind, Needs, RevisionRef, State } from "./model/state.ts";
export { emptyState, isSatisfied, NO_NEEDS, revisionKey } from "./model/state.ts";
export type { LaunchRecord, Thread, ThreadMode, ThreadModes } from "./model/threads.ts";
export { newThread, ThreadSchema } from "./model/threads.ts";
export { DEFERRED_CHANNEL } from "./rules/decisions/decisions.ts";
export { resolveModes } from "./rules/launch/modes.ts";
export { offerAcknowledgement } from "./rules/offers/acknowledgement.ts";
export type {
  DismissedOfferCard,
  OfferCard,
  OfferCardAction,
  StandingOfferCard,
  StartedOfferCard,
} from "./rules/offers/card.ts";
export { offerCard } from "./rules/offers/card.ts";
export { proposalAcknowledgement } from "./rules/proposals/acknowledgement.ts";
export type { ProposalPreview } from "./rules/proposals/preview.ts";
export { previewAccept } from "./rules/proposals/preview.ts";
export { snapshotThread } from "./rules/sides/snapshot.ts";
export type { MemoryStore } from "./stores/memory.ts";
export { memoryStore } from "./stores/memory.ts";
export type {
  AppendBatch,
  AppendResult,
  ProposalFilter,
  Store,
  StoreCapabilities,
} from "./stores/port.ts";
export type {
  AnswerChannel,
  DecisionAnswerResult,
  DecisionDelivery,
} from "./workspace/answer-decision.ts";
export type {
  NotesDelivery,
  NotesRequest,
  Workspace,
  WorkspaceOptions,
  WriteOptions,
  WriteResult,
  WrittenEntities,
} from "./workspace/api.ts";
export type { Subscription } from "./workspace/subscription.ts";
export { createWorkspace } from "./workspace/workspace.ts";
