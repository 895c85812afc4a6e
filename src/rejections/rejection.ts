import { z } from "zod";
import { JsonValueSchema } from "../json/json.ts";
import { JsonConflictSchema } from "../merge/json-conflict.ts";

/**
 * One validation error, in the original's shape (Pydantic's error dump without URLs):
 * `type` is a stable code, `loc` the path of the field that was wrong.
 */
export const ValidationErrorSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: JsonValueSchema.optional(),
  ctx: z.record(z.string(), JsonValueSchema).optional(),
});
/** One validation error: a code, the field's path and a message for people. */
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** The artifact was changed since the version the change was computed against. */
export const VersionConflictSchema = z.object({
  type: z.literal("version_conflict"),
  message: z.string(),
  artifact_id: z.string(),
  base: z.number().int(),
  head: z.number().int(),
});
/** Input or resulting data did not validate; `errors` name the fields. */
export const ValidationFailedSchema = z.object({
  type: z.literal("validation_failed"),
  message: z.string(),
  errors: z.array(ValidationErrorSchema),
});
/** A patch could not be applied, or applying it would change nothing. */
export const PatchFailedSchema = z.object({
  type: z.literal("patch_failed"),
  message: z.string(),
});
/** Something the command names does not exist. */
export const NotFoundSchema = z.object({
  type: z.literal("not_found"),
  message: z.string(),
  entity: z.string(),
  id: z.string(),
});
/** The actor may not do this. */
export const ForbiddenSchema = z.object({
  type: z.literal("forbidden"),
  message: z.string(),
});
/** The command does not fit the current state (already exists, already resolved, …). */
export const InvalidStateSchema = z.object({
  type: z.literal("invalid_state"),
  message: z.string(),
});
/** A protocol frame asked for a protocol this implementation does not speak. */
export const UnsupportedProtocolSchema = z.object({
  type: z.literal("unsupported_protocol"),
  message: z.string(),
});

/**
 * Accepting a proposal would need a guess: the artifact moved on since the proposal's `base`
 * version and the changes overlap. Nothing changed; the proposal is still pending. Each
 * conflict names its place (a JSON Pointer, and line ranges in text) with the base, current
 * and proposed content there.
 */
export const ConflictSchema = z.object({
  type: z.literal("conflict"),
  message: z.string(),
  proposal_id: z.string(),
  artifact_id: z.string(),
  base: z.number().int(),
  head: z.number().int(),
  conflicts: z.array(JsonConflictSchema),
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
]);
/** A refused command or fact, as a value. Switch on `type`. */
export type Rejection = z.infer<typeof RejectionSchema>;
/** The stable codes a {@link Rejection} can carry. */
export type RejectionType = Rejection["type"];

/** Entities a `not_found` rejection can name (the original's words). */
export type EntityName =
  | "artifact type"
  | "artifact"
  | "artifact version"
  | "proposal"
  | "thread"
  | "run"
  | "deferred request"
  | "feedback type";

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
  details: Omit<z.infer<typeof ConflictSchema>, "type" | "message">,
): z.infer<typeof ConflictSchema> {
  const { proposal_id, artifact_id, base, head, conflicts } = details;
  const regions = conflicts.length === 1 ? "1 place" : `${conflicts.length} places`;
  return {
    type: "conflict",
    message: `proposal ${proposal_id} conflicts with changes to artifact ${artifact_id} since version ${base} (now ${head}) in ${regions}`,
    ...details,
  };
}

/** `unsupported_protocol` with a message naming the protocol. */
export function unsupportedProtocol(message: string): z.infer<typeof UnsupportedProtocolSchema> {
  return { type: "unsupported_protocol", message };
}
