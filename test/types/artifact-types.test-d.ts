// What `defineArtifactType` infers from what a host writes: the data type from the zod schema
// (what `describeChange` is handed), the write policy, and which optional fields JSON data
// can have under `exactOptionalPropertyTypes` (this package's own setting, and the strictest
// a host may use).
import {
  type ArtifactType,
  type ArtifactTypeDefinition,
  createRegistry,
  defineArtifactType,
  type WritePolicy,
} from "agent-workspace";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";

const note = defineArtifactType({
  kind: "note",
  schema: z.strictObject({ text: z.string().default(""), tags: z.array(z.string()) }),
  writePolicy: "propose",
  describeChange: (before, after) => {
    expectTypeOf(before).toEqualTypeOf<{ text: string; tags: string[] }>();
    expectTypeOf(after).toEqualTypeOf<{ text: string; tags: string[] }>();
    return before.text === after.text ? null : "rewrote the note";
  },
});

describe("defineArtifactType", () => {
  it("keeps the schema, so the data type is the schema's output (defaults filled)", () => {
    expectTypeOf(note).toEqualTypeOf<
      ArtifactTypeDefinition<
        z.ZodObject<
          { text: z.ZodDefault<z.ZodString>; tags: z.ZodArray<z.ZodString> },
          z.core.$strict
        >
      >
    >();
    expectTypeOf<z.output<typeof note.schema>>().toEqualTypeOf<{ text: string; tags: string[] }>();
    expectTypeOf<z.input<typeof note.schema>>().toEqualTypeOf<{
      text?: string | undefined;
      tags: string[];
    }>();
  });

  it("takes the write policy as written, one of two, with no `as const`", () => {
    expectTypeOf(note.writePolicy).toEqualTypeOf<WritePolicy>();
    expectTypeOf<WritePolicy>().toEqualTypeOf<"direct" | "propose">();
    defineArtifactType({ kind: "doc", schema: z.object({}), writePolicy: "direct" });
    // @ts-expect-error an unknown policy is refused before it runs
    defineArtifactType({ kind: "doc", schema: z.object({}), writePolicy: "auto" });
    const policy: string = "direct";
    // @ts-expect-error a policy widened to string is refused: it could be anything
    defineArtifactType({ kind: "doc", schema: z.object({}), writePolicy: policy });
  });

  it("refuses an `.optional()` field: its output may hold `undefined`, which is not JSON", () => {
    defineArtifactType({
      kind: "doc",
      // @ts-expect-error `tags?: string[] | undefined` is not a JSON object's field
      schema: z.object({ tags: z.array(z.string()).optional() }),
      writePolicy: "direct",
    });
  });

  it("takes an `.exactOptional()` field (absent or present, never undefined) and a nullable default", () => {
    const doc = defineArtifactType({
      kind: "doc",
      schema: z.object({
        tags: z.array(z.string()).exactOptional(),
        due: z.string().nullable().default(null),
      }),
      writePolicy: "direct",
    });
    expectTypeOf<z.output<typeof doc.schema>>().toEqualTypeOf<{
      tags?: string[];
      due: string | null;
    }>();
  });

  it("refuses a schema whose data is not a JSON object", () => {
    // @ts-expect-error an artifact's data is an object
    defineArtifactType({ kind: "doc", schema: z.string(), writePolicy: "direct" });
    // @ts-expect-error a Date is not JSON
    defineArtifactType({ kind: "doc", schema: z.object({ at: z.date() }), writePolicy: "direct" });
  });

  it("gives a definition a registry takes as it is", () => {
    expectTypeOf(note).toExtend<ArtifactType>();
    expectTypeOf(createRegistry).toBeCallableWith({ artifactTypes: [note] });
  });
});
