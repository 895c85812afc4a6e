import { z } from "zod";
import { JsonValueSchema } from "./json.ts";

// RFC 6901: "" or "/"-prefixed segments where "~" only starts "~0" or "~1". Unlike a patch
// path, any key is allowed: a conflict reports where the data is, it is never applied.
const POINTER = /^(\/([^~/]|~[01])*)*$/;

/** Lines `start` (0-based) to `end` (exclusive) of one version of a text. */
const LineRangeSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});

const TextSideSchema = LineRangeSchema.extend({ lines: z.array(z.string()) });

/** One conflicting region of a line merge: the wire form of the merge engine's `TextConflict`. */
export const TextConflictSchema = z.object({
  merged: LineRangeSchema,
  base: TextSideSchema,
  ours: TextSideSchema,
  theirs: TextSideSchema,
});

const SequenceSideSchema = LineRangeSchema.extend({ items: z.array(JsonValueSchema) });

/** One conflicting region of a sequence merge: each side's index range and items there. */
const SequenceHunkSchema = z.object({
  base: SequenceSideSchema,
  ours: SequenceSideSchema,
  theirs: SequenceSideSchema,
});
/** One conflicting region of an array merged as a sequence. */
export type SequenceHunk = z.infer<typeof SequenceHunkSchema>;

// Each version's value at the conflict's pointer; a side where it does not exist omits the
// property (`null` is a real JSON value, so it cannot mean "absent").
const located = {
  path: z.string().regex(POINTER),
  base: JsonValueSchema.optional(),
  ours: JsonValueSchema.optional(),
  theirs: JsonValueSchema.optional(),
};

/**
 * Why a value conflicts: `both_changed` (both changed it, to different values of one JSON
 * type; single-line strings included), `type_changed` (both changed it, to values of
 * different JSON types), `delete_modify` (one side removed what the other changed),
 * `both_added` (both added different values where the base had none), `text` (a multi-line
 * string's line merge conflicts) or `sequence` (an array's sequence merge conflicts).
 */
const JsonConflictReasonSchema = z.enum([
  "both_changed",
  "type_changed",
  "delete_modify",
  "both_added",
  "text",
  "sequence",
]);

/**
 * One conflict of a structural JSON merge, as it travels in a rejection.
 *
 * - `path`: a JSON Pointer into ours (the current version); for an element of an id-array
 *   that ours removed, its last segment is the element's index in base.
 * - `base`, `ours`, `theirs`: each version's value there; a version without it omits the
 *   property (never `null`, which is a value).
 * - `text` conflicts add `merged` (the text with conflict markers) and `hunks` (each
 *   conflicting line region); `sequence` conflicts add `hunks` (each conflicting region's
 *   index ranges and items).
 */
export const JsonConflictSchema = z.discriminatedUnion("reason", [
  z.object({
    reason: JsonConflictReasonSchema.exclude(["text", "sequence"]),
    ...located,
  }),
  z.object({
    reason: z.literal("text"),
    ...located,
    merged: z.string(),
    hunks: z.array(TextConflictSchema),
  }),
  z.object({ reason: z.literal("sequence"), ...located, hunks: z.array(SequenceHunkSchema) }),
]);
/** One conflict of a structural JSON merge; switch on `reason`. */
export type JsonConflict = z.infer<typeof JsonConflictSchema>;
