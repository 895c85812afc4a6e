import { z } from "zod";
import { named, originalUnion } from "../parity/meta.ts";
import { IdSchema } from "./ids.ts";

/** A person, identified by the host application's user id. */
const UserActorSchema = z.object({
  kind: z.literal("user"),
  id: IdSchema,
  name: z.string().nullable().default(null),
});
/**
 * The built-in agent of one thread, acting within one run. `side_id` marks a write made from
 * a side conversation of that thread: the library sets it from the side, never the sender,
 * so the side is a participant of its own.
 */
const AgentActorSchema = z.object({
  kind: z.literal("agent"),
  thread_id: IdSchema,
  run_id: IdSchema.nullable().default(null),
  name: z.string().default("assistant"),
  side_id: IdSchema.optional(),
});
/** An agent outside the workspace (another tool, an MCP client), by its client id. */
const ExternalAgentActorSchema = z.object({
  kind: z.literal("external_agent"),
  client_id: IdSchema,
  name: z.string().nullable().default(null),
});
/** The host itself. */
const SystemActorSchema = z.object({
  kind: z.literal("system"),
  name: z.string().default("system"),
});
/** An automated judge, by its name and version (neither empty); it may only give feedback. */
const EvaluatorActorSchema = z.object({
  kind: z.literal("evaluator"),
  name: z.string().min(1),
  version: z.string().min(1),
});

/** Who does something, discriminated by `kind`. */
export const ActorSchema = originalUnion(
  z.discriminatedUnion("kind", [
    named("UserActor", UserActorSchema),
    named("AgentActor", AgentActorSchema),
    named("ExternalAgentActor", ExternalAgentActorSchema),
    named("SystemActor", SystemActorSchema),
    named("EvaluatorActor", EvaluatorActorSchema),
  ]),
);
/** Who does something: a person, a thread's agent, an external agent, the system or an evaluator. */
export type Actor = z.infer<typeof ActorSchema>;
/** An actor as a host may write it, with defaults left out. */
export type ActorInput = z.input<typeof ActorSchema>;

/**
 * The participant an actor speaks for. Every run of one thread's agent is one participant,
 * so an agent cannot answer its own proposal from another run; a side conversation of the
 * thread is another one, so the parent hears of the side's writes as someone else's.
 */
export function participantKey(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return `user:${actor.id}`;
    case "agent":
      return actor.side_id === undefined
        ? `agent:${actor.thread_id}`
        : `agent:${actor.thread_id}/side:${actor.side_id}`;
    case "external_agent":
      return `external_agent:${actor.client_id}`;
    case "system":
      return `system:${actor.name}`;
    case "evaluator":
      return `evaluator:${actor.name}@${actor.version}`;
  }
}

/**
 * Whose proposal an actor's is, when it comes to answering it: its participant, except that
 * a side conversation answers for its thread's agent. So a reviewer agent never answers a
 * proposal its own thread's side made, though the side is a participant of its own.
 */
export function authorKey(actor: Actor): string {
  return actor.kind === "agent" ? `agent:${actor.thread_id}` : participantKey(actor);
}

/** The name people see for an actor. */
export function displayName(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return actor.name ?? actor.id;
    case "agent":
      return actor.name;
    case "external_agent":
      return actor.name ?? actor.client_id;
    case "system":
      return actor.name;
    case "evaluator":
      return `${actor.name}@${actor.version}`;
  }
}

/** True for the actors write policies bind: a thread's agent and external agents. */
export function isAgent(actor: Actor): boolean {
  return actor.kind === "agent" || actor.kind === "external_agent";
}

/** The run an actor acts in: the agent's run, else `null`. */
export function actorRunId(actor: Actor): string | null {
  return actor.kind === "agent" ? actor.run_id : null;
}
