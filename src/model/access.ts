import { z } from "zod";
import { type Command, CommandSchema } from "./command.ts";
import { type Fact, FactSchema } from "./event.ts";

/** Every command and fact, by its `type`: what who-may-do-what has a row for. */
export type Action = Command["type"] | Fact["type"];

const ACTIONS = [
  ...CommandSchema.options.map((option) => option.shape.type.value),
  ...FactSchema.options.map((option) => option.shape.type.value),
] as [Action, ...Action[]];

/**
 * A host's explicit widening of who may do what (docs/spec.md section 9): the named actor may also
 * take these actions, in any thread. The rules still apply: no one answers their own
 * proposal, and write policies still bind an agent.
 */
export const AccessWideningSchema = z.strictObject({
  /** Who: a thread's agent, an external agent by client id, or an evaluator by name. */
  actor: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("agent"), thread_id: z.string().min(1) }),
    z.strictObject({ kind: z.literal("external_agent"), client_id: z.string().min(1) }),
    z.strictObject({ kind: z.literal("evaluator"), name: z.string().min(1) }),
  ]),
  /** The command and fact types it may also send. */
  may: z.array(z.enum(ACTIONS)).readonly(),
});
/** A named actor that may also take the listed actions. */
export type AccessWidening = z.infer<typeof AccessWideningSchema>;
