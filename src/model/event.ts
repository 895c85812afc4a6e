import { z } from "zod";
import { named, originalUnion } from "../parity/meta.ts";
import {
  ArtifactArchivedSchema,
  ArtifactChangedSchema,
  ArtifactCreatedSchema,
} from "./artifacts.ts";
import {
  DecisionAnsweredSchema,
  DecisionRequestedSchema,
  DecisionRetiredSchema,
  DecisionSupersededSchema,
} from "./decisions.ts";
import { FeedbackGivenSchema } from "./feedback.ts";
import { ThreadLaunchedSchema } from "./launch.ts";
import { OfferAnsweredSchema, OfferMadeSchema, OfferReleasedSchema } from "./offers.ts";
import {
  ProposalCommentedSchema,
  ProposalCreatedSchema,
  ProposalExpiredSchema,
  ProposalResolvedSchema,
  ProposalSupersededSchema,
} from "./proposals.ts";
import {
  AppEventSchema,
  DeferredAnsweredSchema,
  RunEndedSchema,
  RunPausedSchema,
  RunStartedSchema,
  ToolCalledSchema,
  ToolReturnedSchema,
} from "./runs.ts";
import { SideClosedSchema, SideOpenedSchema } from "./sides.ts";
import {
  DraftSavedSchema,
  FocusChangedSchema,
  MessagePostedSchema,
  PermissionGrantedSchema,
  ThreadCreatedSchema,
  ThreadDeletedSchema,
  ThreadEndedSchema,
  ThreadModeChangedSchema,
} from "./threads.ts";

/** Facts a host records about runs and the application, decided by `record`. */
export const FactSchema = originalUnion(
  z.discriminatedUnion("type", [
    RunStartedSchema,
    ToolCalledSchema,
    ToolReturnedSchema,
    RunPausedSchema,
    RunEndedSchema,
    AppEventSchema,
  ]),
);
/** A fact a host records, parsed. */
export type Fact = z.infer<typeof FactSchema>;
/** A fact as a host may write it, defaults left out. */
export type FactInput = z.input<typeof FactSchema>;

/** Every event this implementation writes, discriminated by `type`. */
export const KnownEventSchema = z.discriminatedUnion("type", [
  ThreadCreatedSchema,
  ThreadModeChangedSchema,
  FocusChangedSchema,
  MessagePostedSchema,
  ArtifactCreatedSchema,
  ArtifactChangedSchema,
  ArtifactArchivedSchema,
  ProposalCreatedSchema,
  ProposalResolvedSchema,
  ProposalSupersededSchema,
  ProposalExpiredSchema,
  ProposalCommentedSchema,
  RunStartedSchema,
  ToolCalledSchema,
  ToolReturnedSchema,
  RunPausedSchema,
  DeferredAnsweredSchema,
  RunEndedSchema,
  FeedbackGivenSchema,
  AppEventSchema,
  DraftSavedSchema,
  ThreadEndedSchema,
  ThreadDeletedSchema,
  PermissionGrantedSchema,
  OfferMadeSchema,
  OfferAnsweredSchema,
  OfferReleasedSchema,
  ThreadLaunchedSchema,
  DecisionRequestedSchema,
  DecisionSupersededSchema,
  DecisionAnsweredSchema,
  DecisionRetiredSchema,
  SideOpenedSchema,
  SideClosedSchema,
]);
/** An event this implementation writes. */
export type KnownEvent = z.infer<typeof KnownEventSchema>;
/** The `type` codes of known events. */
export type EventType = KnownEvent["type"];

const KNOWN_TYPES: ReadonlySet<string> = new Set(
  KnownEventSchema.options.map((o) => o.shape.type.value),
);

/**
 * An event of a type this implementation does not know (a newer writer's), kept as it is.
 * A known type that fails its schema is an error, never an unknown event.
 */
const UnknownEventSchema = named(
  "UnknownEvent",
  z.looseObject({ type: z.string() }).refine((event) => !KNOWN_TYPES.has(event.type), {
    message: "a known event type must match its schema",
  }),
);
/** An event of a type this implementation does not know. */
type UnknownEvent = z.infer<typeof UnknownEventSchema>;

/** Any event in a log: a known one, or an unknown one kept as-is. */
export const EventSchema = z.union([KnownEventSchema, UnknownEventSchema]);
/** Any event in a log. */
export type Event = KnownEvent | UnknownEvent;

/** Events about artifacts and proposals: every thread sees them, whatever it follows. */
export const WORKSPACE_SCOPED: ReadonlySet<string> = new Set([
  "artifact_created",
  "artifact_changed",
  "artifact_archived",
  "proposal_created",
  "proposal_resolved",
  "proposal_superseded",
  "proposal_expired",
  "proposal_commented",
]);

/** True when `event` is one this implementation knows. */
export function isKnownEvent(event: Event): event is KnownEvent {
  return KNOWN_TYPES.has(event.type);
}

/** The thread and run an event belongs to (`null` where it has none). */
export function scopeOf(event: Event): { thread_id: string | null; run_id: string | null } {
  const { thread_id, run_id } = event as { thread_id?: unknown; run_id?: unknown };
  return {
    thread_id: typeof thread_id === "string" ? thread_id : null,
    run_id: typeof run_id === "string" ? run_id : null,
  };
}
