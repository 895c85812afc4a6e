import type { JsonSchema } from "../../../tools/strict-schema.ts";

/** A Standard JSON Schema (standardschema.dev) that says `json` and lets every value through. */
interface PassThroughSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "agent-workspace";
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: () => Record<string, unknown>;
      readonly output: () => Record<string, unknown>;
    };
  };
}

/**
 * The schema a LangChain tool carries: models are shown `json` (the tool's strict JSON Schema,
 * through LangChain's Standard JSON Schema support), while every argument reaches the
 * tool's own `execute`, which refuses a bad one in words naming the field and keeps notes
 * riding along. With the JSON Schema itself, LangChain would refuse first (a missing
 * nullable field, as non-strict models send) with a bare `ToolInputParsingException`.
 */
export function passThroughSchema(json: JsonSchema): PassThroughSchema {
  const said = (): Record<string, unknown> => ({ ...json });
  return {
    "~standard": {
      version: 1,
      vendor: "agent-workspace",
      validate: (value) => ({ value }),
      jsonSchema: { input: said, output: said },
    },
  };
}
