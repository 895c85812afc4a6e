import type { z } from "zod";
import { type Actor, ActorSchema } from "../model/actors.ts";
import { type Command, CommandSchema, fillIds } from "../model/command.ts";
import { type Fact, FactSchema } from "../model/event.ts";
import type { IdSource } from "../model/ids.ts";
import { validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { toValidationErrors } from "../model/validation-errors.ts";

function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
): Result<z.output<S>> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  return refuse(validationFailed(`invalid ${what}`, toValidationErrors(parsed.error, input)));
}

/**
 * Parses a command from outside (a tool call, a person, a frame), generating the ids it
 * creates where they are missing. Refuses with `validation_failed` naming every wrong field.
 */
export function parseCommand(input: unknown, newId: IdSource): Result<Command> {
  return parseWith(CommandSchema, fillIds(input, newId), "command");
}

/** Parses a fact about a run or the application. Refuses with `validation_failed`. */
export function parseFact(input: unknown): Result<Fact> {
  return parseWith(FactSchema, input, "fact");
}

/** Parses an actor. Refuses with `validation_failed`. */
export function parseActor(input: unknown): Result<Actor> {
  return parseWith(ActorSchema, input, "actor");
}
