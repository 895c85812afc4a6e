// Each SDK's own reading of a tool's input schema, for the tests that check our strict schemas:
// a schema passes when every SDK takes it whole and unchanged.
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { tool as openAiTool } from "@openai/agents-core";
import { tool as aiTool, asSchema, jsonSchema } from "ai";
import type { JsonSchema } from "../../src/tools/strict-schema.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The JSON Schema parameters a strict OpenAI Agents tool takes. */
type OpenAiParameters = Extract<
  Parameters<typeof openAiTool>[0]["parameters"],
  { readonly additionalProperties: false }
>;

/**
 * What is wrong with `schema` as a strict tool input, by each SDK's own code (empty: nothing):
 * - OpenAI Agents: `tool({ strict: true, parameters })` runs its strict preparation
 *   (`prepareOpenAIStrictToolSchema`), which throws on what OpenAI's strict mode refuses
 *   (`prefixItems`, `oneOf`, `allOf`, …) and rewrites what it can make strict (an open object
 *   closed, an optional property made required and nullable): a strict schema comes out as it
 *   went in;
 * - MCP: `ToolSchema` (what `tools/list` answers with) parses it, as the same object;
 * - the AI SDK: `jsonSchema()` sends it as it is, and a tool takes `strict: true`;
 * - JSON Schema itself: the MCP SDK's Ajv validator compiles it.
 */
export async function sdkProblems(name: string, schema: JsonSchema): Promise<string[]> {
  const problems: string[] = [];
  try {
    const made = openAiTool({
      name,
      description: "checked",
      // Any schema, strict or not: whether the SDK takes it whole is what is checked.
      parameters: schema as unknown as OpenAiParameters,
      strict: true,
      execute: () => "",
    });
    if (!same(made.parameters, schema)) {
      problems.push(`OpenAI Agents made it strict as ${JSON.stringify(made.parameters)}`);
    }
  } catch (error) {
    problems.push(`OpenAI Agents: ${(error as Error).message}`);
  }
  const mcp = ToolSchema.safeParse({ name, inputSchema: schema });
  if (!mcp.success) problems.push(`MCP: ${mcp.error.message}`);
  else if (!same(mcp.data.inputSchema, schema)) problems.push("MCP changed it");
  const ai = aiTool({ inputSchema: jsonSchema(schema), strict: true });
  if (!same(await asSchema(ai.inputSchema).jsonSchema, schema) || ai.strict !== true) {
    problems.push("the AI SDK changed it");
  }
  try {
    new AjvJsonSchemaValidator().getValidator(schema);
  } catch (error) {
    problems.push(`Ajv: ${(error as Error).message}`);
  }
  return problems;
}

/** Whether `value` is valid under `schema`, by the MCP SDK's Ajv validator (its error if not). */
export function validates(schema: JsonSchema, value: unknown): true | string {
  const result = new AjvJsonSchemaValidator().getValidator(schema)(value);
  return result.valid ? true : result.errorMessage;
}
