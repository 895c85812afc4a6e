import { z } from "zod";
import { JsonPatchOperationSchema } from "./patches.ts";

/**
 * How one version of an artifact's data differs from another, for people and models: a
 * unified diff per text field (a string on both sides), and a JSON Patch for everything else.
 */
export const DataDiffSchema = z.object({
  text: z.array(z.object({ field: z.string(), unified: z.string() })),
  json: z.array(JsonPatchOperationSchema),
});
/** How one version of an artifact's data differs from another. */
export type DataDiff = z.infer<typeof DataDiffSchema>;
