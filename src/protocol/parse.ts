import type { z } from "zod";
import { type Hello, HelloSchema } from "../model/protocol.ts";
import { validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { toValidationErrors } from "../model/validation-errors.ts";
import { type FrameEnvelope, FrameEnvelopeSchema } from "./frame-envelope.ts";

/** Parses a `hello`; refuses `validation_failed` naming the wrong fields. */
export function parseHello(input: unknown): Result<Hello> {
  const parsed = HelloSchema.safeParse(input, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  return refuse(
    validationFailed("invalid hello", toValidationErrors(parsed.error, input, HelloSchema)),
  );
}

/** A frame read, or what was wrong with it, in words for an `error` frame. */
type FrameRead = { ok: true; frame: FrameEnvelope } | { ok: false; message: string };

const firstMessage = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid input";
  const at = issue.path.length === 0 ? "" : ` (at ${issue.path.join(".")})`;
  return `${issue.message}${at}`;
};

/**
 * Reads a command frame from JSON text or a parsed value: its `type`, `command_id` and the
 * command's `type`. What the command says beyond its type is for `commit` to parse (filling
 * in the ids it creates), so a bad field is a `validation_failed` result for that command
 * id, not an error nobody can attribute. Anything else is `not a command frame: …`, as in
 * the original.
 */
export function readCommandFrame(input: unknown): FrameRead {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, message: "not a command frame: the frame is not JSON" };
    }
  }
  const parsed = FrameEnvelopeSchema.safeParse(value);
  if (parsed.success) return { ok: true, frame: parsed.data };
  return { ok: false, message: `not a command frame: ${firstMessage(parsed.error)}` };
}
