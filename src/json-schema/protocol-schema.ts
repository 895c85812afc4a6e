import { ClientFrameSchema, PROTOCOL, ServerFrameSchema } from "../model/protocol.ts";
import { type Definitions, type JsonSchema, schemaOf } from "./generate.ts";
import { generatedFieldsOf, nameWireSchemas } from "./names.ts";

/** Keys sorted, recursively, as the original writes its schema (`json.dumps(sort_keys=True)`). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The JSON Schema of the protocol's frames, in the original's layout
 * (`conformance/protocol-schema.v1.json`): `client` is any frame a client sends, `server` any
 * frame a server sends, every named model in `$defs` under the original's class name. Keys are
 * sorted, as the original's are.
 */
export function protocolSchema(): JsonSchema {
  nameWireSchemas();
  const into: Definitions = { defs: new Map(), generated: generatedFieldsOf };
  const client = { ...schemaOf(ClientFrameSchema, into), title: "Client" };
  const server = { ...schemaOf(ServerFrameSchema, into), title: "Server" };
  return sorted({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: PROTOCOL,
    description: `Frames of the ${PROTOCOL} thread protocol: \`client\` is any frame a client sends, \`server\` any frame a server sends.`,
    type: "object",
    properties: { client, server },
    $defs: Object.fromEntries(into.defs),
  }) as JsonSchema;
}
