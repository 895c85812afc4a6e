import { z } from "zod";
import { int } from "../parity/fields.ts";
import { JsonConflictSchema } from "./conflicts.ts";
import { JsonValueSchema } from "./json.ts";

/**
 * One validation error, in the original's shape (Pydantic's error dump without URLs):
 * `type` is a stable code, `loc` the path of the field that was wrong.
 */
const ValidationErrorSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: JsonValueSchema.optional(),
  ctx: z.record(z.string(), JsonValueSchema).optional(),
});
/** One validation error: a code, the field's path and a message for people. */
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** The artifact was changed since the version the change was computed against. */
const VersionConflictSchema = z.object({
  type: z.literal("version_conflict"),
  message: z.string(),
  artifact_id: z.string(),
  base: int(),
  head: int(),
});
/** Input or resulting data did not validate; `errors` name the fields. */
const ValidationFailedSchema = z.object({
  type: z.literal("validation_failed"),
  message: z.string(),
  errors: z.array(ValidationErrorSchema),
});
/** A patch could not be applied, or applying it would change nothing. */
const PatchFailedSchema = z.object({
  type: z.literal("patch_failed"),
  message: z.string(),
});
/** Something the command names does not exist. */
const NotFoundSchema = z.object({
  type: z.literal("not_found"),
  message: z.string(),
  entity: z.string(),
  id: z.string(),
});
/**
 * The actor may not do this. Refused by who may do what, `action` is the command or fact type
 * and `actor_kind` the kind of actor refused. When a requested mode is broader than the
 * actor's ceiling, `field`, `requested` and `ceiling` say which and by how much.
 */
const ForbiddenSchema = z.object({
  type: z.literal("forbidden"),
  message: z.string(),
  action: z.string().optional(),
  actor_kind: z.string().optional(),
  field: z.string().optional(),
  requested: z.string().optional(),
  ceiling: z.string().optional(),
});
/** The command does not fit the current state (already exists, already resolved, …). */
const InvalidStateSchema = z.object({
  type: z.literal("invalid_state"),
  message: z.string(),
});
/** A protocol frame asked for a protocol this implementation does not speak. */
const UnsupportedProtocolSchema = z.object({
  type: z.literal("unsupported_protocol"),
  message: z.string(),
});

/**
 * Accepting a proposal would need a guess: the artifact moved on since the proposal's `base`
 * version and the changes overlap. Nothing changed; the proposal is still pending. Each
 * conflict names its place (a JSON Pointer, and line ranges in text) with the base, current
 * and proposed content there.
 */
const ConflictSchema = z.object({
  type: z.literal("conflict"),
  message: z.string(),
  /** The proposal being accepted; `null` for a revert, which names the version in `reverts`. */
  proposal_id: z.string().nullable(),
  artifact_id: z.string(),
  base: z.number().int(),
  head: z.number().int(),
  conflicts: z.array(JsonConflictSchema),
  /** For a revert: the version it would have undone (absent for an accept). */
  reverts: z.number().int().optional(),
});

/** The offer was started already, or is being started, by the thread named. */
const AlreadyStartedSchema = z.object({
  type: z.literal("already_started"),
  message: z.string(),
  offer_id: z.string(),
  /** The thread that started the offer, or is starting it now. */
  thread_id: z.string(),
});

/** Where a thread should work cannot be had: a missing branch, an unregistered worktree, … */
const InvalidPlacementSchema = z.object({
  type: z.literal("invalid_placement"),
  message: z.string(),
  /** The request field at fault, as a dotted path (`placement.base_ref`). */
  field: z.string(),
  /** A stable code for what is wrong (`missing_branch`, `detached_head`, …). */
  reason: z.string(),
});

const decisionRef = {
  message: z.string(),
  scope: z.object({ kind: z.enum(["thread", "run"]), id: z.string() }),
  decision_id: z.string(),
  /** The decision pending in the scope now, if any: what a stale client should show. */
  current_id: z.string().nullable(),
};
/** The scope has never had a decision with this id (a stale client, or another scope's id). */
const UnknownDecisionSchema = z.object({
  type: z.literal("unknown_decision"),
  ...decisionRef,
});
/** The decision is no longer pending: a newer one superseded it, or it was retired. */
const StaleDecisionSchema = z.object({
  type: z.literal("stale_decision"),
  ...decisionRef,
  reason: z.enum(["superseded", "user_input", "expired", "scope_ended", "transport_lost"]),
});

/**
 * An accept of some of a proposal's hunks named hunks it does not have now: stale (the
 * artifact moved on where they were) or never its. `hunk_ids` are those, `current_ids` the
 * proposal's hunks now, to choose from again.
 */
const StaleHunksSchema = z.object({
  type: z.literal("stale_hunks"),
  message: z.string(),
  proposal_id: z.string(),
  hunk_ids: z.array(z.string()),
  current_ids: z.array(z.string()),
});

/**
 * Every way a command or fact can be refused. The JSON shape is the original's
 * `Rejection.payload()`: `{type, message, ...details}`.
 */
export const RejectionSchema = z.discriminatedUnion("type", [
  VersionConflictSchema,
  ValidationFailedSchema,
  PatchFailedSchema,
  NotFoundSchema,
  ForbiddenSchema,
  InvalidStateSchema,
  UnsupportedProtocolSchema,
  ConflictSchema,
  InvalidPlacementSchema,
  UnknownDecisionSchema,
  StaleDecisionSchema,
  AlreadyStartedSchema,
  StaleHunksSchema,
]);
/** A refused command or fact, as a value. Switch on `type`. */
export type Rejection = z.infer<typeof RejectionSchema>;

/** Entities a `not_found` rejection can name (the original's words). */
type EntityName =
  | "artifact type"
  | "artifact"
  | "artifact version"
  | "proposal"
  | "thread"
  | "run"
  | "deferred request"
  | "side conversation"
  | "offer"
  | "decision"
  | "feedback type"
  | "comment"
  | "hunk";

/** `version_conflict`: the artifact is at `head`, the change was computed against `base`. */
export function versionConflict(
  artifactId: string,
  base: number,
  head: number,
): z.infer<typeof VersionConflictSchema> {
  return {
    type: "version_conflict",
    message: `artifact ${artifactId} is at version ${head}, but the change was based on ${base}`,
    artifact_id: artifactId,
    base,
    head,
  };
}

/** `validation_failed` with the fields that were wrong. */
export function validationFailed(
  message: string,
  errors: ValidationError[],
): z.infer<typeof ValidationFailedSchema> {
  return { type: "validation_failed", message, errors };
}

/** `patch_failed` with a message saying why. */
export function patchFailed(message: string): z.infer<typeof PatchFailedSchema> {
  return { type: "patch_failed", message };
}

/** `not_found`: `{entity} {id} does not exist`. */
export function notFound(entity: EntityName, id: string): z.infer<typeof NotFoundSchema> {
  return { type: "not_found", message: `${entity} ${id} does not exist`, entity, id };
}

/** `forbidden` with a message saying who may. */
export function forbidden(message: string): z.infer<typeof ForbiddenSchema> {
  return { type: "forbidden", message };
}

/** `invalid_state` with a message saying what is in the way. */
export function invalidState(message: string): z.infer<typeof InvalidStateSchema> {
  return { type: "invalid_state", message };
}

/** `conflict`: the proposal no longer merges cleanly onto the artifact. */
export function conflict(
  details: Omit<z.infer<typeof ConflictSchema>, "type" | "message" | "proposal_id" | "reverts"> & {
    readonly proposal_id: string;
  },
): z.infer<typeof ConflictSchema> {
  const { proposal_id, artifact_id, base, head, conflicts } = details;
  return {
    type: "conflict",
    message: `proposal ${proposal_id} conflicts with changes to artifact ${artifact_id} since version ${base} (now ${head}) in ${places(conflicts.length)}`,
    ...details,
  };
}

/**
 * `conflict` for a revert: undoing version `reverts` (the merge's base) conflicts with what
 * changed since, up to `head`.
 */
export function revertConflict(
  details: Pick<z.infer<typeof ConflictSchema>, "artifact_id" | "head" | "conflicts"> & {
    readonly reverts: number;
  },
): z.infer<typeof ConflictSchema> {
  const { artifact_id, reverts, head, conflicts } = details;
  return {
    type: "conflict",
    message: `reverting version ${reverts} of artifact ${artifact_id} conflicts with changes since (now ${head}) in ${places(conflicts.length)}`,
    proposal_id: null,
    artifact_id,
    base: reverts,
    head,
    conflicts: [...conflicts],
    reverts,
  };
}

const places = (count: number): string => (count === 1 ? "1 place" : `${count} places`);

/** `forbidden` for a requested mode broader than the ceiling. */
export function beyondCeiling(
  field: string,
  requested: string,
  ceiling: string,
): z.infer<typeof ForbiddenSchema> {
  return {
    type: "forbidden",
    message: `${field} ${requested} is broader than the caller's ${ceiling}`,
    field,
    requested,
    ceiling,
  };
}

/** `already_started`: the offer has a thread already, started or being started. */
export function alreadyStarted(
  offerId: string,
  threadId: string,
): z.infer<typeof AlreadyStartedSchema> {
  return {
    type: "already_started",
    message: `offer ${offerId} is already started, as thread ${threadId}`,
    offer_id: offerId,
    thread_id: threadId,
  };
}

/** `invalid_placement` naming the field and the reason. */
export function invalidPlacement(
  field: string,
  reason: string,
  message: string,
): z.infer<typeof InvalidPlacementSchema> {
  return { type: "invalid_placement", message, field, reason };
}

type DecisionRef = Omit<z.infer<typeof UnknownDecisionSchema>, "type" | "message">;

/** `unknown_decision`: the scope never had this id. */
export function unknownDecision(ref: DecisionRef): z.infer<typeof UnknownDecisionSchema> {
  const { scope, decision_id } = ref;
  return {
    type: "unknown_decision",
    message: `${scope.kind} ${scope.id} has no decision ${decision_id}`,
    ...ref,
  };
}

/** `stale_decision`: the decision ended (`reason`); `current_id` is the one pending now. */
export function staleDecision(
  ref: DecisionRef & { reason: z.infer<typeof StaleDecisionSchema>["reason"] },
): z.infer<typeof StaleDecisionSchema> {
  const now = ref.current_id === null ? "none is pending" : `${ref.current_id} is pending`;
  return {
    type: "stale_decision",
    message: `decision ${ref.decision_id} is no longer pending (${ref.reason}); ${now}`,
    ...ref,
  };
}

/** `stale_hunks`: the proposal has none of `hunk_ids` now; its hunks now are `current_ids`. */
export function staleHunks(
  details: Omit<z.infer<typeof StaleHunksSchema>, "type" | "message">,
): z.infer<typeof StaleHunksSchema> {
  const { proposal_id, hunk_ids, current_ids } = details;
  const now = current_ids.length === 0 ? "it has none" : `its hunks are ${current_ids.join(", ")}`;
  return {
    type: "stale_hunks",
    message: `proposal ${proposal_id} has no hunk ${hunk_ids.join(", ")} now; ${now}`,
    ...details,
  };
}
