import { z } from "zod";
import { JsonValueSchema } from "./json.ts";

/** Lines `start` (0-based) to `end` (exclusive) of a text. */
const LinesSchema = z.object({ start: z.number().int(), end: z.number().int() });

/**
 * One maximal run of changed lines in a string field: `removed` (lines `current` of the text
 * as it is now) replaced by `added` (lines `result` of the text accepting would land). Lines
 * keep their line ends, as the line diff sees them.
 */
const TextHunkSchema = z.object({
  /** Derived from the hunk's content, so it stays while the proposal waits (ADR 0048). */
  id: z.string(),
  /** The JSON Pointer of the string field. */
  path: z.string(),
  kind: z.literal("text"),
  removed: z.array(z.string()),
  added: z.array(z.string()),
  current: LinesSchema,
  result: LinesSchema,
});
/** One run of changed lines in a string field. */
export type TextHunk = z.infer<typeof TextHunkSchema>;

/**
 * One changed value: a field, an item of an array of id-keyed objects (by its id), or a whole
 * other array. `before` is left out when the value is added, `after` when it is removed.
 */
const ValueHunkSchema = z.object({
  /** Derived from the hunk's content, so it stays while the proposal waits (ADR 0048). */
  id: z.string(),
  /**
   * The JSON Pointer of the value: of an id-keyed item, its index in the current data (in the
   * result, when the item is added).
   */
  path: z.string(),
  kind: z.literal("value"),
  before: JsonValueSchema.optional(),
  after: JsonValueSchema.optional(),
});
/** One changed value. */
export type ValueHunk = z.infer<typeof ValueHunkSchema>;

/**
 * One separately acceptable part of a proposal's change, from the artifact's data now to what
 * accepting the proposal now would land: a run of changed lines in a text, or one changed
 * value. A reviewer may accept some of a proposal's hunks (`respond_to_proposal` with
 * `hunks`).
 */
export const HunkSchema = z.discriminatedUnion("kind", [TextHunkSchema, ValueHunkSchema]);
/** One separately acceptable part of a proposal's change. */
export type Hunk = z.infer<typeof HunkSchema>;

/**
 * Which of a proposal's hunks an accept of some of them landed, and which it did not, as
 * they were then: what the resolution records and the author's notes show.
 */
export const HunkOutcomeSchema = z.object({
  landed: z.array(HunkSchema),
  not_landed: z.array(HunkSchema),
});
/** Which hunks an accept of some of them landed, and which not. */
export type HunkOutcome = z.infer<typeof HunkOutcomeSchema>;
