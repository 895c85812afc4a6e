import type { z } from "zod";
import { type Actor, ActorSchema } from "../model/actors.ts";
import { type Command, CommandSchema, fillIds } from "../model/command.ts";
import { type Fact, FactSchema } from "../model/event.ts";
import type { IdSource } from "../model/ids.ts";
import { DEFAULT_LIMITS, type Limits, limitProblem } from "../model/limits.ts";
import { validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { toValidationErrors } from "../model/validation-errors.ts";

// The limits first: what breaks them never reaches a parser.
function withinLimits(input: unknown, what: string, limits: Limits): Result<null> {
  const problem = limitProblem(input, limits);
  return problem === null ? ok(null) : refuse(validationFailed(`invalid ${what}`, [problem]));
}

function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
  limits: Limits | null,
): Result<z.output<S>> {
  const within = limits === null ? ok(null) : withinLimits(input, what, limits);
  if (!within.ok) return within;
  // Parsed plainly first: asking zod to report inputs makes every parse slower, and only a
  // refusal reads them, so a refusal parses again to say what was wrong and where.
  const plain = schema.safeParse(input);
  if (plain.success) return ok(plain.data);
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  return refuse(
    validationFailed(`invalid ${what}`, toValidationErrors(parsed.error, input, schema)),
  );
}

/**
 * Parses a command from outside (a tool call, a person, a frame), generating the ids it
 * creates where they are missing. Refuses with `validation_failed` naming every wrong field,
 * or the first place the input breaks the `limits` (depth, size, text).
 */
export function parseCommand(
  input: unknown,
  newId: IdSource,
  limits: Limits = DEFAULT_LIMITS,
): Result<Command> {
  const within = withinLimits(input, "command", limits);
  if (!within.ok) return within;
  return parseWith(CommandSchema, fillIds(input, newId), "command", null);
}

/** Parses a fact about a run or the application. Refuses with `validation_failed`. */
export function parseFact(input: unknown, limits: Limits = DEFAULT_LIMITS): Result<Fact> {
  return parseWith(FactSchema, input, "fact", limits);
}

/** Parses an actor. Refuses with `validation_failed`. */
export function parseActor(input: unknown, limits: Limits = DEFAULT_LIMITS): Result<Actor> {
  return parseWith(ActorSchema, input, "actor", limits);
}
