import { z } from "zod";
import { tuple } from "../parity/fields.ts";
import { named, originalUnion } from "../parity/meta.ts";
import { JsonObjectSchema, JsonValueSchema } from "./json.ts";

// Path segments that would reach an object's prototype instead of its data.
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor"]);

/** An RFC 6901 JSON Pointer: `""` (the whole document) or `/`-separated, escaped segments. */
const JsonPointerSchema = z
  .string()
  .refine((path) => path === "" || path.startsWith("/"), {
    message: 'a JSON Pointer is "" or starts with "/"',
  })
  .refine(
    (path) =>
      path
        .split("/")
        .every(
          (segment) => !FORBIDDEN_SEGMENTS.has(segment.replaceAll("~1", "/").replaceAll("~0", "~")),
        ),
    { message: "a JSON Pointer may not name __proto__ or constructor" },
  );

const Add = z.object({ op: z.literal("add"), path: JsonPointerSchema, value: JsonValueSchema });
const Remove = z.object({ op: z.literal("remove"), path: JsonPointerSchema });
const Replace = z.object({
  op: z.literal("replace"),
  path: JsonPointerSchema,
  value: JsonValueSchema,
});
const Move = z.object({ op: z.literal("move"), from: JsonPointerSchema, path: JsonPointerSchema });
const Copy = z.object({ op: z.literal("copy"), from: JsonPointerSchema, path: JsonPointerSchema });
const Test = z.object({ op: z.literal("test"), path: JsonPointerSchema, value: JsonValueSchema });

/**
 * One well-formed RFC 6902 operation, as this library writes them (in diffs and notes). A
 * patch on the wire carries its operations as plain JSON objects (see {@link JsonPatchSchema});
 * they are held to this shape when the patch is applied.
 */
export const JsonPatchOperationSchema = z.discriminatedUnion("op", [
  Add,
  Remove,
  Replace,
  Move,
  Copy,
  Test,
]);
/** One well-formed RFC 6902 operation (our own type, so no dependency's type leaks out). */
export type JsonPatchOperation = z.infer<typeof JsonPatchOperationSchema>;

/**
 * `{kind: "json_patch", ops}`: an RFC 6902 JSON Patch. As in the original, each operation is
 * any JSON object: a malformed one (no `value`, an unknown `op`) is refused when the patch is
 * applied (`patch_failed`), after the checks that come first (the artifact, its version, who
 * may edit it), and an operation is recorded exactly as it was sent, members it does not
 * define included (RFC 6902 ignores them).
 */
export const JsonPatchSchema = named(
  "JsonPatch",
  z.object({
    kind: z.literal("json_patch"),
    ops: tuple(JsonObjectSchema),
  }),
  "An RFC 6902 JSON Patch; each operation a JSON object, checked when the patch is applied.",
);
/** An RFC 6902 JSON Patch. */
export type JsonPatch = z.infer<typeof JsonPatchSchema>;

/** Replace the one occurrence of `old` with `new`. */
const TextEditSchema = named(
  "TextEdit",
  z.object({ old: z.string(), new: z.string() }),
  "Replaces the one occurrence of `old` with `new`.",
);

/**
 * `{kind: "text_edits", field = "text", edits}`: anchored replacements in one text field,
 * applied in order, each `old` found exactly once in the text as it is by then.
 */
const TextEditsSchema = named(
  "TextEdits",
  z.object({
    kind: z.literal("text_edits"),
    field: z.string().default("text"),
    edits: tuple(TextEditSchema, 1),
  }),
  "Anchored replacements in one text field, applied in order; each `old` occurs exactly once.",
);
/** Anchored replacements in one text field. */
export type TextEdits = z.infer<typeof TextEditsSchema>;

/** The two patch kinds, discriminated by `kind`. */
export const PatchSchema = originalUnion(
  z.discriminatedUnion("kind", [JsonPatchSchema, TextEditsSchema]),
);
/** A change to an artifact's data: a JSON Patch or text edits. */
export type Patch = z.infer<typeof PatchSchema>;
