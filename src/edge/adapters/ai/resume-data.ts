import type { ModelMessage } from "ai";
import { z } from "zod";
import { type Actor, ActorSchema } from "../../../model/actors.ts";
import { JsonObjectSchema, type JsonValue } from "../../../model/json.ts";

/** Marks a run's resume data as this adapter's (other adapters keep theirs in the same slot). */
const FORMAT = "agent-workspace/ai@1";

/** What a run paused by this adapter keeps in its `resume` slot. */
const ResumeDataSchema = z.object({
  format: z.literal(FORMAT),
  /** The agent that paused, who resumes and asks the person. */
  agent: ActorSchema,
  /** The conversation up to the pause, as JSON. */
  messages: z.array(JsonObjectSchema),
  /** What the person reads for each deferred request, by its id. */
  prompts: z.record(z.string(), z.string()),
});

/** A paused run's resume data, read back. */
export interface ResumeData {
  readonly agent: Actor;
  readonly messages: ModelMessage[];
  readonly prompts: Readonly<Record<string, string>>;
}

// Bytes are kept as base64, which the SDK reads wherever it reads bytes; a URL as its text
// (the SDK parses a string that is one); `undefined` drops.
function jsonMessages(messages: readonly ModelMessage[]): JsonValue {
  const text = JSON.stringify(messages, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    if (raw instanceof ArrayBuffer) return Buffer.from(new Uint8Array(raw)).toString("base64");
    if (raw instanceof Uint8Array) return Buffer.from(raw).toString("base64");
    return value as unknown;
  });
  return JSON.parse(text) as JsonValue;
}

// What JSON turned into a string goes back: a file given by URL (`{ type: "url", url }`).
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, revive(inner)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (object.type === "url" && typeof object.url === "string" && URL.canParse(object.url)) {
    object.url = new URL(object.url);
  }
  return object;
}

/** The resume data to record with a pause, as JSON. */
export function toResumeData(data: {
  readonly agent: Actor;
  readonly messages: readonly ModelMessage[];
  readonly prompts: Readonly<Record<string, string>>;
}): JsonValue {
  return {
    format: FORMAT,
    agent: data.agent,
    messages: jsonMessages(data.messages),
    prompts: { ...data.prompts },
  } as JsonValue;
}

/** A run's resume data, or `null` when it was not recorded by this adapter. */
export function readResumeData(resume: JsonValue): ResumeData | null {
  const parsed = ResumeDataSchema.safeParse(resume);
  if (!parsed.success) return null;
  const { agent, messages, prompts } = parsed.data;
  return { agent, messages: revive(messages) as ModelMessage[], prompts };
}
