import { z } from "zod";
import { JsonValueSchema } from "./json.ts";

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

/** One RFC 6902 operation. Members an operation does not define are dropped, as the RFC says. */
export const JsonPatchOperationSchema = z.discriminatedUnion("op", [
  Add,
  Remove,
  Replace,
  Move,
  Copy,
  Test,
]);
/** One RFC 6902 operation (our own type, so no dependency's type leaks into declarations). */
export type JsonPatchOperation = z.infer<typeof JsonPatchOperationSchema>;

/** `{kind: "json_patch", ops}`: an RFC 6902 JSON Patch. */
export const JsonPatchSchema = z.object({
  kind: z.literal("json_patch"),
  ops: z.array(JsonPatchOperationSchema),
});
/** An RFC 6902 JSON Patch. */
export type JsonPatch = z.infer<typeof JsonPatchSchema>;

/** Replace the one occurrence of `old` with `new`. */
const TextEditSchema = z.object({ old: z.string(), new: z.string() });

/**
 * `{kind: "text_edits", field = "text", edits}`: anchored replacements in one text field,
 * applied in order, each `old` found exactly once in the text as it is by then.
 */
const TextEditsSchema = z.object({
  kind: z.literal("text_edits"),
  field: z.string().default("text"),
  edits: z.array(TextEditSchema).min(1),
});
/** Anchored replacements in one text field. */
export type TextEdits = z.infer<typeof TextEditsSchema>;

/** The two patch kinds, discriminated by `kind`. */
export const PatchSchema = z.discriminatedUnion("kind", [JsonPatchSchema, TextEditsSchema]);
/** A change to an artifact's data: a JSON Patch or text edits. */
export type Patch = z.infer<typeof PatchSchema>;
