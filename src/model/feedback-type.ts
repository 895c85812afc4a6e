import type { z } from "zod";
import { WorkspaceError } from "./errors.ts";
import type { FeedbackTargetKind } from "./feedback.ts";
import type { JsonObject } from "./json.ts";

/** A zod schema whose output is a JSON object: the value of one feedback type. */
type FeedbackSchema = z.ZodType<JsonObject, unknown>;

/** What defines a feedback type: its name, the targets it is given on, and its value's schema. */
export interface FeedbackTypeDefinition<S extends FeedbackSchema = FeedbackSchema> {
  /** The type's name, as given in `feedback_type`. */
  readonly name: string;
  /** The kinds of target this feedback is given on. */
  readonly targets: readonly FeedbackTargetKind[];
  /** Validates the value; its output (defaults filled) is what is recorded. */
  readonly schema: S;
}

/** A registered feedback type. */
export type FeedbackType = FeedbackTypeDefinition<FeedbackSchema>;

/**
 * Defines a feedback type.
 *
 * @throws WorkspaceError `invalid_definition` when the name is empty or no target is declared.
 */
export function defineFeedbackType<S extends FeedbackSchema>(
  definition: FeedbackTypeDefinition<S>,
): FeedbackTypeDefinition<S> {
  if (definition.name.length === 0 || definition.targets.length === 0) {
    throw new WorkspaceError(
      "invalid_definition",
      "a feedback type needs a name and at least one target",
    );
  }
  return Object.freeze({ ...definition, targets: Object.freeze([...definition.targets]) });
}
