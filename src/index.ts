// The public entry of agent-workspace: every export by name. Internal modules import leaf
// files, never this one.

export type { Actor, ActorInput, AgentActor } from "./actors/actor.ts";
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
} from "./actors/actor.ts";
export type {
  ArtifactSchema,
  ArtifactType,
  ArtifactTypeDefinition,
  ProposalPolicy,
  WritePolicy,
} from "./artifacts/artifact-type.ts";
export { defineArtifactType, validateData } from "./artifacts/artifact-type.ts";
export type {
  ArchiveArtifact,
  Change,
  CreateArtifact,
  EditArtifact,
} from "./artifacts/commands.ts";
export {
  ArchiveArtifactSchema,
  ChangeSchema,
  CreateArtifactSchema,
  EditArtifactSchema,
} from "./artifacts/commands.ts";
export type { Revision, Versioned } from "./artifacts/entities.ts";
export { RevisionSchema, VersionedSchema } from "./artifacts/entities.ts";
export type { CheckoutMode, Placement } from "./checkout/placement.ts";
export { PlacementSchema } from "./checkout/placement.ts";
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
export type { Command, CommandInput, CommandType } from "./core/command.ts";
export { CommandSchema, fillIds } from "./core/command.ts";
export { commit, record } from "./core/commit.ts";
export type { DecideContext, SideContext } from "./core/context.ts";
export { decide } from "./core/decide.ts";
export type { Event, EventType, Fact, FactInput, KnownEvent, UnknownEvent } from "./core/event.ts";
export {
  EventSchema,
  FactSchema,
  isKnownEvent,
  KnownEventSchema,
  scopeOf,
  WORKSPACE_SCOPED,
} from "./core/event.ts";
export { isFact, needs } from "./core/needs.ts";
export type { Outcome } from "./core/outcome.ts";
export { OutcomeSchema } from "./core/outcome.ts";
export { parseActor, parseCommand, parseFact } from "./core/parse.ts";
export type { Registry, RegistryOptions } from "./core/registry.ts";
export { createRegistry } from "./core/registry.ts";
export type { CommitResult } from "./core/result.ts";
export type { EntityKind, Needs, RevisionRef, State } from "./core/state.ts";
export { emptyState, isSatisfied, NO_NEEDS, revisionKey } from "./core/state.ts";
export type { AnswerChannel, DecisionAnswerResult, DecisionDelivery } from "./decisions/channel.ts";
export type { AnswerDecision, RequestDecision, RetireDecision } from "./decisions/commands.ts";
export {
  AnswerDecisionSchema,
  RequestDecisionSchema,
  RetireDecisionSchema,
} from "./decisions/commands.ts";
export type {
  ClosedDecision,
  Decision,
  DecisionOption,
  DecisionSlot,
  RetireReason,
  Scope,
} from "./decisions/decision.ts";
export {
  DecisionOptionSchema,
  DecisionSchema,
  DecisionSlotSchema,
  ScopeSchema,
} from "./decisions/decision.ts";
export { DEFERRED_CHANNEL } from "./decisions/rules.ts";
export type { WorkspaceErrorCode } from "./errors/workspace-error.ts";
export {
  isWorkspaceError,
  WORKSPACE_ERROR_CODES,
  WorkspaceError,
} from "./errors/workspace-error.ts";
export type { GiveFeedback } from "./feedback/commands.ts";
export type {
  FeedbackSchema,
  FeedbackType,
  FeedbackTypeDefinition,
} from "./feedback/feedback-type.ts";
export { defineFeedbackType } from "./feedback/feedback-type.ts";
export type { FeedbackTarget, FeedbackTargetKind } from "./feedback/target.ts";
export { FeedbackTargetSchema } from "./feedback/target.ts";
export type { IdPrefix, IdSource } from "./ids/ids.ts";
export { randomIds, sequentialIds } from "./ids/ids.ts";
export type { JsonObject, JsonValue } from "./json/json.ts";
export { jsonEqual } from "./json/json.ts";
export type { LaunchThread } from "./launch/commands.ts";
export { LaunchThreadSchema } from "./launch/commands.ts";
export type {
  DispatchRequest,
  LaunchPorts,
  LaunchRequest,
  LaunchResult,
} from "./launch/launch-thread.ts";
export { launchThread } from "./launch/launch-thread.ts";
export { resolveModes } from "./launch/modes.ts";
export type { ModeLadder, ModeLadders, ResolvedModes } from "./launch/modes-schema.ts";
export {
  DEFAULT_MODE_LADDERS,
  ModeLadderSchema,
  ModeLaddersSchema,
} from "./launch/modes-schema.ts";
export type { JsonConflict, JsonConflictReason } from "./merge/json-conflict.ts";
export { JsonConflictSchema } from "./merge/json-conflict.ts";
export type { JsonMergeResult, MergeJsonOptions } from "./merge/merge-json.ts";
export { mergeJson } from "./merge/merge-json.ts";
export { mergeText } from "./merge/merge-text.ts";
export type {
  DiffAlgorithm,
  LineRange,
  MergeLabels,
  MergeTextOptions,
  TextConflict,
  TextMergeResult,
} from "./merge/types.ts";
export type { NotesOptions } from "./notes/change-notes.ts";
export { changeNotes, notesNeeds } from "./notes/change-notes.ts";
export type { ChangeNote, Note, ProposalNote } from "./notes/note.ts";
export { NoteSchema } from "./notes/note.ts";
export { renderNote, renderNotes } from "./notes/render.ts";
export { offerAcknowledgement } from "./offers/acknowledgement.ts";
export type {
  DismissedOfferCard,
  OfferCard,
  OfferCardAction,
  StandingOfferCard,
  StartedOfferCard,
} from "./offers/card.ts";
export { offerCard } from "./offers/card.ts";
export { offerCardIn } from "./offers/card-in.ts";
export type { AnswerOffer } from "./offers/commands.ts";
export { AnswerOfferSchema } from "./offers/commands.ts";
export type {
  GrantedCheckout,
  OfferAnswer,
  OfferRef,
  ThreadOffer,
  ThreadOfferInput,
} from "./offers/offer.ts";
export {
  GrantedCheckoutSchema,
  OfferAnswerSchema,
  OfferRefSchema,
  ThreadOfferSchema,
} from "./offers/offer.ts";
export type {
  CheckoutGrant,
  StartOfferPorts,
  StartOfferRequest,
  StartOfferResult,
} from "./offers/start-offer.ts";
export { isolatedCheckout, startOffer } from "./offers/start-offer.ts";
export { applyPatch } from "./patches/apply.ts";
export { describePatch } from "./patches/describe.ts";
export { diff } from "./patches/diff.ts";
export { applyJsonPatch } from "./patches/json-patch.ts";
export type { JsonPatch, JsonPatchOperation, Patch, TextEdit, TextEdits } from "./patches/patch.ts";
export { JsonPatchSchema, PatchSchema, TextEditsSchema } from "./patches/patch.ts";
export { applyTextEdits } from "./patches/text-edits.ts";
export { proposalAcknowledgement } from "./proposals/acknowledgement.ts";
export type { ExpireProposal, ProposeChange, RespondToProposal } from "./proposals/commands.ts";
export type { DataDiff } from "./proposals/data-diff-schema.ts";
export { DataDiffSchema } from "./proposals/data-diff-schema.ts";
export { dataDiff, unifiedDiff } from "./proposals/landed-diff.ts";
export type { ProposalPreview } from "./proposals/preview.ts";
export { previewProposal } from "./proposals/preview.ts";
export type { Proposal, ProposalStatus, Resolution } from "./proposals/proposal.ts";
export { ProposalSchema } from "./proposals/proposal.ts";
export type {
  EntityName,
  Rejection,
  RejectionType,
  ValidationError,
} from "./rejections/rejection.ts";
export { RejectionSchema } from "./rejections/rejection.ts";
export type { Ok, Refused, Result } from "./rejections/result.ts";
export type { AnswerDeferred } from "./runs/commands.ts";
export type {
  DeferredAnswer,
  DeferredRequest,
  RecordedAnswer,
  Run,
  RunStatus,
} from "./runs/run.ts";
export { RunSchema } from "./runs/run.ts";
export type {
  SideCloseReason,
  SideConversation,
  SideConversations,
  SideConversationsOptions,
  SideTurn,
} from "./sides/side-conversations.ts";
export { createSideConversations } from "./sides/side-conversations.ts";
export { snapshotThread } from "./sides/snapshot.ts";
export type { ActiveTurn, SideItem, SideSnapshot } from "./sides/snapshot-schema.ts";
export { SideSnapshotSchema } from "./sides/snapshot-schema.ts";
export type { MemoryStore } from "./stores/memory.ts";
export { memoryStore } from "./stores/memory.ts";
export type {
  AppendBatch,
  AppendResult,
  ProposalFilter,
  Store,
  StoreCapabilities,
} from "./stores/port.ts";
export type { ThreadMode } from "./threads/commands.ts";
export type { LaunchRecord, Thread, ThreadModes } from "./threads/thread.ts";
export { newThread, ThreadSchema } from "./threads/thread.ts";
export type { Envelope } from "./workspace/envelope.ts";
export { EnvelopeSchema } from "./workspace/envelope.ts";
export { replay } from "./workspace/replay.ts";
export type { WorkspaceSnapshot } from "./workspace/snapshot.ts";
export { LOG_CHUNK, logEntries } from "./workspace/snapshot.ts";
export type { Subscription } from "./workspace/subscription.ts";
export type {
  NotesDelivery,
  NotesRequest,
  Workspace,
  WorkspaceOptions,
  WriteOptions,
  WriteResult,
  WrittenEntities,
} from "./workspace/workspace.ts";
export { createWorkspace } from "./workspace/workspace.ts";
