import type { z } from "zod";
import { type Actor, ActorSchema } from "../actors/actor.ts";
import type { IdSource } from "../ids/ids.ts";
import { validationFailed } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import { toValidationErrors } from "../rejections/validation-errors.ts";
import { type Command, CommandSchema, fillIds } from "./command.ts";
import { type Fact, FactSchema } from "./event.ts";

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
