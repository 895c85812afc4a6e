import type { z } from "zod";
import { CommandSchema, generatedIdFields } from "../model/command.ts";
import { EnvelopeSchema } from "../model/envelope.ts";
import { KnownEventSchema } from "../model/event.ts";
import { FeedbackTargetSchema } from "../model/feedback.ts";
import {
  ActiveRunSchema,
  ClientFrameSchema,
  FrameCommandSchema,
  LiveEventSchema,
  ServerFrameSchema,
} from "../model/protocol.ts";
import { RejectionSchema } from "../model/rejections.ts";
import { definitionName, forJsonSchema } from "./generate.ts";

type Schema = z.core.$ZodType;

// The original's class names for frames, where they are not the tag in PascalCase.
const FRAME_NAMES: Readonly<Record<string, string>> = {
  command: "CommandFrame",
  event: "EventFrame",
  live: "LiveFrame",
  error: "ErrorFrame",
};

const pascal = (tag: string): string =>
  tag
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

/** The tag of a union option (`create_thread`). */
function tagOf(option: Schema, discriminator: string): string {
  const values = [...(option._zod.propValues?.[discriminator] ?? [])];
  return String(values.find((value) => typeof value === "string"));
}

/** Names every option of a discriminated union after its tag, unless it has a name already. */
function nameOptions(union: Schema, rename: Readonly<Record<string, string>> = {}): void {
  const def = union._zod.def as unknown as { options: Schema[]; discriminator: string };
  for (const option of def.options) {
    if (definitionName(option) !== undefined) continue;
    const tag = tagOf(option, def.discriminator);
    forJsonSchema(option, { name: rename[tag] ?? pascal(tag) });
  }
}

let done = false;

/**
 * Gives the wire model's schemas the original's class names, for its JSON Schema's `$defs`:
 * commands, events, live events and frames after their tags (`create_thread` → `CreateThread`),
 * and the few the original named otherwise. Only the JSON Schema sees these names (validation
 * is the same whether or not they were given). Idempotent.
 */
export function nameWireSchemas(): void {
  if (done) return;
  done = true;
  nameOptions(CommandSchema);
  nameOptions(FrameCommandSchema);
  nameOptions(KnownEventSchema);
  nameOptions(LiveEventSchema);
  nameOptions(ClientFrameSchema, FRAME_NAMES);
  nameOptions(ServerFrameSchema, FRAME_NAMES);
  nameOptions(RejectionSchema);
  forJsonSchema(ActiveRunSchema, { name: "ActiveRun" });
  forJsonSchema(FeedbackTargetSchema, { name: "FeedbackTarget" });
  forJsonSchema(EnvelopeSchema.shape.ts, { format: "date-time" });
}

/** The fields a model of this name leaves to the edge to fill in (a command's new ids). */
export function generatedFieldsOf(name: string): readonly string[] {
  const option = (CommandSchema._zod.def.options as Schema[]).find(
    (o) => definitionName(o) === name,
  );
  return option === undefined ? [] : generatedIdFields(tagOf(option, "type"));
}
