import { z } from "zod";
import { JsonValueSchema } from "./json.ts";

/**
 * How a person settles one conflicting region of an accept (ADR 0054): `current` keeps the
 * artifact as it is now there, `proposed` takes the proposal's side, `both` keeps current then
 * proposed, `both_reversed` proposed then current, and `edit` puts the person's own `value`
 * there (for a text region its lines as one string, for a sequence region an array of items,
 * else any JSON value).
 */
const ConflictChoiceSchema = z.discriminatedUnion("take", [
  z.strictObject({ take: z.enum(["current", "proposed", "both", "both_reversed"]) }),
  z.strictObject({ take: z.literal("edit"), value: JsonValueSchema }),
]);
/** How a person settles one conflicting region. */
export type ConflictChoice = z.infer<typeof ConflictChoiceSchema>;

/** What a choice takes: `current`, `proposed`, `both`, `both_reversed` or `edit`. */
export type ConflictTake = ConflictChoice["take"];

/**
 * A person's choices for every region of a proposal's conflicts, made against the artifact at
 * `base_version` (the version the regions were listed for: if the artifact moved on since,
 * the choices are refused). Regions are named as `conflictRegions` lists them: the
 * conflict's JSON Pointer, and for a text or sequence conflict `#` and the region's number
 * (from 1), e.g. `/text#2`.
 */
export const ConflictChoicesSchema = z.strictObject({
  base_version: z.number().int().positive(),
  choices: z.record(z.string(), ConflictChoiceSchema),
});
/** A person's choices for every region of a proposal's conflicts. */
export type ConflictChoices = z.infer<typeof ConflictChoicesSchema>;
