// `agent-workspace`: what a host needs — a workspace over a store, artifact types, the texts
// a model is handed, the host services and their ports. An explicit list; the pure rules,
// the wire schemas and the merge engine are subpaths of their own (`/rules`, `/schemas`,
// `/merge`), and internal modules never import an entry.

export type { Checkout, CheckoutAdapter, PlacementProblem } from "../checkout/port.ts";
export { CheckoutError, isCheckoutError, placementProblem } from "../checkout/port.ts";
export type {
  LaunchCall,
  LaunchPorts,
  LaunchRequest,
  LaunchResult,
} from "../host/launch-thread.ts";
export { launchThread } from "../host/launch-thread.ts";
export { offerCardIn } from "../host/offer-card.ts";
export { createSideConversations } from "../host/side-conversations.ts";
export type {
  SideConversation,
  SideConversations,
  SideConversationsOptions,
} from "../host/sides-api.ts";
export type {
  CheckoutGrant,
  StartOfferCall,
  StartOfferPorts,
  StartOfferRequest,
  StartOfferResult,
} from "../host/start-offer.ts";
export { isolatedCheckout, startOffer } from "../host/start-offer.ts";
export type { About } from "../model/about.ts";
export type { Actor, ActorInput } from "../model/actors.ts";
export type {
  ArtifactType,
  ArtifactTypeDefinition,
  ProposalPolicy,
  WritePolicy,
} from "../model/artifact-type.ts";
export { defineArtifactType } from "../model/artifact-type.ts";
export type { Revision, Versioned } from "../model/artifacts.ts";
export type { CommandInput } from "../model/command.ts";
export type { Decision, Scope } from "../model/decisions.ts";
export type { Envelope } from "../model/envelope.ts";
export type { WorkspaceErrorCode } from "../model/errors.ts";
export { isWorkspaceError, orThrow, WorkspaceError } from "../model/errors.ts";
export type { Event, FactInput } from "../model/event.ts";
export type { FeedbackType, FeedbackTypeDefinition } from "../model/feedback-type.ts";
export { defineFeedbackType } from "../model/feedback-type.ts";
export type { IdSource } from "../model/ids.ts";
export { randomIds, sequentialIds } from "../model/ids.ts";
export type { JsonObject } from "../model/json.ts";
export type { ModeLadders } from "../model/modes.ts";
export { DEFAULT_MODE_LADDERS } from "../model/modes.ts";
export type { Note } from "../model/notes.ts";
export type { ThreadOffer, ThreadOfferInput } from "../model/offers.ts";
export type { Outcome } from "../model/outcome.ts";
export type { Page, PageRequest } from "../model/pages.ts";
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "../model/pages.ts";
export type { Patch } from "../model/patches.ts";
export type { Placement } from "../model/placement.ts";
export type { Proposal } from "../model/proposals.ts";
export type { Registry, RegistryOptions } from "../model/registry.ts";
export { createRegistry } from "../model/registry.ts";
export type { Rejection } from "../model/rejections.ts";
export type { Run } from "../model/runs.ts";
export type { WorkspaceSnapshot } from "../model/snapshot.ts";
export type { Thread } from "../model/threads.ts";
export { offerAcknowledgement } from "../offers/acknowledgement.ts";
export type { OfferCard } from "../offers/card.ts";
export { offerCard } from "../offers/card.ts";
export { proposalAcknowledgement } from "../proposals/acknowledgement.ts";
export type { ProposalPreview } from "../proposals/preview.ts";
export type { MemoryStore } from "../stores/memory.ts";
export { memoryStore } from "../stores/memory.ts";
export type { PageAt, ProposalFilter, Store } from "../stores/port.ts";
export type {
  AnswerOptions,
  DecisionAnswer,
  DecisionAnswerResult,
} from "../workspace/answer-decision.ts";
export type {
  NotesDelivery,
  NotesRequest,
  Workspace,
  WorkspaceOptions,
  WriteOptions,
  WriteResult,
} from "../workspace/api.ts";
export type { AnswerChannel, DecisionDelivery, DeliveryResult } from "../workspace/deliveries.ts";
export type { Subscription } from "../workspace/subscription.ts";
export { createWorkspace } from "../workspace/workspace.ts";
