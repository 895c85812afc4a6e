import type { z } from "zod";
import { WorkspaceError } from "./errors.ts";
import { isJsonObject, type JsonObject } from "./json.ts";
import { validationFailed } from "./rejections.ts";
import { ok, type Result, refuse } from "./result.ts";
import { toValidationErrors } from "./validation-errors.ts";

/** `direct`: an agent's write lands at once. `propose`: it becomes a proposal for a person. */
export type WritePolicy = "direct" | "propose";

/** A zod schema whose output is a JSON object: the data of one artifact type. */
type ArtifactSchema = z.ZodType<JsonObject, unknown>;

/**
 * What defines an artifact type: its `kind` name, the zod schema its data must satisfy, its
 * write policy, and optionally how to describe a change in words for people and agents.
 */
export interface ArtifactTypeDefinition<S extends ArtifactSchema = ArtifactSchema> {
  /** The type's name, as stored in `kind`. */
  readonly kind: string;
  /** Validates (and normalizes, defaults filled) the data; its output is what is stored. */
  readonly schema: S;
  /** Whether agents' writes apply directly or become proposals. */
  readonly writePolicy: WritePolicy;
  /** What an artifact of this kind is, in a sentence, for the people and models who use it. */
  readonly description?: string;
  /** Describes the change from `before` to `after`, or returns `null` to fall back to the patch. */
  readonly describeChange?: (before: z.output<S>, after: z.output<S>) => string | null;
  /** How pending proposals on this type age and replace each other. */
  readonly proposals?: ProposalPolicy;
}

/** How pending proposals on one artifact type age and replace each other. */
export interface ProposalPolicy {
  /** Milliseconds a proposal may stay pending before it can be expired. */
  readonly ttlMs?: number;
  /** When true, a thread's new proposal on an artifact supersedes its older pending ones there. */
  readonly supersede?: boolean;
}

/** A registered artifact type (an {@link ArtifactTypeDefinition}, checked and frozen). */
export type ArtifactType = ArtifactTypeDefinition<ArtifactSchema>;

/**
 * Defines an artifact type. Shared code never branches on the name: everything a type decides
 * is here, as data and functions.
 *
 * @throws WorkspaceError `invalid_definition` when the kind is empty or the policy unknown.
 */
export function defineArtifactType<S extends ArtifactSchema>(
  definition: ArtifactTypeDefinition<S>,
): ArtifactTypeDefinition<S> {
  if (definition.kind.length === 0) {
    throw new WorkspaceError("invalid_definition", "an artifact type needs a kind");
  }
  if (definition.writePolicy !== "direct" && definition.writePolicy !== "propose") {
    throw new WorkspaceError(
      "invalid_definition",
      `artifact type ${definition.kind} has an unknown write policy`,
    );
  }
  const ttl = definition.proposals?.ttlMs;
  if (ttl !== undefined && !(Number.isFinite(ttl) && ttl > 0)) {
    throw new WorkspaceError(
      "invalid_definition",
      `artifact type ${definition.kind} needs a positive proposal time-to-live`,
    );
  }
  return Object.freeze({ ...definition });
}

/**
 * Validates data against its type: the stored form (defaults filled, normalized), or
 * `validation_failed` "invalid {kind} data" naming the fields.
 */
export function validateData(type: ArtifactType, data: unknown): Result<JsonObject> {
  const parsed = type.schema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    return refuse(
      validationFailed(
        `invalid ${type.kind} data`,
        toValidationErrors(parsed.error, data, type.schema),
      ),
    );
  }
  if (!isJsonObject(parsed.data)) {
    throw new WorkspaceError(
      "invalid_definition",
      `artifact type ${type.kind}'s schema must produce a JSON object`,
    );
  }
  return ok(parsed.data);
}
